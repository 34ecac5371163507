"""Disaster Draft's battle, compiled: the one implementation of rulings D1-D4.

`resolve_into` plays one battle on the compact tables of `tables.py`:
armies are rows of unit numbers (-1 pads a row), the reward a unit number
or -1. Every unit acts once, fastest first, equal speeds in seat order then
in the order laid out (D2); a unit that died before its turn does not act,
but each of its effects acts even if an earlier one killed it (D4); every
strength change is kept within 0 to 20 (D3); the reward never acts. With
`record`, every effect that acts is written to `events` (see EVENT_*).

`best_army` is the greedy bot's choice (bots.py) in one call: it guesses
the other armies from the units it cannot see and weighs its shortlisted
armies against the same guesses, so a choice costs one call, not hundreds.

These loops run once per battle and a hundred times per bot decision: the
pure-Python battle they replace took about 57 microseconds (17,400 battles
a second, the graveyard chain included), a battle in the kernel about 0.3
(docs/decisions.md).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from generator.games.disaster_draft.encoding import (
    AMOUNT,
    ANY_TYPE,
    ARMY,
    AT_LEAST,
    AT_MOST,
    CHANGES_STRENGTH,
    COUNT,
    DRAWS,
    FIRST,
    KIND,
    ONLY,
    SPEED,
    STRENGTH,
    TARGET,
    TO_ALLIES,
    TO_ENEMIES,
    TO_REWARD,
    TO_SELF,
    TYPE,
)
from generator.games.disaster_draft.units import MAX_STRENGTH, MIN_STRENGTH
from generator.plugin_api import kernel

STRONGEST, WEAKEST = 0, 1
"""The win condition's two readings (ruling D1), as the kernels number them."""
EVENT_EFFECT, EVENT_STRENGTH, EVENT_DIED = 0, 1, 2
"""An event row: (what, seat, index, effect number in the unit, target seat, target index,
before, after). EVENT_EFFECT opens an effect that acted (a draw's amount in `before`);
EVENT_STRENGTH and EVENT_DIED follow it, one per target. The reward's seat is -1."""
EVENT_COLUMNS = 8
NO_REWARD: Any = np.int64(-1)
NO_CONDITION: Any = np.int64(STRONGEST)
NOT_RECORDED: Any = np.bool_(False)
"""Arguments kernels pass each other as numpy scalars: a plain constant would make numba
compile the callee once more, for that constant alone."""


class Battle(NamedTuple):
    """What a battle is written into, allocated once for many battles."""

    strengths: Any
    """Each unit's strength at the end, by seat and place."""
    alive: Any
    """1 for each unit alive at the end."""
    draws: Any
    """Cards each seat's effects make it draw."""
    totals: Any
    """Each seat's total at the end."""
    prize: Any
    """The reward's strength at the end (0 when there is none or it died), and 1 if alive."""
    events: Any
    """What acted, when recorded (see EVENT_*); one row otherwise."""
    work: Any
    """Scratch space: four rows of at least 3 * players + 1 numbers (`scratch`)."""


Plain = tuple[Any, ...]
"""A named tuple (`Army`, `Guesses`) passed as a plain tuple."""


class Army(NamedTuple):
    """Whom an army is chosen for: the battle's reward (-1: none), the win condition's
    reading, the chooser's seat and how many seats fight. `best_army` takes it, and
    `Guesses`, as plain tuples in this order: numba unboxes a plain tuple from Python in a
    third of the time of a named one."""

    reward: int
    condition: int
    seat: int
    players: int


class Guesses(NamedTuple):
    """How the other armies are guessed: the seed of their random numbers (splitmix64), how
    many armies strongest alone are weighed, and how many guesses each is weighed against."""

    seed: int
    shortlist: int
    samples: int


