"""Disaster Draft: the units and the game's numbers the rules engine needs, read from the pack."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from generator.packs.model import Pack

if TYPE_CHECKING:
    from generator.games.disaster_draft.tables import UnitTable

MIN_STRENGTH, MAX_STRENGTH = 0, 20
"""A unit's strength never leaves 0 to 20 (the rulebook's notes)."""
ARMY_SIZES = (1, 2, 3)
"""A player sends one, two or three units into a battle."""


class UnitType(Enum):
    """The five kinds of unit, by the letter the data uses."""

    CREATURE = "c"
    WARRIOR = "w"
    MAGE = "m"
    ARCHER = "a"
    SUPPORT = "s"


class Kind(Enum):
    """What an effect does."""

    STRENGTH = "strength"
    """Add `amount` to each target's strength, within 0 to 20."""
    DIE = "die"
    """Each target dies: it leaves the battle for the graveyard."""
    DRAW = "draw"
    """The unit's owner draws `amount` cards."""


class Target(Enum):
    """Whom an effect acts on."""

    SELF = "self"
    ALLIES = "allies"
    """The other units of the acting unit's army (not itself: the rulebook's notes)."""
    ENEMIES = "enemies"
    """Every unit of the other armies, and the reward (the rulebook's notes)."""
    REWARD = "reward"


class WinCondition(Enum):
    """The two readings of the rulebook's win condition (ruling D1)."""

    STRONGEST = "strongest-opponent"
    """A total above the reward plus every other army's total, each on its own."""
    WEAKEST = "weakest-opponent"
    """A total above the reward plus some other army's total; the highest such total wins."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a unit, as units.yaml writes it."""

    kind: Kind
    target: Target | None = None
    """None for a draw, which always goes to the owner."""
    amount: int = 0
    only: UnitType | None = None
    at_most: int | None = None
    at_least: int | None = None
    army: int | None = None
    """The effect acts only when its owner played this many units."""


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit card."""

    id: str
    name: str
    type: UnitType
    strength: int
    speed: int
    effects: tuple[Effect, ...] = ()


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
    dead_reward_to_winner: bool = False
    """A reward that died still goes to the winner's hand (ruling D5)."""


@dataclass(frozen=True)
class Texts:
    """What the summary prints besides numbers, in the data's English (translated through
    the pack's catalogs, by the context named)."""

    game: str
    """The game's name (context "game")."""
    types: Mapping[UnitType, tuple[str, str]]
    """Type -> its letter on the cards and its name (context "types")."""
    components: tuple[tuple[str, str, int], ...]
    """What is in the box: each component's id, name (context "components") and count."""
    card_size: tuple[float, float]
    """The unit card's trim size in mm, for the summary's small card faces."""


@dataclass(frozen=True)
class Deck:
    """Every unit by id, and the rules' numbers."""

    units: Mapping[str, Unit]
    rules: Rules
    players: tuple[int, int] = (2, 4)
    """The fewest and most players (game.yaml)."""
    texts: Texts | None = None
    """Names for the summary (None when built without them, as in tests)."""

    @cached_property
    def table(self) -> UnitTable:
        """The units as the battle kernels number them, in the order of `units`."""
        from generator.games.disaster_draft.tables import unit_table

        return unit_table(list(self.units.values()))


UNIT = "unit"
"""The component of the unit cards."""


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
    """The names the summary prints, from the plain documents."""
    box = values["components"]
    formats = {f["id"]: (f["width_mm"], f["height_mm"]) for f in box["formats"]}
    units = next(c for c in box["components"] if c["id"] == UNIT)
    return Texts(
        values["game"]["name"],
        MappingProxyType(
            {UnitType(t["id"]): (t["short"], t["title"]) for t in values["types"]["types"]}
        ),
        tuple((c["id"], c["name"], c["count"]) for c in box["components"]),
        formats[units["format"]],
    )


def deck(units: Mapping[str, Any], battle: Mapping[str, Any]) -> Deck:
    """The deck from the plain documents (as validated against their schemas)."""
    return Deck(
        MappingProxyType({u["id"]: unit(u) for u in units["units"]}),
        rules(battle),
    )


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
