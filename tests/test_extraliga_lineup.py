"""Extraliga All-Stars lineups: the rulebook's example, the caps, the stand-in goalie, and a
best lineup proven against every assignment of the cards to the slots."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import InputError
from generator.games.extraliga_all_stars.lineup import (
    DEFENCE_SLOTS,
    OFFENCE_SLOTS,
    Lineup,
    Player,
    Position,
    Strength,
    best_lineup,
    check_lineup,
    strength,
    trio_strength,
)

LW, C, RW, D, G = Position.LW, Position.C, Position.RW, Position.D, Position.G


def test_the_rulebooks_example_offence_3_defence_5() -> None:
    # The example's facts only (names left out): the left wing and the centre play
    # their positions, the right-wing slot holds a player of another position who
    # shares the centre's club; the left wing's club is no one else's. In defence a
    # legend and a defenceman, each in his position, and a goalie of another club.
    offence = (Player("a", LW, "brno"), Player("b", C, "budejovice"), Player("c", C, "budejovice"))
    defence = (Player("legend", D, None), Player("d", D, "x"), Player("e", G, "y"))
    assert strength(Lineup(offence, defence)) == Strength(offence=3, defence=5)


def test_a_trio_is_capped_at_six() -> None:
    trio = (Player("a", LW, "x"), Player("b", C, "x"), Player("c", RW, "x"))
    assert trio_strength(trio, OFFENCE_SLOTS) == 6
    legend = (Player("a", LW, None), Player("b", C, "x"), Player("c", RW, "x"))
    assert trio_strength(legend, OFFENCE_SLOTS) == 6


def test_a_face_down_goalie_counts_one_and_pairs_with_no_one() -> None:
    trio = (Player("a", D, "x"), Player("b", D, "x"), Player("c", LW, "x"))
    assert trio_strength(trio, DEFENCE_SLOTS, face_down_last=True) == 2 + 1 + 1
    assert trio_strength(trio, DEFENCE_SLOTS, face_down_last=True, everyone=True) == 4
    assert trio_strength(trio, DEFENCE_SLOTS) == 2 + 3


def test_full_synergy_pairs_everyone() -> None:
    trio = (Player("a", LW, "x"), Player("b", C, "y"), Player("c", RW, "z"))
    assert trio_strength(trio, OFFENCE_SLOTS) == 3
    assert trio_strength(trio, OFFENCE_SLOTS, everyone=True) == 6


@pytest.mark.parametrize(
    ("lineup", "cards", "message"),
    [
        (
            Lineup(
                (Player("l1", LW, None), Player("b", C, "x"), Player("c", RW, "x")),
                (Player("l2", D, None), Player("e", D, "x"), Player("f", G, "x")),
            ),
            None,
            "the lineup has 2 legends (l1, l2); at most one legend may be in the starting lineup",
        ),
        (
            Lineup(
                (Player("a", LW, "x"), Player("a", C, "x"), Player("c", RW, "x")),
                (Player("d", D, "x"), Player("e", D, "x"), Player("f", G, "x")),
            ),
            None,
            "card 'a' is twice in the lineup; each card fills one slot",
        ),
        (
            Lineup(
                (Player("a", LW, "x"), Player("b", C, "x"), Player("c", RW, "x")),
                (Player("d", D, "x"), Player("e", D, "x"), Player("f", LW, "x")),
                face_down_goalie=True,
            ),
            [Player(i, p, "x") for i, p in zip("abcdefg", (LW, C, RW, D, D, LW, G), strict=True)],
            "a card may lie face down in goal only when the manager has no goalie",
        ),
        (
            Lineup(
                (Player("a", LW, "x"), Player("b", C, "x"), Player("c", RW, "x")),
                (Player("d", D, "x"), Player("e", D, "x"), Player("z", G, "x")),
            ),
            [Player(i, p, "x") for i, p in zip("abcdef", (LW, C, RW, D, D, G), strict=True)],
            "card 'z' is not one of the manager's cards",
        ),
    ],
)
def test_lineups_the_rules_refuse(lineup: Lineup, cards: list[Player] | None, message: str) -> None:
    with pytest.raises(InputError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        check_lineup(lineup, cards)


def test_best_lineup_needs_six_to_twelve_distinct_cards() -> None:
    with pytest.raises(InputError, match="from 6 to 12 cards, got 5"):
        best_lineup([Player(str(n), D, "x") for n in range(5)])
    with pytest.raises(InputError, match="card '0' is given twice"):
        best_lineup([Player(str(n % 5), D, "x") for n in range(6)])


def _every_lineup(cards: list[Player], everyone: bool) -> Strength:
    """The best (total, defence) over every assignment of six cards to the six slots."""
    stand_in = not any(p.position is G for p in cards)
    best = None
    for six in permutations(cards, 6):
        if sum(p.legend for p in six) > 1:
            continue
        for down in (False, True) if stand_in else (False,):
            lineup = Lineup(six[:3], six[3:], down)  # type: ignore[arg-type]
            found = strength(lineup, everyone)
            if best is None or (found.total, found.defence) > (best.total, best.defence):
                best = found
    assert best is not None
    return best


CARDS = st.lists(
    st.builds(
        lambda position, club: (position, club),
        st.sampled_from(list(Position)),
        st.sampled_from(["x", "y", "z", None]),
    ),
    min_size=6,
    max_size=8,
).map(lambda raw: [Player(f"p{n}", p, c) for n, (p, c) in enumerate(raw)])


@settings(max_examples=60, deadline=None)
@given(CARDS, st.booleans())
def test_best_lineup_is_the_best_of_every_assignment(cards: list[Player], everyone: bool) -> None:
    legends = sum(p.legend for p in cards)
    if len(cards) - legends + 1 < 6:
        with pytest.raises(InputError, match="every choice of six cards has two legends"):
            best_lineup(cards, everyone)
        return
    lineup, found = best_lineup(cards, everyone)
    check_lineup(lineup, cards)
    assert strength(lineup, everyone) == found
    assert (found.total, found.defence) == (
        (best := _every_lineup(cards, everyone)).total,
        best.defence,
    )
