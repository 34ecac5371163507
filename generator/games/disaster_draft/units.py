"""Disaster Draft's units as units.yaml writes them: types, effects and the bounds of strength."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

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
