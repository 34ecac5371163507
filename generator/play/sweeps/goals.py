"""What a designer wants of a sweep's variants, and how much closer each comes than the base.

A goal is a measure of a run where lower is better: the gap between the
best and the worst seat's win rate (seats-equal), the distance of a
figure's mean from a value (target), a figure's mean (lower) or its
negative (higher), the mean gap between the seats of a game in a figure
given by seat (closer). A variant's improvement is its measure minus the
base's; its 95% interval comes from resampling the games, the same games
for the variant and the base (a paired bootstrap with a fixed seed, so a
report is the same every time).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

import numpy as np
import numpy.typing as npt

RESAMPLES = 1000
"""Resamples of the games for a goal's interval."""
SEED = 20261125
"""The resampling's seed: the same report every time."""

Figures = Mapping[str, Sequence[float]]


@dataclass(frozen=True)
class Goal:
    """A goal of a sweep file."""

    kind: str
    """seats-equal, target, lower, higher or closer."""
    figure: str | None = None
    value: float | None = None

    def describe(self) -> str:
        """The goal in words."""
        if self.kind == "seats-equal":
            return (
                "every seat wins as often as the others (the gap between the best and worst seat)"
            )
        if self.kind == "target":
            return f"{self.figure} as near {self.value:g} as can be"
        if self.kind == "closer":
            return f"{self.figure} as close between the seats of a game as can be"
        return f"{self.figure} as {self.kind} as can be"

    def unknown(self, names: Collection[str]) -> str | None:
        """What of the goal names no figure of the game, or None."""
        if self.kind == "seats-equal" or self.figure is None:
            return None
        if self.kind == "closer":
            found = any(n.startswith(f"{self.figure}, seat ") for n in names)
            return None if found else f"'{self.figure}' is not a figure given by seat"
        return None if self.figure in names else f"'{self.figure}' is not a figure of this game"


def _columns(goal: Goal, figures: Figures) -> npt.NDArray[np.float64]:
    """The per-game values the goal reads, one row each."""
    if goal.kind == "seats-equal":
        names = _by_seat(figures, "win rate")
    elif goal.kind == "closer":
        assert goal.figure is not None
        names = _by_seat(figures, goal.figure)
    else:
        assert goal.figure is not None
        names = [goal.figure]
    return np.array([figures[name] for name in names], dtype=np.float64)


def _by_seat(figures: Figures, name: str) -> list[str]:
    return sorted(
        (n for n in figures if n.startswith(f"{name}, seat ")),
        key=lambda n: int(n.rsplit(" ", 1)[1]),
    )


def _measures(goal: Goal, rows: npt.NDArray[np.float64], picks: npt.NDArray[np.int64]) -> Any:
    """The goal's measure of each resample (a row of game indices in `picks`)."""
    chosen = rows[:, picks]  # row, resample, game
    if goal.kind == "seats-equal":
        rates = chosen.mean(axis=2)
        return rates.max(axis=0) - rates.min(axis=0)
    if goal.kind == "closer":
        return (chosen.max(axis=0) - chosen.min(axis=0)).mean(axis=1)
    means = chosen[0].mean(axis=1)
    if goal.kind == "target":
        assert goal.value is not None
        return np.abs(means - goal.value)
    return means if goal.kind == "lower" else -means


class GoalChange(TypedDict):
    """How a variant's measure of the goal moved from the base's."""

    before: float
    after: float
    change: float
    """Negative: closer to the goal."""
    ci95: list[float]
    better: bool
    worse: bool


def goal_change(goal: Goal, base: Figures, variant: Figures) -> GoalChange:
    """The base's measure, the variant's and the change (negative: closer to the goal), with the
    change's 95% interval and whether it is better or worse beyond chance."""
    before, after = _columns(goal, base), _columns(goal, variant)
    games = before.shape[1]
    everything = np.arange(games, dtype=np.int64)[None, :]
    measured = (
        float(_measures(goal, before, everything)[0]),
        float(_measures(goal, after, everything)[0]),
    )
    picks = np.random.default_rng(SEED).integers(0, games, size=(RESAMPLES, games))
    changes = _measures(goal, after, picks) - _measures(goal, before, picks)
    low, high = (float(v) for v in np.percentile(changes, [2.5, 97.5]))
    return {
        "before": round(measured[0], 4),
        "after": round(measured[1], 4),
        "change": round(measured[1] - measured[0], 4),
        "ci95": [round(low, 4), round(high, 4)],
        "better": high < 0,
        "worse": low > 0,
    }
