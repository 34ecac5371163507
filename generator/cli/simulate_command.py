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
    players: Annotated[int, typer.Option("--players", help="Managers per game: 2 to 6.")] = 4,
    mode: Annotated[
        str | None,
        typer.Option(
            "--mode",
            help="2-player mode, e.g. heritage, clash or free-agency (2025).",
            show_default="the edition's first",
        ),
    ] = None,
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
    compare: Annotated[
        Path | None,
        typer.Option(
            "--compare",
            help="Another data folder: play the same seeds on it and report what changed.",
        ),
    ] = None,
    out: Annotated[
        Path, typer.Option("--out", help="Folder to write into.", show_default="output/")
    ] = OUTPUT_DIR,
) -> None:
    """Play many games with bots; write output/simulation/<settings>.json and .pdf, print the gist.

    With --compare, play the same games on both data folders and write
    <settings>-compare.json with every figure before and after, and how
    significant each change is.
    """
    from generator.games.all_star_draft.queries import load
    from generator.games.all_star_draft.rules import rule_book
    from generator.games.all_star_draft.simulation.run import check_settings
    from generator.games.all_star_draft.simulation.run import simulate as run
    from generator.output.atomic import write_atomic

    books = [rule_book(load(folder), edition) for folder in (data, *([compare] if compare else []))]
    names = [n.strip() for n in bots.split(",") if n.strip()]
    for book in books:
        check_settings(book, players, names, mode)
    reports = []
    for book in books:
        with typer.progressbar(length=games, label="playing", file=sys.stderr) as bar:
            reports.append(run(book, players, games, seed, names, jobs, bar.update, mode))
    played = reports[0]["settings"]["mode"]
    stem = f"{books[0].edition.id}-{players}p{'-' + played if played else ''}-{'-'.join(names)}"
    stem += f"-seed{seed}-{games}games"
    if compare is None:
        from generator.documents.pdf import to_pdf
        from generator.games.all_star_draft.simulation.report_document import report_document

        result: dict[str, Any] = reports[0]
        pdf, _ = to_pdf(report_document(result), "draftdeck")
        write_atomic(out / "simulation" / f"{stem}.pdf", pdf)
        typer.echo(_gist(reports[0]))
    else:
        from generator.games.all_star_draft.simulation.compare import compare_reports

        stem += "-compare"
        changes = compare_reports(reports[0], reports[1])
        result = {
            "before": {"data": display_path(data), **reports[0]},
            "after": {"data": display_path(compare), **reports[1]},
            "changes": changes,
        }
        typer.echo(_changes(changes))
    path = out / "simulation" / f"{stem}.json"
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


def _gist(report: dict[str, Any]) -> str:
    from generator.cli.tables import render_table
    from generator.games.all_star_draft.simulation.report_document import number, percent

    seats = render_table(
        ["seat", "bot", "win rate (95% interval)"],
        [[s["seat"], s["bot"], percent(s)] for s in report["win_rate_by_seat"]],
    )
    fans = report["fans_per_manager"]
    return (
        f"{report['games']} games\n{seats}\n"
        f"mean fans per manager: season {number(fans['season']['mean'])}, "
        f"playoffs {number(fans['playoffs']['mean'])}, "
        f"ticket bonus {number(fans['ticket_bonus']['mean'])}"
    )
