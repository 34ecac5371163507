"""A sweep's report: each variant against the base, figure by figure, game by game.

Every figure of every variant is compared with the base's on the same games
(`generator.play.compare`): the change with its 95% interval, its q-value
over every figure of every variant, and the smallest change the games could
have found. With a goal in the sweep file, the variants are ranked by how
much closer to it each comes than the base; without one, the variants with
changes beyond chance come first (most such changes first), and when
nothing moved beyond chance the report says so rather than rank noise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict

from generator.core.plain import Plain
from generator.documents.model import Block, Heading, Paragraph, Table, TextDocument
from generator.play.balance import MeanInterval, mean_interval
from generator.play.compare import (
    ChangeJson,
    RunChange,
    compare_runs,
    figure_blocks,
    interval,
    number,
    run_change,
    signed,
    verdict,
)
from generator.play.simulation import PlaySettings
from generator.play.sweeps.edits import EditMade
from generator.play.sweeps.goals import Goal, GoalChange, goal_change
from generator.play.sweeps.run import Played


class Variant(TypedDict):
    """One variant against the base."""

    name: str
    data: str
    """The hash of its data."""
    cached: bool
    edits: list[EditMade]
    significant: int
    """Its figures that moved beyond chance."""
    figures: dict[str, ChangeJson]
    goal: NotRequired[GoalChange]


class GoalShown(TypedDict):
    kind: str
    figure: str | None
    value: float | None
    says: str


class Base(TypedDict):
    data: str
    figures: dict[str, MeanInterval]


class SweepReport(TypedDict):
    """Everything a sweep's report shows, as its JSON file holds it."""

    game: str
    sweep: str
    settings: PlaySettings
    goal: GoalShown | None
    verdict: str
    base: Base
    variants: list[Variant]
    """Closest to the goal first; without one, those that moved most beyond chance first."""
    by_figure: dict[str, list[RunChange]]


def sweep_report(
    game: str,
    source: str,
    settings: PlaySettings,
    base: Played,
    variants: Sequence[tuple[Played, Sequence[EditMade]]],
    rates: frozenset[str],
    goal: Goal | None = None,
) -> SweepReport:
    """Everything the report shows, as plain JSON data; `variants` are each played variant
    with the edits that made it, `rates` the figures that are rates."""
    changes = compare_runs(base.figures, [(played.name, played.figures) for played, _ in variants])
    entries: list[tuple[Variant, int, float]] = []
    for order, (played, edits) in enumerate(variants):
        mine = {c.figure: c for c in changes if c.run == played.name}
        entry: Variant = {
            "name": played.name,
            "data": played.digest,
            "cached": played.cached,
            "edits": list(edits),
            "significant": sum(c.significant for c in mine.values()),
            "figures": {name: c.as_json() for name, c in mine.items()},
        }
        if goal is not None:
            entry["goal"] = goal_change(goal, base.figures, played.figures)
        moved = [c.change.moved for c in mine.values() if c.significant]
        entries.append((entry, order, max(moved, default=0.0)))
    if goal is not None:
        entries.sort(key=lambda e: (e[0]["goal"]["change"] if "goal" in e[0] else 0.0, e[1]))
    else:
        entries.sort(key=lambda e: (-e[0]["significant"], -e[2], e[1]))
    games = settings["games"]
    return {
        "game": game,
        "sweep": source,
        "settings": settings,
        "goal": None if goal is None else _shown_goal(goal),
        "verdict": verdict(changes, games),
        "base": {
            "data": base.digest,
            "figures": {
                name: mean_interval(values, name in rates) for name, values in base.figures.items()
            },
        },
        "variants": [entry for entry, _, _ in entries],
        "by_figure": {
            figure: [
                run_change(c)
                for c in sorted(
                    (c for c in changes if c.figure == figure), key=lambda c: -abs(c.change.change)
                )
            ]
            for figure in base.figures
        },
    }


def _shown_goal(goal: Goal) -> GoalShown:
    return {"kind": goal.kind, "figure": goal.figure, "value": goal.value, "says": goal.describe()}


def sweep_document(report: SweepReport) -> TextDocument:
    """The report with its charts (for the game's designers, in English)."""
    settings = report["settings"]
    goal = report["goal"]
    blocks: list[Block] = [
        Paragraph(
            f"{report['game']}: {len(report['variants'])} variants of the data, each played "
            f"{settings['games']} times with the seeds the base plays ({settings['seeds'][0]} "
            f"to {settings['seeds'][1]}), {settings['players']} players, bots by seat: "
            f"{', '.join(settings['bots'])}. A change is each game's figure minus the same "
            "game's in the base, averaged, with its 95% interval; it is significant (*) when "
            "its q-value (Benjamini-Hochberg, over every figure of every variant) is below "
            "0.05. 'Detectable' is the change these games would find 4 times in 5."
        ),
        Paragraph(report["verdict"]),
    ]
    if goal is not None:
        blocks += [
            Heading("Variants, closest to the goal first"),
            Paragraph(
                f"Goal: {goal['says']}. The measure is the base's and each variant's, lower "
                "is closer; the change is its 95% interval from resampling the games."
            ),
            Table(
                "Each variant against the goal",
                ("Variant", "Edits", "Measure", "Change (95% interval)", "Verdict"),
                tuple(
                    (
                        v["name"],
                        _edits(v["edits"]),
                        f"{number(v['goal']['before'])} to {number(v['goal']['after'])}",
                        f"{signed(v['goal']['change'])} ({interval(v['goal']['ci95'])})",
                        "closer"
                        if v["goal"]["better"]
                        else "further"
                        if v["goal"]["worse"]
                        else "no clear change",
                    )
                    for v in report["variants"]
                ),
            ),
        ]
    else:
        blocks += [
            Heading("Variants"),
            Table(
                "Each variant and the figures it moved beyond chance",
                ("Variant", "Edits", "Significant changes"),
                tuple((v["name"], _edits(v["edits"]), _moved(v)) for v in report["variants"]),
            ),
        ]
    for figure, moves in report["by_figure"].items():
        blocks += figure_blocks(figure, report["base"]["figures"][figure], moves)
    return TextDocument(f"Sweep: {report['sweep']}", "en", tuple(blocks))


def gist(report: SweepReport, shown: int = 5) -> str:
    """The terminal's lines: the verdict, then the first variants and what moved."""
    lines = [
        f"{len(report['variants'])} variants, {report['settings']['games']} games each",
        report["verdict"],
    ]
    for variant in report["variants"][:shown]:
        if "goal" in variant:
            goal = variant["goal"]
            said = (
                "closer to the goal"
                if goal["better"]
                else (
                    "further from the goal" if goal["worse"] else "no clear change toward the goal"
                )
            )
            lines.append(f"  {variant['name']}: {said} ({signed(goal['change'])})")
        else:
            lines.append(f"  {variant['name']}: {_moved(variant, 3)}")
    return "\n".join(lines)


def _moved(variant: Variant, most: int | None = None) -> str:
    significant = [
        f"{name} {signed(f['change'])}"
        for name, f in variant["figures"].items()
        if f["significant"]
    ]
    return "; ".join(significant[:most]) if significant else "no significant change"


def _edits(edits: Sequence[EditMade]) -> str:
    return "; ".join(f"{e['path']}: {_value(e['before'])} to {_value(e['after'])}" for e in edits)


def _value(value: Plain) -> str:
    """A data value as the designer wrote it (none for a value left out)."""
    return (
        "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    )
