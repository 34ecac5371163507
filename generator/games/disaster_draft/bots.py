"""Disaster Draft's bots: random, and greedy by expected battle outcome.

`greedy` sends the army that wins most often against armies guessed from
the units it does not hold (a few sampled armies, the same for every
choice it weighs), among the armies strongest on their own; among equal
chances it sends fewer units, to draw more. It drafts and keeps the units
strongest on their own, and sends the strongest enemy unit to the
graveyard. `random` does everything at random.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from random import Random

from generator.games.disaster_draft.battle import Outcome, Place, resolve, strongest_pick
from generator.games.disaster_draft.game import Table
from generator.games.disaster_draft.model import Unit

SHORTLIST = 12
"""Armies weighed against guessed opponents: the strongest on their own."""
SAMPLES = 8
"""Guessed armies per opponent for each choice."""


class RandomBot:
    """Every choice at random."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def draft(self, options: Sequence[Unit], hand: Sequence[Unit]) -> int:
        return self.rng.randrange(len(options))

    def army(self, hand: Sequence[Unit], reward: Unit | None, view: Table) -> list[int]:
        size = self.rng.randint(1, min(3, len(hand)))
        return self.rng.sample(range(len(hand)), size)

    def discard(self, hand: Sequence[Unit], count: int) -> list[int]:
        return self.rng.sample(range(len(hand)), count)

    def chain(self, options: Sequence[Place], outcome: Outcome) -> Place:
        return options[self.rng.randrange(len(options))]


class GreedyBot(RandomBot):
    """The army with the best chance against guessed opponents."""

    def draft(self, options: Sequence[Unit], hand: Sequence[Unit]) -> int:
        return max(range(len(options)), key=lambda i: alone(options[i]))

    def discard(self, hand: Sequence[Unit], count: int) -> list[int]:
        return sorted(range(len(hand)), key=lambda i: alone(hand[i]))[:count]

    def chain(self, options: Sequence[Place], outcome: Outcome) -> Place:
        return strongest_pick(outcome)(0, options)

    def army(self, hand: Sequence[Unit], reward: Unit | None, view: Table) -> list[int]:
        candidates: list[tuple[int, ...]] = [
            indices
            for size in range(1, min(3, len(hand)) + 1)
            for indices in combinations(range(len(hand)), size)
        ]
        if len(candidates) > SHORTLIST:
            solo = {c: _total([hand[i] for i in c], reward) for c in candidates}
            candidates = sorted(candidates, key=lambda c: -solo[c])[:SHORTLIST]
        mine = {u.id for u in hand}
        unknown = [
            u for u in view.units if u.id not in mine and (reward is None or u.id != reward.id)
        ]
        guesses = [
            [self.rng.sample(unknown, self.rng.randint(1, 3)) for _ in range(view.players - 1)]
            for _ in range(SAMPLES)
        ]
        condition = view.deck.rules.win_condition

        def chance(indices: tuple[int, ...]) -> tuple[int, int]:
            army = [hand[i] for i in indices]
            wins = 0
            for others in guesses:
                armies = [*others[: view.seat], army, *others[view.seat :]]
                wins += resolve(armies, reward, condition).winner == view.seat
            return wins, -len(indices)

        best: tuple[int, ...] = max(candidates, key=chance)
        return list(best)


def alone(unit: Unit) -> int:
    """A unit's total when sent alone against nobody (its own effects included)."""
    return _total([unit], None)


def _total(army: list[Unit], reward: Unit | None) -> int:
    return resolve([army, []], reward).totals[0]


BOTS = {"random": RandomBot, "greedy": GreedyBot}
"""The bots `draftdeck simulate` offers, by name."""
