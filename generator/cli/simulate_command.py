"""`draftdeck simulate`: many bot games and a balance report."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import DEFAULT_DATA, DataOption, EditionOption
from generator.paths import OUTPUT_DIR, display_path


@user_errors
def simulate(
    players: Annotated[int, typer.Option("--players", help="Managers per game.")] = 4,
    games: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 1,
    bots: Annotated[
        str,
        typer.Option("--bots", help="Bots by seat, comma-separated, repeated to fill the seats."),
    ] = "greedy",
    edition: EditionOption = None,
    jobs: Annotated[
        int, typer.Option("--jobs", min=0, help="Processes to play with (0: one per core).")
    ] = 0,
    data: DataOption = DEFAULT_DATA,
    out: Annotated[
        Path, typer.Option("--out", help="Folder to write into.", show_default="output/")
    ] = OUTPUT_DIR,
) -> None:
    """Play many games with bots; write output/simulation/<settings>.json and print the gist."""
    from generator.games.all_star_draft.queries import load
    from generator.games.all_star_draft.rules import rule_book
    from generator.games.all_star_draft.simulation.run import simulate as run
    from generator.output.atomic import write_atomic

    book = rule_book(load(data), edition)
    names = [n.strip() for n in bots.split(",") if n.strip()]
    with typer.progressbar(length=games, label="playing", file=sys.stderr) as bar:
        report = run(book, players, games, seed, names, jobs, bar.update)
    settings = report["settings"]
    stem = f"{settings['edition']}-{players}p-{'-'.join(names)}-seed{seed}-{games}games"
    path = out / "simulation" / f"{stem}.json"
    write_atomic(path, (json.dumps(report, indent=2) + "\n").encode())
    typer.echo(_gist(report))
    typer.echo(f"report: {display_path(path)}")


def _gist(report: dict[str, Any]) -> str:
    from generator.cli.tables import render_table

    def share(r: dict[str, Any]) -> str:
        low, high = r["ci95"]
        return f"{r['rate']:.1%} ({low:.1%}-{high:.1%})"

    seats = render_table(
        ["seat", "bot", "win rate (95% interval)"],
        [[s["seat"], s["bot"], share(s)] for s in report["win_rate_by_seat"]],
    )
    fans = report["fans_per_manager"]
    return (
        f"{report['games']} games\n{seats}\n"
        f"fans per manager: season {fans['season']}, playoffs {fans['playoffs']}, "
        f"ticket bonus {fans['ticket_bonus']}"
    )
