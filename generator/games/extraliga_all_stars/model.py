"""Extraliga All-Stars: the cards the rules engine needs, read from the validated pack."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType
from typing import Any

from generator.games.extraliga_all_stars.lineup import (
    Bonus,
    LineupRules,
    Player,
    Position,
    TrioRules,
    standard_rules,
)
from generator.plugin_api import Pack


@dataclass(frozen=True)
class Opponent:
    """A virtual opponent: the dice it rolls and the defence a die must reach."""

    id: str
    name: str
    attack: int
    defence: int


class Keyword(Enum):
    """What an event or coach card does (the rulebook's keywords)."""

    PENALTY = "penalty"
    """A lineup player sits out this round's match."""
    REMOVE = "remove"
    """A player goes back to the box for the rest of the season."""
    SUBSTITUTE = "substitute"
    """One lineup player is swapped with one from the bench."""
    SYNERGY = "synergy"
    """100 % synergy: every player pairs with everyone in his trio this round."""


@dataclass(frozen=True)
class Effect:
    """An event's or coach's effect: a keyword, and the position it names, if any."""

    keyword: Keyword
    position: Position | None = None


@dataclass(frozen=True)
class Card:
    """An event or coach card."""

    id: str
    effect: Effect


@dataclass(frozen=True)
class Draw:
    """A draw card: the seats (0 for A) that play each other, by number of players."""

    id: str
    pairs: Mapping[int, tuple[tuple[int, int], ...]]


@dataclass(frozen=True)
class SeasonRules:
    """The season's numbers (season.yaml)."""

    decks: Mapping[int, tuple[int, int]]
    """Players -> (draw cards, opponent cards) in the season deck."""
    halves: int
    coaches_each: int
    lineup_die: tuple[int, ...]
    """Players to replace at least, for faces 1 to 6 (0: a free change)."""


@dataclass(frozen=True)
class Texts:
    """What the documents' values name besides numbers, in the data's English (translated
    through the pack's catalogs, by the context named)."""

    players: Mapping[str, str]
    """Card id -> the name in the data (real players' names are never translated)."""
    positions: Mapping[Position, tuple[str, str]]
    """Position -> its name and abbreviation (context "positions")."""
    trios: tuple[str, str]
    """The offence's and the defence's names (context "trios")."""
    bonuses: Mapping[Bonus, tuple[str, str]]
    """Bonus -> its label and its text (context "bonuses")."""


@dataclass(frozen=True)
class Deck:
    """Every card of the game, by card id, and the season's numbers."""

    players: Mapping[str, Player]
    opponents: Mapping[str, Opponent]
    lineups: LineupRules = field(default_factory=standard_rules)
    """The trios' slots and links (trios.yaml), and the lineup questions they answer."""
    draws: tuple[Draw, ...] = ()
    events: tuple[Card, ...] = ()
    coaches: tuple[Card, ...] = ()
    season: SeasonRules | None = None
    texts: Texts | None = None
    """Names for the summary and the tables (None when built without them, as in tests)."""


def model(pack: Pack) -> Deck:
    """The plug-in's model hook: the deck from the pack's documents."""
    values = pack.values()
    built = deck(
        values["players"],
        values["opponents"],
        values["trios"],
        values["draws"],
        values["events"],
        values["coaches"],
        values["season"],
    )
    return replace(built, texts=texts(values))


def texts(values: Mapping[str, Any]) -> Texts:
    """The names the documents' values print, from the plain documents."""
    trios = {t["id"]: t["title"] for t in values["trios"]["trios"]}
    return Texts(
        MappingProxyType({p["id"]: p["name"] for p in values["players"]["players"]}),
        MappingProxyType(
            {
                Position(p["id"].upper()): (p["title"], p["short"])
                for p in values["positions"]["positions"]
            }
        ),
        (trios["offence"], trios["defence"]),
        MappingProxyType(
            {Bonus(b["id"]): (b["title"], b["text"]) for b in values["bonuses"]["bonuses"]}
        ),
    )


def deck(
    players: Mapping[str, Any],
    opponents: Mapping[str, Any],
    trios: Mapping[str, Any] | None = None,
    draws: Mapping[str, Any] | None = None,
    events: Mapping[str, Any] | None = None,
    coaches: Mapping[str, Any] | None = None,
    season: Mapping[str, Any] | None = None,
) -> Deck:
    """The deck from the plain documents (as validated against their schemas). Its clubs
    are numbered from 1 in the order the players name them."""
    named = (p["club"] for p in players["players"] if p["club"] is not None)
    clubs = {club: n for n, club in enumerate(dict.fromkeys(named), start=1)}
    return Deck(
        MappingProxyType(
            {
                p["id"]: Player(
                    p["id"],
                    Position(p["position"].upper()),
                    p["club"],
                    Bonus(p["bonus"]) if "bonus" in p else None,
                    clubs.get(p["club"], 0),
                )
                for p in players["players"]
            }
        ),
        MappingProxyType(
            {
                o["id"]: Opponent(o["id"], o["name"], o["attack"], o["defence"])
                for o in opponents["opponents"]
            }
        ),
        lineup_rules(trios) if trios else standard_rules(),
        tuple(_draw(d) for d in draws["draws"]) if draws else (),
        tuple(_card(c) for c in events["events"]) if events else (),
        tuple(_card(c) for c in coaches["coaches"]) if coaches else (),
        _season(season) if season else None,
    )


def lineup_rules(trios: Mapping[str, Any]) -> LineupRules:
    """The trios' slots and links from trios.yaml (slots numbered from 1 there)."""
    shapes = {
        trio["id"]: TrioRules(
            trio["id"],
            tuple(Position(slot.upper()) for slot in trio["slots"]),
            frozenset((min(a, b) - 1, max(a, b) - 1) for a, b in trio["links"]),
        )
        for trio in trios["trios"]
    }
    return LineupRules(shapes["offence"], shapes["defence"])


def _draw(card: Mapping[str, Any]) -> Draw:
    return Draw(
        card["id"],
        MappingProxyType(
            {p["players"]: tuple(_seats(pair) for pair in p["pairs"]) for p in card["pairings"]}
        ),
    )


def pair_letters(pair: str) -> tuple[str, str]:
    """'A–D' (as printed, with an en dash) or 'A-D' -> ('A', 'D')."""
    a, b = pair.replace("\u2013", "-").split("-")
    return a, b


def _seats(pair: str) -> tuple[int, int]:
    """'A–D' -> (0, 3)."""
    a, b = pair_letters(pair)
    return ord(a) - ord("A"), ord(b) - ord("A")


def _card(card: Mapping[str, Any]) -> Card:
    effect = card["effect"]
    position = effect.get("position")
    return Card(
        card["id"],
        Effect(Keyword(effect["keyword"]), Position(position.upper()) if position else None),
    )


def _season(season: Mapping[str, Any]) -> SeasonRules:
    faces = {row["face"]: row["replace"] for row in season["lineup-die"]}
    return SeasonRules(
        MappingProxyType(
            {row["players"]: (row["draws"], row["opponents"]) for row in season["season-decks"]}
        ),
        season["halves"],
        season["coaches-each"],
        tuple(faces[face] for face in range(1, 7)),
    )
