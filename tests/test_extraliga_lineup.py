"""Extraliga All-Stars lineups: the rulebook's example under both readings of "adjacent", the
caps, the stand-in goalie, and a best lineup proven against every assignment of the cards to
the slots."""

from __future__ import annotations

from itertools import combinations, permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import InputError
from generator.games.extraliga_all_stars.lineup import (
    EVERY_PAIR,
    NEIGHBOURS,
    TRIO,
    Lineup,
    LineupRules,
    Player,
    Position,
    Strength,
    TrioRules,
    standard_rules,
)
from tests.game_helpers import extraliga_card as card

LW, C, RW, D, G = Position.LW, Position.C, Position.RW, Position.D, Position.G
LITERAL = standard_rules(NEIGHBOURS)
"""The rulebook's words: a club links neighbours in the row."""
ALL_PAIRS = standard_rules(EVERY_PAIR)
"""The other reading: every two players of a trio."""
READINGS = pytest.mark.parametrize("rules", [LITERAL, ALL_PAIRS], ids=["neighbours", "all-pairs"])


@READINGS
def test_the_rulebooks_example_offence_3_defence_5(rules: LineupRules) -> None:
    # The example's facts only (names left out): the left wing and the centre play
    # their positions, the right-wing slot holds a player of another position who
    # shares the centre's club; the left wing's club is no one else's. In defence a
    # legend and a defenceman, each in his position, and a goalie of another club.
    offence = (card("a", LW, "brno"), card("b", C, "budejovice"), card("c", C, "budejovice"))
    defence = (card("legend", D, None), card("d", D, "x"), card("e", G, "y"))
    assert rules.strength(Lineup(offence, defence)) == Strength(offence=3, defence=5)
    assert rules.strength(Lineup(offence, defence[::-1][1:] + defence[:1])).defence <= 5


def test_same_club_wings_pair_only_when_every_pair_links() -> None:
    # Wings of one club with a centre of another.
    trio = (card("a", LW, "x"), card("b", C, "y"), card("c", RW, "x"))
    assert LITERAL.trio_strength(trio, LITERAL.offence) == 3
    assert ALL_PAIRS.trio_strength(trio, ALL_PAIRS.offence) == 4


def test_a_legend_pairs_with_both_others_whatever_the_links() -> None:
    trio = (card("legend", LW, None), card("b", C, "y"), card("c", RW, "z"))
    assert LITERAL.trio_strength(trio, LITERAL.offence) == 3 + 2


def test_the_defenceman_beside_the_goalie_is_the_one_that_pairs() -> None:
    beside = (card("a", D, "x"), card("b", D, "y"), card("c", G, "y"))
    apart = (card("b", D, "y"), card("a", D, "x"), card("c", G, "y"))
    assert LITERAL.trio_strength(beside, LITERAL.defence) == 4
    assert LITERAL.trio_strength(apart, LITERAL.defence) == 3
    cards = [*beside, card("d", LW, "p"), card("e", C, "q"), card("f", RW, "r")]
    lineup, found = LITERAL.best_lineup(cards)
    assert found == Strength(3, 4)
    assert [p.id for p in lineup.defence] == ["a", "b", "c"]


def test_a_trio_is_capped_at_six() -> None:
    legend = (card("a", LW, None), card("b", C, "x"), card("c", RW, "x"))
    assert LITERAL.trio_strength(legend, LITERAL.offence) == 6
    trio = (card("a", LW, "x"), card("b", C, "x"), card("c", RW, "x"))
    assert LITERAL.trio_strength(trio, LITERAL.offence) == 5
    assert ALL_PAIRS.trio_strength(trio, ALL_PAIRS.offence) == 6


def test_a_face_down_goalie_counts_one_and_pairs_with_no_one() -> None:
    trio = (card("a", D, "x"), card("b", D, "x"), card("c", LW, "x"))
    rules = LITERAL
    assert rules.trio_strength(trio, rules.defence, face_down=True) == 2 + 1 + 1
    assert rules.trio_strength(trio, rules.defence, face_down=True, everyone=True) == 4
    assert rules.trio_strength(trio, rules.defence) == 2 + 2
    legend = (card("a", D, None), card("b", D, "x"), card("c", LW, "x"))
    assert rules.trio_strength(legend, rules.defence, face_down=True) == 2 + 1 + 1


