"""What changed between two All-Star Draft balance reports of the same games.

The figures compared are listed here; the tests and the false-discovery
control are `generator.balance.compare_reports`.
"""

from __future__ import annotations

from typing import Any

from generator import balance


def compare_reports(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """Every comparable figure of the two reports, most significant change first."""
    return balance.compare_reports(before, after, _RATES, _MEANS)


_RATES: tuple[balance.Metric, ...] = (
    ("win rate of bot {}", lambda r: r["win_rate_by_bot"]),
    ("win rate of seat {}", lambda r: {str(s["seat"]): s for s in r["win_rate_by_seat"]}),
    ("special met in {}", lambda r: {k: v["special_met"] for k, v in r["arenas"].items()}),
    ("first pick of a round: {}", lambda r: {k: v["first_pick"] for k, v in r["species"].items()}),
    (
        "win rate with main species {}",
        lambda r: {k: v["win_rate_as_main_species"] for k, v in r["species"].items()},
    ),
)
_MEANS: tuple[balance.Metric, ...] = (
    ("fans per team in {}", lambda r: {k: v["fans"] for k, v in r["arenas"].items()}),
    ("{} fans per manager", lambda r: r["fans_per_manager"]),
)

METRICS = (_RATES, _MEANS)
"""The rates and the means compared."""
