"""Extraliga All-Stars match odds without bonuses: hand-computed cases, symmetry, and a
Monte Carlo of the dice themselves."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.errors import InputError
from generator.games.extraliga_all_stars.match import Odds, goal_chance, match_odds

F = Fraction
STRENGTH = st.integers(0, 6)


def test_one_die_each_against_the_strongest_defence() -> None:
    # Only a 6 scores: 1/6 x 5/6 to win, 26/36 to tie and go to overtime.
    assert match_odds(1, 6, 1, 6) == Odds(F(5, 36), F(13, 36), F(13, 36), F(5, 36))
    assert match_odds(1, 6, 1, 6).points == F(3, 2)


def test_two_dice_against_a_side_without_offence() -> None:
    # Each die scores half the time (defence 4): no goal 1/4, then overtime.
    assert match_odds(2, 1, 0, 4) == Odds(F(3, 4), F(1, 8), F(1, 8), F(0))


@pytest.mark.parametrize(("defence", "chance"), [(0, F(1)), (1, F(1)), (4, F(1, 2)), (6, F(1, 6))])
def test_a_die_scores_when_it_reaches_the_defence(defence: int, chance: Fraction) -> None:
    assert goal_chance(defence) == chance


@given(STRENGTH, STRENGTH, STRENGTH, STRENGTH)
def test_odds_are_a_distribution_and_the_same_from_either_side(
    a: int, b: int, c: int, d: int
) -> None:
    ours, theirs = match_odds(a, b, c, d), match_odds(c, d, a, b)
    assert ours.win + ours.overtime_win + ours.overtime_loss + ours.loss == 1
    assert (ours.win, ours.overtime_win, ours.loss) == (
        theirs.loss,
        theirs.overtime_loss,
        theirs.win,
    )
    assert ours.points + theirs.points == 3


def test_the_odds_agree_with_rolled_dice() -> None:
    rng, matches = random.Random(7), 20_000
    offence, defence, other_offence, other_defence = 5, 3, 4, 4
    wins = ties = 0
    for _ in range(matches):
        ours = sum(rng.randint(1, 6) >= other_defence for _ in range(offence))
        theirs = sum(rng.randint(1, 6) >= defence for _ in range(other_offence))
        wins += ours > theirs
        ties += ours == theirs
    odds = match_odds(offence, defence, other_offence, other_defence)
    for seen, p in ((wins, odds.win), (ties, odds.overtime_win * 2)):
        error = math.sqrt(float(p) * (1 - float(p)) / matches)
        assert abs(seen / matches - float(p)) < 4 * error


def test_a_strength_out_of_range_is_refused() -> None:
    with pytest.raises(InputError, match="offence 7 is not a strength: strengths are 0 to 6"):
        match_odds(7, 1, 1, 1)
    with pytest.raises(InputError, match="defence -1 is not a strength"):
        match_odds(1, 1, 1, -1)
