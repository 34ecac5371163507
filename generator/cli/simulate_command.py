"""`draftdeck simulate`: many bot games and a balance report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

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


@user_errors
def simulate(
    players: Annotated[
        int,
        typer.Option(
            "--players",
            min=1,
            max=20,
            help="Players per game: from the fewest to the most the game takes (players: min "
            "and max in its game.yaml); a number outside is refused with the game's range.",
        ),
    ] = 4,
    mode: Annotated[
        str | None,
        typer.Option(
            "--mode",
            help="A variant of the game, where its data defines several (such as the "
            "two-player modes of a setup.yaml); one the data does not define is refused with "
            "the list it does.",
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
            help="Another data folder: play the same seeds on it and report, game by game, "
            "what changed.",
        ),
    ] = None,
    out: OutOption = None,
) -> None:
    """Play many games with bots; write <out>/<game>/simulation/<settings>.json and .pdf, print the gist.

    With --compare, play the same games on both data folders and write
    <settings>-compare.json and .pdf: both reports, and every figure before
    and after with how significantly it changed, compared game by game.
    """
    from generator.core.paths import display_path
    from generator.core.workspace import workspace
    from generator.play.runs import prepared, run_comparison, run_simulation
    from generator.plugins.simulation import SimulationSettings
    from generator.pools import stopping_on_signals
    from generator.services.find import load_capable

    where = workspace(data, out)
    loaded = [
        load_capable(
            folder, game, "with a simulator", lambda p: p.can("simulation"), printing=False
        )
        for folder in (where.data, *([compare] if compare else []))
    ]
    names = tuple(n.strip() for n in bots.split(",") if n.strip())
    settings = SimulationSettings(players, games, seed, names, edition, mode, jobs)
    for pack in loaded:
        prepared(pack, settings)  # every refusal before any game is played
    with stopping_on_signals(), games_bar(games * len(loaded), "playing") as bar:
        if compare is None:
            written = run_simulation(loaded[0], settings, where.out, bar.update, scheduler)
        else:
            labels = (display_path(where.data), display_path(compare))
            runs = ((labels[0], loaded[0]), (labels[1], loaded[1]))
            written = run_comparison(runs, settings, where.out, bar.update, scheduler)
    typer.echo(written.gist)
    typer.echo(f"report: {display_path(written.paths[0])} (and .pdf)")
