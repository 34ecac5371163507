"""Statistics every game's balance report uses: rates with intervals, distributions,
and the comparison of two reports of the same games.

Rates come with a 95% Wilson score interval, which stays inside 0..1 and
behaves for rates near 0 or 1 and for few games. Two reports are compared
figure by figure: rates with a two-proportion z-test, means with Welch's z
(the normal approximation, sound for the hundreds of games a report holds).
The games share their seeds, so the deals match as far as the data allows;
treating the two runs as independent only makes the tests more cautious. A
report compares dozens of figures, so some would pass p < 0.05 by chance
alone; a change is called significant when its Benjamini-Hochberg q-value
(the false discovery rate of calling it and every smaller p significant) is
below 0.05.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

Z_95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""
SIGNIFICANT = 0.05
"""q-value below which a change is reported as significant."""

Metric = tuple[str, Callable[[dict[str, Any]], dict[str, Any]]]
"""A label with `{}` for the key, and what picks the figures by key out of a report."""


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    if trials == 0:
        return (0.0, 1.0)
    rate = successes / trials
    centre = rate + Z_95**2 / (2 * trials)
    spread = Z_95 * math.sqrt(rate * (1 - rate) / trials + Z_95**2 / (4 * trials**2))
    denominator = 1 + Z_95**2 / trials
    return (max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator))


def rate(successes: float, trials: int) -> dict[str, Any]:
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
    return round(sum(items) / len(items), 3) if items else None


def counts(values: Iterable[int | None]) -> dict[str, int]:
    """How often each value occurs, in order, None ('none') last."""
    found = Counter(values)
    ordered = sorted(found, key=lambda v: (v is None, v or 0))
    return {"none" if v is None else str(v): found[v] for v in ordered}


def distribution(values: Sequence[float]) -> dict[str, Any]:
    """n, mean, standard deviation, min, median, max and the counts of whole values."""
    ordered = sorted(values)
    if not ordered:
        return {}
    average = sum(ordered) / len(ordered)
    spread = math.sqrt(sum((v - average) ** 2 for v in ordered) / max(len(ordered) - 1, 1))
    return {
        "n": len(ordered),
        "mean": round(average, 3),
        "sd": round(spread, 3),
        "min": ordered[0],
        "median": ordered[len(ordered) // 2],
        "max": ordered[-1],
        "counts": counts(int(v) for v in ordered),
    }


def percent(rate: dict[str, Any]) -> str:
    """A rate as '51.2% (46.4-56.1)': the rate and its 95% interval, in percent."""
    low, high = rate["ci95"]
    value = "-" if rate["rate"] is None else f"{rate['rate'] * 100:.1f}%"
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


def rate_percent(rate_: dict[str, Any]) -> float:
    """A rate in percent with one decimal, for a chart (0 when nothing was counted)."""
    return 0.0 if rate_["rate"] is None else round(rate_["rate"] * 100, 1)


def number(value: float | None) -> str:
    """A mean or count, with at most one decimal."""
    return "-" if value is None else f"{value:.1f}" if value % 1 else f"{value:.0f}"


def compare_reports(
    before: dict[str, Any],
    after: dict[str, Any],
    rates: Sequence[Metric],
    means: Sequence[Metric],
) -> list[dict[str, Any]]:
    """Every comparable figure of two reports, most significant change first: `rates`
    pick `rate` dicts, `means` pick `distribution` dicts."""
    changes = [
        _rate_change(name, a, b)
        for name, a, b in _pairs(before, after, rates)
        if a["of"] and b["of"]
    ] + [_mean_change(name, a, b) for name, a, b in _pairs(before, after, means) if a and b]
    changes.sort(key=lambda c: (c["p_value"], c["metric"]))
    for change, q_value in zip(changes, q_values([c["p_value"] for c in changes]), strict=True):
        change["q_value"] = round(q_value, 6)
        change["significant"] = q_value < SIGNIFICANT
    return changes


def mean_interval(values: Sequence[float]) -> dict[str, Any]:
    """A mean with its 95% interval (normal approximation), rounded for the report."""
    average, error = _mean_and_error(values)
    half = Z_95 * error
    return {
        "n": len(values),
        "mean": round(average, 4),
        "ci95": [round(average - half, 4), round(average + half, 4)],
    }


def paired_change(before: Sequence[float], after: Sequence[float]) -> dict[str, Any]:
    """How a figure moved between two runs of the same games, game by game: the mean of the
    differences, its 95% interval and p-value (normal approximation). Pairing the games
    takes out what their deals had in common, so a small change shows with fewer games."""
    change, error = _mean_and_error([b - a for a, b in zip(before, after, strict=True)])
    if error == 0:
        p_value = 1.0 if change == 0 else 0.0
    else:
        p_value = math.erfc(abs(change) / error / math.sqrt(2))
    return {
        "before": round(sum(before) / len(before), 4),
        "after": round(sum(after) / len(after), 4),
        "change": round(change, 4),
        "ci95": [round(change - Z_95 * error, 4), round(change + Z_95 * error, 4)],
        "p_value": round(p_value, 6),
    }


def _mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error."""
    n = len(values)
    average = sum(values) / n
    spread = math.sqrt(sum((v - average) ** 2 for v in values) / max(n - 1, 1))
    return average, spread / math.sqrt(n)


def q_values(p_values: list[float]) -> list[float]:
    """Benjamini-Hochberg q-values of p-values sorted ascending."""
    total = len(p_values)
    found = [0.0] * total
    lowest = 1.0
    for index in range(total - 1, -1, -1):
        lowest = min(lowest, p_values[index] * total / (index + 1))
        found[index] = lowest
    return found


def _pairs(
    before: dict[str, Any], after: dict[str, Any], metrics: Sequence[Metric]
) -> Iterator[tuple[str, Any, Any]]:
    for label, pick in metrics:
        a, b = pick(before), pick(after)
        for key in sorted(set(a) & set(b)):
            yield label.format(key), a[key], b[key]


def _rate_change(metric: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    pa, pb = a["count"] / a["of"], b["count"] / b["of"]
    pooled = (a["count"] + b["count"]) / (a["of"] + b["of"])
    spread = math.sqrt(pooled * (1 - pooled) * (1 / a["of"] + 1 / b["of"]))
    return _change(metric, pa, pb, spread)


def _mean_change(metric: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    spread = math.sqrt(a["sd"] ** 2 / a["n"] + b["sd"] ** 2 / b["n"])
    return _change(metric, a["mean"], b["mean"], spread)


def _change(metric: str, before: float, after: float, spread: float) -> dict[str, Any]:
    if spread == 0:
        p_value = 1.0 if before == after else 0.0
    else:
        p_value = math.erfc(abs(after - before) / spread / math.sqrt(2))
    return {
        "metric": metric,
        "before": round(before, 4),
        "after": round(after, 4),
        "change": round(after - before, 4),
        "p_value": round(p_value, 6),
    }