@kernel
def battle_space(players: int, events: int) -> Battle:
    """A Battle's arrays for this many players and rows of events."""
    return Battle(
        np.zeros((players, 3), np.int64),
        np.zeros((players, 3), np.int64),
        np.zeros(players, np.int64),
        np.zeros(players, np.int64),
        np.zeros(2, np.int64),
        np.zeros((events, EVENT_COLUMNS), np.int64),
        scratch(players),
    )


@kernel
def winner_of(totals: Any, players: int, reward: int, condition: int) -> int:
    """The seat that wins (ruling D1), or -1.

    STRONGEST: the total must exceed the reward plus each other army's total.
    WEAKEST: a total above the reward plus at least one other army's total
    qualifies; the highest qualifying total wins, equal highest win nothing.
    """
    if condition == STRONGEST:
        for seat in range(players):
            beats_all = True
            for other in range(players):
                if other != seat and totals[seat] <= reward + totals[other]:
                    beats_all = False
                    break
            if beats_all:
                return seat
        return -1
    best, top = -1, 0
    for seat in range(players):
        qualified = False
        for other in range(players):
            if other != seat and totals[seat] > reward + totals[other]:
                qualified = True
                break
        if not qualified:
            continue
        if best < 0 or totals[seat] > totals[best]:
            best, top = seat, 1
        elif totals[seat] == totals[best]:
            top += 1
    return best if top == 1 else -1


@kernel
def resolve_into(  # noqa: PLR0915 - one battle is one loop
    units: Any,
    effects: Any,
    armies: Any,
    sizes: Any,
    reward: int,
    condition: int,
    out: Battle,
    record: bool,
) -> tuple[int, int]:
    """Resolve one battle of `armies` (unit numbers by seat, `sizes` of each) for the unit
    `reward` (-1: none) into `out`; returns (winner or -1, events written)."""
    strengths, alive, draws, totals, prize, events, work = out
    players = sizes.shape[0]
    places = 0
    for seat in range(players):
        draws[seat] = 0
        for j in range(sizes[seat]):
            strengths[seat, j] = units[armies[seat, j], STRENGTH]
            alive[seat, j] = 1
            places += 1
    reward_strength = units[reward, STRENGTH] if reward >= 0 else 0
    reward_alive = reward >= 0
    # Fastest first; insertion keeps equal speeds in seat order, then army order (D2).
    order_seat, order_index = work[0], work[1]
    count = 0
    for seat in range(players):
        for j in range(sizes[seat]):
            speed = units[armies[seat, j], SPEED]
            at = count
            while at > 0 and units[armies[order_seat[at - 1], order_index[at - 1]], SPEED] < speed:
                order_seat[at] = order_seat[at - 1]
                order_index[at] = order_index[at - 1]
                at -= 1
            order_seat[at] = seat
            order_index[at] = j
            count += 1
    target_seat, target_index = work[2], work[3]
    written = 0
    for o in range(count):
        seat, index = order_seat[o], order_index[o]
        if not alive[seat, index]:
            continue
        unit = armies[seat, index]
        first = units[unit, FIRST]
        for e in range(first, first + units[unit, COUNT]):
            if effects[e, ARMY] != 0 and effects[e, ARMY] != sizes[seat]:
                continue
            kind, target, amount = effects[e, KIND], effects[e, TARGET], effects[e, AMOUNT]
            if record:
                events[written, 0] = EVENT_EFFECT
                events[written, 1] = seat
                events[written, 2] = index
                events[written, 3] = e - first
                events[written, 6] = amount if kind == DRAWS else 0
                written += 1
            if kind == DRAWS:
                draws[seat] += amount
                continue
            found = 0
            if target == TO_SELF:
                target_seat[0], target_index[0] = seat, index
                found = 1
            elif target == TO_ALLIES:
                for j in range(sizes[seat]):
                    if j != index and alive[seat, j]:
                        target_seat[found], target_index[found] = seat, j
                        found += 1
            elif target == TO_ENEMIES:
                for other in range(players):
                    if other == seat:
                        continue
                    for j in range(sizes[other]):
                        if alive[other, j]:
                            target_seat[found], target_index[found] = other, j
                            found += 1
            if target in (TO_ENEMIES, TO_REWARD) and reward_alive:
                target_seat[found], target_index[found] = -1, 0
                found += 1
            only, at_most, at_least = effects[e, ONLY], effects[e, AT_MOST], effects[e, AT_LEAST]
            kept = 0
            for k in range(found):
                ts, tj = target_seat[k], target_index[k]
                if ts < 0:
                    hit, value = reward, reward_strength
                else:
                    hit, value = armies[ts, tj], strengths[ts, tj]
                if only != ANY_TYPE and units[hit, TYPE] != only:
                    continue
                if value > at_most or value < at_least:
                    continue
                target_seat[kept], target_index[kept] = ts, tj
                kept += 1
            for k in range(kept):
                ts, tj = target_seat[k], target_index[k]
                if kind == CHANGES_STRENGTH:
                    before = reward_strength if ts < 0 else strengths[ts, tj]
                    after = min(MAX_STRENGTH, max(MIN_STRENGTH, before + amount))
                    if ts < 0:
                        reward_strength = after
                    else:
                        strengths[ts, tj] = after
                    if not record or after == before:
                        continue
                    events[written, 0] = EVENT_STRENGTH
                    events[written, 6] = before
                    events[written, 7] = after
                else:
                    if ts < 0:
                        reward_alive = False
                    else:
                        alive[ts, tj] = 0
                    if not record:
                        continue
                    events[written, 0] = EVENT_DIED
                events[written, 1] = seat
                events[written, 2] = index
                events[written, 3] = e - first
                events[written, 4] = ts
                events[written, 5] = tj
                written += 1
    for seat in range(players):
        total = 0
        for j in range(sizes[seat]):
            if alive[seat, j]:
                total += strengths[seat, j]
        totals[seat] = total
    prize[0] = reward_strength if reward_alive else 0
    prize[1] = 1 if reward_alive else 0
    return winner_of(totals, players, prize[0], condition), written


