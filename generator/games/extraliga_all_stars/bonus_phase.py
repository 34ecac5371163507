"""Extraliga All-Stars: the odds of a match when both sides use their bonuses as well as they can.

After both sides roll, they take turns (the first side first): on a turn a
side uses one bonus or passes; the phase ends when both pass one after the
other, or when no bonus is left (rulings E7-E9 of docs/rules-extraliga.md).
A side's own bonuses (+1, re-roll) act on its own dice; its opponent
bonuses (-1, re-roll) on the other side's dice. Points are constant-sum (3
a match: 3 and 0, or 2 and 1 after overtime, which each side wins half the
time), so the first side maximises its expected points and the other
minimises them. Of equally good moves a side passes, then takes the first
of +1, re-roll, -1, re-roll of the other side, lowest die first.

The phase is solved exactly over compact positions (`bonus_tables`); a
match whose positions would take more memory than a question may use
raises SearchTooLarge rather than run on (no legal match does).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from generator.games.extraliga_all_stars import bonus_tables
from generator.games.extraliga_all_stars.lineup import Bonus
from generator.games.extraliga_all_stars.match import (
    OVERTIME_LOSS,
    OVERTIME_WIN,
    WIN,
    check_strength,
)
from generator.plugin_api import InputError

MAX_BONUSES = 6
"""A lineup has six players, each with at most one bonus."""


class SearchTooLarge(InputError):
    """The exact search would take more memory than a question may."""


@dataclass(frozen=True)
class Bonuses:
    """The unused bonuses a side can still play."""

    plus: int = 0
    """+1 to one of the side's own dice."""
    reroll: int = 0
    """Re-roll one of the side's own dice."""
    minus: int = 0
    """-1 to one die of the other side."""
    reroll_other: int = 0
    """Re-roll one die of the other side."""

    @classmethod
    def of(cls, bonuses: Iterable[Bonus]) -> Bonuses:
        """The counts of a lineup's usable bonuses (see `usable_bonuses`)."""
        count = Counter(bonuses)
        return cls(
            count[Bonus.PLUS], count[Bonus.REROLL], count[Bonus.MINUS], count[Bonus.REROLL_OTHER]
        )

    def __post_init__(self) -> None:
        counts = (self.plus, self.reroll, self.minus, self.reroll_other)
        if min(counts) < 0 or sum(counts) > MAX_BONUSES:
            raise InputError(f"a side has 0 to {MAX_BONUSES} bonuses, one per player; got {counts}")


@dataclass(frozen=True)
class Side:
    """One side of a match: dice rolled, the defence the other side must reach, bonuses."""

    offence: int
    defence: int
    bonuses: Bonuses = Bonuses()

    def __post_init__(self) -> None:
        check_strength("offence", self.offence)
        check_strength("defence", self.defence)


Outcome = tuple[float, float, float]
"""(win, tie, loss) for the first side; a tie goes to overtime."""
Dice = tuple[int, ...]
Counts = tuple[int, int, int, int]
"""plus, reroll, minus, reroll_other."""
PLUS, REROLL, MINUS, REROLL_OTHER = range(4)
"""The kinds of bonus, as indices into Counts."""
Move = tuple[int, int]
"""A bonus played: its kind (an index into Counts) and the clipped value of the die it acts on."""


def bonus_odds(first: Side, second: Side) -> Outcome:
    """(win, tie, loss) for the first side when both play their bonuses best.

    Raises SearchTooLarge, rather than run on, when solving the match would take more
    memory than a question may use."""
    tables = _tables(first, second, every_position=False)
    ours, theirs = counts(first.bonuses), counts(second.bonuses)
    wins, ties = tables.start()  # the first side to move, every bonus to play
    chance_a = np.zeros(wins.shape[0])
    for a, p in tables.first.rolls(ours[PLUS], theirs[MINUS]):
        chance_a[a] += p
    chance_b = np.zeros(wins.shape[1])
    for b, q in tables.second.rolls(theirs[PLUS], ours[MINUS]):
        chance_b[b] += q
    win = float(chance_a @ wins @ chance_b)
    tie = float(chance_a @ ties @ chance_b)
    return win, tie, max(0.0, 1.0 - win - tie)


def positions(first: Side, second: Side) -> int:
    """How many positions the exact search of a match solves (its size, before solving)."""
    return bonus_tables.positions(*_sides(first, second))


