"""The typed, immutable model of All-Star Draft that rules and layout code use."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from functools import cached_property
from typing import Any


class Attribute(Enum):
    """A card attribute a team can share."""

    SYMBOL = "symbol"
    NUMBER = "number"
    SPECIES = "species"


class Special(Enum):
    """An arena's special combo, which beats any team that does not meet it."""

    ONE_OF_EACH = "one-of-each"
    """All five equipment symbols."""
    RUN = "run"
    """Five different consecutive numbers."""
    THREE_AND_PAIR = "three-and-pair"
    """Three cards sharing one value and two sharing another of the same attribute."""


class TicketLoss(Enum):
    """When losing a playoff round eliminates a manager."""

    NO_TICKET_TO_GIVE = "no-ticket-to-give"
    """Out only when a ticket must be given up and none is left (2025)."""
    LAST_TICKET_GIVEN = "last-ticket-given"
    """Out as soon as the last ticket is given up (2020)."""


class Direction(Enum):
    """Which neighbour receives the passed hand."""

    LEFT = "left"
    RIGHT = "right"


class DraftKind(Enum):
    """How a two-player mode drafts."""

    PASS = "pass"
    """Take one card, pass the rest."""
    DUEL = "duel"
    """Take one card, then one more for yourself and one for the opponent."""
    MARKET = "market"
    """Take from cards turned face up, alternating who chooses first."""


@dataclass(frozen=True)
class Colour:
    """A species' card colour."""

    rgb: str
    """#RRGGBB."""
    coloradd: tuple[str, ...]
    """ColorADD primaries mixed: blue, red, yellow, white, black."""
    shade: str | None
    """'light', 'dark' or None."""
    provisional: bool


@dataclass(frozen=True)
class PlayerColour:
    """A manager's colour."""

    id: str
    rgb: str


@dataclass(frozen=True)
class Species:
    """A species: nine cards sharing a colour."""

    id: str
    name: str
    """English name (msgid of the 'species' context)."""
    colour: Colour
    strength: int
    """Tiebreak strength: 0 for the weakest species, higher is stronger."""
    art: str | None = None
    """Art file (PNG or JPEG) relative to the game pack, if any."""


@dataclass(frozen=True)
class Symbol:
    """An equipment symbol."""

    id: str
    name: str
    strength: int
    """Tiebreak strength: 0 for the weakest symbol, higher is stronger."""


@dataclass(frozen=True)
class Card:
    """A hockey-player card."""

    id: str
    species: str
    """Species id."""
    number: int
    symbol: str | None
    """Symbol id, or None for a card without a symbol."""

    def value(self, attribute: Attribute) -> str | int | None:
        """The card's value of an attribute."""
        if attribute is Attribute.SYMBOL:
            return self.symbol
        if attribute is Attribute.NUMBER:
            return self.number
        return self.species


@dataclass(frozen=True)
class Arena:
    """An arena card."""

    id: str
    name: str
    fans: tuple[int, ...]
    """Fans for ranks 1, 2, … in order."""
    flags: frozenset[str]
    special: Special | None
    provisional: bool

    def fans_for_rank(self, rank: int) -> int:
        """Fans scored by a team of rank `rank` (1-based)."""
        return self.fans[rank - 1]


@dataclass(frozen=True)
class Playoffs:
    """An edition's playoff rules and tables."""

    tickets: Mapping[int, int]
    """Tickets per manager, by player count."""
    eliminated_when: TicketLoss
    points: Mapping[int, tuple[int, ...]]
    """Fans by final place (1st first), by player count."""
    ticket_bonus: Mapping[int, int]
    """Fans per ticket the winner holds, by player count (absent: none)."""
    provisional: bool
    """Whether any playoff value is unconfirmed."""
    together_best: bool = False
    """Managers eliminated in the same round share the best of the places they take, not
    the lowest still open (`eliminated_together: best-place`)."""


