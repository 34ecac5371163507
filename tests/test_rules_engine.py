"""Rulings 1-9 one by one (docs/rules.md)."""

from __future__ import annotations

import pytest

from generator.core.errors import InputError
from generator.games.all_star_draft.model import Attribute, Special
from generator.games.all_star_draft.rules import (
    Phase,
    RuleViolation,
    Substitution,
    best_team,
    card_key,
    choose_teams,
    final_standings,
    play_shootout,
    playoff_round,
    rank_teams,
    specials_met,
    start_playoffs,
    substitute,
    team_strength,
)
from tests.rules_helpers import book, cards, team

FIVE_DUCKS = team("duck-2 duck-3 duck-4 duck-5 duck-6")


# --- 1-3: strength and the shown group --------------------------------------


def test_blank_cards_form_no_symbol_group() -> None:
    result = team_strength(book(), team("rabbit-1 duck-2 beaver-3 eagle-4 penguin-7"))
    assert (result.strength, result.attribute, result.value) == (1, Attribute.NUMBER, 7)


def test_the_shown_group_follows_the_medals_for_the_player_count() -> None:
    cards = team("rabbit-9 duck-9 tiger-3 tiger-4 eagle-1")  # two 9s and two tigers
    assert team_strength(book(), cards, players=4).attribute is Attribute.NUMBER
    assert team_strength(book(), cards, players=5).attribute is Attribute.SPECIES


def test_two_groups_of_one_attribute_show_the_higher_value() -> None:
    result = team_strength(book(), team("rabbit-2 duck-2 beaver-8 eagle-8 penguin-1"))
    assert (result.strength, result.value) == (2, 8)


def test_species_order_comes_from_the_data() -> None:
    bears = team_strength(book(), team("polar-bear-1 polar-bear-2 polar-bear-3 rabbit-4 duck-5"))
    rabbits = team_strength(book(), team("rabbit-1 rabbit-2 rabbit-3 duck-4 beaver-5"))
    assert bears.key > rabbits.key


# --- 4: ranking ---------------------------------------------------------------


def test_equal_teams_draw_and_skip_the_next_rank() -> None:
    teams = {
        "A": FIVE_DUCKS,
        "B": team("tiger-2 tiger-3 tiger-4 tiger-5 tiger-6"),
        "C": team("rabbit-5 rabbit-6 rabbit-7 horse-1 panda-2"),
    }
    ranked = rank_teams(book(), teams)
    assert [(t.manager, t.rank) for t in ranked] == [("B", 1), ("A", 2), ("C", 3)]
    same = rank_teams(
        book(),
        {
            "A": team("eagle-3 panda-3 wolf-3 rabbit-1 duck-7"),
            "B": team("tiger-3 horse-3 reindeer-3 rabbit-2 duck-8"),
            "C": FIVE_DUCKS,
        },
    )
    assert [(t.manager, t.rank) for t in same] == [("C", 1), ("A", 2), ("B", 2)]


def test_ranking_input_errors() -> None:
    with pytest.raises(InputError, match="team 'A' has 4 cards; a team has 5"):
        rank_teams(book(), {"A": FIVE_DUCKS[:4]}, players=4)
    with pytest.raises(InputError, match="players must be 2 to 6, got 7"):
        rank_teams(book(), {"A": FIVE_DUCKS}, players=7)
    with pytest.raises(InputError, match="3 teams but only 2 players"):
        rank_teams(
            book(),
            {
                "A": FIVE_DUCKS,
                "B": team("tiger-2 tiger-3 tiger-4 tiger-5 tiger-6"),
                "C": team("rabbit-5 rabbit-6 rabbit-7 horse-1 panda-2"),
            },
            players=2,
        )


