"""A plain reference for Disaster Draft's greedy army choice, written from the bot's
description alone: every army of the hand valued alone, the strongest shortlisted, each
played against the same guessed armies by the plain battle of tests/battle_reference.py.

The guesses draw from the same splitmix64 numbers as the kernel, so with the same seed both
weigh the same armies against the same guesses; nothing else is shared with the kernel.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from generator.games.disaster_draft.units import Unit, WinCondition
from tests.battle_reference import reference_battle

MASK = (1 << 64) - 1


class SplitMix64:
    """The splitmix64 sequence, on Python integers."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def below(self, n: int) -> int:
        """A number from 0 to n - 1."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return (z ^ (z >> 31)) % n


def reference_army(
    deck: Sequence[Unit],
    hand: Sequence[Unit],
    reward: Unit | None,
    condition: WinCondition,
    seat: int,
    players: int,
    seed: int,
    shortlist: int,
    samples: int,
) -> list[int]:
    """The hand indices of the army the greedy bot sends."""
    armies = [list(c) for size in (1, 2, 3) for c in combinations(range(len(hand)), size)]

    def alone(army: list[int]) -> int:
        return reference_battle([[hand[i] for i in army], []], reward, condition).totals[0]

    values = [alone(a) for a in armies]
    ranked = sorted(range(len(armies)), key=lambda n: -values[n])[:shortlist]  # stable
    unseen = [u for u in deck if u is not reward and all(u is not h for h in hand)]
    numbers = SplitMix64(seed)
    guesses = []
    for _ in range(samples):
        others = []
        for _ in range(players - 1):
            count = min(1 + numbers.below(3), len(unseen))
            for k in range(count):  # a partial shuffle: distinct units
                j = k + numbers.below(len(unseen) - k)
                unseen[k], unseen[j] = unseen[j], unseen[k]
            others.append(unseen[:count])
        guesses.append(others)
    best: tuple[int, int] | None = None  # (wins, -size) of the army chosen
    chosen: list[int] = []
    for n in ranked:
        army = [hand[i] for i in armies[n]]
        wins = 0
        for others in guesses:
            table = [*others[:seat], army, *others[seat:]]
            wins += reference_battle(table, reward, condition).winner == seat
        if best is None or (wins, -len(army)) > best:
            best, chosen = (wins, -len(army)), armies[n]
    return chosen
