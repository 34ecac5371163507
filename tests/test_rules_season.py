"""Regular-season moves: exchanges into earlier teams, new teams and buses."""

from __future__ import annotations

import pytest

from generator.core.errors import InputError
from generator.games.all_star_draft.rules import (
    Exchange,
    Lineup,
    RuleViolation,
    arena_order,
    exchange_cards,
    new_team,
)
from tests.rules_helpers import book, cards, ids

FIRST = cards("panda-2 rabbit-2 tiger-2 wolf-7 eagle-5")
SECOND = cards("horse-1 horse-4 shark-3 shark-6 reindeer-9")
BENCH = cards("duck-2 duck-8 beaver-1 beaver-5 eagle-9 tiger-8 polar-bear-1")


def card(card_id: str) -> int:
    """One card's position."""
    return cards(card_id)[0]


def exchange(team: int, out: str, into: str) -> Exchange:
    """An exchange written with card ids."""
    return Exchange(team, card(out), card(into))


LINEUP = Lineup((FIRST, SECOND), BENCH)


def test_exchanges_are_made_team_by_team_so_a_card_can_move_on() -> None:
    # The panda leaves team 1 for the bench and, in the next exchange, joins team 2.
    moves = [exchange(2, "reindeer-9", "panda-2"), exchange(1, "panda-2", "duck-2")]
    after = exchange_cards(book(), LINEUP, moves)
    assert "duck-2" in ids(after.teams[0]) and "panda-2" in ids(after.teams[1])
    assert "reindeer-9" in ids(after.bench) and "duck-2" not in ids(after.bench)


def test_no_exchange_keeps_the_lineup() -> None:
    assert exchange_cards(book(), LINEUP, []) == LINEUP


def test_exchanges_keep_every_card() -> None:
    moves = [exchange(1, "tiger-2", "tiger-8"), exchange(2, "horse-1", "beaver-1")]
    after = exchange_cards(book(), LINEUP, moves)
    before_cards = sorted([*FIRST, *SECOND, *BENCH])
    assert sorted([*after.teams[0], *after.teams[1], *after.bench]) == before_cards


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ([exchange(1, "panda-2", "duck-2"), exchange(1, "tiger-2", "duck-8")], "at most 1"),
        ([exchange(3, "panda-2", "duck-2")], "there is no team 3"),
        ([exchange(1, "horse-1", "duck-2")], "horse-1 is not in team 1"),
        ([exchange(1, "panda-2", "shark-9")], "shark-9 is not on the bench"),
    ],
)
def test_illegal_exchanges_name_the_rule(moves: list[Exchange], message: str) -> None:
    with pytest.raises(RuleViolation, match=message) as error:
        exchange_cards(book(), LINEUP, moves)
    assert error.value.rule == "exchange"


def test_round_one_has_no_team_to_change() -> None:
    with pytest.raises(RuleViolation, match="no team has been played"):
        exchange_cards(book(), Lineup((), BENCH), [exchange(1, "duck-2", "duck-8")])


def test_a_card_that_does_not_exist_is_not_on_the_bench() -> None:
    with pytest.raises(RuleViolation, match="#999 is not on the bench"):
        exchange_cards(book(), LINEUP, [Exchange(1, card("panda-2"), 999)])


def test_a_new_team_comes_from_the_bench_and_has_five_cards() -> None:
    with pytest.raises(RuleViolation, match="panda-2 not on the bench"):
        new_team(book(), LINEUP, cards("panda-2 duck-2 duck-8 beaver-1 beaver-5"))
    with pytest.raises(InputError, match="has 4 cards"):
        new_team(book(), LINEUP, cards("duck-2 duck-8 beaver-1 beaver-5"))
    with pytest.raises(InputError, match="lists card 'duck-2' twice"):
        new_team(book(), LINEUP, cards("duck-2 duck-2 beaver-1 beaver-5 eagle-9"))
    after = new_team(book(), LINEUP, cards("duck-2 duck-8 beaver-1 beaver-5 eagle-9"))
    assert ids(after.teams[2]) == ("duck-2", "duck-8", "beaver-1", "beaver-5", "eagle-9")
    assert ids(after.bench) == ("tiger-8", "polar-bear-1")


@pytest.mark.parametrize(
    ("round_number", "buses", "message"),
    [
        (2, [1, 1], "a different bus from 1 to 2"),
        (2, [1, 3], "a different bus from 1 to 2"),
        (3, [1, 2], "3 team\\(s\\) get a bus, not 2"),
    ],
)
def test_illegal_buses_name_the_rule(round_number: int, buses: list[int], message: str) -> None:
    with pytest.raises(RuleViolation, match=message) as error:
        arena_order(book(), round_number, buses)
    assert error.value.rule == "buses"


def test_buses_follow_the_rounds_in_the_data() -> None:
    assert arena_order(book(), 1, [1]) == (1,)
    with pytest.raises(InputError, match="rounds 1 to 3, not 4"):
        arena_order(book(), 4, [1, 2, 3, 4])
