"""Disaster Draft: the units and the game's numbers the rules engine needs, read from the pack."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from generator.games.disaster_draft.tables import UnitTable, unit_table
from generator.games.disaster_draft.units import (
    ARMY_SIZES,
    MAX_STRENGTH,
    MIN_STRENGTH,
    Effect,
    Kind,
    Target,
    Unit,
    UnitType,
    WinCondition,
)
from generator.plugin_api import Pack

__all__ = [
    "ARMY_SIZES",
    "MAX_STRENGTH",
    "MIN_STRENGTH",
    "Deck",
    "Effect",
    "Kind",
    "Rules",
    "Target",
    "Texts",
    "Unit",
    "UnitType",
    "WinCondition",
    "deck",
    "model",
]


@dataclass(frozen=True)
class Rules:
    """The game's numbers (battle.yaml)."""

    victory_points: int = 3
    reveal_per_player: int = 5
    refill_to: int = 5
    discard_to: int = 10
    draws_after_reveal: tuple[int, int, int] = (2, 1, 0)
    """Cards drawn after the reveal by a player who played 1, 2 or 3 units."""
    win_condition: WinCondition = WinCondition.STRONGEST
    max_battles: int = 100
    chain_counts_dead: bool = False
    """The graveyard chain counts the army units effects killed too (ruling D5)."""
    dead_reward_to_winner: bool = True
    """A reward that died still goes to the winner's hand (ruling D5)."""


@dataclass(frozen=True)
class Texts:
    """What the summary's values name besides numbers, in the data's English (translated
    through the pack's catalogs, by the context named)."""

    types: Mapping[UnitType, tuple[str, str]]
    """Type -> its letter on the cards and its name (context "types")."""
    stand_ins: tuple[str, ...] = ()
    """The units the data marks as stand-ins (the rulebook lists no cards)."""


@dataclass(frozen=True)
class Deck:
    """Every unit by id, and the rules' numbers."""

    units: Mapping[str, Unit]
    rules: Rules
    table: UnitTable
    """The units as the battle kernels number them, in the order of `units`."""
    players: tuple[int, int] = (2, 4)
    """The fewest and most players (game.yaml)."""
    texts: Texts | None = None
    """Names for the summary (None when built without them, as in tests)."""


def model(pack: Pack) -> Deck:
    """The plug-in's model hook."""
    values = pack.values()
    players = values["game"]["players"]
    return replace(
        deck(values["units"], values["battle"]),
        players=(players["min"], players["max"]),
        texts=texts(values),
    )


def texts(values: Mapping[str, Any]) -> Texts:
    """The names the summary's values print, from the plain documents."""
    return Texts(
        MappingProxyType(
            {UnitType(t["id"]): (t["short"], t["title"]) for t in values["types"]["types"]}
        ),
        tuple(u["id"] for u in values["units"]["units"] if u.get("stand-in")),
    )


def deck(units: Mapping[str, Any], battle: Mapping[str, Any]) -> Deck:
    """The deck from the plain documents (as validated against their schemas)."""
    by_id = MappingProxyType({u["id"]: unit(u) for u in units["units"]})
    return Deck(by_id, rules(battle), unit_table(list(by_id.values())))


def unit(card: Mapping[str, Any]) -> Unit:
    """A unit from its entry in units.yaml."""
    return Unit(
        card["id"],
        card["name"],
        UnitType(card["type"]),
        card["strength"],
        card["speed"],
        tuple(effect(e) for e in card.get("effects", ())),
    )


def effect(entry: Mapping[str, Any]) -> Effect:
    """An effect from its entry in units.yaml."""
    target = entry.get("target")
    only = entry.get("only")
    return Effect(
        Kind(entry["kind"]),
        Target(target) if target else None,
        entry.get("amount", 0),
        UnitType(only) if only else None,
        entry.get("at-most"),
        entry.get("at-least"),
        entry.get("army"),
    )


def rules(battle: Mapping[str, Any]) -> Rules:
    """The rules' numbers from battle.yaml."""
    draws = {row["units"]: row["draw"] for row in battle["draws-after-reveal"]}
    return Rules(
        battle["victory-points"],
        battle["reveal-per-player"],
        battle["hand"]["refill-to"],
        battle["hand"]["discard-to"],
        (draws[1], draws[2], draws[3]),
        WinCondition(battle["win-condition"]),
        battle.get("max-battles", 100),
        battle["chain-counts"] == "all-dead",
        battle["dead-reward"] == "winner",
    )
