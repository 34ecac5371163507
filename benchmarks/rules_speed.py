"""Speed of the rules engine.

Prints, for a fixed seeded sample of 100,000 teams of five:
- team evaluations per second of the engine's `evaluate` (no arena special)
  and of its comparison key alone, each as a ratio to a naive reference
  counter written below and run in the same process;
- the median time of `best_team` on 18-card benches.

Targets: at least 300,000 evaluations per second; best-team under 2 ms.

    python benchmarks/rules_speed.py
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from generator.games.all_star_draft.model import Attribute, Game
from generator.games.all_star_draft.queries import load
from generator.games.all_star_draft.rules import best_team, evaluate, rule_book
from generator.games.all_star_draft.rules.book import RuleBook
from generator.games.all_star_draft.rules.strength import shown_key, team_code

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

TEAMS = 100_000
BENCHES = 500
PLAYERS = 4


def naive_key(game: Game, cards: Sequence[int], players: int) -> tuple[int, int, int]:
    """Reference: count every attribute value with a Counter, take the best group."""
    medals = game.priorities[players]
    strength: dict[Attribute, Mapping[Any, int]] = {
        Attribute.SYMBOL: {s.id: s.strength for s in game.symbols},
        Attribute.NUMBER: game.number_strength,
        Attribute.SPECIES: {s.id: s.strength for s in game.species},
    }
    best = (0, 0, 0)
    for attribute in Attribute:
        counts = Counter(game.cards[c].value(attribute) for c in cards)
        for value, size in counts.items():
            if value is not None:
                best = max(best, (size, 2 - medals.index(attribute), strength[attribute][value]))
    return best


def per_second(run: Callable[[], object], count: int) -> float:
    """Evaluations per second of `run` over `count` teams (best of three)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def main() -> None:
    """Run the measurements and print the figures."""
    game = load(DATA_DIR)
    book: RuleBook = rule_book(game)
    rng = random.Random(2025)
    positions = range(len(game.cards))
    teams = [tuple(rng.sample(positions, 5)) for _ in range(TEAMS)]
    arena = book.arena("polarena-1")

    naive = per_second(lambda: [naive_key(game, t, PLAYERS) for t in teams], TEAMS)
    keys = per_second(lambda: [shown_key(book, team_code(book, t), PLAYERS) for t in teams], TEAMS)
    full = per_second(lambda: [evaluate(book, t, PLAYERS, arena) for t in teams], TEAMS)
    print(f"teams evaluated: {TEAMS} (seeded sample), {PLAYERS} players")
    print(f"naive reference counter: {naive:12,.0f} evaluations/s")
    print(f"engine comparison key:   {keys:12,.0f} evaluations/s  ({keys / naive:.1f}x reference)")
    print(
        f"engine evaluate():       {full:12,.0f} evaluations/s  ({full / naive:.1f}x reference; target >= 300,000/s)"
    )

    ids = [c.id for c in game.cards]
    benches = [rng.sample(ids, 18) for _ in range(BENCHES)]
    times = []
    for bench in benches:
        start = time.perf_counter_ns()
        best_team(book, bench, PLAYERS)
        times.append(time.perf_counter_ns() - start)
    median_ms = statistics.median(times) / 1e6
    print(
        f"best-team, 18-card bench: median {median_ms:.3f} ms over {BENCHES} benches (target < 2 ms)"
    )


if __name__ == "__main__":
    main()
