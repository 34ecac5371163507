"""Disaster Draft's bots: random, and greedy by expected battle outcome.

`greedy` sends the army that wins most often against armies guessed from
the units it does not hold (a few sampled armies, the same for every
choice it weighs), among the armies strongest on their own; among equal
chances it sends fewer units, to draw more. The whole choice is one call
of the compiled `battle_kernels.best_army`, which plays the same battles
as `rules battle`. It drafts and keeps the units strongest on their own,
and sends the strongest enemy unit to the graveyard. `random` does
everything at random.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

import numpy as np

from generator.games.disaster_draft import battle_kernels as kernels
from generator.games.disaster_draft.battle import CONDITIONS, Outcome, Place, strongest_pick
from generator.games.disaster_draft.battle_kernels import Army, Guesses
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

    def draft(self, options: Sequence[Unit], hand: Sequence[Unit], view: Table) -> int:
        return self.rng.randrange(len(options))

    def army(self, hand: Sequence[Unit], reward: Unit | None, view: Table) -> list[int]:
        size = self.rng.randint(1, min(3, len(hand)))
        return self.rng.sample(range(len(hand)), size)

    def discard(self, hand: Sequence[Unit], count: int, view: Table) -> list[int]:
        return self.rng.sample(range(len(hand)), count)

    def chain(self, options: Sequence[Place], outcome: Outcome) -> Place:
        return options[self.rng.randrange(len(options))]


class GreedyBot(RandomBot):
    """The army with the best chance against guessed opponents."""

    def draft(self, options: Sequence[Unit], hand: Sequence[Unit], view: Table) -> int:
        alone = view.deck.table.alone
        return max(range(len(options)), key=lambda i: alone[view.deck.table.of(options[i])])

    def discard(self, hand: Sequence[Unit], count: int, view: Table) -> list[int]:
        table = view.deck.table
        return sorted(range(len(hand)), key=lambda i: table.alone[table.of(hand[i])])[:count]

    def chain(self, options: Sequence[Place], outcome: Outcome) -> Place:
        return strongest_pick(outcome)(0, options)

    def army(self, hand: Sequence[Unit], reward: Unit | None, view: Table) -> list[int]:
        table = view.deck.table
        chosen = np.zeros(3, np.int64)
        army = Army(
            -1 if reward is None else table.of(reward),
            CONDITIONS[view.deck.rules.win_condition],
            view.seat,
            view.players,
        )
        guessing = Guesses(self.rng.getrandbits(63), SHORTLIST, SAMPLES)
        count = kernels.best_army(
            table.unit_rows,
            table.effect_rows,
            table.solo_memo,
            np.array(table.numbers(hand), np.int64),
            tuple(army),  # plain tuples: numba unboxes them faster than named ones
            tuple(guessing),
            chosen,
        )
        return [int(i) for i in chosen[:count]]
