"""Disaster Draft's units and effects as integers: the one place the encoding is written.

`tables.py` writes units and effects into rows of integers with these columns and codes;
`battle_kernels.py` reads them by the same names (numba takes each as a constant).
"""

from __future__ import annotations

# Columns of a unit's row.
STRENGTH, SPEED, TYPE, FIRST, COUNT = range(5)
"""strength, speed, type number, the row of its first effect, how many effects it has."""
UNIT_COLUMNS = 5

# Columns of an effect's row.
KIND, TARGET, AMOUNT, ONLY, AT_MOST, AT_LEAST, ARMY = range(7)
"""what it does, whom it hits, by how much, the only type it hits (-1: any), the strength
filters (NO_LIMIT when absent), and the army size it needs (0: any)."""
EFFECT_COLUMNS = 7

# What an effect does (column KIND).
CHANGES_STRENGTH, CHANGES_DIE, DRAWS = 0, 1, 2
"""CHANGES_DIE is a strength change that kills (a unit 'dies')."""

# Whom it hits (column TARGET).
NOBODY, TO_SELF, TO_ALLIES, TO_ENEMIES, TO_REWARD = -1, 0, 1, 2, 3

ANY_TYPE = -1
"""An effect that hits units of every type (column ONLY)."""
NO_LIMIT = 1 << 30
"""An absent strength filter: at most NO_LIMIT, at least -NO_LIMIT."""
