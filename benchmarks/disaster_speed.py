"""How fast Disaster Draft resolves battles and plays whole games, on one process.

1. The compiled kernels' first use with an empty cache (their compile time),
   then with the cache they left.
2. Battles: 20,000 battles of 2 to 4 armies of 1 to 3 units drawn from the
   stand-in deck, with a reward, resolved by the kernel with every effect
   and the winner, and the graveyard chain after. The baseline, in the same
   run, is the plainest loop over the same battles: each army's base
   strengths summed and the largest total taken.
3. Games: whole 4-player games by random bots (the baseline: no battle is
   weighed) and by greedy bots (target: 300 a second), the best
   of three runs each.

    python benchmarks/disaster_speed.py
"""

from __future__ import annotations

import time
from pathlib import Path
from random import Random

from playing import table
from process_timing import compile_seconds

from generator.games.disaster_draft.battle import graveyard_chain, resolve, strongest_pick
from generator.games.disaster_draft.model import Deck, Unit
from generator.play.simulation import play_game
from generator.services.find import load_pack

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

BATTLES = 20_000
GAMES = 200
FIRST_GAME = f"""
import sys, time
sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
from playing import table
from generator.play.simulation import play_game
seated = table("disaster-draft", ["greedy"] * 4)
start = time.perf_counter()
play_game(seated, 1)
print(time.perf_counter() - start)
"""


def main() -> None:
    """Measure and print."""
    cold, warm = compile_seconds(FIRST_GAME)
    print(
        f"first greedy game in a new process: {cold:.1f} s with an empty cache (compiling the "
        f"kernels), {warm:.2f} s with the cache"
    )
    deck: Deck = load_pack(DATA_DIR / "disaster-draft").model
    battles = _battles(list(deck.units.values()), BATTLES)
    condition, table = deck.rules.win_condition, deck.table

    start = time.perf_counter()
    for armies, _ in battles:
        totals = [sum(u.strength for u in army) for army in armies]
        max(range(len(totals)), key=totals.__getitem__)
    baseline = time.perf_counter() - start

    start = time.perf_counter()
    for armies, reward in battles:
        outcome = resolve(armies, reward, condition, table=table)
        graveyard_chain(outcome, strongest_pick(outcome))
    engine = time.perf_counter() - start
    print(
        f"{BATTLES:,} battles on one process: {BATTLES / engine:,.0f} per second "
        f"(plain sum of strengths, the baseline: {BATTLES / baseline:,.0f} per second; "
        f"{engine / baseline:.1f}x its time)"
    )
    rates = {bots: _games_per_second(deck, bots) for bots in ("random", "greedy")}
    print(
        f"4-player games on one process, best of 3 runs of {GAMES}: random bots (the "
        f"baseline) {rates['random']:.1f} per second, greedy bots {rates['greedy']:.1f} per "
        f"second ({rates['random'] / rates['greedy']:.1f}x the baseline's time; target: "
        "300 per second)"
    )


def _games_per_second(deck: Deck, bots: str) -> float:
    seated = table("disaster-draft", [bots] * 4)
    play_game(seated, 0)  # warm up
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        for seed in range(GAMES):
            play_game(seated, seed)
        best = max(best, GAMES / (time.perf_counter() - start))
    return best


def _battles(units: list[Unit], count: int) -> list[tuple[list[list[Unit]], Unit]]:
    rng = Random(2026)
    found = []
    for _ in range(count):
        players = rng.randint(2, 4)
        drawn = rng.sample(units, players * 3 + 1)
        armies = [drawn[3 * p : 3 * p + rng.randint(1, 3)] for p in range(players)]
        found.append((armies, drawn[-1]))
    return found


if __name__ == "__main__":
    main()
