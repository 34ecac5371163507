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

from generator.games.disaster_draft.encoding import (
    AMOUNT,
    ANY_TYPE,
    ARMY,
    AT_LEAST,
    AT_MOST,
    CHANGES_DIE,
    CHANGES_STRENGTH,
    COUNT,
    DRAWS,
    EFFECT_COLUMNS,
    FIRST,
    KIND,
    NO_LIMIT,
    NOBODY,
    ONLY,
    SPEED,
    STRENGTH,
    TARGET,
    TO_ALLIES,
    TO_ENEMIES,
    TO_REWARD,
    TO_SELF,
    TYPE,
    UNIT_COLUMNS,
)
from generator.games.disaster_draft.units import Effect, Kind, Target, Unit, UnitType

MEMO_KEYS = 1 << 21
"""Armies whose total alone a table remembers at most (8 MB): every army of a deck of 127."""

KINDS = {Kind.STRENGTH: CHANGES_STRENGTH, Kind.DIE: CHANGES_DIE, Kind.DRAW: DRAWS}
TARGETS = {
    None: NOBODY,
    Target.SELF: TO_SELF,
    Target.ALLIES: TO_ALLIES,
    Target.ENEMIES: TO_ENEMIES,
    Target.REWARD: TO_REWARD,
}
TYPES = {kind: number for number, kind in enumerate(UnitType)}


@dataclass(frozen=True, eq=False)
class UnitTable:
    """Units numbered 0, 1, ... in the order given, with their effects as rows of integers."""

    units: tuple[Unit, ...]
    number: dict[int, int]
    """id(unit object) -> its number (units are compared by identity: two may share an id)."""
    unit_rows: Any
    """int64[units, UNIT_COLUMNS], columns named in `encoding`."""
    effect_rows: Any
    """int64[effects, EFFECT_COLUMNS], columns named in `encoding`."""

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

    def __reduce__(self) -> tuple[Any, tuple[tuple[Unit, ...]]]:
        """Sent to another process (a worker) as its units, the table made there anew: the
        numbers are by the identity of the unit objects, which a copy does not keep."""
        return unit_table, (self.units,)

    def of(self, unit: Unit) -> int:
        """The number of a unit of this table."""
        return self.number[id(unit)]

    def numbers(self, units: Iterable[Unit]) -> list[int]:
        """The numbers of units of this table."""
        number = self.number
        return [number[id(u)] for u in units]


def unit_table(units: Sequence[Unit]) -> UnitTable:
    """The tables of `units` (each unit object once, in order)."""
    unit_rows = np.zeros((max(1, len(units)), UNIT_COLUMNS), np.int64)
    effect_rows: list[tuple[int, ...]] = []
    for n, unit in enumerate(units):
        row = unit_rows[n]
        row[STRENGTH], row[SPEED], row[TYPE] = unit.strength, unit.speed, TYPES[unit.type]
        row[FIRST], row[COUNT] = len(effect_rows), len(unit.effects)
        effect_rows.extend(_effect_row(effect) for effect in unit.effects)
    effects = np.array(effect_rows or [(0,) * EFFECT_COLUMNS], np.int64)
    effects = effects.reshape(-1, EFFECT_COLUMNS)
    return UnitTable(tuple(units), {id(u): n for n, u in enumerate(units)}, unit_rows, effects)


def _effect_row(effect: Effect) -> tuple[int, ...]:
    row = [0] * EFFECT_COLUMNS
    row[KIND], row[TARGET], row[AMOUNT] = KINDS[effect.kind], TARGETS[effect.target], effect.amount
    row[ONLY] = ANY_TYPE if effect.only is None else TYPES[effect.only]
    row[AT_MOST] = NO_LIMIT if effect.at_most is None else effect.at_most
    row[AT_LEAST] = -NO_LIMIT if effect.at_least is None else effect.at_least
    row[ARMY] = 0 if effect.army is None else effect.army
    return tuple(row)