# --- 5: arena specials --------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "special"),
    [
        ("rabbit-5 duck-7 beaver-9 eagle-2 penguin-6", Special.ONE_OF_EACH),
        ("rabbit-3 duck-4 beaver-5 eagle-6 penguin-7", Special.RUN),
        (
            "rabbit-5 duck-6 beaver-7 wolf-1 horse-3",
            Special.THREE_AND_PAIR,
        ),  # three goals, two pucks
        ("rabbit-4 duck-4 tiger-4 eagle-7 panda-7", Special.THREE_AND_PAIR),  # three 4s, two 7s
    ],
)
def test_specials_are_met(cards: str, special: Special) -> None:
    rules = book()
    assert special in specials_met(rules, rules.team(team(cards)))


def test_not_a_run_or_a_full_house() -> None:
    rules = book()
    assert specials_met(rules, rules.team(team("rabbit-3 duck-4 beaver-5 eagle-6 penguin-8"))) == ()
    # Five ducks 2-6 with no other shared value: the ducks are shared by all five, so no three + pair.
    assert Special.THREE_AND_PAIR not in specials_met(rules, rules.team(FIVE_DUCKS))
    assert team_strength(rules, FIVE_DUCKS).specials == ()  # no arena, no special counts


def test_a_special_beats_five_of_a_kind_and_specials_draw() -> None:
    arena = book().arena("combo-stadium-2")
    teams = {
        "Five": team("tiger-1 tiger-3 tiger-5 tiger-7 tiger-9"),
        "RunA": team("rabbit-1 duck-2 beaver-3 eagle-4 penguin-5"),
        "RunB": team("panda-5 wolf-6 shark-7 horse-8 reindeer-9"),
    }
    ranked = rank_teams(book(), teams, players=3, arena=arena)
    assert [(t.manager, t.rank, t.fans) for t in ranked] == [
        ("RunA", 1, 22),
        ("RunB", 1, 22),
        ("Five", 3, 17),
    ]
    plain = rank_teams(book(), teams, players=3, arena=book().arena("polarena-1"))
    assert plain[0].manager == "Five"


def test_only_the_arenas_special_counts_in_an_arena() -> None:
    run = team("rabbit-1 duck-2 beaver-3 eagle-4 penguin-5")
    assert team_strength(book(), run, arena_id="combo-stadium-1").specials == ()
    assert team_strength(book(), run, arena_id="combo-stadium-2").specials == (Special.RUN,)


def test_best_team_finds_the_arenas_special() -> None:
    bench = team(
        "tiger-1 tiger-3 tiger-5 tiger-7 tiger-9 rabbit-1 duck-2 beaver-3 eagle-4 penguin-5"
    )
    chosen, result = best_team(book(), bench, 4, book().arena("combo-stadium-2"))
    assert result.specials == (Special.RUN,)
    plain, strongest = best_team(book(), bench, 4)
    assert strongest.strength == 5 and set(plain) == set(
        team("tiger-1 tiger-3 tiger-5 tiger-7 tiger-9")
    )
    assert chosen != plain


# --- 6-8: playoff rounds ------------------------------------------------------

STRONG = team("tiger-2 tiger-3 tiger-4 tiger-5 tiger-6")
WEAK = team("rabbit-1 duck-2 beaver-3 eagle-4 penguin-7")


def test_2025_two_players_the_loser_gives_a_ticket_then_is_out() -> None:
    first = playoff_round(book(), 2, {"A": STRONG, "B": WEAK})
    assert (first.loser, first.outcome, first.tickets_left, first.place) == ("B", "ticket", 1, None)
    last = playoff_round(book(), 2, {"A": STRONG, "B": WEAK}, tickets={"B": 0})
    assert (last.outcome, last.place, last.fans) == ("eliminated", 2, 6)


def test_2020_giving_up_the_last_ticket_eliminates() -> None:
    old = book("2020")
    assert playoff_round(old, 2, {"A": STRONG, "B": WEAK}).outcome == "ticket"  # 3 tickets
    assert playoff_round(old, 4, {"A": STRONG, "B": WEAK}).outcome == "eliminated"  # 1 ticket
    assert playoff_round(old, 3, {"A": STRONG, "B": WEAK}, tickets={"B": 2}).outcome == "ticket"


