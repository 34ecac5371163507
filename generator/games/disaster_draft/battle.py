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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.games.disaster_draft.model import (
    MAX_STRENGTH,
    MIN_STRENGTH,
    Effect,
    Kind,
    Target,
    Unit,
    WinCondition,
)

REWARD = -1
"""The seat the reward sits in, in a unit's place (seat, index)."""

Place = tuple[int, int]
"""(seat, index in that seat's army); the reward is (REWARD, 0)."""


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
) -> Outcome:
    """The battle of `armies` (seat 0 starts) for `reward`; with `record`, every change too."""
    strengths = [[u.strength for u in army] for army in armies]
    alive = [[True] * len(army) for army in armies]
    reward_strength = [reward.strength if reward is not None else 0]
    reward_alive = [reward is not None]
    draws = [0] * len(armies)
    changes: list[Change] = []
    order = sorted(
        ((seat, index) for seat, army in enumerate(armies) for index in range(len(army))),
        key=lambda place: -armies[place[0]][place[1]].speed,
    )  # sorted() is stable: equal speeds stay in seat order, then army order (D2)
    for seat, index in order:
        if not alive[seat][index]:
            continue
        unit = armies[seat][index]
        for effect in unit.effects:
            if effect.army is not None and effect.army != len(armies[seat]):
                continue
            if effect.kind is Kind.DRAW:
                draws[seat] += effect.amount
                if record:
                    changes.append(Change((seat, index), effect, drew=effect.amount))
                continue
            targets = _targets(
                effect, seat, index, armies, strengths, alive, reward, reward_strength, reward_alive
            )
            if effect.kind is Kind.STRENGTH:
                moved = []
                for place in targets:
                    before = (
                        reward_strength[0] if place[0] == REWARD else strengths[place[0]][place[1]]
                    )
                    after = min(MAX_STRENGTH, max(MIN_STRENGTH, before + effect.amount))
                    if place[0] == REWARD:
                        reward_strength[0] = after
                    else:
                        strengths[place[0]][place[1]] = after
                    if record and after != before:
                        moved.append((place, before, after))
                if record:
                    changes.append(Change((seat, index), effect, strengths=tuple(moved)))
            else:
                for place in targets:
                    if place[0] == REWARD:
                        reward_alive[0] = False
                    else:
                        alive[place[0]][place[1]] = False
                if record:
                    changes.append(Change((seat, index), effect, died=tuple(targets)))
    totals = tuple(
        sum(s for s, up in zip(row, up_row, strict=True) if up)
        for row, up_row in zip(strengths, alive, strict=True)
    )
    prize = reward_strength[0] if reward_alive[0] else 0
    return Outcome(
        tuple(tuple(row) for row in strengths),
        tuple(tuple(row) for row in alive),
        prize,
        reward_alive[0],
        totals,
        tuple(draws),
        winner(totals, prize, condition),
        tuple(changes),
    )


def _targets(
    effect: Effect,
    seat: int,
    index: int,
    armies: Sequence[Sequence[Unit]],
    strengths: list[list[int]],
    alive: list[list[bool]],
    reward: Unit | None,
    reward_strength: list[int],
    reward_alive: list[bool],
) -> list[Place]:
    """The places an effect acts on, after its type and strength filters."""
    target = effect.target
    places: list[Place] = []
    if target is Target.SELF:
        places.append((seat, index))
    elif target is Target.ALLIES:
        places += ((seat, j) for j in range(len(armies[seat])) if j != index and alive[seat][j])
    elif target is Target.ENEMIES:
        places += (
            (other, j)
            for other in range(len(armies))
            if other != seat
            for j in range(len(armies[other]))
            if alive[other][j]
        )
    if target in (Target.ENEMIES, Target.REWARD) and reward_alive[0]:
        places.append((REWARD, 0))
    if effect.only is None and effect.at_most is None and effect.at_least is None:
        return places
    kept = []
    for place in places:
        unit = reward if place[0] == REWARD else armies[place[0]][place[1]]
        assert unit is not None
        value = reward_strength[0] if place[0] == REWARD else strengths[place[0]][place[1]]
        if effect.only is not None and unit.type is not effect.only:
            continue
        if effect.at_most is not None and value > effect.at_most:
            continue
        if effect.at_least is not None and value < effect.at_least:
            continue
        kept.append(place)
    return kept


def winner(totals: Sequence[int], reward: int, condition: WinCondition) -> int | None:
    """The seat that wins the battle, if any (ruling D1).

    STRONGEST: the total must exceed the reward plus each other army's total,
    so at most one army wins. WEAKEST: a total that exceeds the reward plus
    at least one other army's total qualifies, and the highest qualifying
    total wins; equal highest totals win nothing.
    """
    seats = range(len(totals))
    if condition is WinCondition.STRONGEST:
        for seat in seats:
            if all(totals[seat] > reward + totals[o] for o in seats if o != seat):
                return seat
        return None
    qualified = [s for s in seats if any(totals[s] > reward + totals[o] for o in seats if o != s)]
    if not qualified:
        return None
    best = max(totals[s] for s in qualified)
    top = [s for s in qualified if totals[s] == best]
    return top[0] if len(top) == 1 else None


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
