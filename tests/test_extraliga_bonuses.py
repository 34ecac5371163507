"""Extraliga All-Stars match odds with bonuses: cases worked by hand, no bonus agreeing with
the plain odds, and the refusals."""

from __future__ import annotations

import json
import math
from collections.abc import Callable

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from generator.cli.app import app
from generator.core.errors import InputError
from generator.games.extraliga_all_stars.bonus_phase import (
    Bonuses,
    Side,
    best_move,
    bonus_odds,
    counts,
    points,
)
from generator.games.extraliga_all_stars.match import match_odds
from generator.games.extraliga_all_stars.match_play import sampled_odds
from tests.bonus_reference import reference_odds
from tests.conftest import DATA
from tests.game_helpers import extraliga_card as card

STRENGTH = st.integers(0, 6)


def _close(outcome: tuple[float, float, float], expected: tuple[float, float, float]) -> None:
    assert outcome == pytest.approx(expected, abs=1e-12)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(STRENGTH, STRENGTH, STRENGTH, STRENGTH)
def test_without_bonuses_the_odds_are_the_plain_odds(a: int, b: int, c: int, d: int) -> None:
    plain = match_odds(a, b, c, d)
    tie = plain.overtime_win + plain.overtime_loss
    expected = (float(plain.win), float(tie), float(plain.loss))
    _close(bonus_odds(Side(a, b), Side(c, d)), expected)


def test_a_re_roll_saves_a_missed_die() -> None:
    # One die against defence 4 scores half the time; re-rolling a miss: 1/2 + 1/4.
    _close(bonus_odds(Side(1, 0, Bonuses(reroll=1)), Side(0, 4)), (0.75, 0.25, 0.0))


def test_a_plus_one_lifts_a_three() -> None:
    # With +1 a 3 reaches defence 4: 3, 4, 5 and 6 score.
    _close(bonus_odds(Side(1, 0, Bonuses(plus=1)), Side(0, 4)), (4 / 6, 2 / 6, 0.0))


def test_a_minus_one_answers_a_plus_one() -> None:
    # A 3 lifted to 4 is pulled back; a 4 pulled to 3 is lifted again; a 5 stays a goal
    # after -1: the two bonuses cancel, and half the rolls score, as without them.
    first = Side(1, 0, Bonuses(plus=1))
    second = Side(0, 4, Bonuses(minus=1))
    _close(bonus_odds(first, second), (0.5, 0.5, 0.0))


def test_a_minus_one_before_the_last_word() -> None:
    # Without an answer the -1 turns every 4 into a miss: only 5 and 6 score.
    _close(bonus_odds(Side(1, 0), Side(0, 4, Bonuses(minus=1))), (2 / 6, 4 / 6, 0.0))


def test_re_rolls_on_both_sides_with_one_die_each() -> None:
    """Worked by hand: a side re-rolls its own miss when behind; both missing, re-rolling
    first is worth no more than passing, so both pass (win 1/8, tie 3/4, loss 1/8)."""
    side = Side(1, 4, Bonuses(reroll=1))
    _close(bonus_odds(side, side), (0.125, 0.75, 0.125))


def test_a_re_roll_of_the_other_side_takes_back_a_goal() -> None:
    # The second side re-rolls the first side's goal: it stays a goal half the time.
    _close(bonus_odds(Side(1, 0), Side(0, 4, Bonuses(reroll_other=1))), (0.25, 0.75, 0.0))


def test_bonuses_are_worth_points() -> None:
    plain = Side(3, 4)
    for bonus in ("plus", "reroll", "minus", "reroll_other"):
        helped = Side(3, 4, Bonuses(**{bonus: 1}))
        assert points(bonus_odds(helped, plain)) > points(bonus_odds(plain, plain)) + 0.01


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Bonuses(plus=7), "0 to 6 bonuses"),
        (lambda: Bonuses(minus=-1), "0 to 6 bonuses"),
        (lambda: Side(7, 3), "offence 7 is not a strength"),
        (lambda: Side(3, -1), "defence -1 is not a strength"),
    ],
)
def test_impossible_sides_are_refused(make: Callable[[], object], message: str) -> None:
    with pytest.raises(InputError, match=message):
        make()


def test_a_lineup_plays_the_bonuses_that_fit_its_trios() -> None:
    """Ruling E7: offence bonuses on the own dice, defence bonuses on the other side's."""
    from generator.games.extraliga_all_stars.lineup import (
        Bonus,
        Lineup,
        Player,
        Position,
        standard_rules,
    )

    usable_bonuses = standard_rules().usable_bonuses

    def player(n: int, position: Position, bonus: Bonus | None) -> Player:
        return card(f"p{n}", position, "club", bonus)

    lineup = Lineup(
        (
            player(1, Position.LW, Bonus.PLUS),
            player(2, Position.C, Bonus.MINUS),  # acts on the other side: not from offence
            player(3, Position.RW, Bonus.REROLL),
        ),
        (
            player(4, Position.D, Bonus.REROLL_OTHER),
            player(5, Position.D, Bonus.PLUS),  # acts on the own dice: not from defence
            player(6, Position.G, Bonus.MINUS),
        ),
    )
    assert Bonuses.of(usable_bonuses(lineup)) == Bonuses(1, 1, 1, 1)
    face_down = Lineup(lineup.offence, lineup.defence, face_down_goalie=True)
    assert Bonuses.of(usable_bonuses(face_down)) == Bonuses(1, 1, 0, 1)