def best_move(
    first: Side,
    second: Side,
    a: Dice,
    b: Dice,
    ours: Counts,
    theirs: Counts,
    mover: int,
    passed: bool,
) -> Move | None:
    """The bonus the mover plays now on the rolled dice `a` (first side's) and `b`, with
    `ours` and `theirs` left (see `Counts`), as `bonus_odds` assumes; None to pass. The
    move's value is a die's value clipped as in `bonus_tables`: any die of the side it acts
    on that clips to it will do."""
    tables = _tables(first, second, every_position=True)
    field_a, field_b = tables.first, tables.second
    line_a, line_b = goal_line(second.defence), goal_line(first.defence)
    ia = field_a.configuration(a, ours[PLUS], theirs[MINUS])
    ib = field_b.configuration(b, theirs[PLUS], ours[MINUS])
    other = theirs if mover == 0 else ours
    if passed or not any(other):
        goals = sum(v >= line_a for v in a) - sum(v >= line_b for v in b)
        best = (1.0 if goals > 0 else 0.0, 1.0 if goals == 0 else 0.0)
    else:
        best = tables.value(ia, ib, ours, theirs, 1 - mover, True)
    choice: Move | None = None
    sign = 1 if mover == 0 else -1
    own_dice, other_dice = (a, b) if mover == 0 else (b, a)
    own, foe = (ours, theirs) if mover == 0 else (theirs, ours)
    own_line, other_line = (line_a, line_b) if mover == 0 else (line_b, line_a)
    own_clip = clipped(own_dice, own_line, own[PLUS], foe[MINUS])
    other_clip = clipped(other_dice, other_line, foe[PLUS], own[MINUS])
    top = min(own_line + foe[MINUS], 6)
    floor = max(other_line - foe[PLUS] - 1, 1)
    for kind, value in [
        *((k, v) for v in sorted(set(own_clip)) if v < top for k in (PLUS, REROLL)),
        *((k, v) for v in sorted(set(other_clip)) if v > floor for k in (MINUS, REROLL_OTHER)),
    ]:
        if not own[kind]:
            continue
        outcome = _after(tables, mover, kind, value, own_clip, other_clip, ours, theirs)
        if sign * (_points(outcome) - _points(best)) > bonus_tables.TIE:
            best, choice = outcome, (kind, value)
    return choice


def _after(
    tables: bonus_tables.Tables,
    mover: int,
    kind: int,
    value: int,
    own_dice: Dice,
    other_dice: Dice,
    ours: Counts,
    theirs: Counts,
) -> tuple[float, float]:
    """(win, tie) after the mover plays a bonus of `kind` on a die of `value`."""
    left = spend(ours if mover == 0 else theirs, kind)
    ours2, theirs2 = (left, theirs) if mover == 0 else (ours, left)
    faces = [value + 1] if kind == PLUS else [value - 1] if kind == MINUS else range(1, 7)
    win = tie = 0.0
    for face in faces:
        dice = list(own_dice if kind in (PLUS, REROLL) else other_dice)
        dice[dice.index(value)] = face
        own2 = dice if kind in (PLUS, REROLL) else own_dice
        other2 = other_dice if kind in (PLUS, REROLL) else dice
        a, b = (own2, other2) if mover == 0 else (other2, own2)
        ia = tables.first.configuration(a, ours2[PLUS], theirs2[MINUS])
        ib = tables.second.configuration(b, theirs2[PLUS], ours2[MINUS])
        w, t = tables.value(ia, ib, ours2, theirs2, 1 - mover, False)
        win += w / len(faces)
        tie += t / len(faces)
    return win, tie


def _points(value: tuple[float, float]) -> float:
    return WIN * value[0] + (OVERTIME_WIN + OVERTIME_LOSS) / 2 * value[1]


def _sides(first: Side, second: Side) -> tuple[tuple[int, int, Counts], tuple[int, int, Counts]]:
    return (
        (first.offence, goal_line(second.defence), counts(first.bonuses)),
        (second.offence, goal_line(first.defence), counts(second.bonuses)),
    )


def _tables(first: Side, second: Side, every_position: bool) -> bonus_tables.Tables:
    """The solved match (the last one is kept: a sampled check asks the same match often),
    with every position or only the start of the bonus phase."""
    key = _sides(first, second)
    found = _solved.get(key)
    if found is not None and (found.every_position or not every_position):
        return found
    try:
        tables = bonus_tables.solve(*key, every_position)
    except bonus_tables.TooLarge as error:
        raise SearchTooLarge(
            f"the exact odds with these bonuses need more memory than a question may use "
            f"({error}); no match of the game's own lineups does"
        ) from None
    _solved.clear()  # one match's tables at a time: the largest take hundreds of megabytes
    _solved[key] = tables
    return tables


_solved: dict[object, bonus_tables.Tables] = {}


def clipped(dice: Iterable[int], line: int, plus: int, minus: int) -> Dice:
    """Dice as sorted values clipped to what can still matter, for a side whose dice score
    from `line` up, with `plus` +1s of its own and `minus` -1s of the other side left."""
    return tuple(sorted(bonus_tables.clip(v, line, plus, minus) for v in dice))


def counts(bonuses: Bonuses) -> Counts:
    """A side's bonuses as the counts `best_move` takes."""
    return bonuses.plus, bonuses.reroll, bonuses.minus, bonuses.reroll_other


def spend(left: Counts, kind: int) -> Counts:
    """The bonuses left after one of `kind` is played."""
    plus, reroll, minus, reroll_other = (n - (i == kind) for i, n in enumerate(left))
    return plus, reroll, minus, reroll_other


def points(outcome: Outcome) -> float:
    """The first side's expected points: 3 for a win, 1.5 on average after overtime."""
    return WIN * outcome[0] + (OVERTIME_WIN + OVERTIME_LOSS) / 2 * outcome[1]


def goal_line(defence: int) -> int:
    """The lowest die that scores against a defence (0 lets every die score)."""
    return max(defence, 1)
