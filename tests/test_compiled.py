"""Kernels compiled on first use leave their modules as written: numba compiles a copy whose
globals hold the compiled callees; the module's names stay the stand-ins."""

from __future__ import annotations

import numpy as np

from generator.games.extraliga_all_stars import lineup_kernels
from generator.play.compiled import have_numba


def test_compiling_a_kernel_changes_no_name_of_its_module() -> None:
    before = dict(vars(lineup_kernels))
    placed = np.array([9, 10, 19], np.int64)  # LW and C of club 1, RW of club 2
    slots = np.array([0, 1, 2], np.int64)
    links = np.array([1, 0, 1], np.int64)
    value = lineup_kernels.order_value(placed, slots, links, -1, False)
    assert value == 3 + 1  # three in their slots, the linked pair of one club
    assert dict(vars(lineup_kernels)) == before
    if have_numba():
        assert lineup_kernels.order_value.compiled is not None  # type: ignore[attr-defined]
        assert lineup_kernels.pairs_with.compiled is not None  # type: ignore[attr-defined]
