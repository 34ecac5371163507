"""How long Extraliga All-Stars' exact match odds take, with and without bonuses.

The baseline is the exact odds without bonuses (fractions, binomial), for
the same strengths, in the same run. Each case with bonuses starts from an
empty cache. The largest case of issue 12 (six dice against six, all six
bonuses on each side) is run with the search's limit, to show where it
stops.

    python benchmarks/extraliga_speed.py
"""

from __future__ import annotations

import time

from generator.games.extraliga_all_stars import bonus_phase
from generator.games.extraliga_all_stars.bonus_phase import (
    Bonuses,
    SearchTooLarge,
    Side,
    bonus_odds,
)
from generator.games.extraliga_all_stars.match import match_odds

CASES = [
    ("6 v 6, +1 against -1", Side(6, 4, Bonuses(plus=1)), Side(6, 4, Bonuses(minus=1))),
    ("2 v 2, +1 and -1 each", Side(2, 4, Bonuses(1, 0, 1, 0)), Side(2, 4, Bonuses(1, 0, 1, 0))),
    ("3 v 3, one re-roll each", Side(3, 4, Bonuses(reroll=1)), Side(3, 4, Bonuses(reroll=1))),
    (
        "3 v 3, one of each kind each",
        Side(3, 4, Bonuses(1, 1, 1, 1)),
        Side(3, 4, Bonuses(1, 1, 1, 1)),
    ),
    (
        "6 v 6, all six bonuses each",
        Side(6, 4, Bonuses(2, 1, 2, 1)),
        Side(6, 4, Bonuses(2, 1, 2, 1)),
    ),
]


def main() -> None:
    """Measure and print."""
    start = time.perf_counter()
    for a in range(7):
        for b in range(7):
            match_odds(a, b, 6 - a, 6 - b)
    plain = (time.perf_counter() - start) / 49
    print(f"baseline, exact odds without bonuses: {plain * 1000:.3f} ms a question (49 questions)")
    for name, first, second in CASES:
        bonus_phase._solve.cache_clear()
        start = time.perf_counter()
        try:
            bonus_odds(first, second)
            outcome = "solved"
        except SearchTooLarge:
            outcome = f"stopped at the limit of {bonus_phase.MAX_STATES:,} positions"
        seconds = time.perf_counter() - start
        states = bonus_phase._solve.cache_info().currsize
        print(
            f"{name:32s} {seconds * 1000:9.1f} ms  ({seconds / plain:9.0f}x baseline, "
            f"{states:,} positions) {outcome}"
        )


if __name__ == "__main__":
    main()