@kernel
def scratch(players: int) -> Any:
    """Scratch space for `resolve_into` with this many players."""
    return np.empty((4, 3 * max(players, 2) + 1), np.int64)


@kernel
def alone_totals(units: Any, effects: Any, count: int) -> Any:
    """Each of the first `count` units' total when sent alone against nobody."""
    armies = np.full((2, 3), -1, np.int64)
    sizes = np.zeros(2, np.int64)
    sizes[0] = 1
    out = battle_space(2, 1)
    found = np.zeros(count, np.int64)
    for u in range(count):
        armies[0, 0] = u
        resolve_into(units, effects, armies, sizes, NO_REWARD, NO_CONDITION, out, NOT_RECORDED)
        found[u] = out.totals[0]
    return found


@kernel
def _random(state: Any) -> Any:
    """The next number of a splitmix64 sequence (the same on every platform)."""
    state[0] += np.uint64(0x9E3779B97F4A7C15)
    z = state[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@kernel
def _below(state: Any, n: int) -> int:
    """A number from 0 to n - 1."""
    return int(_random(state) % np.uint64(n))


@kernel
def best_army(  # noqa: PLR0915 - one decision is one loop
    units: Any, effects: Any, memo: Any, hand: Any, army: Plain, guessing: Plain, chosen: Any
) -> int:
    """The greedy bot's army: writes the hand indices into `chosen`, returns how many.

    Every army of one to three units of the hand is valued alone (its total
    with no one against it); the `shortlist` best alone (first of equals in
    the order sizes 1, 2, 3, then by hand index) are weighed against
    `samples` guesses of the other armies, each one to three units drawn from
    the units the bot cannot see (neither in its hand nor the reward). The
    army that wins most guesses is sent; of equal ones, the one with fewer
    units (it draws more), then the first.

    An army's total alone depends on its units and their order only, so it is
    remembered in `memo` (`UnitTable.solo_memo`), -1 where not yet known.
    """
    reward, condition, seat, players = army
    seed, shortlist, samples = guessing
    state = np.empty(1, np.uint64)
    state[0] = np.uint64(seed)
    size = hand.shape[0]
    pool_size = 0
    pool = np.empty(units.shape[0], np.int64)
    for u in range(units.shape[0]):
        seen = u == reward
        for h in range(size):
            if hand[h] == u:
                seen = True
        if not seen:
            pool[pool_size] = u
            pool_size += 1
    # Every army of the hand, by size then index.
    largest = min(3, size)
    total = 0
    candidates = np.full((size + size * size + size * size * size, 3), -1, np.int64)
    lengths = np.zeros(candidates.shape[0], np.int64)
    for a in range(size):
        candidates[total, 0] = a
        lengths[total] = 1
        total += 1
    if largest >= 2:
        for a in range(size):
            for b in range(a + 1, size):
                candidates[total, 0], candidates[total, 1] = a, b
                lengths[total] = 2
                total += 1
    if largest >= 3:
        for a in range(size):
            for b in range(a + 1, size):
                for c in range(b + 1, size):
                    candidates[total, 0], candidates[total, 1], candidates[total, 2] = a, b, c
                    lengths[total] = 3
                    total += 1
    out = battle_space(players, 1)
    armies = np.full((players, 3), -1, np.int64)
    sizes = np.zeros(players, np.int64)
    # Valued alone: the army against an empty one (remembered in `memo` when it has room).
    solo_armies = np.full((2, 3), -1, np.int64)
    solo_sizes = np.zeros(2, np.int64)
    solo = np.zeros(total, np.int64)
    width = units.shape[0] + 1
    for c in range(total):
        key = 0
        for k in range(3):
            key = key * width + (hand[candidates[c, k]] + 1 if k < lengths[c] else 0)
        if key < memo.shape[0] and memo[key] >= 0:
            solo[c] = memo[key]
            continue
        for k in range(lengths[c]):
            solo_armies[0, k] = hand[candidates[c, k]]
        solo_sizes[0] = lengths[c]
        resolve_into(units, effects, solo_armies, solo_sizes, reward, condition, out, NOT_RECORDED)
        solo[c] = out.totals[0]
        if key < memo.shape[0]:
            memo[key] = out.totals[0]
    order = np.argsort(-solo[:total], kind="mergesort")[:shortlist]  # stable: first of equals
    # The guesses: for each sample, one to three unseen units for every other seat.
    guesses = np.full((samples, max(1, players - 1), 3), -1, np.int64)
    guess_sizes = np.zeros((samples, max(1, players - 1)), np.int64)
    for s in range(samples):
        for other in range(players - 1):
            count = min(1 + _below(state, 3), pool_size)
            for k in range(count):  # a partial shuffle draws distinct units
                j = k + _below(state, pool_size - k)
                pool[k], pool[j] = pool[j], pool[k]
                guesses[s, other, k] = pool[k]
            guess_sizes[s, other] = count
    best, best_wins, best_length = -1, -1, 0
    for c in order:
        wins = 0
        for s in range(samples):
            left = samples - s
            if wins + left < best_wins or (wins + left == best_wins and lengths[c] >= best_length):
                break  # it can no longer beat the best so far
            for p in range(players):
                if p == seat:
                    sizes[p] = lengths[c]
                    for k in range(3):
                        armies[p, k] = hand[candidates[c, k]] if k < lengths[c] else -1
                else:
                    g = p if p < seat else p - 1
                    sizes[p] = guess_sizes[s, g]
                    for k in range(3):
                        armies[p, k] = guesses[s, g, k]
            won, _ = resolve_into(
                units, effects, armies, sizes, reward, condition, out, NOT_RECORDED
            )
            if won == seat:
                wins += 1
        if wins > best_wins or (wins == best_wins and lengths[c] < best_length):
            best, best_wins, best_length = c, wins, lengths[c]
    for k in range(best_length):
        chosen[k] = candidates[best, k]
    return best_length
