"""Every worked example of the three All-Star Draft rulebooks, as a test.

The rulebook pictures are missing from the seeds; where the text does not
name the cards, the cards below are real cards of the deck chosen to fit it.
"""

from __future__ import annotations

from generator.games.all_star_draft.model import Attribute
from generator.games.all_star_draft.rules import (
    Exchange,
    Lineup,
    Phase,
    Substitution,
    arena_order,
    best_team,
    choose_teams,
    exchange_cards,
    new_team,
    playoff_round,
    rank_teams,
    start_playoffs,
    substitute,
    team_strength,
)
from tests.rules_helpers import book, cards, game, ids, team


def test_alines_bench_makes_a_team_of_three_fours() -> None:
    bench = team("rabbit-4 duck-4 tiger-4 eagle-1 panda-8 wolf-3")
    chosen, result = best_team(book(), bench, players=3)
    assert {"rabbit-4", "duck-4", "tiger-4"} <= set(chosen)
    assert (result.strength, result.attribute, result.value) == (3, Attribute.NUMBER, 4)
    assert len(set(bench) - set(chosen)) == 1


def test_aline_eric_magalie_symbols_beat_species() -> None:
    teams = {
        "Aline": team("duck-2 duck-3 duck-4 duck-5 duck-6"),
        "Eric": team("rabbit-5 eagle-3 horse-4 beaver-8 penguin-6"),
        "Magalie": team("polar-bear-1 polar-bear-2 polar-bear-7 shark-5 wolf-9"),
    }
    ranked = rank_teams(book(), teams, players=3)
    assert [(t.manager, t.strength.strength, t.rank) for t in ranked] == [
        ("Aline", 5, 1),
        ("Eric", 3, 2),
        ("Magalie", 3, 3),
    ]
    assert ranked[1].strength.attribute is Attribute.SYMBOL
    assert ranked[2].strength.attribute is Attribute.SPECIES


def test_paul_juliette_gold_symbols_beat_silver_numbers() -> None:
    teams = {
        "Juliette": team("shark-8 horse-8 panda-8 penguin-3 reindeer-7"),
        "Paul": team("rabbit-7 beaver-9 tiger-5 duck-1 eagle-2"),
    }
    ranked = rank_teams(book(), teams, players=2)
    assert [(t.manager, t.strength.strength, t.strength.attribute.value) for t in ranked] == [
        ("Paul", 3, "symbol"),
        ("Juliette", 3, "number"),
    ]


def test_nathan_isa_the_higher_symbol_wins() -> None:
    teams = {
        "Nathan": team("eagle-2 penguin-5 polar-bear-4 horse-1 panda-9"),
        "Isa": team("duck-6 beaver-7 shark-4 tiger-5 rabbit-8"),
    }
    ranked = rank_teams(book(), teams, players=2)
    assert [(t.manager, t.strength.value, t.rank) for t in ranked] == [
        ("Isa", "goal", 1),
        ("Nathan", "glove", 2),
    ]


EMMA_BEN_CARINE_DENIS = {
    "Emma": team("rabbit-5 eagle-5 penguin-5 shark-5 duck-2"),
    "Ben": team("eagle-3 panda-3 wolf-3 rabbit-1 duck-7"),
    "Carine": team("tiger-3 horse-3 reindeer-3 rabbit-2 duck-8"),
    "Denis": team("polar-bear-1 polar-bear-2 beaver-4 penguin-7 horse-9"),
}


def test_emma_ben_carine_denis_share_second_and_skip_third() -> None:
    arena = book().arena("stadium-fall-3")
    ranked = rank_teams(book(), EMMA_BEN_CARINE_DENIS, players=4, arena=arena)
    assert [(t.manager, t.rank, t.fans) for t in ranked] == [
        ("Emma", 1, 13),
        ("Ben", 2, 10),
        ("Carine", 2, 10),
        ("Denis", 4, 5),
    ]


def test_damian_is_eliminated_with_11_fans() -> None:
    teams = {**EMMA_BEN_CARINE_DENIS}
    teams["Damian"] = teams.pop("Denis")
    result = playoff_round(book(), 4, teams)
    assert (result.weakest, result.loser, result.outcome, result.place, result.fans) == (
        ("Damian",),
        "Damian",
        "eliminated",
        4,
        11,
    )


SEB_CLARA_TEAMS = {
    "Seb": team("eagle-2 penguin-5 rabbit-1 duck-3 beaver-4"),
    "Clara": team("tiger-6 horse-8 wolf-5 shark-1 panda-4"),
    "Xavier": team("duck-1 duck-2 duck-4 duck-5 duck-6"),
    "Yasmin": team("polar-bear-1 polar-bear-2 polar-bear-3 polar-bear-4 polar-bear-5"),
    "Zoe": team("reindeer-1 reindeer-2 reindeer-4 reindeer-5 reindeer-7"),
}


