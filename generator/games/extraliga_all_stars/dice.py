"""Extraliga All-Stars matches as simulated managers play them, bonuses by a simple rule.

The exact best play (`bonus_phase`) is too slow to play thousands of
seasons, so simulated managers use a rule of thumb (ruling E15): on its
turn a side that is not ahead plays the first of +1 on a die one short of
the goal line, -1 on an opposing die just on its line, a re-roll of its
lowest missed die, a re-roll of an opposing goal; otherwise it passes. The
phase ends after two passes in a row, as in E8.
"""

from __future__ import annotations

from random import Random

from generator.games.extraliga_all_stars.bonus_phase import (
    MINUS,
    PLUS,
    REROLL,
    REROLL_OTHER,
    Side,
    counts,
    goal_line,
)
from generator.games.extraliga_all_stars.match import OVERTIME_LOSS, OVERTIME_WIN, WIN


def play_dice(first: Side, second: Side, rng: Random) -> tuple[int, int]:
    """The points each side takes from one match, overtime included."""
    dice = [
        [rng.randint(1, 6) for _ in range(first.offence)],
        [rng.randint(1, 6) for _ in range(second.offence)],
    ]
    lines = (goal_line(second.defence), goal_line(first.defence))
    left = [list(counts(first.bonuses)), list(counts(second.bonuses))]
    mover, passes = 0, 0
    while passes < 2 and (any(left[0]) or any(left[1])):
        passes = 0 if _bonus(mover, dice, lines, left[mover], rng) else passes + 1
        mover = 1 - mover
    goals = [sum(v >= lines[side] for v in dice[side]) for side in (0, 1)]
    if goals[0] != goals[1]:
        return (WIN, 0) if goals[0] > goals[1] else (0, WIN)
    return (OVERTIME_WIN, OVERTIME_LOSS) if rng.random() < 0.5 else (OVERTIME_LOSS, OVERTIME_WIN)


def _bonus(
    side: int, dice: list[list[int]], lines: tuple[int, int], left: list[int], rng: Random
) -> bool:
    """Play one bonus by the rule of thumb; False for a pass."""
    other = 1 - side
    own, theirs = dice[side], dice[other]
    ahead = sum(v >= lines[side] for v in own) > sum(v >= lines[other] for v in theirs)
    if ahead:
        return False
    if left[PLUS] and lines[side] - 1 in own:
        own[own.index(lines[side] - 1)] += 1
        left[PLUS] -= 1
        return True
    if left[MINUS] and lines[other] > 1 and lines[other] in theirs:
        theirs[theirs.index(lines[other])] -= 1
        left[MINUS] -= 1
        return True
    missed = [v for v in own if v < lines[side]]
    if left[REROLL] and missed:
        own[own.index(min(missed))] = rng.randint(1, 6)
        left[REROLL] -= 1
        return True
    scored = [v for v in theirs if v >= lines[other]]
    if left[REROLL_OTHER] and scored:
        theirs[theirs.index(min(scored))] = rng.randint(1, 6)
        left[REROLL_OTHER] -= 1
        return True
    return False
