"""The greedy bot's searches for the strongest swaps of team and bench cards.

A team's key is the key of its best group (see `group_keys`). Swapping cards
changes each field's count by the cards of that field coming in minus those
going out, so how far every field's group can reach is a matter of counting,
and only the winning swap is then built. Tests compare both searches with
trying every swap.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.games.all_star_draft.rules import RuleBook, Substitution
from generator.games.all_star_draft.rules.best_team import group_counts, group_keys
from generator.games.all_star_draft.rules.playoffs import MAX_SWAP, MIN_SWAP


def best_exchange(
    book: RuleBook, team: Sequence[int], bench: Sequence[int], players: int
) -> tuple[int, int] | None:
    """The (team card, bench card) whose exchange makes the team strongest, or None if
    no exchange makes it stronger; card positions. Of equally good exchanges,
    the first in team order, then bench order."""
    fields, size, low = book.card_fields, book.team_size, book.field_keys[players]
    counts, on_bench = group_counts(book, team), group_counts(book, bench)
    current = max(group_keys(book, counts, players).values())
    best, wanted, change = current, -1, 0
    for field, (held, offered) in enumerate(zip(counts, on_bench, strict=True)):
        if not (held or offered):
            continue
        if offered and held < len(team):
            reach = held + 1  # one without it goes, one with it comes
        elif (held and offered) or (held < len(team) and offered < len(bench)):
            reach = held
        else:
            reach = held - 1
        key = ((reach if reach < size else size) << 12) | low[field]
        if key > best:  # group keys of different fields always differ
            best, wanted, change = key, field, reach - held
    if wanted < 0:
        return None
    for out in team:
        for into in bench:
            if (wanted in fields[into]) - (wanted in fields[out]) == change:
                return out, into
    raise AssertionError("the reachable count is reached by some exchange")


def best_substitution(
    book: RuleBook, team: Sequence[int], hand: Sequence[int], players: int
) -> Substitution:
    """The playoff substitution (2 to 4 swaps) that makes the strongest team.

    Keeping k team cards and bringing in 5 - k bench cards, a field's group
    can reach min(k, team cards with it) + min(5 - k, bench cards with it).
    The best key any field reaches decides; of the ways to reach it, the one
    with the fewest swaps. The group's cards are then the first of the team
    and of the bench that have its value, filled up with the first others.
    """
    size, low, fields = book.team_size, book.field_keys[players], book.card_fields
    in_team, on_bench = group_counts(book, team), group_counts(book, hand)
    most = min(MAX_SWAP, len(hand))
    if most < MIN_SWAP:
        raise ValueError("a substitution needs at least two bench cards")
    best, field, swaps = -1, -1, 0
    members = len(team)
    for f, (held, offered) in enumerate(zip(in_team, on_bench, strict=True)):
        if not (held or offered):
            continue
        reach, fewest = -1, 0  # the largest group this field reaches, with the fewest swaps
        for n in range(MIN_SWAP, most + 1):
            kept = members - n
            count = (held if held < kept else kept) + (offered if offered < n else n)
            if count > size:
                count = size
            if count > reach:
                reach, fewest = count, n
        key = (reach << 12) | low[f]  # fields' keys differ: one field's best is the best
        if key > best:
            best, field, swaps = key, f, fewest
    assert field >= 0, "a team has cards"
    kept_cards = _first(team, field, fields, len(team) - swaps)
    into = _first(hand, field, fields, swaps)
    return Substitution(tuple(p for p in team if p not in kept_cards), tuple(into))


def _first(
    cards: Sequence[int], field: int, fields: Sequence[Sequence[int]], count: int
) -> list[int]:
    """The first `count` cards with the field's value, then the first others."""
    chosen = [p for p in cards if field in fields[p]][:count]
    return chosen + [p for p in cards if p not in chosen][: count - len(chosen)]
