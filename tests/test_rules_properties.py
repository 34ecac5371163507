"""Properties of the rules engine, checked on random teams and benches."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.all_star_draft.model import Attribute, Card, Special
from generator.games.all_star_draft.rules import best_team, evaluate, rank_teams, specials_met
from tests.rules_helpers import book, game

CARD_IDS = [c.id for c in game().cards]
ARENAS = [None, *(a.id for a in book().edition.arenas)]


def reference_key(card_ids: list[str], players: int) -> tuple[int, int, int]:
    """Rulings 1-4 written out plainly: (strength, medal from gold, value strength)."""
    cards = [game().card(c) for c in card_ids]
    medals = game().priorities[players]
    strength_of: dict[Attribute, dict[Any, int]] = {
        Attribute.SYMBOL: {s.id: s.strength for s in game().symbols},
        Attribute.NUMBER: dict(game().number_strength),
        Attribute.SPECIES: {s.id: s.strength for s in game().species},
    }
    groups = []
    for attribute in Attribute:
        counts = Counter(
            c.value(attribute) for c in cards if c is not None and c.value(attribute) is not None
        )
        groups += [
            (size, 2 - medals.index(attribute), strength_of[attribute][v])
            for v, size in counts.items()
        ]
    return max(groups)


def distinct_cards(count: int) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(CARD_IDS), min_size=count, max_size=count, unique=True)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(cards=distinct_cards(5), players=st.integers(2, 6))
def test_fast_evaluation_matches_the_plain_reference(cards: list[str], players: int) -> None:
    rules = book()
    result = evaluate(rules, rules.team(cards), players)
    strength, medal, value = reference_key(cards, players)
    assert (result.strength, 2 - result.medal) == (strength, medal)
    assert result.key == (strength << 12) | (medal << 8) | value


@st.composite
def table(draw: st.DrawFn, teams: int) -> dict[str, list[str]]:
    cards = draw(distinct_cards(5 * teams))
    return {f"M{i}": cards[5 * i : 5 * i + 5] for i in range(teams)}


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(teams=st.integers(2, 6).flatmap(table), arena=st.sampled_from(ARENAS), data=st.data())
def test_ranking_does_not_depend_on_input_order(
    teams: dict[str, list[str]], arena: str | None, data: st.DataObject
) -> None:
    rules = book()
    order = data.draw(st.permutations(list(teams)))
    ranks = {t.manager: t.rank for t in rank_teams(rules, teams, 6, rules.arena(arena))}
    shuffled = {
        t.manager: t.rank
        for t in rank_teams(rules, {m: teams[m] for m in order}, 6, rules.arena(arena))
    }
    assert ranks == shuffled


@settings(max_examples=150, deadline=None)
@given(teams=st.integers(1, 6).flatmap(table), arena=st.sampled_from(ARENAS))
def test_ranks_form_a_competition_ranking(teams: dict[str, list[str]], arena: str | None) -> None:
    rules = book()
    ranked = rank_teams(rules, teams, 6, rules.arena(arena))
    ranks = [t.rank for t in ranked]
    assert ranks == sorted(ranks) and ranks[0] == 1
    for team in ranked:
        assert team.rank == 1 + sum(1 for other in ranked if other.strength.key > team.strength.key)
        assert team.fans == (rules.arena(arena).fans_for_rank(team.rank) if arena else None)  # type: ignore[union-attr]


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(teams=st.integers(2, 6).flatmap(table), arena=st.sampled_from(ARENAS))
def test_adding_a_team_never_improves_another_rank(
    teams: dict[str, list[str]], arena: str | None
) -> None:
    rules = book()
    newcomer = list(teams)[-1]
    without = {m: cards for m, cards in teams.items() if m != newcomer}
    before = {t.manager: t.rank for t in rank_teams(rules, without, 6, rules.arena(arena))}
    after = {t.manager: t.rank for t in rank_teams(rules, teams, 6, rules.arena(arena))}
    assert all(after[m] >= before[m] for m in before)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    bench=st.integers(5, 10).flatmap(distinct_cards),
    players=st.integers(2, 6),
    arena=st.sampled_from(ARENAS),
)
def test_best_team_is_never_beaten(bench: list[str], players: int, arena: str | None) -> None:
    rules = book()
    where = rules.arena(arena)
    chosen, result = best_team(rules, bench, players, where)
    assert len(set(chosen)) == 5 and set(chosen) <= set(bench)
    assert evaluate(rules, rules.team(chosen), players, where).key == result.key
    for other in combinations(bench, 5):
        assert evaluate(rules, rules.team(list(other)), players, where).key <= result.key


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(bench=st.integers(5, 18).flatmap(distinct_cards), players=st.integers(2, 6))
def test_best_team_is_deterministic(bench: list[str], players: int) -> None:
    assert best_team(book(), bench, players) == best_team(book(), bench, players)


def test_specials_enum_is_what_the_data_can_name() -> None:
    assert {s.value for s in Special} == {"one-of-each", "run", "three-and-pair"}


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(size=st.integers(1, 18), data=st.data(), players=st.integers(2, 6))
def test_bench_key_is_the_key_of_the_best_team_or_of_a_short_bench(
    size: int, data: st.DataObject, players: int
) -> None:
    from generator.games.all_star_draft.rules.best_team import bench_key

    rules = book()
    cards = data.draw(distinct_cards(size))
    positions = [rules.card_index(c) for c in cards]
    if size >= rules.team_size:
        expected = best_team(rules, cards, players)[1].key
    else:
        expected = evaluate(rules, positions, players).key
    assert bench_key(rules, positions, players) == expected


def plain_three_and_pair(card_ids: list[str]) -> bool:
    """The three-and-pair ruling written out with card values (ruling 5 of docs/rules.md)."""
    by_id = {c.id: c for c in game().cards}
    cards = [by_id[c] for c in card_ids]

    def shared(group: list[Card]) -> set[tuple[Attribute, object]]:
        return {
            (a, v)
            for a in Attribute
            if (v := group[0].value(a)) is not None and all(c.value(a) == v for c in group)
        }

    everyone = shared(cards)
    for triple in combinations(range(5), 3):
        pair = [cards[i] for i in range(5) if i not in triple]
        if shared([cards[i] for i in triple]) - everyone and shared(pair) - everyone:
            return True
    return False


def test_three_and_pair_agrees_with_the_plain_ruling_on_every_team_of_a_small_pool() -> None:
    rules = book()
    species = sorted({c.species for c in game().cards})[:2]
    pool = [c.id for c in game().cards if c.species in species][:12]
    met = 0
    for team in combinations(pool, 5):
        fast = Special.THREE_AND_PAIR in specials_met(rules, rules.team(list(team)))
        assert fast == plain_three_and_pair(list(team)), team
        met += fast
    assert 0 < met < comb(len(pool), 5)