def test_a_minus_one_cannot_lower_a_one() -> None:
    """Ruling E8: against defence 1 every die scores, and a 1 cannot be turned lower."""
    _close(bonus_odds(Side(1, 0), Side(0, 1, Bonuses(minus=1))), (1.0, 0.0, 0.0))


def test_a_plus_one_lifts_a_five_to_a_six() -> None:
    # Only a 6 scores against defence 6; +1 lifts a 5 (a 6 cannot go higher).
    _close(bonus_odds(Side(1, 0, Bonuses(plus=1)), Side(0, 6)), (2 / 6, 4 / 6, 0.0))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("first", "second"),
    [
        (Side(3, 4, Bonuses(1, 1, 1, 0)), Side(3, 3)),
        (Side(2, 4, Bonuses(1, 0, 1, 0)), Side(2, 3, Bonuses(0, 1, 1, 0))),
        (Side(4, 2, Bonuses(reroll=1)), Side(3, 5, Bonuses(reroll_other=1))),
    ],
)
def test_matches_played_with_dice_agree_with_the_exact_odds(first: Side, second: Side) -> None:
    # The search's own moves, played on unclipped dice, over 20,000 seeded matches; the
    # benchmark repeats this with 10^6 matches and 3 standard errors.
    exact = bonus_odds(first, second)
    matches = 20_000
    sampled = sampled_odds(first, second, matches, seed=11)
    for p, s in zip(exact, sampled, strict=True):
        assert abs(s - p) <= 4 * math.sqrt(p * (1 - p) / matches) + 1e-12


def test_the_best_move_is_a_pass_when_nothing_helps() -> None:
    # Both dice already score and nothing threatens them: the +1 is not played.
    first, second = Side(2, 6, Bonuses(plus=1)), Side(0, 2)
    assert (
        best_move(first, second, (5, 6), (), counts(first.bonuses), (0, 0, 0, 0), 0, False) is None
    )


def test_the_best_move_lifts_the_die_below_the_line() -> None:
    # Behind 0-1, the first side's 3 becomes a 4 against defence 4: overtime, not a loss.
    first, second = Side(1, 6, Bonuses(plus=1)), Side(1, 4)
    move = best_move(first, second, (3,), (6,), counts(first.bonuses), (0, 0, 0, 0), 0, False)
    assert move == (0, 3)


def test_equal_choices_follow_ruling_e9s_order(runner: CliRunner) -> None:
    """A position where "+1 on a die" and "re-roll a lower die" are worth exactly the same
    points: E9 takes the +1 (all +1s come before all re-rolls), which fixes the win odds.
    Points 143/432 either way; win 5/216 by E9, 0.0252 when the re-roll is taken."""
    result = runner.invoke(
        app,
        [
            "rules",
            "match",
            "jaromir-jagr,stand-in-064,stand-in-018,stand-in-078,stand-in-012,stand-in-074",
            "stand-in-051,stand-in-001,stand-in-007,stand-in-002,frantisek-pospisil,stand-in-005",
            "--data",
            str(DATA / "extraliga-all-stars"),
            "--bonuses",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    odds = json.loads(result.stdout)["with_bonuses"]
    assert odds["method"] == "exact"
    assert odds["points"] == pytest.approx(143 / 432, abs=1e-12)
    assert odds["win"] == pytest.approx(5 / 216, abs=1e-12)


SMALL_BONUSES = st.builds(
    Bonuses,
    plus=st.integers(0, 1),
    reroll=st.integers(0, 1),
    minus=st.integers(0, 1),
    reroll_other=st.integers(0, 1),
)


REFERENCE_STATES = 6_000
"""Rolls times orders of bonuses the reference may visit for one match (about a second)."""


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@example(1, 3, Bonuses(minus=1), 2, 3, Bonuses(plus=1, reroll=1, reroll_other=1))
@example(1, 4, Bonuses(reroll_other=1), 2, 0, Bonuses(plus=1, reroll=1))  # E9: +1 before re-roll
@given(
    st.integers(0, 2),
    st.integers(0, 6),
    SMALL_BONUSES,
    st.integers(0, 2),
    st.integers(0, 6),
    SMALL_BONUSES,
)
def test_the_solver_agrees_with_a_minimax_on_raw_dice(
    a: int, b: int, ours: Bonuses, c: int, d: int, theirs: Bonuses
) -> None:
    """The compiled solver against tests/bonus_reference.py, exact fractions on the raw
    dice, on small matches: every outcome's odds, not only the points (E9's order)."""
    played = sum(counts(ours)) + sum(counts(theirs))
    assume(6 ** (a + c) * 2**played <= REFERENCE_STATES)
    first, second = Side(a, b, ours), Side(c, d, theirs)
    expected = tuple(float(x) for x in reference_odds(first, second))
    assert bonus_odds(first, second) == pytest.approx(expected, abs=1e-9)