def test_shootout_card_comparison_no_symbol_is_lowest() -> None:
    rules = book()
    goal_one = rules.card_index("penguin-1")
    blank_nine = rules.card_index("rabbit-1")
    assert card_key(rules, goal_one, 4) > card_key(rules, blank_nine, 4)
    assert card_key(rules, rules.card_index("reindeer-3"), 5) > card_key(
        rules, rules.card_index("horse-3"), 5
    )


def test_shootout_misuse_is_refused() -> None:
    teams = {
        "A": team("eagle-2 penguin-5 rabbit-1 duck-3 beaver-4"),
        "B": team("tiger-6 horse-8 wolf-5 shark-1 panda-4"),
    }
    with pytest.raises(RuleViolation, match="'A' shoots with eagle-2, a card in a team"):
        playoff_round(book(), 2, teams, shootout={"A": "eagle-2", "B": "tiger-1"})
    with pytest.raises(RuleViolation, match="two managers shoot with the same card"):
        playoff_round(book(), 2, teams, shootout={"A": "tiger-1", "B": "tiger-1"})


def test_a_card_cannot_be_in_two_teams() -> None:
    with pytest.raises(InputError, match="card 'tiger-2' is held by both 'A' and 'B'"):
        playoff_round(book(), 2, {"A": STRONG, "B": STRONG})


# --- the state machine (on card positions) ------------------------------------------


def card(card_id: str) -> int:
    """One card's position."""
    return cards(card_id)[0]


def _hands() -> dict[str, tuple[int, ...]]:
    return {
        "A": cards(
            "tiger-1 tiger-2 tiger-3 tiger-4 tiger-5 tiger-6 tiger-7 tiger-8 tiger-9 shark-9"
        ),
        "B": cards(
            "rabbit-1 duck-2 beaver-3 eagle-4 penguin-7 wolf-1 wolf-2 wolf-3 horse-1 horse-2"
        ),
        "C": cards("duck-1 duck-3 duck-4 duck-5 duck-6 duck-7 duck-8 duck-9 panda-1 panda-2"),
    }


def _round_one() -> object:
    state = start_playoffs(book(), _hands(), tickets={"A": 1, "B": 0, "C": 1})
    return choose_teams(
        state,
        {
            "A": cards("tiger-1 tiger-2 tiger-3 tiger-4 tiger-5"),
            "B": cards(" ".join(WEAK)),
            "C": cards("duck-1 duck-3 duck-4 duck-5 duck-6"),
        },
    )


def test_state_machine_round_one() -> None:
    state = _round_one()
    assert state.phase is Phase.SUBSTITUTION  # type: ignore[attr-defined]
    assert state.manager("B").place == 3 and state.manager("B").fans == 12  # type: ignore[attr-defined]
    assert state.manager("C").tickets == 1 and state.still_in == ("A", "C")  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("swap", "message"),
    [
        (
            Substitution(cards("tiger-1"), cards("tiger-6")),
            "'A' swaps 1 card\\(s\\); a substitution swaps 2 to 4",
        ),
        (
            Substitution(
                (cards("tiger-1 tiger-2 tiger-3 tiger-4 tiger-5")),
                (cards("tiger-6 tiger-7 tiger-8 tiger-9 shark-9")),
            ),
            "'A' swaps 5 card\\(s\\)",
        ),
        (
            Substitution(cards("tiger-1 tiger-2"), cards("tiger-6 duck-9")),
            "'A' has no duck-9 in the bench",
        ),
        (
            Substitution(cards("tiger-1 tiger-1"), cards("tiger-6 tiger-7")),
            "'A' names the same team card twice",
        ),
        (
            Substitution(cards("tiger-1 tiger-2"), cards("tiger-6")),
            "'A' takes out 2 cards but brings in 1",
        ),
    ],
)
def test_illegal_substitutions_name_the_rule(swap: Substitution, message: str) -> None:
    state = _round_one()
    ok = Substitution((cards("duck-1 duck-3")), (cards("duck-7 duck-8")))
    with pytest.raises(RuleViolation, match=message + ".*\\(rule: substitution\\)"):
        substitute(state, {"A": swap, "C": ok})  # type: ignore[arg-type]


