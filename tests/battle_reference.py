"""A plain reference for Disaster Draft's battle: the rules (D1-D4 and the rulebook's notes)
played on unit objects, one step at a time, written without the kernel's tables."""

from __future__ import annotations

from collections.abc import Sequence

from generator.games.disaster_draft.battle import Outcome
from generator.games.disaster_draft.units import (
    MAX_STRENGTH,
    MIN_STRENGTH,
    Kind,
    Target,
    Unit,
    WinCondition,
)

REWARD = (-1, 0)


def reference_battle(
    armies: Sequence[Sequence[Unit]], reward: Unit | None, condition: WinCondition
) -> Outcome:
    """The battle's end as the rules say it, in the shape `battle.resolve` answers."""
    strength = {(s, i): u.strength for s, army in enumerate(armies) for i, u in enumerate(army)}
    alive = dict.fromkeys(strength, True)
    unit_at = {(s, i): u for s, army in enumerate(armies) for i, u in enumerate(army)}
    if reward is not None:
        strength[REWARD], alive[REWARD], unit_at[REWARD] = reward.strength, True, reward
    draws = [0] * len(armies)
    # Fastest first; equal speeds in seat order, then in army order (D2). The reward never acts.
    order = sorted((p for p in unit_at if p != REWARD), key=lambda p: -unit_at[p].speed)
    for seat, index in order:
        if not alive[seat, index]:
            continue  # died before its turn
        for effect in unit_at[seat, index].effects:  # all of them, even after its death (D4)
            if effect.army is not None and effect.army != len(armies[seat]):
                continue
            if effect.kind is Kind.DRAW:
                draws[seat] += effect.amount
                continue
            if effect.target is Target.SELF:
                targets = [(seat, index)]
            elif effect.target is Target.ALLIES:
                targets = [p for p in unit_at if p[0] == seat and p != (seat, index) and alive[p]]
            elif effect.target is Target.ENEMIES:
                targets = [p for p in unit_at if p[0] not in (seat, -1) and alive[p]]
            else:
                targets = []
            if effect.target in (Target.ENEMIES, Target.REWARD) and alive.get(REWARD, False):
                targets.append(REWARD)
            for place in targets:
                if effect.only is not None and unit_at[place].type is not effect.only:
                    continue
                if effect.at_most is not None and strength[place] > effect.at_most:
                    continue
                if effect.at_least is not None and strength[place] < effect.at_least:
                    continue
                if effect.kind is Kind.STRENGTH:
                    changed = strength[place] + effect.amount
                    strength[place] = min(MAX_STRENGTH, max(MIN_STRENGTH, changed))  # D3
                else:
                    alive[place] = False
    totals = tuple(
        sum(strength[s, i] for i in range(len(army)) if alive[s, i])
        for s, army in enumerate(armies)
    )
    prize = strength[REWARD] if reward is not None and alive[REWARD] else 0
    return Outcome(
        strengths=tuple(tuple(strength[s, i] for i in range(len(a))) for s, a in enumerate(armies)),
        alive=tuple(tuple(alive[s, i] for i in range(len(a))) for s, a in enumerate(armies)),
        reward=prize,
        reward_alive=reward is not None and alive[REWARD],
        totals=totals,
        draws=tuple(draws),
        winner=_winner(totals, prize, condition),
    )


def _winner(totals: tuple[int, ...], reward: int, condition: WinCondition) -> int | None:
    """Ruling D1 in its two readings."""
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
