"""Turn validated All-Star Draft documents into the typed model."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from types import MappingProxyType
from typing import Any

from generator.games.all_star_draft.model import (
    Arena,
    Attribute,
    Card,
    CardFormat,
    Coach,
    CoachDeal,
    Colour,
    Component,
    Direction,
    DraftKind,
    Edition,
    Game,
    PlayerColour,
    Playoffs,
    Round,
    Setup,
    Special,
    Species,
    Symbol,
    TicketLoss,
    TwoPlayerMode,
)
from generator.plugin_api import Document, Pack


def model(pack: Pack) -> Game:
    """The game model of a valid pack (the plug-in's model hook)."""
    return build_model(pack.documents, [e.id for e in pack.manifest.editions])


def build_model(documents: Mapping[str, Document], editions: list[str]) -> Game:
    """The game model; `documents` must have passed schema and cross-checks."""
    value = {key: document.value for key, document in documents.items()}
    game, attributes = value["game"], value["attributes"]
    species_order = value["species"]["tiebreak_order"]["order"]
    symbol_order = value["symbols"]["tiebreak_order"]
    number_order = attributes["numbers"]["tiebreak_order"]
    features = value["arena-features"]
    return Game(
        id=game["id"],
        name=game["name"],
        authors=tuple(game["authors"]),
        min_players=game["players"]["min"],
        max_players=game["players"]["max"],
        locales=tuple(game["locales"]),
        attribute_names=_frozen({Attribute(a["id"]): a["name"] for a in attributes["attributes"]}),
        species=tuple(
            _species(s, _strength(species_order, s["id"])) for s in value["species"]["species"]
        ),
        symbols=tuple(
            Symbol(s["id"], s["name"], _strength(symbol_order, s["id"]))
            for s in value["symbols"]["symbols"]
        ),
        numbers=tuple(attributes["numbers"]["values"]),
        number_strength=_frozen({n: _strength(number_order, n) for n in number_order}),
        cards=tuple(
            Card(c["id"], c["species"], c["number"], c["symbol"]) for c in value["cards"]["cards"]
        ),
        medals=tuple(m["name"] for m in value["tiebreakers"]["medals"]),
        priorities=_frozen(
            {
                players: tuple(Attribute(a) for a in row["order"])
                for row in value["tiebreakers"]["priorities"]
                for players in row["players"]
            }
        ),
        special_names=_frozen({Special(s["id"]): s["name"] for s in features["specials"]}),
        special_explanations=_frozen(
            {Special(s["id"]): s["explanation"] for s in features["specials"]}
        ),
        flag_names=_frozen({f["id"]: f["name"] for f in features["flags"]}),
        player_colours=tuple(
            PlayerColour(c["id"], c["rgb"]) for c in value["player-colours"]["colours"]
        ),
        editions=_frozen({e: _edition(value, e, game) for e in editions}),
        default_edition=game["default_edition"],
    )


def _strength(order_strongest_first: list[Any], item: Any) -> int:
    """0 for the weakest item, len-1 for the strongest."""
    return len(order_strongest_first) - 1 - order_strongest_first.index(item)


def _species(raw: dict[str, Any], strength: int) -> Species:
    colour = raw["colour"]
    return Species(
        raw["id"],
        raw["name"],
        Colour(
            colour["rgb"],
            tuple(colour["coloradd"]),
            colour.get("shade"),
            colour.get("provisional", False),
        ),
        strength,
        raw.get("art"),
    )


def _edition(value: Mapping[str, Any], edition: str, game: dict[str, Any]) -> Edition:
    raw = next(e for e in game["editions"] if e["id"] == edition)
    name = raw["name"]
    rulebook = date.fromisoformat(raw["rulebook"]) if "rulebook" in raw else None
    components = value[f"{edition}/components"]
    formats = {
        f["id"]: CardFormat(f["id"], f["width_mm"], f["height_mm"], f.get("provisional", False))
        for f in components.get("formats", [])
    }
    coaches = value.get(f"{edition}/coaches", {"coaches": []})["coaches"]
    return Edition(
        id=edition,
        name=name,
        rulebook=rulebook,
        arenas=tuple(_arena(a) for a in value[f"{edition}/arenas"]["arenas"]),
        playoffs=_playoffs(value[f"{edition}/playoffs"]),
        setup=_setup(value[f"{edition}/setup"]),
        components=tuple(
            Component(
                c["id"], c["name"], c["count"], formats.get(c["format"]) if "format" in c else None
            )
            for c in components["components"]
        ),
        coaches=tuple(Coach(c["id"], c["species"], c["ability"]) for c in coaches),
    )


def _arena(raw: dict[str, Any]) -> Arena:
    special = raw.get("special")
    return Arena(
        raw["id"],
        raw["name"],
        tuple(raw["fans"]),
        frozenset(raw.get("flags", [])),
        Special(special) if special else None,
        raw.get("provisional", False),
    )


def _playoffs(raw: dict[str, Any]) -> Playoffs:
    rows = [*raw["tickets"], *raw["points"], *raw["ticket_bonus"]]
    return Playoffs(
        tickets=_frozen({r["players"]: r["count"] for r in raw["tickets"]}),
        eliminated_when=TicketLoss(raw["eliminated_when"]),
        points=_frozen({r["players"]: tuple(r["by_place"]) for r in raw["points"]}),
        ticket_bonus=_frozen({r["players"]: r["fans_per_ticket"] for r in raw["ticket_bonus"]}),
        provisional=any(r.get("provisional", False) for r in rows),
        together_best=raw.get("eliminated_together", "lowest-place") == "best-place",
    )


def _setup(raw: dict[str, Any]) -> Setup:
    season, multi, two = raw["season"], raw["multiplayer"], raw["two_player"]
    coaches = raw["coaches"]
    return Setup(
        team_size=season["team_size"],
        swaps_per_earlier_team=season["swaps_per_earlier_team"],
        rounds=tuple(Round(r["arenas"], Direction(r["pass"])) for r in season["rounds"]),
        multiplayer_players=frozenset(multi["players"]),
        species_per_manager=multi["species_per_manager"],
        hand_size=multi["hand_size"],
        two_player_removed_flag=two["remove_arenas_flagged"],
        two_player_modes=tuple(
            TwoPlayerMode(
                m["id"],
                m["name"],
                DraftKind(m["draft"]),
                m["species"],
                m.get("hand_size"),
                m.get("reveal"),
                m["picks"],
                m["discard"],
            )
            for m in two["modes"]
        ),
        coaches=CoachDeal(coaches["dealt"], coaches["keep"]) if coaches else None,
        words=_frozen({w["id"]: w["name"] for w in raw["words"]}),
    )


def _frozen(mapping: dict[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(mapping)
