"""Extraliga All-Stars' drafts: who ends up with which twelve hockey players.

For 3 to 5 managers (ruling E10): two drafts of seven cards each; a
manager keeps one card and passes the rest, to the left (the next seat) in
the first draft and to the right in the second; the sixth pick is from the
two cards that come round, and the last card goes back to the box. For two
managers: six rounds of six face-up cards, picked 1-2-1 from the round's
first manager, who changes every round; the two cards left go to the box.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from generator.games.extraliga_all_stars.lineup import MAX_CARDS, Player
from generator.plugin_api import InputError

Pick = Callable[[int, Sequence[Player], Sequence[Player]], int]
"""(seat, cards to choose from, cards the seat has) -> index of the card it takes."""

HAND = 7
PICKS = 6
"""Picks in each of the two drafts for 3 to 5 managers."""
TABLE = 6
"""Face-up cards each round of the 2-manager draft."""
TWO_PLAYER_ORDER = (0, 1, 1, 0)
"""Who picks, counted from the round's first manager."""


def draft(seats: int, cards: Sequence[Player], pick: Pick) -> list[list[Player]]:
    """Every seat's twelve cards, dealt from the top of the shuffled `cards`."""
    needed = 2 * HAND * seats if seats > 2 else TABLE * MAX_CARDS // 2
    if not 2 <= seats <= 5:
        raise InputError(f"Extraliga All-Stars is played by 2 to 5 managers, not {seats}")
    if len(cards) < needed:
        raise InputError(
            f"a {seats}-manager draft needs {needed} hockey players, the deck has {len(cards)}"
        )
    return _two_manager_draft(cards, pick) if seats == 2 else _passing_draft(seats, cards, pick)


def _passing_draft(seats: int, cards: Sequence[Player], pick: Pick) -> list[list[Player]]:
    drafted: list[list[Player]] = [[] for _ in range(seats)]
    top = 0
    for direction in (1, -1):
        hands = [list(cards[top + HAND * s : top + HAND * (s + 1)]) for s in range(seats)]
        top += HAND * seats
        for round_number in range(PICKS):
            for seat in range(seats):
                taken = hands[seat].pop(pick(seat, hands[seat], drafted[seat]))
                drafted[seat].append(taken)
            if round_number < PICKS - 1:
                hands = [hands[(seat - direction) % seats] for seat in range(seats)]
    return drafted


def _two_manager_draft(cards: Sequence[Player], pick: Pick) -> list[list[Player]]:
    drafted: list[list[Player]] = [[], []]
    for round_number in range(MAX_CARDS // 2):
        table = list(cards[TABLE * round_number : TABLE * (round_number + 1)])
        for turn in TWO_PLAYER_ORDER:
            seat = (round_number + turn) % 2
            drafted[seat].append(table.pop(pick(seat, table, drafted[seat])))
    return drafted