def test_moves_out_of_turn_and_missing_managers() -> None:
    state = _round_one()
    with pytest.raises(
        RuleViolation,
        match="shootout cards are not expected now; the playoffs wait for substitution",
    ):
        play_shootout(state, {"A": card("tiger-9")})  # type: ignore[arg-type]
    ok = Substitution((cards("duck-1 duck-3")), (cards("duck-7 duck-8")))
    with pytest.raises(RuleViolation, match="A must choose a substitution too"):
        substitute(state, {"C": ok})  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match="'B' is not in the playoffs any more"):
        substitute(state, {"A": ok, "B": ok, "C": ok})  # type: ignore[arg-type]


def test_team_from_cards_not_held() -> None:
    state = start_playoffs(book(), _hands())
    with pytest.raises(RuleViolation, match="'B' does not hold tiger-9 \\(rule: team\\)"):
        choose_teams(
            state,
            {
                "A": cards(" ".join(STRONG)),
                "B": cards("tiger-9 duck-2 beaver-3 eagle-4 penguin-7"),
                "C": cards("duck-1 duck-3 duck-4 duck-5 duck-6"),
            },
        )


def test_shootout_then_the_last_manager_wins_with_the_ticket_bonus() -> None:
    hands = {
        "A": cards("eagle-2 penguin-5 rabbit-1 duck-3 beaver-4 horse-3 shark-2 shark-3"),
        "B": cards("tiger-6 horse-8 wolf-5 shark-1 panda-4 reindeer-3 polar-bear-8"),
    }
    state = start_playoffs(book(), hands)  # 2 players: 2 tickets each
    state = choose_teams(state, {"A": hands["A"][:5], "B": hands["B"][:5]})
    assert state.phase is Phase.SHOOTOUT and state.tied == ("A", "B")
    with pytest.raises(RuleViolation, match="B must play a shootout card too"):
        play_shootout(state, {"A": card("horse-3")})
    with pytest.raises(RuleViolation, match="'A' has no tiger-9 on the bench"):
        play_shootout(state, {"A": card("tiger-9"), "B": card("reindeer-3")})
    state = play_shootout(state, {"A": card("horse-3"), "B": card("reindeer-3")})
    # A loses the shootout and a ticket; B keeps one bench card, cannot substitute and is out.
    assert state.phase is Phase.OVER
    assert (state.manager("B").place, state.manager("B").fans) == (2, 6)
    a = state.manager("A")
    assert (a.place, a.tickets, a.fans, a.bonus) == (1, 1, 10, 2)
    assert card("horse-3") not in a.hand


def test_tied_managers_without_a_card_lose_the_round_together() -> None:
    hands = {
        "A": cards("duck-1 duck-3 duck-4 eagle-2 penguin-5 shark-2 shark-3"),
        "B": cards("tiger-1 tiger-2 tiger-3 tiger-4 horse-8 wolf-3 polar-bear-9"),
        "C": cards(
            "rabbit-1 beaver-2 eagle-3 penguin-4 reindeer-5 reindeer-1 reindeer-2 reindeer-4 reindeer-6 reindeer-7 reindeer-8"
        ),
    }
    state = start_playoffs(book(), hands)  # 3 players: 1 ticket each
    state = choose_teams(state, {name: cards[:5] for name, cards in hands.items()})
    assert state.history[-1].losers == ("C",) and state.manager("C").tickets == 0
    state = substitute(
        state,
        {
            "A": Substitution(cards("duck-1 duck-3"), cards("shark-2 shark-3")),
            "B": Substitution(cards("tiger-1 tiger-2"), cards("wolf-3 polar-bear-9")),
            "C": Substitution(
                (cards("rabbit-1 beaver-2 eagle-3 penguin-4")),
                (cards("reindeer-1 reindeer-2 reindeer-4 reindeer-6")),
            ),
        },
    )
    assert state.phase is Phase.SHOOTOUT and state.tied == ("A", "B")
    state = play_shootout(state, {})  # neither has a card left to shoot
    assert state.history[-1].losers == ("A", "B")
    assert [(m.name, m.place) for m in state.managers] == [("A", 3), ("B", 3), ("C", 1)]
    assert state.phase is Phase.OVER and state.winner == "C"


