"""How long Extraliga All-Stars' exact match odds with bonuses take, and whole seasons.

1. The compiled kernel's first call in a fresh cache (its compile time), then
   cached.
2. The baseline, in the same run: the exact odds without bonuses (fractions).
3. Cases with bonuses, each solved from nothing (tables are per match).
4. The worst match with at most 5 dice and 4 usable bonuses a side: every
   such match is weighed by its number of positions, and the 40 largest
   are solved (target: under 1 s).
5. 6 dice against 6, all six bonuses each side, the largest legal match
   (target: under 0.5 s).
6. Large legal matches answered as `rules match --bonuses` answers them (its
   answer function, in this process), always exactly (target: under 0.5 s),
   then its peak memory (traced while it ran again, once a small match took its place
   as the last match solved, which an answer keeps; tracing slows it down).
7. For each case the search solves, 10^6 matches played with dice and the
   search's own moves must agree with the exact odds within 3 standard
   errors; the run exits 1 if one does not (skip with --quick).
8. Whole 4-player seasons on one process, greedy bots against random bots.

    python benchmarks/extraliga_speed.py [--quick]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from itertools import product
from pathlib import Path

from playing import table
from process_timing import compile_seconds

from generator.games.extraliga_all_stars.answers import bonus_answer
from generator.games.extraliga_all_stars.bonus_phase import Bonuses, Side, bonus_odds, positions
from generator.games.extraliga_all_stars.match import match_odds
from generator.games.extraliga_all_stars.match_play import sampled_odds
from generator.play.simulation import play_game

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
SEASONS = 200

CASES = [
    ("6 v 6, +1 against -1", Side(6, 4, Bonuses(plus=1)), Side(6, 4, Bonuses(minus=1))),
    ("2 v 2, +1 and -1 each", Side(2, 4, Bonuses(1, 0, 1, 0)), Side(2, 4, Bonuses(1, 0, 1, 0))),
    ("3 v 3, one re-roll each", Side(3, 4, Bonuses(reroll=1)), Side(3, 4, Bonuses(reroll=1))),
    ("3 v 3, one of each kind each", Side(3, 4, Bonuses(1, 1, 1, 1)), Side(3, 4, Bonuses(1, 1, 1, 1))),
    ("5 v 5, one of each kind each", Side(5, 4, Bonuses(1, 1, 1, 1)), Side(5, 4, Bonuses(1, 1, 1, 1))),
]  # fmt: skip
LARGEST = ("6 v 6, all six bonuses each", Side(6, 4, Bonuses(2, 1, 2, 1)), Side(6, 4, Bonuses(2, 1, 2, 1)))  # fmt: skip

MATCHES = 1_000_000
SAMPLED = [
    ("5 v 4, no bonuses", Side(5, 3), Side(4, 4)),
    ("4 v virtual 3, +1 re-roll -1", Side(4, 5, Bonuses(1, 1, 1, 0)), Side(3, 3)),
    *CASES[:3],
]

FIRST_SEASON = f"""
import sys, time
sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
from playing import table
from generator.play.simulation import play_game
seated = table("extraliga-all-stars", ["greedy"] * 4)
start = time.perf_counter()
play_game(seated, 1)
print(time.perf_counter() - start)
"""
COMPILE = """
import time
from generator.games.extraliga_all_stars.bonus_phase import Bonuses, Side, bonus_odds
start = time.perf_counter()
bonus_odds(Side(1, 0, Bonuses(reroll=1)), Side(0, 4))
print(time.perf_counter() - start)
"""


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="leave out the 10^6-match checks")
    quick = parser.parse_args().quick
    _compile_time()
    bonus_odds(Side(1, 0, Bonuses(reroll=1)), Side(0, 4))  # load the kernel in this process
    start = time.perf_counter()
    for a in range(7):
        for b in range(7):
            match_odds(a, b, 6 - a, 6 - b)
    plain = (time.perf_counter() - start) / 49
    print(f"baseline, exact odds without bonuses: {plain * 1000:.3f} ms a question (49 questions)")
    for name, first, second in [*CASES, LARGEST]:
        start = time.perf_counter()
        bonus_odds(first, second)
        seconds = time.perf_counter() - start
        print(
            f"{name:32s} {seconds * 1000:9.1f} ms  ({seconds / plain:9.0f}x baseline, "
            f"{positions(first, second):,} positions) solved exactly"
        )
    _worst_small(plain)
    _any_match()
    _seasons()
    if quick:
        return
    agreed = [_sampled(*case) for case in SAMPLED]  # every case, even after a disagreement
    if not all(agreed):
        sys.exit(1)


def _compile_time() -> None:
    """The kernels' first use in a new process with an empty cache, then with the cache."""
    cold, warm = compile_seconds(COMPILE)
    print(
        f"first call of the bonus kernel: {cold:.2f} s with an empty cache (compiling), "
        f"{warm * 1000:.0f} ms with the cache"
    )
    cold, warm = compile_seconds(FIRST_SEASON)
    print(
        f"first greedy season: {cold:.1f} s with an empty cache (compiling the lineup "
        f"kernels), {warm:.2f} s with the cache"
    )


