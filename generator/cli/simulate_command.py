"""`draftdeck simulate`: many bot games and a balance report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import (
    MAX_JOBS,
    DataOption,
    EditionOption,
    GameOption,
    OutOption,
    SchedulerOption,
    games_bar,
)
from generator.paths import display_path

if TYPE_CHECKING:
    from generator.packs.find import LoadedPack


def _games_here() -> tuple[str, str]:
    """The player ranges and the variants of the games in the working folder, for the help
    (nothing when the folder holds no game, or one whose game.yaml cannot be read)."""
    from generator.errors import DraftdeckError
    from generator.loading import strict_yaml
    from generator.packs.find import find_packs
    from generator.plugins import find_plugin
    from generator.workspace import find_data

    players, variants = [], []
    try:
        roots = find_packs(find_data()[0])
    except DraftdeckError:
        return "", ""
    for root in roots[:10]:
        document, _ = strict_yaml.load_file(root / "game.yaml", "game.yaml")
        value = document.value if document is not None else None
        if not isinstance(value, dict) or not isinstance(value.get("players"), dict):
            continue
        low, high = value["players"].get("min"), value["players"].get("max")
        players.append(f"{value.get('id', root.name)} {low} to {high}")
        plugin = find_plugin(str(value.get("plugin")))
        if plugin is not None and plugin.variants is not None:
            found = plugin.hook("variants")(root)
            shown = ", ".join(f"{mode} ({when})" for mode, when in found.items())
            variants.append(f"{value.get('id', root.name)}: {shown}")
    here = "; ".join(players)
    return (f" Here: {here}." if here else ""), (
        f" Here: {'; '.join(variants)}." if variants else ""
    )


_PLAYERS_HERE, _VARIANTS_HERE = _games_here()


@user_errors
def simulate(
    players: Annotated[
        int,
        typer.Option(
            "--players",
            min=1,
            max=20,
            help="Players per game: from the fewest to the most the game takes (players: min "
            "and max in its game.yaml); a number outside is refused with the game's range."
            + _PLAYERS_HERE,
        ),
    ] = 4,
    mode: Annotated[
        str | None,
        typer.Option(
            "--mode",
            help="A variant of the game, where its data defines several (such as the "
            "two-player modes of a setup.yaml); one the data does not define is refused with "
            "the list it does." + _VARIANTS_HERE,
            show_default="the game's usual rules, or its first variant",
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option("--games", min=1, max=100_000, help="How many games (at most 100,000)."),
    ] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 1,
    bots: Annotated[
        str,
        typer.Option("--bots", help="Bots by seat, comma-separated, repeated to fill the seats."),
    ] = "greedy",
    edition: EditionOption = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", min=0, max=MAX_JOBS, help="Processes to play with (0: one per core)."
        ),
    ] = 0,
    scheduler: SchedulerOption = None,
    data: DataOption = None,
    game: GameOption = None,
    compare: Annotated[
        Path | None,
        typer.Option(
            "--compare",
            help="Another data folder: play the same seeds on it and report what changed.",
        ),
    ] = None,
    out: OutOption = None,
) -> None:
    """Play many games with bots; write <out>/<game>/simulation/<settings>.json and .pdf, print the gist.

    With --compare, play the same games on both data folders and write
    <settings>-compare.json with every figure before and after, and how
    significant each change is.
    """
    from generator.output.atomic import write_atomic
    from generator.packs.find import load_capable
    from generator.parallel import stopping_on_signals
    from generator.simulation import SimulationSettings, simulate
    from generator.workspace import workspace

    where = workspace(data, out)
    loaded = [
        load_capable(folder, game, "with a simulator", _simulates)
        for folder in (where.data, *([compare] if compare else []))
    ]
    simulation = loaded[0].needs("simulation", "a simulator")
    names = tuple(n.strip() for n in bots.split(",") if n.strip())
    settings = SimulationSettings(players, games, seed, names, edition, mode, jobs)
    for pack in loaded:
        simulation.check(pack.model, settings)
    reports = []
    with stopping_on_signals():
        for pack in loaded:
            with games_bar(games, "playing") as bar:
                reports.append(simulate(simulation, pack.model, settings, bar.update, scheduler))
    stem = simulation.stem(reports[0])
    folder = where.out / loaded[0].pack.id / "simulation"
    if compare is None:
        from generator.documents.pdf import to_pdf

        result: dict[str, Any] = reports[0]
        pdf, _ = to_pdf(simulation.document(result), "draftdeck")
        write_atomic(folder / f"{stem}.pdf", pdf)
        typer.echo(simulation.gist(result))
    else:
        stem += "-compare"
        changes = simulation.compare(reports[0], reports[1])
        result = {
            "before": {"data": display_path(where.data), **reports[0]},
            "after": {"data": display_path(compare), **reports[1]},
            "changes": changes,
        }
        typer.echo(_changes(changes))
    path = folder / f"{stem}.json"
    write_atomic(path, (json.dumps(result, indent=2) + "\n").encode())
    typer.echo(f"report: {display_path(path)}" + ("" if compare else " (and .pdf)"))


def _changes(changes: list[dict[str, Any]]) -> str:
    from generator.cli.tables import render_table

    significant = [c for c in changes if c["significant"]]
    if not significant:
        return f"no significant change among {len(changes)} figures (q < 0.05)"
    rows = [
        [c["metric"], c["before"], c["after"], f"{c['p_value']:.4f}", f"{c['q_value']:.4f}"]
        for c in significant
    ]
    return (
        f"{len(significant)} of {len(changes)} figures changed significantly (q < 0.05):\n"
        + render_table(["figure", "before", "after", "p", "q"], rows)
    )


def _simulates(loaded: LoadedPack) -> bool:
    return loaded.plugin is not None and loaded.plugin.simulation is not None
