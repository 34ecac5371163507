"""Statistics of balance reports: rates with intervals, distributions, and paired changes.

Rates come with a 95% Wilson score interval, which stays inside 0..1 and
behaves for rates near 0 or 1 and for few games. Two runs of the same
games (the same seeds: a variant of the data against the base, or
`simulate --compare`) are compared game by game: each figure's change is
the mean of the games' differences, with its 95% interval and p-value
(the normal approximation, sound for the hundreds of games a run holds).
Pairing the games takes out what their deals had in common, so a small
change shows with fewer games. A comparison looks at dozens of figures, so
some would pass p < 0.05 by chance alone; a change is called significant
when its Benjamini-Hochberg q-value (the false discovery rate of calling it
and every smaller p significant) is below 0.05.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TypedDict

Z_95 = NormalDist().inv_cdf(0.975)
"""The normal quantile of a two-sided 95% interval."""
Z_POWER = NormalDist().inv_cdf(0.8)
"""The normal quantile of 80% power."""
SIGNIFICANT = 0.05
"""q-value below which a change is reported as significant."""


class Rate(TypedDict):
    """A share with its 95 % interval, as a report holds it."""

    count: float
    of: int
    rate: float | None
    """None of no trials."""
    ci95: list[float]
    """[low, high]."""


class Distribution(TypedDict, total=False):
    """How values spread, as a report holds it (no keys of no values)."""

    n: int
    mean: float
    sd: float
    min: float
    median: float
    max: float
    counts: dict[str, int]
    """How often each whole value occurs: {"3": times, ...}."""


class MeanInterval(TypedDict):
    """A mean with its 95 % interval."""

    n: int
    mean: float
    ci95: list[float]


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    centre = share + Z_95**2 / (2 * trials)
    spread = Z_95 * math.sqrt(share * (1 - share) / trials + Z_95**2 / (4 * trials**2))
    denominator = 1 + Z_95**2 / trials
    return (max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator))


def rate(successes: float, trials: int) -> Rate:
    """A rate with its count, trials and 95% interval, rounded for the report."""
    low, high = wilson(successes, trials)
    return {
        "count": round(successes, 4),
        "of": trials,
        "rate": round(successes / trials, 4) if trials else None,
        "ci95": [round(low, 4), round(high, 4)],
    }


def mean(values: Iterable[float]) -> float | None:
    """The mean, rounded for the report; None of nothing."""
    items = list(values)
    return round(statistics.fmean(items), 3) if items else None


def counts(values: Iterable[int | None]) -> dict[str, int]:
    """How often each value occurs, in order, None ('none') last."""
    found = Counter(values)
    ordered = sorted(found, key=lambda v: (v is None, v or 0))
    return {"none" if v is None else str(v): found[v] for v in ordered}


def distribution(values: Sequence[float]) -> Distribution:
    """n, mean, standard deviation, min, median, max and the counts of whole values."""
    ordered = sorted(values)
    if not ordered:
        return {}
    return {
        "n": len(ordered),
        "mean": round(statistics.fmean(ordered), 3),
        "sd": round(statistics.stdev(ordered), 3) if len(ordered) > 1 else 0.0,
        "min": ordered[0],
        "median": statistics.median(ordered),
        "max": ordered[-1],
        "counts": counts(int(v) for v in ordered),
    }


def percent(share: Rate) -> str:
    """A rate as '51.2% (46.4-56.1)': the rate and its 95% interval, in percent."""
    low, high = share["ci95"]
    value = "-" if share["rate"] is None else f"{share['rate'] * 100:.1f}%"
    return f"{value} ({low * 100:.1f}-{high * 100:.1f})"


CERTAIN = 1e-12
"""A chance this close to 0 or 1 is that (floating-point sums of exact odds)."""


def chance(value: float) -> str:
    """A chance in percent with one decimal, never rounded to 0.0% or 100.0% unless it is
    impossible or certain: '<0.1%' and '>99.9%' instead."""
    if value <= CERTAIN:
        return "0%"
    if value >= 1 - CERTAIN:
        return "100%"
    shown = f"{value * 100:.1f}"
    if shown == "0.0":
        return "<0.1%"
    if shown == "100.0":
        return ">99.9%"
    return f"{shown}%"


def rate_percent(share: Rate) -> float:
    """A rate in percent with one decimal, for a chart (0 when nothing was counted)."""
    return 0.0 if share["rate"] is None else round(share["rate"] * 100, 1)


def number(value: float | None) -> str:
    """A mean or count, with at most one decimal."""
    return "-" if value is None else f"{value:.1f}" if value % 1 else f"{value:.0f}"


def mean_interval(values: Sequence[float], is_rate: bool = False) -> MeanInterval:
    """A mean with its 95% interval (Wilson's for a rate, whose values are shares of 0 to 1;
    else the normal approximation), rounded for the report."""
    if is_rate:
        low, high = wilson(math.fsum(values), len(values))
        average = statistics.fmean(values)
    else:
        average, error = _mean_and_error(values)
        low, high = average - Z_95 * error, average + Z_95 * error
    return {"n": len(values), "mean": round(average, 4), "ci95": [round(low, 4), round(high, 4)]}


@dataclass(frozen=True)
class Change:
    """How a figure moved between two runs of the same games, game by game."""

    before: float
    after: float
    change: float
    """The mean of the games' differences (after minus before)."""
    error: float
    """The standard error of that mean."""
    p_value: float

    @property
    def ci95(self) -> tuple[float, float]:
        """The change's 95% interval."""
        return (self.change - Z_95 * self.error, self.change + Z_95 * self.error)

    @property
    def detectable(self) -> float:
        """The smallest change these games would find 4 times in 5 (80% power at p < 0.05)."""
        return (Z_95 + Z_POWER) * self.error

    @property
    def moved(self) -> float:
        """How far the figure moved, in standard errors (infinite for a change without spread)."""
        if self.error == 0:
            return 0.0 if self.change == 0 else math.inf
        return abs(self.change) / self.error


def paired_change(before: Sequence[float], after: Sequence[float]) -> Change:
    """How a figure moved between two runs of the same games (normal approximation)."""
    change, error = _mean_and_error([b - a for a, b in zip(before, after, strict=True)])
    if error == 0:
        p_value = 1.0 if change == 0 else 0.0
    else:
        p_value = 2 * (1 - NormalDist().cdf(abs(change) / error))
    return Change(statistics.fmean(before), statistics.fmean(after), change, error, p_value)


def _mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    n = len(values)
    average = statistics.fmean(values)
    spread = statistics.stdev(values, average) if n > 1 else 0.0
    return average, spread / math.sqrt(n)


def q_values(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg q-values of p-values in any order, in that order."""
    total = len(p_values)
    order = sorted(range(total), key=lambda i: p_values[i])
    found = [0.0] * total
    lowest = 1.0
    for rank in range(total - 1, -1, -1):
        index = order[rank]
        lowest = min(lowest, p_values[index] * total / (rank + 1))
        found[index] = lowest
    return found
