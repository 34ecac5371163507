"""Disaster Draft's units as compact tables: a unit is a small integer, its effects a small program.

The battle kernels (`battle_kernels`) read two integer arrays made once per
set of units. `units[u]` is the unit's strength, speed, type, and where its
effects start and how many it has; `effects[e]` is one effect: what it does,
whom it hits, by how much, and its filters. A filter that is absent is
written so that it never refuses (`NO_LIMIT`), so the kernel tests every
filter without asking whether it is there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from generator.games.disaster_draft.units import Effect, Kind, Target, Unit, UnitType

MEMO_KEYS = 1 << 21
"""Armies whose total alone a table remembers at most (8 MB): every army of a deck of 127."""
NO_LIMIT = 1 << 30
"""An absent strength filter: at most NO_LIMIT, at least -NO_LIMIT."""

KINDS = {Kind.STRENGTH: 0, Kind.DIE: 1, Kind.DRAW: 2}
TARGETS = {None: -1, Target.SELF: 0, Target.ALLIES: 1, Target.ENEMIES: 2, Target.REWARD: 3}
TYPES = {kind: number for number, kind in enumerate(UnitType)}

# Columns of `units` and of `effects`.
STRENGTH, SPEED, TYPE, FIRST, COUNT = range(5)
KIND, TARGET, AMOUNT, ONLY, AT_MOST, AT_LEAST, ARMY = range(7)


@dataclass(frozen=True, eq=False)
class UnitTable:
    """Units numbered 0, 1, ... in the order given, with their effects as rows of integers."""

    units: tuple[Unit, ...]
    number: dict[int, int]
    """id(unit object) -> its number (units are compared by identity: two may share an id)."""
    unit_rows: Any
    """int64[units, 5]: strength, speed, type, first effect, effects."""
    effect_rows: Any
    """int64[effects, 7]: kind, target, amount, only type, at most, at least, army size."""

    @cached_property
    def alone(self) -> list[int]:
        """Each unit's total when sent alone against nobody, its own effects included."""
        from generator.games.disaster_draft.battle_kernels import alone_totals

        return [int(t) for t in alone_totals(self.unit_rows, self.effect_rows, len(self.units))]

    @cached_property
    def solo_memo(self) -> Any:
        """Room to remember each army's total alone, by its units in order (-1: not yet known);
        empty for decks too large to remember every army of three."""
        keys = (len(self.units) + 1) ** 3
        return np.full(keys if keys <= MEMO_KEYS else 0, -1, np.int32)

    def of(self, unit: Unit) -> int:
        """The number of a unit of this table."""
        return self.number[id(unit)]

    def numbers(self, units: Iterable[Unit]) -> list[int]:
        """The numbers of units of this table."""
        number = self.number
        return [number[id(u)] for u in units]


def unit_table(units: Sequence[Unit]) -> UnitTable:
    """The tables of `units` (each unit object once, in order)."""
    unit_rows = np.zeros((max(1, len(units)), 5), np.int64)
    effect_rows: list[tuple[int, ...]] = []
    for n, unit in enumerate(units):
        unit_rows[n] = (
            unit.strength,
            unit.speed,
            TYPES[unit.type],
            len(effect_rows),
            len(unit.effects),
        )
        effect_rows.extend(_effect_row(effect) for effect in unit.effects)
    effects = np.array(effect_rows or [(0,) * 7], np.int64).reshape(-1, 7)
    return UnitTable(tuple(units), {id(u): n for n, u in enumerate(units)}, unit_rows, effects)


def _effect_row(effect: Effect) -> tuple[int, ...]:
    return (
        KINDS[effect.kind],
        TARGETS[effect.target],
        effect.amount,
        -1 if effect.only is None else TYPES[effect.only],
        NO_LIMIT if effect.at_most is None else effect.at_most,
        -NO_LIMIT if effect.at_least is None else effect.at_least,
        0 if effect.army is None else effect.army,
    )
