"""The rule book: lookup tables the rules need, precomputed once from the model.

Every attribute value (each symbol, number and species) owns a 3-bit counter
field in one integer; the fields of an attribute are laid out from its
weakest value to its strongest. A card is the integer with a 1 in the fields
of its values (a card without a symbol has none in the symbol fields), so a
team's group sizes are the sum of its five cards, and strength, shown group
and specials come from a few bit operations on that sum.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from generator.games.all_star_draft.model import Arena, Attribute, Card, Edition, Game
from generator.plugin_api import InputError

FIELD_BITS = 3
"""Bits per counter: a team has at most 5 cards, so counts fit in 3 bits."""


@dataclass(frozen=True)
class Field:
    """One attribute value's counter field."""

    attribute: Attribute
    value: str | int
    rank: int
    """0 for the attribute's weakest value."""


@dataclass(frozen=True)
class RuleBook:
    """One edition of the game, with the tables the rules engine reads."""

    game: Game
    edition: Edition
    cards: tuple[Card, ...]
    index: Mapping[str, int]
    """Card id -> position in `cards`."""
    codes: tuple[int, ...]
    """Packed counter code of each card, by position."""
    fields: tuple[Field, ...]
    """Field i occupies bits 3i..3i+2 of a code."""
    ones: int
    """A 1 in the lowest bit of every field."""
    attribute_ones: Mapping[Attribute, int]
    """A 1 in the lowest bit of each field of one attribute."""
    attribute_full: Mapping[Attribute, int]
    """All bits of the fields of one attribute."""
    run_codes: frozenset[int]
    """Number parts of a code that form a run of five consecutive numbers."""
    card_ranks: tuple[Mapping[Attribute, int], ...]
    """Per card: value rank per attribute (-1 for a missing symbol)."""
    team_size: int
    card_fields: tuple[tuple[int, ...], ...]
    """Per card: the fields of its values."""
    field_keys: Mapping[int, tuple[int, ...]]
    """Per player count, per field: the low bits of a group key, medal then rank.

    A group of n cards of field f has key `n << 12 | field_keys[players][f]`,
    the key `shown_key` gives a team whose best group it is."""
    medal_masks: Mapping[int, tuple[int, ...]]
    """Per player count: `attribute_ones` of each attribute, in medal order (gold first)."""
    card_groups: Mapping[int, tuple[tuple[tuple[int, int], ...], ...]]
    """Per player count, per card: (field, the low bits of its group key) of each of the
    card's values, for counting groups one card at a time."""

    def card_index(self, card_id: str) -> int:
        """Position of a card by id, or an InputError naming the id."""
        position = self.index.get(card_id)
        if position is None:
            raise InputError(
                f"unknown card '{card_id}'; card ids are <species>-<number>, e.g. duck-4"
            )
        return position

    def arena(self, arena_id: str | None) -> Arena | None:
        """An arena of the edition by id (None stays None), or an InputError."""
        if arena_id is None:
            return None
        arena = self.edition.arena(arena_id)
        if arena is None:
            known = ", ".join(a.id for a in self.edition.arenas)
            raise InputError(
                f"unknown arena '{arena_id}' in the {self.edition.id} edition; arenas: {known}"
            )
        return arena

    def medals(self, players: int) -> tuple[Attribute, ...]:
        """Attributes in medal order (gold first) for a player count."""
        check_players(self.game, players)
        return self.game.priorities[players]

    def team(self, card_ids: Sequence[str], who: str = "the team") -> tuple[int, ...]:
        """Card positions of a team, checking its size and that no card repeats."""
        if len(card_ids) != self.team_size:
            raise InputError(f"{who} has {len(card_ids)} cards; a team has {self.team_size}")
        return distinct_cards(self, card_ids, who)

    def check_team(self, cards: Sequence[int], who: str = "the team") -> None:
        """Refuse a team of card positions of the wrong size or with a card twice."""
        if len(cards) != self.team_size:
            raise InputError(f"{who} has {len(cards)} cards; a team has {self.team_size}")
        self.check_distinct(cards, who)

    def check_distinct(self, cards: Sequence[int], who: str) -> None:
        """Refuse card positions that name a card twice."""
        if len(set(cards)) != len(cards):
            twice = next(c for c in cards if cards.count(c) > 1)
            raise InputError(f"{who} lists card '{self.card_name(twice)}' twice")

    def card_name(self, position: int) -> str:
        """The id of the card at a position (for messages)."""
        return self.cards[position].id if 0 <= position < len(self.cards) else f"#{position}"

    def card_ids(self, positions: Iterable[int]) -> tuple[str, ...]:
        """The ids of the cards at these positions."""
        cards = self.cards
        return tuple(cards[p].id for p in positions)


