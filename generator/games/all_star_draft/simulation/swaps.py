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
    fields = book.card_fields
    counts, on_bench = group_counts(book, team), group_counts(book, bench)
    current = max(group_keys(book, counts, players).values())
    reach = {}
    for field in counts.keys() | on_bench.keys():
        held, offered = counts.get(field, 0), on_bench.get(field, 0)
        if offered and held < len(team):
            reach[field] = held + 1  # one without it goes, one with it comes
        elif (held and offered) or (held < len(team) and offered < len(bench)):
            reach[field] = held
        else:
            reach[field] = held - 1
    wanted = _best_reach(book, reach, counts, players)
    if wanted[0] <= current:
        return None
    for out in team:
        for into in bench:
            for field, change in wanted[1].items():
                if (field in fields[into]) - (field in fields[out]) == change:
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
    best: tuple[tuple[int, int], int, int] | None = None
    for field in sorted(in_team.keys() | on_bench.keys()):
        held, offered = in_team.get(field, 0), on_bench.get(field, 0)
        for swaps in range(MIN_SWAP, most + 1):
            count = min(len(team) - swaps, held) + min(swaps, offered)
            rank = ((min(count, size) << 12) | low[field], -swaps)
            if best is None or rank > best[0]:
                best = (rank, field, swaps)
    assert best is not None, "a team has cards"
    _, field, swaps = best
    kept = _first(team, field, fields, len(team) - swaps)
    into = _first(hand, field, fields, swaps)
    return Substitution(_ids(book, [p for p in team if p not in kept]), _ids(book, into))


def _first(
    cards: Sequence[int], field: int, fields: Sequence[Sequence[int]], count: int
) -> list[int]:
    """The first `count` cards with the field's value, then the first others."""
    chosen = [p for p in cards if field in fields[p]][:count]
    return chosen + [p for p in cards if p not in chosen][: count - len(chosen)]


def _best_reach(
    book: RuleBook, reach: dict[int, int], counts: dict[int, int], players: int
) -> tuple[int, dict[int, int]]:
    """The best key the reachable counts give, and the change of count each field
    that gives it needs."""
    keys = group_keys(book, reach, players)
    best = max(keys.values())
    return best, {
        field: reach[field] - counts.get(field, 0) for field, key in keys.items() if key == best
    }


def _ids(book: RuleBook, positions: Sequence[int]) -> tuple[str, ...]:
    return tuple(book.cards[p].id for p in positions)
