"""Disaster Draft: one battle, from the revealed armies to the winner and the graveyard chain.

Rulings D1-D6 of docs/rules-disaster.md. Every unit on the battlefield acts
once, fastest first (D2: equal speeds act in seat order from the player who
starts the battle, then in the order the player laid the units out); a unit
that died before its turn does not act. Each of its effects acts in turn,
all of them even if an earlier one killed the unit itself (D4):
a strength change is kept within 0 to 20 after every change (D3); a unit
that dies leaves the battle at once. The reward's own effects are ignored
in battle. Then each army's total is the strength of its units still
standing, and the win condition (D1) names the winner, if anyone. The
graveyard chain (D5) is a separate step because the game may end before it.

The battle itself is played by one compiled kernel (`battle_kernels`) on
units as small integers; this module turns units into numbers and the
kernel's arrays back into an `Outcome`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from generator.games.disaster_draft import battle_kernels as kernels
from generator.games.disaster_draft.battle_kernels import (
    EVENT_COLUMNS,
    EVENT_EFFECT,
    EVENT_STRENGTH,
    STRONGEST,
    WEAKEST,
    Battle,
)
from generator.games.disaster_draft.model import ARMY_SIZES, Effect, Unit, WinCondition
from generator.games.disaster_draft.tables import UnitTable, unit_table

REWARD_SEAT = -1
"""The seat the reward sits in, in a unit's place (seat, index)."""

MAX_ARMY = max(ARMY_SIZES)
"""Units a player may send into one battle."""

Place = tuple[int, int]
"""(seat, index in that seat's army); the reward is (REWARD_SEAT, 0)."""


@dataclass(frozen=True)
class Change:
    """What one effect of one unit did."""

    unit: Place
    effect: Effect
    strengths: tuple[tuple[Place, int, int], ...] = ()
    """(target, strength before, after) for each target whose strength changed."""
    died: tuple[Place, ...] = ()
    drew: int = 0


@dataclass(frozen=True)
class Outcome:
    """A battle after every effect acted."""

    strengths: tuple[tuple[int, ...], ...]
    """Each unit's strength at the end, by seat and place in the army."""
    alive: tuple[tuple[bool, ...], ...]
    reward: int
    """The reward's strength at the end (0 when there is none or it died)."""
    reward_alive: bool
    totals: tuple[int, ...]
    draws: tuple[int, ...]
    """Cards each seat's effects make it draw."""
    winner: int | None
    changes: tuple[Change, ...] = ()
    """Every effect that acted, in order (when asked for)."""


def resolve(
    armies: Sequence[Sequence[Unit]],
    reward: Unit | None,
    condition: WinCondition = WinCondition.STRONGEST,
    record: bool = False,
    table: UnitTable | None = None,
) -> Outcome:
    """The battle of `armies` (seat 0 starts) for `reward`; with `record`, every change too.

    The battle is played by the compiled kernel on the units' numbers in
    `table` (a deck's table, made once), or in a table of just these units.
    """
    if table is None:
        table = unit_table(_distinct([*(u for army in armies for u in army), reward]))
    players = len(armies)
    rows = np.full((players, MAX_ARMY), -1, np.int64)
    sizes = np.zeros(players, np.int64)
    for seat, army in enumerate(armies):
        if len(army) > MAX_ARMY:
            raise ValueError(f"an army has at most {MAX_ARMY} units, not {len(army)}")
        rows[seat, : len(army)] = table.numbers(army)
        sizes[seat] = len(army)
    acting = sum(len(u.effects) for army in armies for u in army)
    rows_of_events = (acting * (players * MAX_ARMY + 2)) if record else 1
    out = Battle(
        np.zeros((players, MAX_ARMY), np.int64),
        np.zeros((players, MAX_ARMY), np.int64),
        np.zeros(players, np.int64),
        np.zeros(players, np.int64),
        np.zeros(2, np.int64),
        np.zeros((rows_of_events, EVENT_COLUMNS), np.int64),
        kernels.scratch(players),
    )
    strengths, alive, draws, totals, prize, events, _ = out
    won, written = kernels.resolve_into(
        table.unit_rows,
        table.effect_rows,
        rows,
        sizes,
        -1 if reward is None else table.of(reward),
        CONDITIONS[condition],
        out,
        record,
    )
    final, up = strengths.tolist(), alive.tolist()
    return Outcome(
        tuple(tuple(final[s][: len(a)]) for s, a in enumerate(armies)),
        tuple(tuple(map(bool, up[s][: len(a)])) for s, a in enumerate(armies)),
        int(prize[0]),
        bool(prize[1]),
        tuple(totals.tolist()),
        tuple(draws.tolist()),
        None if won < 0 else int(won),
        _changes(events[:written].tolist(), armies) if record else (),
    )