def distinct_cards(book: RuleBook, card_ids: Iterable[str], who: str) -> tuple[int, ...]:
    """Card positions, refusing unknown ids and repeats."""
    positions: list[int] = []
    index = book.index
    for card_id in card_ids:
        position = index.get(card_id)
        if position is None:
            position = book.card_index(card_id)  # refuses the unknown id
        if position in positions:
            raise InputError(f"{who} lists card '{card_id}' twice")
        positions.append(position)
    return tuple(positions)


def check_players(game: Game, players: int) -> None:
    """Refuse a player count the game does not allow."""
    if not game.min_players <= players <= game.max_players:
        raise InputError(f"players must be {game.min_players} to {game.max_players}, got {players}")


def rule_book(game: Game, edition_id: str | None = None) -> RuleBook:
    """The rule book of an edition (the default edition when None), made once per game."""
    if edition_id is not None and edition_id not in game.editions:
        raise InputError(f"unknown edition '{edition_id}'; editions: {', '.join(game.editions)}")
    edition = game.edition(edition_id)
    made: RuleBook | None = game.rule_books.get(edition.id)
    if made is None:
        made = game.rule_books[edition.id] = _made(game, edition)
    return made


def _made(game: Game, edition: Edition) -> RuleBook:
    fields = _fields(game)
    position = {(f.attribute, f.value): i for i, f in enumerate(fields)}
    codes = []
    for card in game.cards:
        code = 0
        for attribute in Attribute:
            value = card.value(attribute)
            if value is not None:
                code |= 1 << (FIELD_BITS * position[(attribute, value)])
        codes.append(code)
    ones = sum(1 << (FIELD_BITS * i) for i in range(len(fields)))
    attribute_ones = {
        a: sum(1 << (FIELD_BITS * i) for i, f in enumerate(fields) if f.attribute is a)
        for a in Attribute
    }
    card_fields = tuple(
        tuple(i for i in range(len(fields)) if code >> (FIELD_BITS * i) & 1) for code in codes
    )
    field_keys = {
        players: tuple(((2 - medals.index(f.attribute)) << 8) | f.rank for f in fields)
        for players, medals in game.priorities.items()
    }
    ranks: dict[tuple[Attribute, str | int | None], int] = {
        (f.attribute, f.value): f.rank for f in fields
    }
    return RuleBook(
        game=game,
        edition=edition,
        cards=game.cards,
        index=MappingProxyType({c.id: i for i, c in enumerate(game.cards)}),
        codes=tuple(codes),
        fields=fields,
        ones=ones,
        attribute_ones=MappingProxyType(attribute_ones),
        attribute_full=MappingProxyType({a: m * 0b111 for a, m in attribute_ones.items()}),
        run_codes=frozenset(_run_codes(game, position)),
        card_ranks=tuple(
            MappingProxyType({a: ranks.get((a, c.value(a)), -1) for a in Attribute})
            for c in game.cards
        ),
        team_size=edition.setup.team_size,
        card_fields=card_fields,
        field_keys=MappingProxyType(field_keys),
        medal_masks=MappingProxyType(
            {
                players: tuple(attribute_ones[a] for a in medals)
                for players, medals in game.priorities.items()
            }
        ),
        card_groups=MappingProxyType(
            {
                players: tuple(tuple((f, keys[f]) for f in own) for own in card_fields)
                for players, keys in field_keys.items()
            }
        ),
    )


def _fields(game: Game) -> tuple[Field, ...]:
    symbols = sorted(game.symbols, key=lambda s: s.strength)
    numbers = sorted(game.numbers, key=lambda n: game.number_strength[n])
    species = sorted(game.species, key=lambda s: s.strength)
    return (
        *(Field(Attribute.SYMBOL, s.id, s.strength) for s in symbols),
        *(Field(Attribute.NUMBER, n, game.number_strength[n]) for n in numbers),
        *(Field(Attribute.SPECIES, s.id, s.strength) for s in species),
    )


def _run_codes(game: Game, position: Mapping[tuple[Attribute, str | int], int]) -> list[int]:
    """Number parts of the codes of five different consecutive numbers."""
    numbers = set(game.numbers)
    runs = []
    for start in sorted(numbers):
        run = range(start, start + 5)
        if all(n in numbers for n in run):
            runs.append(sum(1 << (FIELD_BITS * position[(Attribute.NUMBER, n)]) for n in run))
    return runs
