"""The planner bot: expected fans choose its teams and buses, and it beats greedy."""

from __future__ import annotations

import random

import pytest

from generator.games.all_star_draft.model import Special
from generator.games.all_star_draft.rules import Lineup, evaluate
from generator.games.all_star_draft.simulation import GreedyBot, PlannerBot, SeasonView, play_game
from generator.games.all_star_draft.simulation.planner import expected_fans
from generator.pools import parallel_map
from tests.rules_helpers import book, team

RUN = team("beaver-1 duck-2 eagle-3 horse-4 panda-5")
SEVENS = team("tiger-7 wolf-7 shark-7")
THREE_AND_PAIR = team("tiger-7 wolf-7 shark-7 beaver-8 duck-8")
FOUR_HORSES = team("horse-1 horse-2 horse-3 horse-6 panda-9")
WEAK = team("beaver-2 duck-3 eagle-5 tiger-6 wolf-9")


def view(lineup: Lineup, arenas: list[str], round_: int = 3, players: int = 4) -> SeasonView:
    rules = book()
    return SeasonView(
        rules,
        players,
        round_,
        lineup,
        tuple(a for name in arenas if (a := rules.arena(name)) is not None),
        random.Random(1),
    )


def positions(cards: list[str]) -> list[int]:
    return [book().card_index(c) for c in cards]


def test_strong_teams_expect_more_in_a_regular_arena_and_less_where_the_last_places_pay() -> None:
    rules = book()
    assert evaluate(rules, positions(FOUR_HORSES), 4).strength == 4
    assert evaluate(rules, positions(WEAK), 4).strength <= 2
    regular, rising = rules.arena("stadium-fall-1"), rules.arena("polarena-3")
    assert regular is not None and rising is not None
    strong, weak = positions(FOUR_HORSES), positions(WEAK)
    assert expected_fans(rules, strong, regular, 4) > expected_fans(rules, weak, regular, 4)
    assert expected_fans(rules, strong, rising, 4) < expected_fans(rules, weak, rising, 4)
    # Bounded by the arena's own row for four managers.
    for arena in (regular, rising):
        for cards in (strong, weak):
            assert (
                min(arena.fans[:4]) <= expected_fans(rules, cards, arena, 4) <= max(arena.fans[:4])
            )


def test_a_team_meeting_the_special_expects_nearly_first_place() -> None:
    rules = book()
    arena = rules.arena("combo-stadium-3")
    assert arena is not None and arena.special is Special.THREE_AND_PAIR
    expected = expected_fans(rules, positions(THREE_AND_PAIR), arena, 4)
    assert arena.fans[1] < expected <= arena.fans[0]


def test_the_team_meeting_the_special_takes_the_special_arena() -> None:
    rules = book()
    assert evaluate(rules, positions(THREE_AND_PAIR), 4).strength == 3
    seats = view(
        Lineup((tuple(positions(THREE_AND_PAIR)), tuple(positions(FOUR_HORSES))), ()),
        ["combo-stadium-3", "polarena-1"],
        round_=2,
    )
    # Greedy sends its strongest team where first place pays most (18 > 16).
    assert list(GreedyBot().buses(seats)) == [2, 1]
    # The planner sends the three-and-pair where it is sure to be first.
    assert list(PlannerBot().buses(seats)) == [1, 2]


def test_in_the_last_round_the_new_team_meets_the_special_instead_of_showing_a_triple() -> None:
    bench = tuple(positions(RUN + SEVENS))
    seats = view(
        Lineup((tuple(positions(WEAK)), tuple(positions(FOUR_HORSES))), bench),
        ["combo-stadium-2", "puddle-park-2", "stadium-fall-3"],
    )
    assert set(GreedyBot().new_team(seats)) >= set(positions(SEVENS))
    assert sorted(PlannerBot().new_team(seats)) == sorted(positions(RUN))


def _planner_and_greedy(_: None, seed: int) -> dict[str, float]:
    """Wins of each bot in one 4-player game, two seats each, seats alternating by seed."""
    names = ["planner", "greedy"] if seed % 2 else ["greedy", "planner"]
    bots = [PlannerBot() if names[seat % 2] == "planner" else GreedyBot() for seat in range(4)]
    record = play_game(book(), 4, seed, bots)
    wins = dict.fromkeys(("planner", "greedy"), 0.0)
    for winner in record.winners:
        wins[record.bots[record.managers.index(winner)]] += 1 / len(record.winners)
    return wins


@pytest.mark.slow
def test_the_planner_beats_greedy_over_two_thousand_games() -> None:
    games = parallel_map(_planner_and_greedy, None, range(2000))
    planner = sum(g["planner"] for g in games)
    greedy = sum(g["greedy"] for g in games)
    assert planner + greedy == 2000
    # Two planners and two greedy bots a table: an even split would be 1,000 each.
    assert planner > 1080, (planner, greedy)
