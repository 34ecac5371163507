"""Extraliga All-Stars: the cards the rules engine needs, read from the validated pack."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from generator.games.extraliga_all_stars.lineup import Bonus, Player, Position
from generator.packs.model import Pack


@dataclass(frozen=True)
class Opponent:
    """A virtual opponent: the dice it rolls and the defence a die must reach."""

    id: str
    name: str
    attack: int
    defence: int


@dataclass(frozen=True)
class Deck:
    """Every hockey player and opponent of the game, by card id."""

    players: Mapping[str, Player]
    opponents: Mapping[str, Opponent]


def model(pack: Pack) -> Deck:
    """The plug-in's model hook: the deck from the pack's players.yaml and opponents.yaml."""
    values = pack.values()
    return deck(values["players"], values["opponents"])


def deck(players: Mapping[str, Any], opponents: Mapping[str, Any]) -> Deck:
    """The deck from the plain documents (as validated against their schemas)."""
    return Deck(
        MappingProxyType(
            {
                p["id"]: Player(
                    p["id"],
                    Position(p["position"].upper()),
                    p["club"],
                    Bonus(p["bonus"]) if "bonus" in p else None,
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
    )
