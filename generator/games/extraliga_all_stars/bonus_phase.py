"""Extraliga All-Stars: the odds of a match when both sides use their bonuses as well as they can.

After both sides roll, they take turns (the first side first): on a turn a
side uses one bonus or passes; the phase ends when both pass one after the
other, or when no bonus is left (rulings E7-E9 of docs/rules-extraliga.md).
A side's own bonuses (+1, re-roll) act on its own dice; its opponent
bonuses (-1, re-roll) on the other side's dice. Points are constant-sum (3
a match: 3 and 0, or 2 and 1 after overtime, which each side wins half the
time), so the first side maximises its expected points and the other
minimises them: an expectimax over the dice, the re-rolls and the unused
bonuses, solved exactly by memoised recursion. Of equally good moves a side
passes, then takes the first in the order of `_moves`.

A state keeps each side's dice as sorted values, clipped to what can still
matter: a die that the opponent's -1s can no longer pull below the goal line
is as good as one on it, and a die that the owner's +1s can no longer lift
to it is as good as any other hopeless die.

The search is exact but grows fast with dice and bonuses (figures in
docs/rules-extraliga.md, E9), so a question stops with SearchTooLarge after
MAX_STATES new positions instead of running for minutes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

from generator.errors import InputError
from generator.games.extraliga_all_stars.lineup import Bonus
from generator.games.extraliga_all_stars.match import (
    OVERTIME_LOSS,
    OVERTIME_WIN,
    WIN,
    check_strength,
)

FACES = tuple(range(1, 7))
MAX_BONUSES = 6
"""A lineup has six players, each with at most one bonus."""
TIE = 1e-12
"""Expected points this close are equal (floating-point rounding)."""
MAX_STATES = 50_000
"""Positions one question may solve (about 2.5 s on one core); beyond, the search stops."""


class SearchTooLarge(InputError):
    """The exact search would take longer than a question may (see MAX_STATES)."""


class _Budget:
    """Positions the current question may still solve (the cache answers the rest free)."""

    left = MAX_STATES


_BUDGET = _Budget()


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


def bonus_odds(first: Side, second: Side, limit: int | None = None) -> Outcome:
    """(win, tie, loss) for the first side when both play their bonuses best.

    Raises SearchTooLarge, rather than run for minutes, when the search would solve
    more than `limit` (default MAX_STATES) new positions."""
    _BUDGET.left = MAX_STATES if limit is None else limit
    total = [0.0, 0.0, 0.0]
    ours, theirs = counts(first.bonuses), counts(second.bonuses)
    line_a, line_b = goal_line(second.defence), goal_line(first.defence)
    for a, p in _rolls(first.offence, line_a, ours[0], theirs[2]):
        for b, q in _rolls(second.offence, line_b, theirs[0], ours[2]):
            outcome, _ = _solve(line_a, line_b, a, b, ours, theirs, 0, False)
            for i in range(3):
                total[i] += p * q * outcome[i]
    return total[0], total[1], total[2]


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
    move's value is a die's value clipped as in the module docstring: any die of the
    side it acts on that clips to it will do."""
    _BUDGET.left = MAX_STATES
    line_a, line_b = goal_line(second.defence), goal_line(first.defence)
    return _solve(
        line_a,
        line_b,
        clipped(a, line_a, ours[0], theirs[2]),
        clipped(b, line_b, theirs[0], ours[2]),
        ours,
        theirs,
        mover,
        passed,
    )[1]


def clipped(dice: Iterable[int], line: int, plus: int, minus: int) -> Dice:
    """Dice as sorted values clipped to what can still matter, for a side whose dice score
    from `line` up, with `plus` +1s of its own and `minus` -1s of the other side left."""
    return tuple(sorted(_clip(v, line, plus, minus) for v in dice))


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


def _clip(value: int, line: int, plus: int, minus: int) -> int:
    """A die value as far as it can still matter (see the module docstring)."""
    return min(max(value, line - plus - 1, 1), line + minus, 6)


@cache
def _rolls(dice: int, line: int, plus: int, minus: int) -> tuple[tuple[Dice, float], ...]:
    """Every roll of `dice` dice as clipped sorted values, with its chance."""
    found: Counter[Dice] = Counter()
    for roll in combinations_with_replacement(FACES, dice):
        ways = factorial(dice) // prod(factorial(n) for n in Counter(roll).values())
        clipped = tuple(sorted(_clip(v, line, plus, minus) for v in roll))
        found[clipped] += ways / 6**dice
    return tuple(found.items())