CONDITIONS = {WinCondition.STRONGEST: STRONGEST, WinCondition.WEAKEST: WEAKEST}
"""The win condition as the kernels number it."""


def _distinct(units: Sequence[Unit | None]) -> list[Unit]:
    """Each unit object once, in order of first appearance."""
    return list({id(u): u for u in units if u is not None}.values())


def _changes(rows: list[list[int]], armies: Sequence[Sequence[Unit]]) -> tuple[Change, ...]:
    """The kernel's event rows as the changes of each effect that acted, in order."""
    changes: list[Change] = []
    for what, seat, index, number, target_seat, target_index, before, after in rows:
        target = (REWARD_SEAT, 0) if target_seat < 0 else (target_seat, target_index)
        if what == EVENT_EFFECT:
            effect = armies[seat][index].effects[number]
            changes.append(Change((seat, index), effect, drew=before))
        elif what == EVENT_STRENGTH:
            last = changes[-1]
            changes[-1] = replace(last, strengths=(*last.strengths, (target, before, after)))
        else:
            last = changes[-1]
            changes[-1] = replace(last, died=(*last.died, target))
    return tuple(changes)


def winner(totals: Sequence[int], reward: int, condition: WinCondition) -> int | None:
    """The seat that wins the battle, if any (ruling D1; `battle_kernels.winner_of`)."""
    found = kernels.winner_of(
        np.array(totals, np.int64), len(totals), reward, CONDITIONS[condition]
    )
    return None if found < 0 else int(found)


Pick = Callable[[int, Sequence[Place]], Place]
"""(the choosing seat, the enemy units it may send to the graveyard) -> its choice."""


def graveyard_chain(
    outcome: Outcome, pick: Pick, count_dead: bool = False
) -> list[tuple[int, Place]]:
    """The chain of ruling D5: (chooser, unit sent to the graveyard), in order.

    The army with the lowest total chooses first (equal lowest totals: the
    first of them going round the table from the player who starts the
    battle, seat 0, that player included); the owner of the unit chosen
    chooses next; the chain stops when as many units went as there are
    players (with `count_dead`, the army units effects killed count too), or
    when the chooser has no enemy unit left to choose.
    """
    alive = [list(row) for row in outcome.alive]
    players = len(alive)
    chooser = min(range(players), key=lambda s: outcome.totals[s])  # the first of equals
    killed = sum(not up for row in alive for up in row) if count_dead else 0
    chain: list[tuple[int, Place]] = []
    while killed + len(chain) < players:
        options = [
            (seat, j)
            for seat in _round_from(chooser, players)
            if seat != chooser
            for j, up in enumerate(alive[seat])
            if up
        ]
        if not options:
            break
        seat, j = pick(chooser, options)
        if (seat, j) not in options:
            raise ValueError(f"seat {chooser} cannot send {(seat, j)} to the graveyard")
        alive[seat][j] = False
        chain.append((chooser, (seat, j)))
        chooser = seat
    return chain


def winner_takes_reward(outcome: Outcome, dead_reward_to_winner: bool) -> bool:
    """Whether the reward goes into the winner's hand (ruling D5): when there is a winner,
    and the reward did not die in the battle (or the data sends a dead one to the winner)."""
    return outcome.winner is not None and (outcome.reward_alive or dead_reward_to_winner)


def strongest_pick(outcome: Outcome) -> Pick:
    """The default choice: the strongest enemy unit left; among equals the first going round
    the table from the chooser's left (the next seat), then the first laid out."""

    def pick(chooser: int, options: Sequence[Place]) -> Place:
        return max(options, key=lambda p: outcome.strengths[p[0]][p[1]])  # first of equals

    return pick


def _round_from(seat: int, players: int) -> list[int]:
    """Seats in clockwise order, starting after `seat`."""
    return [(seat + step) % players for step in range(1, players)]
