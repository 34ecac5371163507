"""`simulate` and `simulate --compare` as a library: play, report, write; the CLI only prints.

A run plays the settings' games on a loaded pack and writes its balance
report (JSON, and a PDF with charts) below the output folder; a comparison
plays the same seeds on a second data folder and writes how every figure
moved, game by game (`generator.play.compare`), as JSON and PDF.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from generator.core.paths import display_path
from generator.documents.model import Block, Heading, Paragraph, Table, TextDocument
from generator.output.atomic import write_atomic
from generator.play import simulation
from generator.play.balance import MeanInterval, mean_interval
from generator.play.compare import (
    ChangeJson,
    by_figure,
    compare_runs,
    interval,
    number,
    signed,
    verdict,
)
from generator.play.simulation import Prepared, Report
from generator.plugins import checked_simulation
from generator.plugins.simulation import SimulationSettings
from generator.services.find import LoadedPack

Progress = Callable[[int], None]
"""Told the number of games just finished."""


class FigureChangeJson(ChangeJson):
    """A figure's change from one data folder to the other."""

    figure: str


class Comparison(TypedDict):
    """Two runs of the same games, as the comparison's JSON file holds them."""

    before: dict[str, object]
    """The first data folder's label (`data`) and its report."""
    after: dict[str, object]
    verdict: str
    base: dict[str, MeanInterval]
    """Every figure of the first run: its mean and 95% interval."""
    changes: list[FigureChangeJson]
    """Every figure's change, most significant first."""


@dataclass(frozen=True)
class Written:
    """What a run wrote, and the lines the terminal shows."""

    paths: tuple[Path, ...]
    gist: str


def prepared(loaded: LoadedPack, settings: SimulationSettings) -> Prepared:
    """The games of `settings` on a loaded pack, checked (UsageError if they cannot be)."""
    hook = checked_simulation(loaded.needs("simulation", "a simulator"))
    manifest = loaded.pack.manifest
    game = (manifest.id, manifest.name, manifest.min_players, manifest.max_players)
    return simulation.prepare(hook, loaded.model, settings, game)


def run_simulation(
    loaded: LoadedPack,
    settings: SimulationSettings,
    out: Path,
    progress: Progress | None = None,
    scheduler: str | None = None,
) -> Written:
    """Play the games and write <out>/<game>/simulation/<stem>.json and .pdf."""
    from generator.documents.pdf import to_pdf

    table = prepared(loaded, settings)
    games = simulation.simulate(table, settings, progress, scheduler)
    report = simulation.report(table, games)
    folder = out / table.game / "simulation"
    stem = simulation.stem(report)
    pdf, _ = to_pdf(simulation.document(table, report), "draftdeck")
    paths = (folder / f"{stem}.json", folder / f"{stem}.pdf")
    write_atomic(paths[1], pdf)
    write_atomic(paths[0], (json.dumps(report.as_json(), indent=2) + "\n").encode())
    return Written(paths, simulation.gist(table, report))


def run_comparison(
    runs: tuple[tuple[str, LoadedPack], tuple[str, LoadedPack]],
    settings: SimulationSettings,
    out: Path,
    progress: Progress | None = None,
    scheduler: str | None = None,
) -> Written:
    """Play the same games on two data folders, each given as (label, pack), and write
    <out>/<game>/simulation/<stem>-compare.json and .pdf: both reports and every figure's
    change, game by game."""
    from generator.documents.pdf import to_pdf

    tables = [prepared(loaded, settings) for _, loaded in runs]
    played = [simulation.simulate(t, settings, progress, scheduler) for t in tables]
    reports = [simulation.report(t, games) for t, games in zip(tables, played, strict=True)]
    figures = [
        by_figure([simulation.figures(t, facts) for facts in games])
        for t, games in zip(tables, played, strict=True)
    ]
    changes = compare_runs(figures[0], [(runs[1][0], figures[1])])
    rates = simulation.rate_figures(tables[0])
    result: Comparison = {
        "before": {"data": runs[0][0], **reports[0].as_json()},
        "after": {"data": runs[1][0], **reports[1].as_json()},
        "verdict": verdict(changes, settings.games),
        "base": {name: mean_interval(v, name in rates) for name, v in figures[0].items()},
        "changes": [
            {"figure": c.figure, **c.as_json()}
            for c in sorted(changes, key=lambda c: (c.q_value, c.figure))
        ],
    }
    folder = out / tables[0].game / "simulation"
    stem = simulation.stem(reports[0]) + "-compare"
    labels = (runs[0][0], runs[1][0])
    pdf, _ = to_pdf(comparison_document(result, reports[0], labels), "draftdeck")
    paths = (folder / f"{stem}.json", folder / f"{stem}.pdf")
    write_atomic(paths[1], pdf)
    write_atomic(paths[0], (json.dumps(result, indent=2) + "\n").encode())
    return Written(paths, comparison_gist(result))


def comparison_document(
    result: Comparison, before: Report, labels: tuple[str, str]
) -> TextDocument:
    """The comparison as a document: the verdict, then every figure before and after; `before`
    is the first run's report, `labels` name the two data folders."""
    common = before.common
    settings = common["settings"]
    blocks: list[Block] = [
        Paragraph(
            f"The same {common['games']} games (seeds {settings['seeds'][0]} to "
            f"{settings['seeds'][1]}, bots by seat: {', '.join(settings['bots'])}) played on "
            f"{labels[0]} (before) and on {labels[1]} (after). A change is each "
            "game's figure after minus the same game's before, averaged, with its 95% "
            "interval; it is significant (*) when its q-value (Benjamini-Hochberg, over every "
            "figure) is below 0.05. 'Detectable' is the change these games would find 4 times "
            "in 5."
        ),
        Paragraph(result["verdict"]),
        Heading("Every figure"),
        Table(
            "Before and after, most significant first",
            ("Figure", "Before", "After", "Change (95% interval)", "Detectable", "q"),
            tuple(
                (
                    c["figure"],
                    number(c["before"]),
                    number(c["after"]),
                    f"{signed(c['change'])} ({interval(c['ci95'])})"
                    + (" *" if c["significant"] else ""),
                    f"±{number(c['detectable'])}",
                    f"{c['q_value']:.3f}",
                )
                for c in result["changes"]
            ),
        ),
    ]
    title = f"Comparison: {common['name']}, {settings['players']} players, {common['games']} games"
    return TextDocument(title, "en", tuple(blocks))


def comparison_gist(result: Comparison) -> str:
    """The verdict and the figures that moved, for the terminal."""
    from generator.core.text_tables import render_table

    moved = [c for c in result["changes"] if c["significant"]]
    said: str = result["verdict"]
    if not moved:
        return said
    rows = [
        [c["figure"], number(c["before"]), number(c["after"]), f"{c['q_value']:.4f}"] for c in moved
    ]
    return said + "\n" + render_table(["figure", "before", "after", "q"], rows)


def data_label(folder: Path) -> str:
    """How a report names a data folder."""
    return display_path(folder)