@cache
def _solve(
    line_a: int,
    line_b: int,
    a: Dice,
    b: Dice,
    ours: Counts,
    theirs: Counts,
    mover: int,
    passed: bool,
) -> tuple[Outcome, Move | None]:
    """The outcome of the bonus phase from here, and the mover's best bonus (None: pass);
    `mover` 0 is the first side."""
    _BUDGET.left -= 1
    if _BUDGET.left < 0:
        raise SearchTooLarge(
            "the exact odds with these bonuses need a longer search than a question may "
            "take; they are known for fewer dice or bonuses (docs/rules-extraliga.md, E9)"
        )
    other = theirs if mover == 0 else ours
    if passed or not any(other):
        best = _final(line_a, line_b, a, b)
    else:
        best = _solve(line_a, line_b, a, b, ours, theirs, 1 - mover, True)[0]
    choice: Move | None = None
    sign = 1 if mover == 0 else -1
    for move, children in _moves(line_a, line_b, a, b, ours, theirs, mover):
        outcome = _average(children)
        if sign * (points(outcome) - points(best)) > TIE:
            best, choice = outcome, move
    return best, choice


def _average(children: list[tuple[float, Outcome]]) -> Outcome:
    win = tie = loss = 0.0
    for chance, outcome in children:
        win += chance * outcome[0]
        tie += chance * outcome[1]
        loss += chance * outcome[2]
    return win, tie, loss


def _moves(
    line_a: int, line_b: int, a: Dice, b: Dice, ours: Counts, theirs: Counts, mover: int
) -> Iterator[tuple[Move, list[tuple[float, Outcome]]]]:
    """Each bonus the mover can play, with its outcomes and their chances:
    +1 and re-roll on its own dice, then -1 and re-roll on the other side's."""
    own_dice, other_dice = (a, b) if mover == 0 else (b, a)
    own, other = (ours, theirs) if mover == 0 else (theirs, ours)
    own_line, other_line = (line_a, line_b) if mover == 0 else (line_b, line_a)
    plus, reroll, minus, reroll_other = own

    def after(own_dice: Dice, other_dice: Dice, spent: int) -> Outcome:
        left = spend(own, spent)
        dice = (own_dice, other_dice) if mover == 0 else (other_dice, own_dice)
        counts = (left, other) if mover == 0 else (other, left)
        return _state(line_a, line_b, *dice, *counts, 1 - mover)

    # The own dice are clipped at [line - plus - 1, line + other's minus]; the other's
    # dice at [line - other's plus - 1, line + our minus].
    own_top = min(own_line + other[MINUS], 6)
    other_floor = max(other_line - other[PLUS] - 1, 1)
    for value in sorted(set(own_dice)):
        if plus and value < own_top:
            yield (
                (PLUS, value),
                [(1.0, after(_replace(own_dice, value, value + 1), other_dice, PLUS))],
            )
        if reroll and value < own_top:
            yield (
                (REROLL, value),
                [
                    (1 / 6, after(_replace(own_dice, value, face), other_dice, REROLL))
                    for face in FACES
                ],
            )
    for value in sorted(set(other_dice)):
        if minus and value > other_floor:
            yield (
                (MINUS, value),
                [(1.0, after(own_dice, _replace(other_dice, value, value - 1), MINUS))],
            )
        if reroll_other and value > other_floor:
            yield (
                (REROLL_OTHER, value),
                [
                    (1 / 6, after(own_dice, _replace(other_dice, value, face), REROLL_OTHER))
                    for face in FACES
                ],
            )


def _state(
    line_a: int, line_b: int, a: Dice, b: Dice, ours: Counts, theirs: Counts, mover: int
) -> Outcome:
    """Clip the dice to the bonuses left, then solve (no one has passed)."""
    a = clipped(a, line_a, ours[0], theirs[2])
    b = clipped(b, line_b, theirs[0], ours[2])
    return _solve(line_a, line_b, a, b, ours, theirs, mover, False)[0]


def _replace(dice: Dice, old: int, new: int) -> Dice:
    at = dice.index(old)
    return (*dice[:at], new, *dice[at + 1 :])


def _final(line_a: int, line_b: int, a: Dice, b: Dice) -> Outcome:
    ours = sum(v >= line_a for v in a)
    theirs = sum(v >= line_b for v in b)
    if ours > theirs:
        return 1.0, 0.0, 0.0
    if ours == theirs:
        return 0.0, 1.0, 0.0
    return 0.0, 0.0, 1.0