@dataclass(frozen=True)
class Round:
    """A regular-season round."""

    arenas: int
    passing: Direction


@dataclass(frozen=True)
class TwoPlayerMode:
    """A way for two managers to draft."""

    id: str
    name: str
    draft: DraftKind
    species: int
    hand_size: int | None
    reveal: int | None
    picks: int
    discard: int


@dataclass(frozen=True)
class CoachDeal:
    """How many coaches each manager is dealt and keeps."""

    dealt: int
    keep: int


@dataclass(frozen=True)
class Setup:
    """An edition's set-up and regular season."""

    team_size: int
    swaps_per_earlier_team: int
    rounds: tuple[Round, ...]
    multiplayer_players: frozenset[int]
    species_per_manager: int
    hand_size: int
    two_player_removed_flag: str
    two_player_modes: tuple[TwoPlayerMode, ...]
    coaches: CoachDeal | None
    words: Mapping[str, str]
    """The edition's own words (hockey-players, bench, bus-tokens, bus, regular-season), in
    English."""


@dataclass(frozen=True)
class CardFormat:
    """A card trim size."""

    id: str
    width_mm: float
    height_mm: float
    provisional: bool


@dataclass(frozen=True)
class Component:
    """A kind of component in the box."""

    id: str
    name: str
    count: int
    format: CardFormat | None


@dataclass(frozen=True)
class Coach:
    """A coach card (first edition)."""

    id: str
    species: str
    ability: str | None
    """English ability text, or None while unknown."""


@dataclass(frozen=True)
class Edition:
    """One edition's arenas, playoffs, set-up and box."""

    id: str
    name: str
    rulebook: date | None
    """Date of the rulebook the data follows."""
    arenas: tuple[Arena, ...]
    playoffs: Playoffs
    setup: Setup
    components: tuple[Component, ...]
    coaches: tuple[Coach, ...]

    def arena(self, arena_id: str) -> Arena | None:
        """The arena with this id, or None."""
        return next((a for a in self.arenas if a.id == arena_id), None)


@dataclass(frozen=True)
class Game:
    """All-Star Draft: everything shared by its editions, and the editions."""

    id: str
    name: str
    authors: tuple[str, ...]
    min_players: int
    max_players: int
    locales: tuple[str, ...]
    attribute_names: Mapping[Attribute, str]
    species: tuple[Species, ...]
    """In data order."""
    symbols: tuple[Symbol, ...]
    """In data order."""
    numbers: tuple[int, ...]
    number_strength: Mapping[int, int]
    """Tiebreak strength of each number: 0 for the weakest."""
    cards: tuple[Card, ...]
    medals: tuple[str, ...]
    """Medal names, gold first."""
    priorities: Mapping[int, tuple[Attribute, ...]]
    """Attributes in medal order (gold first), by player count."""
    special_names: Mapping[Special, str]
    special_explanations: Mapping[Special, str]
    """English rule of each special, as the arena cards print it (msgid of 'specials')."""
    flag_names: Mapping[str, str]
    player_colours: tuple[PlayerColour, ...]
    editions: Mapping[str, Edition]
    default_edition: str
    rule_books: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Each edition's rule book once made (`rules.rule_book` makes and keeps them): the
    game's compact tables, computed once per game."""

    def card(self, card_id: str) -> Card | None:
        """The card with this id, or None."""
        return self._cards_by_id.get(card_id)

    def edition(self, edition_id: str | None = None) -> Edition:
        """An edition by id; the default edition when `edition_id` is None."""
        return self.editions[edition_id or self.default_edition]

    def species_by_id(self, species_id: str) -> Species:
        """A species by id."""
        return next(s for s in self.species if s.id == species_id)

    def symbol_by_id(self, symbol_id: str) -> Symbol:
        """A symbol by id."""
        return next(s for s in self.symbols if s.id == symbol_id)

    @cached_property
    def _cards_by_id(self) -> Mapping[str, Card]:
        return {card.id: card for card in self.cards}