@READINGS
def test_full_synergy_pairs_everyone(rules: LineupRules) -> None:
    trio = (card("a", LW, "x"), card("b", C, "y"), card("c", RW, "z"))
    assert rules.trio_strength(trio, rules.offence) == 3
    assert rules.trio_strength(trio, rules.offence, everyone=True) == 6


def _lineup(ids: str, positions: tuple[Position, ...], down: bool = False) -> Lineup:
    players = [card(i, p, "x") for i, p in zip(ids, positions, strict=True)]
    return Lineup(tuple(players[:3]), tuple(players[3:]), down)


@pytest.mark.parametrize(
    ("lineup", "cards", "message"),
    [
        (
            Lineup(
                (card("l1", LW, None), card("b", C, "x"), card("c", RW, "x")),
                (card("l2", D, None), card("e", D, "x"), card("f", G, "x")),
            ),
            None,
            "the lineup has 2 legends (l1, l2); at most one legend may be in the starting lineup",
        ),
        (
            _lineup("aacdef", (LW, C, RW, D, D, G)),
            None,
            "card 'a' is twice in the lineup; each card fills one slot",
        ),
        (
            _lineup("abcdef", (LW, C, RW, D, D, LW), down=True),
            [card(i, p, "x") for i, p in zip("abcdefg", (LW, C, RW, D, D, LW, G), strict=True)],
            "a card may lie face down in goal only when the manager has no goalie, and 'g' is "
            "a goalie",
        ),
        (
            _lineup("abcdef", (LW, C, RW, G, D, LW), down=True),
            None,
            "a card may lie face down in goal only when the manager has no goalie, and 'd' is "
            "a goalie",
        ),
        (
            _lineup("abcdef", (LW, C, RW, D, D, G), down=True),
            None,
            "a card may lie face down in goal only when the manager has no goalie, and 'f' is "
            "a goalie",
        ),
        (
            _lineup("abcdez", (LW, C, RW, D, D, G)),
            [card(i, p, "x") for i, p in zip("abcdef", (LW, C, RW, D, D, G), strict=True)],
            "card 'z' is not one of the manager's cards",
        ),
    ],
)
def test_lineups_the_rules_refuse(lineup: Lineup, cards: list[Player] | None, message: str) -> None:
    with pytest.raises(InputError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        LITERAL.check_lineup(lineup, cards)


def test_best_lineup_needs_six_to_twelve_distinct_cards() -> None:
    with pytest.raises(InputError, match="from 6 to 12 cards, got 5"):
        LITERAL.best_lineup([card(str(n), D, "x") for n in range(5)])
    with pytest.raises(InputError, match="card '0' is given twice"):
        LITERAL.best_lineup([card(str(n % 5), D, "x") for n in range(6)])


def _every_lineup(rules: LineupRules, cards: list[Player], everyone: bool) -> Strength:
    """The best (total, defence) over every assignment of six cards to the six slots."""
    stand_in = not any(p.position is G for p in cards)
    best = None
    for six in permutations(cards, 6):
        if sum(p.legend for p in six) > 1:
            continue
        for down in (False, True) if stand_in else (False,):
            found = rules.strength(Lineup(six[:3], six[3:], down), everyone)
            if best is None or (found.total, found.defence) > (best.total, best.defence):
                best = found
    assert best is not None
    return best


def _every_draft(rules: LineupRules, cards: list[Player]) -> int:
    """The best offence plus defence of the cards, each in one slot or left out."""
    empty = card("", LW, "")
    best = 0
    for places in product(range(-1, 6), repeat=len(cards)):
        taken = [p for p in places if p >= 0]
        if len(set(taken)) < len(taken):
            continue
        slots = [empty] * 6
        for one, place in zip(cards, places, strict=True):
            if place >= 0:
                slots[place] = one
        if sum(p.legend for p in slots) > 1:
            continue
        value = rules.trio_strength(slots[:3], rules.offence, absent=("",))
        best = max(best, value + rules.trio_strength(slots[3:], rules.defence, absent=("",)))
    return best


CARDS = st.lists(
    st.builds(
        lambda position, club: (position, club),
        st.sampled_from(list(Position)),
        st.sampled_from(["x", "y", "z", None]),
    ),
    min_size=6,
    max_size=8,
).map(lambda raw: [card(f"p{n}", p, c) for n, (p, c) in enumerate(raw)])


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(CARDS, st.booleans(), st.sampled_from([LITERAL, ALL_PAIRS]))
def test_best_lineup_is_the_best_of_every_assignment(
    cards: list[Player], everyone: bool, rules: LineupRules
) -> None:
    legends = sum(p.legend for p in cards)
    if len(cards) - legends + 1 < 6:
        with pytest.raises(InputError, match="every choice of six cards has two legends"):
            rules.best_lineup(cards, everyone)
        return
    lineup, found = rules.best_lineup(cards, everyone)
    rules.check_lineup(lineup, cards)
    assert rules.strength(lineup, everyone) == found
    best = _every_lineup(rules, cards, everyone)
    assert (found.total, found.defence) == (best.total, best.defence)


@settings(max_examples=25, deadline=None)
@given(CARDS.map(lambda cards: cards[: len(cards) % 4 + 1]), st.sampled_from([LITERAL, ALL_PAIRS]))
def test_draft_strength_is_the_best_of_every_partial_assignment(
    cards: list[Player], rules: LineupRules
) -> None:
    assert rules.draft_strength(cards) == _every_draft(rules, cards)


def _plain_trio(
    players: tuple[Player | None, ...], trio: TrioRules, down: int | None, everyone: bool
) -> int:
    """A trio's strength as the rulebook counts it (E1-E3), card by card: a player in his
    position's slot counts 1, two players in synergy 1 (linked slots and one club, or a
    legend among them, or everyone in the 100 % event), a face-down stand-in 1 and pairs
    with no one; at most 6. None in `players` is an empty slot."""
    value = 0
    for slot, player in enumerate(players):
        if player is not None and slot != down and player.position is trio.slots[slot]:
            value += 1
    for i, j in combinations(range(TRIO), 2):
        a, b = players[i], players[j]
        if a is None or b is None or down in (i, j):
            continue
        if everyone or a.legend or b.legend or ((i, j) in trio.links and a.club == b.club):
            value += 1
    if down is not None and players[down] is not None:
        value += 1
    return min(6, value)


SIX = st.lists(
    st.tuples(st.sampled_from(list(Position)), st.sampled_from(["x", "y", "z", None])),
    min_size=6,
    max_size=6,
).map(lambda raw: [card(f"p{n}", p, c) for n, (p, c) in enumerate(raw)])


@settings(max_examples=150, deadline=None)
@given(
    SIX,
    st.booleans(),
    st.booleans(),
    st.sets(st.integers(0, 5), max_size=2),
    st.sampled_from([LITERAL, ALL_PAIRS]),
)
def test_lineup_scoring_counts_as_the_plain_reference(
    cards: list[Player], down: bool, everyone: bool, absent: set[int], rules: LineupRules
) -> None:
    """The scoring kernel against the rules counted by hand, on generated lineups: any
    positions and clubs, legends, a face-down goalie, the event, players sent off."""
    lineup = Lineup(tuple(cards[:3]), tuple(cards[3:]), down)
    gone = {cards[n].id for n in absent}
    shown = tuple(None if p.id in gone else p for p in cards)
    goalie = rules.defence.goalie_slot if down else None
    expected = Strength(
        _plain_trio(shown[:3], rules.offence, None, everyone),
        _plain_trio(shown[3:], rules.defence, goalie, everyone),
    )
    assert rules.strength(lineup, everyone, absent=gone) == expected
    assert rules.trio_strength(cards[3:], rules.defence, down, everyone, gone) == expected.defence


def test_clubs_count_by_who_shares_one_not_by_name_or_number() -> None:
    """What a lineup is worth depends on which of its players share a club, never on the
    clubs' names or the numbers the deck gives them."""
    trio = (card("a", LW, "one"), card("b", C, "one"), card("c", RW, "two"))
    renamed = (card("a", LW, "zz"), card("b", C, "zz"), card("c", RW, "aa"))
    assert trio[0].club_number != renamed[0].club_number
    assert LITERAL.trio_strength(trio, LITERAL.offence) == 4
    assert LITERAL.trio_strength(renamed, LITERAL.offence) == 4
    assert LITERAL.draft_values(trio[:2], [trio[2], renamed[2]]) == LITERAL.draft_values(
        renamed[:2], [renamed[2], trio[2]]
    )


def test_a_card_whose_club_and_number_disagree_is_refused() -> None:
    with pytest.raises(InputError, match="club 'x' numbered 0"):
        Player("a", LW, "x")
    with pytest.raises(InputError, match="club None numbered 2"):
        Player("a", LW, None, None, 2)
