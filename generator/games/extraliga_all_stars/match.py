"""Extraliga All-Stars: the exact odds of a match when no bonus is used.

Each side rolls as many dice as its offence; a die that reaches the other
side's defence is a goal. More goals win in regulation (3 points); equal
goals go to overtime, one die each, re-rolled while tied, so each side wins
it half the time whatever the defences (winner 2 points, loser 1). The odds
are exact fractions (ruling E6). The odds with bonuses build on these in
bonus_phase.py and bonus_tables.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from generator.plugin_api import InputError

MAX_STRENGTH = 6
"""An offence or a defence is worth at most 6 (rulings E1-E3)."""
SIDES = 6
HALF = Fraction(1, 2)
WIN, OVERTIME_WIN, OVERTIME_LOSS, LOSS = 3, 2, 1, 0
"""Points for a win in regulation, a win and a loss in overtime, and a loss."""


@dataclass(frozen=True)
class Odds:
    """How a match ends, seen from the first side."""

    win: Fraction
    overtime_win: Fraction
    overtime_loss: Fraction
    loss: Fraction

    @property
    def points(self) -> Fraction:
        """The first side's expected points: 3 for a win, 2 and 1 after overtime."""
        return (
            WIN * self.win + OVERTIME_WIN * self.overtime_win + OVERTIME_LOSS * self.overtime_loss
        )


def goal_chance(defence: int) -> Fraction:
    """The chance that one die reaches `defence` (a defence of 0 lets every die score)."""
    check_strength("defence", defence)
    return Fraction(min(SIDES, SIDES + 1 - defence), SIDES)


def goals(dice: int, defence: int) -> list[Fraction]:
    """The chance of each number of goals, 0 to `dice`, against `defence`."""
    check_strength("offence", dice)
    p = goal_chance(defence)
    return [comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)]


def match_odds(offence: int, defence: int, other_offence: int, other_defence: int) -> Odds:
    """The odds of a side (offence, defence) against another, no bonus used."""
    ours, theirs = goals(offence, other_defence), goals(other_offence, defence)
    win = sum(
        (p * q for i, p in enumerate(ours) for j, q in enumerate(theirs) if i > j), Fraction()
    )
    tie = sum((p * theirs[i] for i, p in enumerate(ours) if i < len(theirs)), Fraction())
    return Odds(win, tie * HALF, tie * HALF, 1 - win - tie)


def check_strength(what: str, value: int) -> None:
    """Refuse an offence or defence outside 0 to 6, naming it."""
    if not 0 <= value <= MAX_STRENGTH:
        raise InputError(f"{what} {value} is not a strength: strengths are 0 to {MAX_STRENGTH}")