def test_seb_clara_shootout_silver_species_decides_with_five_managers() -> None:
    pending = playoff_round(book(), 5, SEB_CLARA_TEAMS)
    assert (pending.weakest, pending.shootout_needed, pending.loser) == (
        ("Seb", "Clara"),
        True,
        None,
    )
    decided = playoff_round(
        book(), 5, SEB_CLARA_TEAMS, shootout={"Seb": "horse-3", "Clara": "reindeer-3"}
    )
    assert (decided.loser, decided.outcome, decided.place, decided.fans) == (
        "Seb",
        "eliminated",
        5,
        10,
    )


def test_chantal_substitutes_three_cards() -> None:
    hands = {
        "Chantal": cards(
            "duck-1 duck-2 duck-3 duck-4 duck-5 tiger-1 tiger-2 tiger-3 tiger-4 rabbit-9"
        ),
        "Other": cards(
            "wolf-1 wolf-2 wolf-3 wolf-4 shark-9 horse-2 horse-5 horse-7 panda-6 eagle-8"
        ),
    }
    state = start_playoffs(book(), hands, tickets={"Chantal": 2, "Other": 2})
    state = choose_teams(
        state,
        {"Chantal": hands["Chantal"][:5], "Other": cards("wolf-1 wolf-2 wolf-3 horse-2 shark-9")},
    )
    assert state.phase is Phase.SUBSTITUTION and state.manager("Chantal").place is None
    state = substitute(
        state,
        {
            "Chantal": Substitution(
                (cards("duck-1 duck-2 duck-3")), (cards("tiger-1 tiger-2 tiger-3"))
            ),
            "Other": Substitution((cards("horse-2 shark-9")), (cards("wolf-4 horse-5"))),
        },
    )
    assert state.manager("Chantal").team == (cards("duck-4 duck-5 tiger-1 tiger-2 tiger-3"))
    assert state.manager("Chantal").hand == (cards("tiger-4 rabbit-9"))


def _sams_hands() -> dict[str, list[int]]:
    used = {
        "Sam": list(
            cards(
                "rabbit-5 duck-6 beaver-7 eagle-3 penguin-4 polar-bear-5 tiger-5 shark-5 polar-bear-8 polar-bear-9"
            )
        ),
        "Vreni": list(
            cards("wolf-1 wolf-2 wolf-3 wolf-4 wolf-5 horse-9 panda-9 reindeer-9 eagle-9 beaver-2")
        ),
        "Ali": list(cards("shark-1 shark-2 shark-3 shark-4 shark-6 duck-1 beaver-3 penguin-8")),
        "Jolanda": list(cards("rabbit-1 duck-2 eagle-4 panda-5 tiger-8")),
    }
    taken = {card for hand in used.values() for card in hand}
    spare = [p for p in range(len(game().cards)) if p not in taken]
    for hand in used.values():
        while len(hand) < 18:
            hand.append(spare.pop())
    return used


def test_sams_2020_playoffs_end_in_second_place_with_22_fans() -> None:
    old = book("2020")
    state = start_playoffs(old, _sams_hands())
    assert {m.tickets for m in state.managers} == {1}
    # Round 1: four equal symbols put Sam third; Jolanda's weaker team loses her only ticket.
    state = choose_teams(
        state,
        {
            "Sam": cards("rabbit-5 duck-6 beaver-7 eagle-3 penguin-4"),
            "Vreni": cards("wolf-1 wolf-2 wolf-3 wolf-4 wolf-5"),
            "Ali": cards("shark-1 shark-2 shark-3 shark-4 shark-6"),
            "Jolanda": cards("rabbit-1 duck-2 eagle-4 panda-5 tiger-8"),
        },
    )
    ranked = rank_teams(old, {m.name: ids(m.team) for m in state.managers}, players=4)
    assert [t.manager for t in ranked].index("Sam") == 2
    assert state.manager("Jolanda").place == 4
    # Round 2: Sam swaps three cards for four equal numbers and comes first; Ali is out.
    state = substitute(
        state,
        {
            "Sam": Substitution(
                (cards("beaver-7 eagle-3 penguin-4")),
                (cards("polar-bear-5 tiger-5 shark-5")),
            ),
            "Vreni": Substitution(
                (cards("wolf-3 wolf-4 wolf-5")), (cards("horse-9 panda-9 reindeer-9"))
            ),
            "Ali": Substitution(
                (cards("shark-1 shark-2 shark-3")), (cards("duck-1 beaver-3 penguin-8"))
            ),
        },
    )
    assert state.history[-1].losers == ("Ali",)
    assert state.manager("Ali").place == 3
    # Round 3: three equal species is not enough against Vreni; Sam gives up his only ticket.
    state = substitute(
        state,
        {
            "Sam": Substitution((cards("tiger-5 shark-5")), (cards("polar-bear-8 polar-bear-9"))),
            "Vreni": Substitution((cards("wolf-1 wolf-2")), (cards("eagle-9 beaver-2"))),
        },
    )
    sam = state.manager("Sam")
    assert (sam.place, sam.fans, sam.tickets) == (2, 22, 0)
    assert state.phase is Phase.OVER and state.winner == "Vreni"


