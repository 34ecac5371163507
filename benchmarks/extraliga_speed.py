"""How long Extraliga All-Stars' exact match odds take, with and without bonuses.

The baseline is the exact odds without bonuses (fractions, binomial), for
the same strengths, in the same run. Each case with bonuses starts from an
empty cache. The largest case of issue 12 (six dice against six, all six
bonuses on each side) is run with the search's limit, to show where it
stops.

Then the check the issue asks for: for each case the search solves, and for
a virtual opponent, 10^6 matches played with dice and the search's own
moves (`match_play`) must agree with the exact odds within 3 standard
errors; the run exits 1 if one does not.

Last, whole 4-player seasons on one process, greedy bots against the same
seasons played by random bots (the baseline: the season loop and dice
without the lineup searches).

    python benchmarks/extraliga_speed.py
"""

from __future__ import annotations

import math
import sys
import time

from generator.games.extraliga_all_stars import bonus_phase
from generator.games.extraliga_all_stars.bonus_phase import (
    Bonuses,
    SearchTooLarge,
    Side,
    bonus_odds,
)
from generator.games.extraliga_all_stars.match import match_odds
from generator.games.extraliga_all_stars.match_play import sampled_odds
from generator.games.extraliga_all_stars.simulation import play
from generator.packs.find import load_pack
from generator.paths import PROJECT_ROOT

DATA_DIR = PROJECT_ROOT / "data"

SEASONS = 40

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

MATCHES = 1_000_000
SAMPLED = [
    ("5 v 4, no bonuses", Side(5, 3), Side(4, 4)),
    ("4 v virtual 3, +1 re-roll -1", Side(4, 5, Bonuses(1, 1, 1, 0)), Side(3, 3)),
    *[case for case in CASES if case[0].startswith(("6 v 6, +1", "2 v 2", "3 v 3, one re"))],
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
    _seasons()
    agreed = [_sampled(*case) for case in SAMPLED]  # every case, even after a disagreement
    if not all(agreed):
        sys.exit(1)


def _seasons() -> None:
    """Whole 4-player seasons per second, greedy bots against random bots."""
    deck = load_pack(DATA_DIR / "extraliga-all-stars").model
    rates = {}
    for bot in ("random", "greedy"):
        start = time.perf_counter()
        for seed in range(SEASONS):
            play(deck, (bot,) * 4, seed)
        rates[bot] = SEASONS / (time.perf_counter() - start)
    print(
        f"4-player seasons on one process: random bots (baseline) {rates['random']:.1f}/s, "
        f"greedy bots {rates['greedy']:.1f}/s ({rates['random'] / rates['greedy']:.1f}x slower)"
    )


def _sampled(name: str, first: Side, second: Side) -> bool:
    """Whether MATCHES played matches agree with the exact odds within 3 standard errors."""
    exact = bonus_odds(first, second)
    start = time.perf_counter()
    sampled = sampled_odds(first, second, MATCHES, seed=2026)
    seconds = time.perf_counter() - start
    errors = [
        (s - p) / math.sqrt(p * (1 - p) / MATCHES) if 0 < p < 1 else (0.0 if s == p else math.inf)
        for s, p in zip(sampled, exact, strict=True)
    ]
    agree = all(abs(z) <= 3 for z in errors)
    shown = "  ".join(
        f"{what} {p:.5f}/{s:.5f} ({z:+.2f} SE)"
        for what, p, s, z in zip(("win", "tie", "loss"), exact, sampled, errors, strict=True)
    )
    print(
        f"{name:32s} exact/sampled over {MATCHES:,} matches: {shown}  "
        f"[{'agree' if agree else 'DISAGREE'}, {seconds:.1f} s]"
    )
    return agree


if __name__ == "__main__":
    main()
