"""Disaster Draft battles: every effect kind, the speed order, clamping, both readings of the
win condition and the graveyard chain (rulings D1-D5)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.disaster_draft.battle import (
    REWARD_SEAT,
    graveyard_chain,
    resolve,
    strongest_pick,
    winner,
    winner_takes_reward,
)
from generator.games.disaster_draft.model import Effect, Kind, Target, Unit, UnitType, WinCondition
from generator.services.find import load_pack
from tests.battle_reference import reference_battle
from tests.conftest import DATA

W, M, C = UnitType.WARRIOR, UnitType.MAGE, UnitType.CREATURE


def unit(name: str, strength: int, speed: int = 1, *effects: Effect, kind: UnitType = W) -> Unit:
    return Unit(name, name, kind, strength, speed, effects)


def plus(target: Target, amount: int, **filters: object) -> Effect:
    return Effect(Kind.STRENGTH, target, amount, **filters)  # type: ignore[arg-type]


PLAIN = unit("plain", 5)


def test_strength_changes_reach_self_allies_enemies_and_the_reward() -> None:
    armies = [
        [unit("a", 5, 3, plus(Target.SELF, 2), plus(Target.ALLIES, 1)), unit("b", 4)],
        [unit("c", 6, 2, plus(Target.ENEMIES, -2)), unit("d", 3, 1, plus(Target.REWARD, 5))],
    ]
    outcome = resolve(armies, unit("r", 4))
    # a: self 7, ally b 5; c: enemies a 5, b 3, reward 2; d: reward 7.
    assert outcome.strengths == ((5, 3), (6, 3))
    assert outcome.reward == 7
    assert outcome.totals == (8, 9)


def test_allies_are_the_other_units_not_the_unit_itself() -> None:
    outcome = resolve([[unit("a", 5, 1, plus(Target.ALLIES, 3))], [PLAIN]], None)
    assert outcome.strengths[0] == (5,)


def test_enemies_include_the_reward() -> None:
    outcome = resolve([[unit("a", 5, 1, plus(Target.ENEMIES, -1))], [unit("b", 5)]], unit("r", 4))
    assert outcome.strengths[1] == (4,) and outcome.reward == 3


def test_a_unit_and_the_reward_can_die() -> None:
    killer = unit("k", 2, 9, Effect(Kind.DIE, Target.ENEMIES, at_most=5))
    outcome = resolve([[killer], [unit("small", 5), unit("big", 6)]], unit("r", 4))
    assert outcome.alive == ((True,), (False, True))
    assert not outcome.reward_alive and outcome.reward == 0
    assert outcome.totals == (2, 6)


def test_a_dead_unit_does_not_act_and_counts_nothing() -> None:
    fast = unit("fast", 1, 9, Effect(Kind.DIE, Target.ENEMIES))
    slow = unit("slow", 5, 1, plus(Target.ENEMIES, -5))
    outcome = resolve([[fast], [slow]], None)
    assert outcome.strengths == ((1,), (5,))  # slow died before its turn
    assert outcome.totals == (1, 0)


def test_a_unit_that_kills_itself_finishes_its_effects() -> None:
    saboteur = unit(
        "s", 2, 5, Effect(Kind.DIE, Target.SELF, army=1), Effect(Kind.DRAW, amount=3, army=1)
    )
    outcome = resolve([[saboteur], [PLAIN]], None)
    assert outcome.alive[0] == (False,) and outcome.draws == (3, 0)
    assert outcome.totals == (0, 5)


def test_draws_go_to_the_owner() -> None:
    outcome = resolve([[PLAIN], [unit("seer", 1, 3, Effect(Kind.DRAW, amount=2))]], None)
    assert outcome.draws == (0, 2)


def test_type_and_strength_filters() -> None:
    archer_hater = unit("h", 1, 9, plus(Target.ENEMIES, -3, only=M))
    armies = [[archer_hater], [unit("m", 6, kind=M), unit("w", 6)]]
    assert resolve(armies, unit("r", 5, kind=M)).strengths[1] == (3, 6)
    picky = unit("p", 1, 9, plus(Target.ENEMIES, 10, at_least=4, at_most=6))
    outcome = resolve([[picky], [unit("x", 3), unit("y", 4), unit("z", 7)]], None)
    assert outcome.strengths[1] == (3, 14, 7)


def test_an_effect_for_an_army_size_acts_only_at_that_size() -> None:
    lone = unit("lone", 5, 1, plus(Target.SELF, 4, army=1))
    assert resolve([[lone], [PLAIN]], None).totals[0] == 9
    assert resolve([[lone, unit("x", 1)], [PLAIN]], None).totals[0] == 6


def test_faster_units_act_first() -> None:
    # The slow unit's +6 acts after the fast unit's -6: 0 + 6, not 5 - 6 clamped, + 6.
    slow = unit("slow", 5, 1, plus(Target.ENEMIES, 6))
    fast = unit("fast", 5, 9, plus(Target.ENEMIES, -6))
    outcome = resolve([[slow], [fast]], None, record=True)
    assert [c.unit for c in outcome.changes] == [(1, 0), (0, 0)]
    assert outcome.strengths == ((0,), (11,))


def test_equal_speeds_act_in_seat_order_from_the_starter_then_army_order() -> None:
    def marker(name: str) -> Unit:
        return unit(name, 1, 4, Effect(Kind.DRAW, amount=1))

    armies = [[marker("a1"), marker("a2")], [marker("b1")], [marker("c1")]]
    order = [c.unit for c in resolve(armies, None, record=True).changes]
    assert order == [(0, 0), (0, 1), (1, 0), (2, 0)]


def test_strength_stays_within_0_and_20_after_every_change() -> None:
    up = unit("up", 18, 9, plus(Target.SELF, 5))
    down = unit("down", 1, 5, plus(Target.ENEMIES, -5))
    outcome = resolve([[up], [down]], unit("r", 3))
    assert outcome.strengths == ((15,), (1,))  # 18 + 5 -> 20, then 20 - 5
    assert outcome.reward == 0


def test_the_two_readings_of_the_win_condition() -> None:
    # Totals 12, 9, 2 and a reward of 4: 12 beats 4 + 2 but not 4 + 9.
    assert winner((12, 9, 2), 4, WinCondition.STRONGEST) is None
    assert winner((12, 9, 2), 4, WinCondition.WEAKEST) == 0
    # 14 beats 4 + 9: the strongest reading has a winner too.
    assert winner((14, 9, 2), 4, WinCondition.STRONGEST) == 0
    # Two totals qualify under the weakest reading; equal highest totals win nothing.
    assert winner((10, 10, 2), 4, WinCondition.WEAKEST) is None
    assert winner((10, 10, 2), 4, WinCondition.STRONGEST) is None
    # Nobody beats the reward alone.
    assert winner((3, 1), 4, WinCondition.WEAKEST) is None


@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 20))
def test_with_two_players_both_readings_agree(a: int, b: int, reward: int) -> None:
    assert winner((a, b), reward, WinCondition.STRONGEST) == winner(
        (a, b), reward, WinCondition.WEAKEST
    )


def test_the_chain_starts_with_the_weakest_and_the_victim_chooses_next() -> None:
    armies = [[unit("a", 9), unit("a2", 1)], [unit("b", 2)], [unit("c", 5), unit("c2", 4)]]
    outcome = resolve(armies, None)
    chain = graveyard_chain(outcome, strongest_pick(outcome))
    # Seat 1 (total 2) starts and takes a (9); seat 0 then takes c (5); seat 2 takes the
    # strongest enemy left, b (2) rather than a2 (1).
    assert chain == [(1, (0, 0)), (0, (2, 0)), (2, (1, 0))]


def test_the_chain_stops_when_the_chooser_has_no_enemy_left() -> None:
    armies = [[unit("a", 1)], [unit("b", 9)]]
    outcome = resolve(armies, None)
    assert graveyard_chain(outcome, strongest_pick(outcome)) == [(0, (1, 0)), (1, (0, 0))]
    lone = resolve([[unit("a", 1)], [unit("k", 9, 9, Effect(Kind.DIE, Target.ENEMIES))]], None)
    assert graveyard_chain(lone, strongest_pick(lone)) == [(0, (1, 0))]


def test_equal_lowest_totals_start_from_the_seat_nearest_the_starter() -> None:
    outcome = resolve([[unit("a", 9)], [unit("b", 3)], [unit("c", 3)]], None)
    assert graveyard_chain(outcome, strongest_pick(outcome))[0][0] == 1


def test_the_reward_is_never_in_the_chain() -> None:
    outcome = resolve([[unit("a", 1)], [unit("b", 2)]], unit("r", 20))
    chain = graveyard_chain(outcome, strongest_pick(outcome))
    assert all(place[0] != REWARD_SEAT for _, place in chain)


def test_equal_lowest_totals_count_round_from_the_starter_who_comes_first() -> None:
    # Seats 0 and 2 tie lowest: the starter (seat 0) is nearest to himself.
    outcome = resolve([[unit("a", 3)], [unit("b", 9)], [unit("c", 3)]], None)
    assert graveyard_chain(outcome, strongest_pick(outcome))[0][0] == 0


def test_equal_strongest_choices_go_to_the_seat_after_the_chooser_first() -> None:
    # Seat 2 (total 1) chooses among equal units of seats 0 and 1: seat 0 comes next after 2.
    outcome = resolve([[unit("a", 5)], [unit("b", 5)], [unit("c", 1)]], None)
    assert graveyard_chain(outcome, strongest_pick(outcome))[0] == (2, (0, 0))


def test_units_killed_by_effects_count_toward_the_chain_only_in_the_other_reading() -> None:
    killer = unit("k", 2, 9, Effect(Kind.DIE, Target.ENEMIES, at_most=4))
    armies = [[killer, unit("a", 8)], [unit("b", 3), unit("b2", 9)], [unit("c", 4), unit("c2", 7)]]
    outcome = resolve(armies, None)
    assert outcome.alive == ((True, True), (False, True), (False, True))
    assert len(graveyard_chain(outcome, strongest_pick(outcome))) == 3  # chosen only
    assert len(graveyard_chain(outcome, strongest_pick(outcome), count_dead=True)) == 1


def test_a_reward_that_died_goes_to_the_graveyard_unless_the_data_says_winner() -> None:
    killer = unit("k", 4, 4, Effect(Kind.DIE, Target.ENEMIES, at_most=2))
    outcome = resolve([[killer, unit("a", 9)], [unit("b", 5)]], unit("r", 2))
    assert outcome.winner == 0 and not outcome.reward_alive
    assert not winner_takes_reward(outcome, dead_reward_to_winner=False)
    assert winner_takes_reward(outcome, dead_reward_to_winner=True)
    alive = resolve([[unit("a", 9)], [unit("b", 5)]], unit("r", 2))
    assert winner_takes_reward(alive, dead_reward_to_winner=False)
    nobody = resolve([[unit("a", 5)], [unit("b", 5)]], unit("r", 2))
    assert not winner_takes_reward(nobody, dead_reward_to_winner=True)


DECK_UNITS = list(load_pack(DATA / "disaster-draft").model.units.values())


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(DECK_UNITS), min_size=1, max_size=3), min_size=2, max_size=4),
    st.one_of(st.none(), st.sampled_from(DECK_UNITS)),
    st.sampled_from(list(WinCondition)),
)
def test_the_kernel_plays_the_battle_the_rules_describe(
    armies: list[list[Unit]], reward: Unit | None, condition: WinCondition
) -> None:
    """The compiled battle against tests/battle_reference.py, on armies drawn from the
    deck: every strength, death, draw, total and the winner."""
    found = resolve(armies, reward, condition)
    expected = reference_battle(armies, reward, condition)
    assert found.strengths == expected.strengths
    assert found.alive == expected.alive
    assert (found.reward, found.reward_alive) == (expected.reward, expected.reward_alive)
    assert found.totals == expected.totals
    assert found.draws == expected.draws
    assert found.winner == expected.winner
