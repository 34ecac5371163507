"""The strongest team of five from a bench, found by counting groups.

A team is as strong as its best group, and its best group is part of a
group of the bench, so the best team is the bench's best group (cut to five
cards) plus any other cards: no filler can form a better group than the best
one the bench has. A special combo, when the arena has one the bench can
meet, beats every group and is searched for directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from generator.games.all_star_draft.model import Arena, Attribute, Special
from generator.games.all_star_draft.rules.book import RuleBook, check_players, distinct_cards
from generator.games.all_star_draft.rules.strength import TeamStrength, evaluate, meets, team_code
from generator.plugin_api import InputError

MAX_BENCH = 18


def best_team(
    book: RuleBook, bench_ids: Sequence[str], players: int, arena: Arena | None = None
) -> tuple[tuple[str, ...], TeamStrength]:
    """The strongest team of the bench (card ids in bench order) and its strength."""
    size = book.team_size
    if not size <= len(bench_ids) <= MAX_BENCH:
        raise InputError(
            f"a bench for best-team has {size} to {MAX_BENCH} cards, got {len(bench_ids)}"
        )
    bench = distinct_cards(book, bench_ids, "the bench")
    check_players(book.game, players)
    team = None
    if arena is not None and arena.special is not None:
        team = _special_team(book, bench, arena.special)
    ordered = strongest_team(book, bench, players) if team is None else _in_order(bench, team)
    return tuple(book.cards[p].id for p in ordered), evaluate(book, ordered, players, arena)


def strongest_team(book: RuleBook, bench: Sequence[int], players: int) -> tuple[int, ...]:
    """The strongest team of distinct card positions (no arena), in bench order."""
    return _in_order(bench, _best_group_team(book, bench, players))


def _in_order(bench: Sequence[int], team: Sequence[int]) -> tuple[int, ...]:
    return tuple(p for p in bench if p in team)


def bench_key(book: RuleBook, bench: Sequence[int], players: int) -> int:
    """The key of the bench's best team (no arena), without building it.

    That team shows the bench's best group cut to five cards, so its key is the
    best group key of the bench. A bench of fewer than five cards gets the key
    of its own best group, as `evaluate` gives it. `bench` holds card positions.
    """
    return max(group_keys(book, group_counts(book, bench), players).values(), default=0)


def group_counts(book: RuleBook, cards: Sequence[int]) -> list[int]:
    """How many of the cards (positions) have each field's value, by field."""
    counts = [0] * len(book.fields)
    card_fields = book.card_fields
    for position in cards:
        for field in card_fields[position]:
            counts[field] += 1
    return counts


def group_keys(book: RuleBook, counts: Sequence[int], players: int) -> dict[int, int]:
    """The group key of each field some card has (groups above five count as five)."""
    size, low = book.team_size, book.field_keys[players]
    return {
        field: ((n if n < size else size) << 12) | low[field] for field, n in enumerate(counts) if n
    }


def _best_group_team(book: RuleBook, bench: Sequence[int], players: int) -> tuple[int, ...]:
    """The bench's best group, cut to a team, then the first other cards to fill it."""
    size, card_fields, low = book.team_size, book.card_fields, book.field_keys[players]
    best, best_key = -1, -1
    for field, count in enumerate(group_counts(book, bench)):
        if count:
            key = ((count if count < size else size) << 12) | low[field]
            if key > best_key:
                best, best_key = field, key
    group = [p for p in bench if best in card_fields[p]][:size]
    fillers = [p for p in bench if p not in group][: size - len(group)]
    return (*group, *fillers)


def _special_team(book: RuleBook, bench: Sequence[int], special: Special) -> tuple[int, ...] | None:
    if special is Special.ONE_OF_EACH:
        return _one_per_value(
            book,
            bench,
            Attribute.SYMBOL,
            [f.value for f in book.fields if f.attribute is Attribute.SYMBOL],
        )
    if special is Special.RUN:
        numbers = sorted(book.game.numbers, reverse=True)
        for start in numbers:
            run = [start + i for i in range(book.team_size)]
            if all(n in book.game.numbers for n in run):
                team = _one_per_value(book, bench, Attribute.NUMBER, run)
                if team is not None:
                    return team
        return None
    return _three_and_pair_team(book, bench)


def _one_per_value(
    book: RuleBook, bench: Sequence[int], attribute: Attribute, values: Sequence[object]
) -> tuple[int, ...] | None:
    chosen = []
    for value in values:
        card = next((p for p in bench if book.cards[p].value(attribute) == value), None)
        if card is None:
            return None
        chosen.append(card)
    return tuple(chosen) if len(chosen) == book.team_size else None


def _three_and_pair_team(book: RuleBook, bench: Sequence[int]) -> tuple[int, ...] | None:
    groups: dict[tuple[Attribute, object], list[int]] = {}
    for position in bench:
        card = book.cards[position]
        for attribute in Attribute:
            value = card.value(attribute)
            if value is not None:
                groups.setdefault((attribute, value), []).append(position)
    triples = [cards for cards in groups.values() if len(cards) >= 3]
    pairs = [cards for cards in groups.values() if len(cards) >= 2]
    for group in triples:
        for triple in combinations(group, 3):
            for other in pairs:
                rest = [p for p in other if p not in triple]
                for pair in combinations(rest, 2):
                    team = (*triple, *pair)
                    if meets(book, team, team_code(book, team), Special.THREE_AND_PAIR):
                        return team
    return None
