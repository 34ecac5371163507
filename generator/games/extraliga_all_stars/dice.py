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
from generator.plugin_api import wilson


def play_dice(first: Side, second: Side, rng: Random) -> tuple[int, int]:
    """The points each side takes from one match, overtime included."""
    roll = rng.random
    dice = [
        [int(roll() * 6) + 1 for _ in range(first.offence)],
        [int(roll() * 6) + 1 for _ in range(second.offence)],
    ]
    lines = (goal_line(second.defence), goal_line(first.defence))
    left = [list(counts(first.bonuses)), list(counts(second.bonuses))]
    mover, passes = 0, 0
    playing = any(left[0]) or any(left[1])
    while playing and passes < 2:
        passes = 0 if _bonus(mover, dice, lines, left[mover], rng) else passes + 1
        mover = 1 - mover
    line_a, line_b = lines
    goals = sum(1 for v in dice[0] if v >= line_a) - sum(1 for v in dice[1] if v >= line_b)
    if goals:
        return (WIN, 0) if goals > 0 else (0, WIN)
    return (OVERTIME_WIN, OVERTIME_LOSS) if roll() < 0.5 else (OVERTIME_LOSS, OVERTIME_WIN)


def _bonus(
    side: int, dice: list[list[int]], lines: tuple[int, int], left: list[int], rng: Random
) -> bool:
    """Play one bonus by the rule of thumb; False for a pass."""
    other = 1 - side
    own, theirs = dice[side], dice[other]
    line, their_line = lines[side], lines[other]
    if sum(1 for v in own if v >= line) > sum(1 for v in theirs if v >= their_line):
        return False  # ahead: nothing to gain
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
        own[own.index(min(missed))] = int(rng.random() * 6) + 1
        left[REROLL] -= 1
        return True
    scored = [v for v in theirs if v >= lines[other]]
    if left[REROLL_OTHER] and scored:
        theirs[theirs.index(min(scored))] = int(rng.random() * 6) + 1
        left[REROLL_OTHER] -= 1
        return True
    return False


PRECISION = 0.005
"""Half the width of the 95 % interval an estimate must reach for each outcome (±0.5 points)."""
BATCH = 4096
MAX_MATCHES = 400_000


def estimated_odds(
    first: Side, second: Side, seed: int = 2026, precision: float = PRECISION
) -> tuple[tuple[float, float, float], int]:
    """(win, tie, loss) of the first side as simulated managers play their bonuses, from
    matches played until each outcome's 95 % interval is within `precision`; and how many.

    Regulation ties go to overtime, which each side wins half the time."""
    rng = Random(seed)
    tally = [0, 0, 0]
    played = 0
    while played < MAX_MATCHES:
        for _ in range(BATCH):
            points, _ = _regulation(first, second, rng)
            tally[points] += 1
        played += BATCH
        if max(_half_width(n, played) for n in tally) <= precision:
            break
    return (tally[0] / played, tally[1] / played, tally[2] / played), played


def _regulation(first: Side, second: Side, rng: Random) -> tuple[int, int]:
    """0 if the first side wins in regulation, 1 for a tie, 2 for a loss (and its points)."""
    taken = play_dice(first, second, rng)
    return (0 if taken[0] == WIN else 2 if taken[0] == 0 else 1), taken[0]


def _half_width(count: int, total: int) -> float:
    """Half the width of the 95 % Wilson interval of count / total."""
    low, high = wilson(count, total)
    return (high - low) / 2
