"""How fast Disaster Draft resolves battles and plays whole games, on one process.

Battles: 20,000 battles of 2 to 4 armies of 1 to 3 units drawn from the
stand-in deck, with a reward, resolved with every effect, the winner and
the graveyard chain. The baseline, in the same run, is the plainest loop
over the same battles: each army's base strengths summed and the largest
total taken. Games: whole 4-player games by random and by greedy bots.

    python benchmarks/disaster_speed.py
"""

from __future__ import annotations

import time
from random import Random

from generator.games.disaster_draft.battle import graveyard_chain, resolve, strongest_pick
from generator.games.disaster_draft.model import Unit
from generator.games.disaster_draft.simulation import play
from generator.packs.find import load_pack
from generator.paths import PROJECT_ROOT

DATA_DIR = PROJECT_ROOT / "data"

BATTLES = 20_000
GAMES = 20


def main() -> None:
    deck = load_pack(DATA_DIR / "disaster-draft").model
    battles = _battles(list(deck.units.values()), BATTLES)
    condition = deck.rules.win_condition

    start = time.perf_counter()
    for armies, _ in battles:
        totals = [sum(u.strength for u in army) for army in armies]
        max(range(len(totals)), key=totals.__getitem__)
    baseline = time.perf_counter() - start

    start = time.perf_counter()
    for armies, reward in battles:
        outcome = resolve(armies, reward, condition)
        graveyard_chain(outcome, strongest_pick(outcome))
    engine = time.perf_counter() - start
    print(
        f"{BATTLES:,} battles on one process: {BATTLES / engine:,.0f} per second "
        f"(plain sum of strengths, the baseline: {BATTLES / baseline:,.0f} per second; "
        f"{engine / baseline:.1f}x its time)"
    )
    for bots in ("random", "greedy"):
        start = time.perf_counter()
        for seed in range(GAMES):
            play(deck, (bots,) * 4, seed)
        seconds = time.perf_counter() - start
        print(f"4-player games with {bots} bots: {GAMES / seconds:.1f} per second")


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