def test_barbara_exchanges_the_panda_of_team_1_for_a_duck() -> None:
    played = cards("panda-2 rabbit-2 tiger-2 wolf-7 eagle-5")
    bench = cards("duck-2 duck-8 horse-1 horse-4 shark-3 shark-6 reindeer-9")
    (panda,), (duck,) = cards("panda-2"), cards("duck-2")
    after = exchange_cards(book(), Lineup((played,), bench), [Exchange(1, panda, duck)])
    assert [ids(t) for t in after.teams] == [("duck-2", "rabbit-2", "tiger-2", "wolf-7", "eagle-5")]
    assert panda in after.bench and duck not in after.bench
    after = new_team(book(), after, cards("horse-1 horse-4 shark-3 shark-6 panda-2"))
    assert len(after.teams) == 2 and set(ids(after.bench)) == {"duck-8", "reindeer-9"}


def test_thierry_sends_his_first_team_to_arena_3() -> None:
    # Bus 3 for the first team, bus 2 for the second, bus 1 for the third.
    assert arena_order(book(), 3, [3, 2, 1]) == (3, 2, 1)
    assert arena_order(book(), 3, [3, 1, 2]) == (2, 3, 1)


def test_2020_blau_changes_one_player_then_lays_a_second_team() -> None:
    old = book("2020")
    first = cards("wolf-1 reindeer-2 panda-3 penguin-4 rabbit-8")
    bench = cards("wolf-2 wolf-3 wolf-4 wolf-5 wolf-6 wolf-7")
    (rabbit,), (wolf,) = cards("rabbit-8"), cards("wolf-7")
    lineup = exchange_cards(old, Lineup((first,), bench), [Exchange(1, rabbit, wolf)])
    lineup = new_team(old, lineup, cards("wolf-2 wolf-3 wolf-4 wolf-5 wolf-6"))
    assert ids(lineup.teams[0]) == ("wolf-1", "reindeer-2", "panda-3", "penguin-4", "wolf-7")
    assert ids(lineup.bench) == ("rabbit-8",)  # the player taken out goes back to the bench
    assert arena_order(old, 2, [2, 1]) == (2, 1)


def test_2020_round_one_gelb_gruen_pink_blau() -> None:
    old = book("2020")
    teams = {
        "Gelb": team("tiger-3 tiger-4 tiger-5 tiger-6 duck-9"),
        "Blau": team("wolf-1 reindeer-2 panda-3 penguin-4 rabbit-8"),
        "Gruen": team("rabbit-5 duck-6 beaver-7 eagle-1 penguin-2"),
        "Pink": team("shark-8 horse-8 panda-8 polar-bear-6 reindeer-7"),
    }
    ranked = rank_teams(old, teams, players=4, arena=old.arena("puddle-park-1"))
    assert [(t.manager, t.strength.strength, t.rank, t.fans) for t in ranked] == [
        ("Gelb", 4, 1, 15),
        ("Gruen", 3, 2, 13),
        ("Pink", 3, 3, 11),
        ("Blau", 1, 4, 9),
    ]
    assert (
        ranked[3].strength.attribute is Attribute.SYMBOL
    )  # only the strongest card counts: its symbol


def test_2020_sam_vreni_ali_jolanda_share_second_place() -> None:
    teams = {
        "Sam": team("tiger-3 tiger-4 tiger-5 tiger-6 duck-9"),
        "Vreni": team("eagle-3 panda-3 wolf-3 rabbit-1 duck-7"),
        "Ali": team("penguin-3 horse-3 reindeer-3 rabbit-2 duck-8"),
        "Jolanda": team("polar-bear-1 polar-bear-2 beaver-4 penguin-7 horse-9"),
    }
    ranked = rank_teams(book("2020"), teams, players=4)
    assert [(t.manager, t.rank) for t in ranked] == [
        ("Sam", 1),
        ("Vreni", 2),
        ("Ali", 2),
        ("Jolanda", 4),
    ]


def test_2020_reminders_four_nines_beat_three_symbols_and_pucks_beat_gloves() -> None:
    old = book("2020")
    four_nines = team_strength(old, team("rabbit-9 duck-9 panda-9 wolf-9 eagle-1"))
    three_symbols = team_strength(old, team("rabbit-5 duck-6 beaver-7 eagle-2 penguin-4"))
    three_animals = team_strength(old, team("tiger-3 tiger-4 tiger-5 duck-1 wolf-2"))
    assert four_nines.key > three_symbols.key > three_animals.key
    four_pucks = team_strength(old, team("rabbit-6 duck-7 beaver-8 eagle-5 tiger-3"))
    four_gloves = team_strength(old, team("rabbit-8 duck-9 beaver-1 eagle-2 tiger-3"))
    assert (four_pucks.strength, four_pucks.value, four_gloves.strength, four_gloves.value) == (
        4,
        "puck",
        4,
        "glove",
    )
    assert four_pucks.key > four_gloves.key