def _worst_small(plain: float) -> None:
    """The slowest of the largest matches of at most 5 dice and 4 usable bonuses a side."""
    kinds = [b for b in product(range(5), repeat=4) if sum(b) <= 4]
    sides = [(d, line, b) for d in range(6) for line in range(1, 7) for b in kinds]
    by_size: dict[tuple[int, ...], tuple[int, Side, Side]] = {}
    for dice_a, line_a, bonus_a in sides:
        for dice_b, line_b, bonus_b in sides:
            if dice_a < 5 or dice_b < 5:
                continue  # fewer dice are smaller in every other respect
            first = Side(dice_a, line_b, Bonuses(*bonus_a))
            second = Side(dice_b, line_a, Bonuses(*bonus_b))
            key = (dice_a, dice_b, line_a, line_b, *bonus_a, *bonus_b)
            by_size[key] = (positions(first, second), first, second)
    largest = sorted(by_size.values(), key=lambda c: -c[0])[:40]
    worst = (0.0, 0, largest[0][1], largest[0][2])
    for size, first, second in largest:
        start = time.perf_counter()
        bonus_odds(first, second)
        seconds = time.perf_counter() - start
        worst = max(worst, (seconds, size, first, second), key=lambda w: w[0])
    seconds, size, first, second = worst
    print(
        f"worst of {len(by_size):,} matches of 5 dice and at most 4 bonuses a side "
        f"(the 40 largest solved): {seconds * 1000:.0f} ms ({seconds / plain:,.0f}x baseline, "
        f"{size:,} positions: {first} against {second})"
    )


def _any_match() -> None:
    """`rules match --bonuses` (best play, exact) for large legal matches."""
    cases = [
        LARGEST,
        ("6 v 6, 2 2 1 1 against 1 1 2 2", Side(6, 4, Bonuses(2, 2, 1, 1)), Side(6, 4, Bonuses(1, 1, 2, 2))),
        ("6 v 6, 3 3 0 0 against 0 0 3 3", Side(6, 3, Bonuses(3, 3, 0, 0)), Side(6, 3, Bonuses(0, 0, 3, 3))),
        ("6 v 5, 2 1 2 1 against 1 1 1 1", Side(6, 4, Bonuses(2, 1, 2, 1)), Side(5, 4, Bonuses(1, 1, 1, 1))),
    ]  # fmt: skip
    import tracemalloc

    small = Side(1, 4, Bonuses(1, 0, 0, 0)), Side(1, 4, Bonuses(0, 0, 1, 0))
    for name, first, second in cases:
        start = time.perf_counter()
        answer = bonus_answer(first, second)
        seconds = time.perf_counter() - start
        bonus_answer(*small)
        tracemalloc.start()
        bonus_answer(first, second)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(
            f"rules match --bonuses, {name}: {seconds:.2f} s ({answer['method']}; target 0.5 s), "
            f"peak {peak / 2**20:,.0f} MiB allocated"
        )


def _seasons() -> None:
    """Whole 4-player seasons per second, greedy bots against random bots (best of 3 runs)."""
    rates = {}
    for bot in ("random", "greedy"):
        seated = table("extraliga-all-stars", [bot] * 4)
        play_game(seated, 0)  # warm up
        best = 0.0
        for _ in range(3):
            start = time.perf_counter()
            for seed in range(SEASONS):
                play_game(seated, seed)
            best = max(best, SEASONS / (time.perf_counter() - start))
        rates[bot] = best
    print(
        f"4-player seasons on one process, best of 3 runs of {SEASONS}: random bots (the "
        f"baseline) {rates['random']:.1f}/s, greedy bots {rates['greedy']:.1f}/s "
        f"({rates['random'] / rates['greedy']:.1f}x the baseline's time; target: 300/s)"
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
