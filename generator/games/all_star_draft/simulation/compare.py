"""What changed between two balance reports of the same games on two data sets.

Rates are compared with a two-proportion z-test, means with Welch's z (the
normal approximation, sound for the hundreds of games a report holds). The
games share their seeds, so the deals match as far as the data allows;
treating the two runs as independent only makes the tests more cautious.

A report compares dozens of figures, so some would pass p < 0.05 by chance
alone; a change is called significant when its Benjamini-Hochberg q-value
(the false discovery rate of calling it and every smaller p significant) is
below 0.05.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

SIGNIFICANT = 0.05
"""q-value below which a change is reported as significant."""


def compare_reports(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """Every comparable figure of the two reports, most significant change first."""
    changes = [
        _rate_change(name, a, b)
        for name, a, b in _pairs(before, after, _RATES)
        if a["of"] and b["of"]
    ] + [_mean_change(name, a, b) for name, a, b in _pairs(before, after, _MEANS) if a and b]
    changes.sort(key=lambda c: (c["p_value"], c["metric"]))
    for change, q_value in zip(changes, _q_values([c["p_value"] for c in changes]), strict=True):
        change["q_value"] = round(q_value, 6)
        change["significant"] = q_value < SIGNIFICANT
    return changes


def _q_values(p_values: list[float]) -> list[float]:
    """Benjamini-Hochberg q-values of p-values sorted ascending."""
    count = len(p_values)
    q_values = [0.0] * count
    lowest = 1.0
    for index in range(count - 1, -1, -1):
        lowest = min(lowest, p_values[index] * count / (index + 1))
        q_values[index] = lowest
    return q_values


_RATES = (
    ("win rate of bot {}", lambda r: r["win_rate_by_bot"]),
    ("win rate of seat {}", lambda r: {str(s["seat"]): s for s in r["win_rate_by_seat"]}),
    ("special met in {}", lambda r: {k: v["special_met"] for k, v in r["arenas"].items()}),
    ("first pick of a round: {}", lambda r: {k: v["first_pick"] for k, v in r["species"].items()}),
    (
        "win rate with main species {}",
        lambda r: {k: v["win_rate_as_main_species"] for k, v in r["species"].items()},
    ),
)
_MEANS = (
    ("fans per team in {}", lambda r: {k: v["fans"] for k, v in r["arenas"].items()}),
    ("{} fans per manager", lambda r: r["fans_per_manager"]),
)


def _pairs(
    before: dict[str, Any], after: dict[str, Any], metrics: tuple[tuple[str, Any], ...]
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