def test_managers_who_cannot_substitute_share_the_lowest_open_place() -> None:
    hands = {
        "A": cards("tiger-1 tiger-2 tiger-3 tiger-4 tiger-5 tiger-6"),
        "B": cards("duck-1 duck-3 duck-4 duck-5 duck-6 duck-7"),
        "C": cards("rabbit-1 duck-2 beaver-3 eagle-4 penguin-7 wolf-1 wolf-2 wolf-3"),
    }
    state = start_playoffs(book(), hands, tickets={"A": 1, "B": 1, "C": 1})
    state = choose_teams(state, {name: cards[:5] for name, cards in hands.items()})
    # C loses a ticket; A and B hold one card each and cannot substitute: both take 3rd place.
    assert state.phase is Phase.OVER
    assert [(m.name, m.place) for m in state.managers] == [("A", 3), ("B", 3), ("C", 1)]
    assert state.history[0].eliminations[0].reason == "could not substitute"


def test_nobody_left_means_nobody_is_first() -> None:
    hands = {
        "A": cards("tiger-1 tiger-2 tiger-3 tiger-4 tiger-5 tiger-6"),
        "B": cards("duck-1 duck-3 duck-4 duck-5 duck-6 duck-7"),
    }
    state = start_playoffs(book(), hands)
    state = choose_teams(state, {name: cards[:5] for name, cards in hands.items()})
    assert state.phase is Phase.OVER and state.winner is None
    assert {m.place for m in state.managers} == {2}


# --- 9: the end of the game -----------------------------------------------------


def test_most_fans_wins_then_playoff_fans_then_shared() -> None:
    standings = final_standings({"A": 50, "B": 40, "C": 60}, {"A": 30, "B": 40, "C": 17}, {"A": 3})
    assert [(s.manager, s.total, s.winner) for s in standings] == [
        ("A", 83, True),
        ("B", 80, False),
        ("C", 77, False),
    ]
    tie = final_standings({"A": 50, "B": 60}, {"A": 30, "B": 20})
    assert [(s.manager, s.winner) for s in tie] == [("A", True), ("B", False)]
    shared = final_standings({"A": 50, "B": 50}, {"A": 20, "B": 20})
    assert all(s.winner for s in shared)


def test_managers_eliminated_together_may_share_the_best_of_their_places() -> None:
    """The other reading of a shared elimination (`eliminated_together: best-place`): as tied
    teams share the better rank, A and B share 2nd place of the two they take."""
    import dataclasses

    plain = book()
    playoffs = dataclasses.replace(plain.edition.playoffs, together_best=True)
    best = dataclasses.replace(plain, edition=dataclasses.replace(plain.edition, playoffs=playoffs))
    hands = {
        "A": cards("tiger-1 tiger-2 tiger-3 tiger-4 tiger-5 tiger-6"),
        "B": cards("duck-1 duck-3 duck-4 duck-5 duck-6 duck-7"),
        "C": cards("rabbit-1 duck-2 beaver-3 eagle-4 penguin-7 wolf-1 wolf-2 wolf-3"),
    }
    state = start_playoffs(best, hands, tickets={"A": 1, "B": 1, "C": 1})
    state = choose_teams(state, {name: cards[:5] for name, cards in hands.items()})
    assert [(m.name, m.place) for m in state.managers] == [("A", 2), ("B", 2), ("C", 1)]
    points = best.edition.playoffs.points[3]
    assert state.manager("A").fans == points[1]
