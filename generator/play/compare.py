"""Runs of the same games compared with a base, figure by figure and game by game.

Both `simulate --compare` (one other data folder) and `sweep` (many
variants of the data) play every run with the base's seeds, so game n of a
run and game n of the base deal alike as far as the data allows; their
difference is the run's effect and little else (`balance.paired_change`).
q-values are taken over every figure of every run compared, and each change
says what the number of games could have found (`Change.detectable`), so a
report of no change says how small a change it rules out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from generator.documents.model import BarChart, Block, Heading, Paragraph, Table
from generator.play.balance import SIGNIFICANT, Change, MeanInterval, paired_change, q_values

Figures = Mapping[str, Sequence[float]]
"""A run's figures: each figure's value in every game, in seed order."""
CHARTED = 24
"""Runs a figure's chart shows at most (the largest moves)."""


class ChangeJson(TypedDict):
    """A figure's change as a report's JSON records it."""

    before: float
    after: float
    change: float
    ci95: list[float]
    p_value: float
    q_value: float
    significant: bool
    detectable: float
    """The change these games would find 4 times in 5."""


class RunChange(ChangeJson):
    """A figure's change in one run (a variant, the other data folder)."""

    run: str


@dataclass(frozen=True)
class FigureChange:
    """One figure of one run against the base."""

    run: str
    figure: str
    change: Change
    q_value: float

    @property
    def significant(self) -> bool:
        """The change is beyond what chance gives, over everything compared."""
        return self.q_value < SIGNIFICANT

    def as_json(self) -> ChangeJson:
        """The change as the report's JSON records it."""
        low, high = self.change.ci95
        return {
            "before": round(self.change.before, 4),
            "after": round(self.change.after, 4),
            "change": round(self.change.change, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "p_value": round(self.change.p_value, 6),
            "q_value": round(self.q_value, 6),
            "significant": self.significant,
            "detectable": round(self.change.detectable, 4),
        }


def compare_runs(base: Figures, runs: Sequence[tuple[str, Figures]]) -> list[FigureChange]:
    """Every figure of every run against the base's, with q-values over all of them."""
    changes = [
        (name, figure, paired_change(base[figure], figures[figure]))
        for name, figures in runs
        for figure in base
    ]
    q = q_values([change.p_value for _, _, change in changes])
    return [
        FigureChange(name, figure, change, q_value)
        for (name, figure, change), q_value in zip(changes, q, strict=True)
    ]


def by_figure(games: Sequence[Mapping[str, float]]) -> dict[str, list[float]]:
    """Each figure's values in game order, from each game's figures."""
    return {name: [game[name] for game in games] for name in games[0]}


def verdict(changes: Sequence[FigureChange], games: int) -> str:
    """What the comparison found, in a sentence or two."""
    moved = [c for c in changes if c.significant]
    if moved:
        runs = len({c.run for c in moved})
        return (
            f"{len(moved)} of {len(changes)} figures moved beyond chance (q < {SIGNIFICANT}), "
            f"in {runs} run{'s' if runs != 1 else ''}."
        )
    return (
        f"Nothing moved beyond chance: none of {len(changes)} figures changed significantly "
        f"(q < {SIGNIFICANT}). With {games} games a run, a change about as large as each "
        "figure's 'detectable' would have shown 4 times in 5; smaller ones may still be there."
    )


def run_change(change: FigureChange) -> RunChange:
    """The change with the run it was found in."""
    return {"run": change.run, **change.as_json()}


def figure_blocks(figure: str, base: MeanInterval, moves: Sequence[RunChange]) -> list[Block]:
    """A figure's section: the base, a table of every run's change and a chart of the largest."""
    shown = sorted(moves, key=lambda m: -abs(m["change"]))[:CHARTED]
    return [
        Heading(figure),
        Paragraph(f"Base: {number(base['mean'])} ({interval(base['ci95'])})."),
        Table(
            f"{figure}: change from the base",
            ("Run", "Value", "Change (95% interval)", "Detectable", "q"),
            tuple(
                (
                    m["run"],
                    number(m["after"]),
                    f"{signed(m['change'])} ({interval(m['ci95'])})"
                    + (" *" if m["significant"] else ""),
                    f"±{number(m['detectable'])}",
                    f"{m['q_value']:.3f}",
                )
                for m in moves
            ),
        ),
        BarChart(
            f"{figure}: change from the base",
            tuple(m["run"] for m in shown),
            (("change", tuple(m["change"] for m in shown)),),
            height=45,
        ),
    ]


def number(value: float) -> str:
    """A figure with at most three decimals."""
    return f"{value:.3f}".rstrip("0").rstrip(".")


def signed(value: float) -> str:
    """A change with its sign."""
    return ("+" if value > 0 else "") + number(value)


def interval(bounds: Sequence[float]) -> str:
    """An interval as 'low to high'."""
    return f"{number(bounds[0])} to {number(bounds[1])}"
