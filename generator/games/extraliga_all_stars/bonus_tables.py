"""Extraliga All-Stars: the bonus phase solved exactly over compact states (rulings E8, E9).

A position of the bonus phase is: each side's dice, the bonuses each side
has left, whose turn it is, and whether the last side passed. It is made
compact in three ways, none of which changes the answer:

- a side's dice are exchangeable, so they are a multiset, stored as the
  count of dice at each value;
- a die's face matters only as far as the bonuses still in play can move
  it across the line it must reach: a die the other side's -1s can no
  longer pull below the line counts as one just out of their reach, and a
  die its owner's +1s can no longer lift to it as one just out of theirs
  (`clip`); so one side's dice, for each number of +1s and -1s left, are
  one of a few hundred *configurations*, numbered once;
- bonuses of one kind are interchangeable, so what a side has left is four
  counts.

Every configuration, and what each bonus does to it, is numbered and
tabled once per match (`_Field`). The positions are then solved bottom up,
from no bonus left to all of them, by a compiled kernel (`_solve`): a move
only ever spends a bonus, so a position depends on positions with one
bonus fewer, and on the same position after a pass. Values are the first
side's chances to win and to tie in regulation; the loss is the rest.
Both sides play for expected points, and of equal choices a side passes,
then takes the first of +1, re-roll (its own dice, lowest first), -1,
re-roll (the other side's, lowest first), as ruling E9 says.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement, pairwise, product
from math import factorial, prod
from typing import Any, NamedTuple

import numpy as np

from generator.games.extraliga_all_stars.match import OVERTIME_LOSS, OVERTIME_WIN, WIN
from generator.plugin_api import kernel

FACES = 6
WIN_POINTS = float(WIN)
"""A win's points, as the kernel adds them."""
TIE_POINTS = (OVERTIME_WIN + OVERTIME_LOSS) / 2
"""A tie's expected points: overtime, which each side wins half the time (ruling E9)."""
TIE = 1e-12
"""Expected points this close are equal (floating-point rounding)."""
KINDS = 4
"""plus, reroll, minus, reroll_other: the order of a side's counts."""
MOVES = (0, 1, 2, 3)
MAX_VALUES = 400_000_000
"""Floats the tables of one match may hold (3.2 GB): beyond, the match is estimated."""

Counts = tuple[int, int, int, int]
"""A side's bonuses left: plus, reroll, minus, reroll_other."""


def clip(value: int, line: int, plus: int, minus: int) -> int:
    """A die's value as far as it can still matter, for dice that score from `line` up, with
    `plus` +1s of their owner and `minus` -1s of the other side left."""
    return min(max(value, line - plus - 1, 1), line + minus, FACES)


@dataclass(frozen=True)
class _Field:
    """One side's dice against the other side's defence: every configuration of them for
    each (+1s of the owner, -1s of the other side) left, and what a bonus makes of each.

    A configuration is numbered within its space (p, m); `base[s]` is where space s starts
    in the per-configuration arrays, whose columns are the values from `lo[s]` up."""

    line: int
    dice: int
    plus: int
    """+1s the owner starts with."""
    minus: int
    """-1s the other side starts with."""
    size: Any
    """Configurations of each space."""
    lo: Any
    width: Any
    """Values a die can have in each space (from lo)."""
    base: Any
    counts: Any
    """Dice at each value, per configuration."""
    goals: Any
    plus_to: Any
    """The configuration (in space (p - 1, m)) after a +1 on a die of each value, or -1."""
    minus_to: Any
    """The configuration (in space (p, m - 1)) after a -1 on a die of each value, or -1."""
    reroll_to: Any
    """The configuration (in the same space) after a die of each value is rolled to each face."""
    index: tuple[dict[tuple[int, ...], int], ...]
    """Per space: configuration (counts) -> number."""

    def space(self, plus: int, minus: int) -> int:
        """The number of the space of a field with `plus` and `minus` left."""
        return plus * (self.minus + 1) + minus

    def configuration(self, values: Iterable[int], plus: int, minus: int) -> int:
        """The number of the configuration of dice showing `values`."""
        s = self.space(plus, minus)
        lo = int(self.lo[s])
        counts = [0] * int(self.width[s])
        for value in values:
            counts[clip(value, self.line, plus, minus) - lo] += 1
        return self.index[s][tuple(counts)]

    def rolls(self, plus: int, minus: int) -> list[tuple[int, float]]:
        """Every roll of the dice as a configuration, with its chance."""
        found: dict[int, float] = {}
        for roll in combinations_with_replacement(range(1, FACES + 1), self.dice):
            ways = factorial(self.dice) // prod(factorial(roll.count(v)) for v in set(roll))
            number = self.configuration(roll, plus, minus)
            found[number] = found.get(number, 0.0) + ways / FACES**self.dice
        return list(found.items())


@lru_cache(maxsize=64)
def field(line: int, dice: int, plus: int, minus: int) -> _Field:
    """The tables of one side's dice (made once per line, dice and bonuses). Configurations
    are counts of dice by value; a bonus moves one die and may shift the clipping of all,
    which is a matrix on the counts, so each table is made by a few array operations."""
    spaces = [(p, m) for p in range(plus + 1) for m in range(minus + 1)]
    los = [clip(1, line, p, m) for p, m in spaces]
    widths = [clip(FACES, line, p, m) - lo + 1 for lo, (p, m) in zip(los, spaces, strict=True)]
    configs = [np.array(list(_multisets(dice, w)), np.int64).reshape(-1, w) for w in widths]
    keys = [_keys(c, dice) for c in configs]
    order = [np.argsort(k) for k in keys]
    base = np.cumsum([0] + [len(c) for c in configs[:-1]]).astype(np.int64)
    total = sum(len(c) for c in configs)
    counts = np.zeros((total, FACES), np.int64)
    goals = np.zeros(total, np.int64)
    plus_to = np.full((total, FACES), -1, np.int64)
    minus_to = np.full((total, FACES), -1, np.int64)
    reroll_to = np.full((total, FACES, FACES), -1, np.int64)

    def moved(s: int, k: int, value: int, p: int, m: int) -> Any:
        """Each configuration of space s with a die at column k, the die set to `value`,
        as a configuration number of space (p, m)."""
        t = p * (minus + 1) + m
        remap = np.zeros((widths[s], widths[t]), np.int64)
        for j in range(widths[s]):
            remap[j, clip(los[s] + j, line, p, m) - los[t]] = 1
        new = configs[s] @ remap
        new[:, clip(los[s] + k, line, p, m) - los[t]] -= 1
        new[:, clip(value, line, p, m) - los[t]] += 1
        found = np.searchsorted(keys[t], _keys(new, dice), sorter=order[t])
        return order[t][np.minimum(found, len(order[t]) - 1)]

    for s, (p, m) in enumerate(spaces):
        rows = slice(int(base[s]), int(base[s]) + len(configs[s]))
        counts[rows, : widths[s]] = configs[s]
        values = np.arange(los[s], los[s] + widths[s])
        goals[rows] = configs[s] @ (values >= line)
        for k in range(widths[s]):
            present = configs[s][:, k] > 0
            v = los[s] + k
            if p:
                plus_to[rows, k] = np.where(present, moved(s, k, v + 1, p - 1, m), -1)
            if m and v > 1:
                minus_to[rows, k] = np.where(present, moved(s, k, v - 1, p, m - 1), -1)
            for face in range(1, FACES + 1):
                reroll_to[rows, k, face - 1] = np.where(present, moved(s, k, face, p, m), -1)
    index = tuple({tuple(int(n) for n in row): i for i, row in enumerate(c)} for c in configs)
    return _Field(
        line,
        dice,
        plus,
        minus,
        np.array([len(c) for c in configs], np.int64),
        np.array(los, np.int64),
        np.array(widths, np.int64),
        base,
        counts,
        goals,
        plus_to,
        minus_to,
        reroll_to,
        index,
    )


def _keys(configs: Any, dice: int) -> Any:
    """Each configuration (a row of counts) as one number."""
    weights = (dice + 1) ** np.arange(configs.shape[1], dtype=np.int64)
    return configs @ weights


def _multisets(dice: int, width: int) -> Iterator[tuple[int, ...]]:
    """Every way to put `dice` dice on `width` values, as counts."""
    if width == 1:
        yield (dice,)
        return
    for first in range(dice, -1, -1):
        for rest in _multisets(dice - first, width - 1):
            yield (first, *rest)


@dataclass(frozen=True)
class Tables:
    """The solved bonus phase of one match: every position's value for the first side."""

    first: _Field
    """The first side's dice against the second side's defence."""
    second: _Field
    start: tuple[Counts, Counts]
    """The bonuses each side starts with."""
    combo: dict[tuple[int, ...], int]
    """Bonuses left (both sides' counts) -> number."""
    offset: Any
    values: Any
    """For each combination of bonuses left: [mover][passed][first's dice][second's dice]
    -> (win, tie) of the first side."""

    def value(
        self, a: int, b: int, ours: Counts, theirs: Counts, mover: int, passed: bool
    ) -> tuple[float, float]:
        """(win, tie) of the first side in a position (configurations `a` and `b`)."""
        c = self.combo[(*ours, *theirs)]
        size_a = int(self.first.size[self.first.space(ours[0], theirs[2])])
        size_b = int(self.second.size[self.second.space(theirs[0], ours[2])])
        at = int(self.offset[c]) + (((mover * 2 + passed) * size_a + a) * size_b + b) * 2
        return float(self.values[at]), float(self.values[at + 1])


class TooLarge(Exception):
    """The exact search would take longer than allowed, or more memory than it may."""


def positions(first: tuple[int, int, Counts], second: tuple[int, int, Counts]) -> int:
    """How many positions the exact search of a match solves (to weigh it before solving):
    `first` and `second` are (dice, line their dice must reach, bonuses)."""
    field_a = field(first[1], first[0], first[2][0], second[2][2])
    field_b = field(second[1], second[0], second[2][0], first[2][2])
    total = 0
    for combo in _combos(first[2], second[2]):
        size_a = field_a.size[field_a.space(combo[0], combo[6])]
        size_b = field_b.size[field_b.space(combo[4], combo[2])]
        total += 4 * int(size_a) * int(size_b)
    return total


def solve(
    first: tuple[int, int, Counts],
    second: tuple[int, int, Counts],
    budget: float | None = None,
) -> Tables:
    """Every position of a match's bonus phase, solved; `first` and `second` are (dice, line
    their dice must reach, bonuses). Raises TooLarge when the tables would not fit in
    memory, or as soon as solving them plainly takes more than `budget` seconds: after
    each layer of positions the time so far is projected onto the positions left."""
    begun = time.perf_counter()
    field_a = field(first[1], first[0], first[2][0], second[2][2])
    field_b = field(second[1], second[0], second[2][0], first[2][2])
    combos = sorted(_combos(first[2], second[2]), key=sum)
    number = {c: i for i, c in enumerate(combos)}
    info = np.array(combos, np.int64)
    child = np.full((len(combos), 2 * KINDS), -1, np.int64)
    space_a = np.zeros(len(combos), np.int64)
    space_b = np.zeros(len(combos), np.int64)
    offset = np.zeros(len(combos) + 1, np.int64)
    for c, combo in enumerate(combos):
        for j in range(2 * KINDS):
            if combo[j]:
                child[c, j] = number[(*combo[:j], combo[j] - 1, *combo[j + 1 :])]
        space_a[c] = field_a.space(combo[0], combo[6])
        space_b[c] = field_b.space(combo[4], combo[2])
        cells = int(field_a.size[space_a[c]]) * int(field_b.size[space_b[c]])
        offset[c + 1] = offset[c] + 8 * cells
    if offset[-1] > MAX_VALUES:
        raise TooLarge(f"{offset[-1] // 2:,} positions")
    values = np.zeros(int(offset[-1]), np.float64)
    layers = [0]
    for c in range(1, len(combos) + 1):
        if c == len(combos) or sum(combos[c]) != sum(combos[c - 1]):
            layers.append(c)
    combos_arrays = Combos(info, child, space_a, space_b, offset)
    sides = (_arrays(field_a), _arrays(field_b))
    ready = time.perf_counter()
    for start, stop in pairwise(layers):
        _solve(start, stop, combos_arrays, *sides, values)
        if budget is not None:
            now = time.perf_counter()
            share = offset[stop] / offset[-1]
            projected = (ready - begun) + (now - ready) / share
            if now - begun > budget or (share > 0.1 and projected > budget):
                raise TooLarge(f"{now - begun:.1f} s for {share:.0%} of the positions")
    return Tables(field_a, field_b, (first[2], second[2]), number, offset, values)


class FieldArrays(NamedTuple):
    """One side's dice tables as the kernel reads them (see `_Field`)."""

    size: Any
    lo: Any
    width: Any
    base: Any
    counts: Any
    goals: Any
    plus_to: Any
    minus_to: Any
    reroll_to: Any


class Combos(NamedTuple):
    """Every combination of bonuses left, as the kernel reads it: the bonuses of each (info),
    the combination after each kind is played (child), each side's space of dice, and
    where its positions start in the values (offset)."""

    info: Any
    child: Any
    space_a: Any
    space_b: Any
    offset: Any


def _arrays(field: _Field) -> FieldArrays:
    """A field's tables as the kernel takes them."""
    return FieldArrays(*(getattr(field, name) for name in FieldArrays._fields))


def _combos(ours: Counts, theirs: Counts) -> Iterator[tuple[int, ...]]:
    """Every combination of bonuses left: the first side's counts, then the second's."""
    return product(*(range(n + 1) for n in (*ours, *theirs)))


@kernel
def _solve(  # noqa: PLR0915 - one kernel: splitting it would cost a call per position
    start: int, stop: int, combos: Combos, a: FieldArrays, b: FieldArrays, values: Any
) -> None:
    """Solve the combinations of bonuses start to stop (all of one layer: the same number of
    bonuses left), whose children are solved already: `a` is the first side's dice, `b` the
    second's, `values` every position's (win, tie) for the first side."""
    info, child, space_a, space_b, offset = combos
    a_size, _, a_width, a_base, a_counts, a_goals, a_plus, a_minus, a_reroll = a
    b_size, _, b_width, b_base, b_counts, b_goals, b_plus, b_minus, b_reroll = b
    for c in range(start, stop):
        sa, sb = space_a[c], space_b[c]
        na, nb = a_size[sa], b_size[sb]
        wa, wb = a_width[sa], b_width[sb]
        ra, rb = a_base[sa], b_base[sb]
        first_has = info[c, 0] + info[c, 1] + info[c, 2] + info[c, 3] > 0
        second_has = info[c, 4] + info[c, 5] + info[c, 6] + info[c, 7] > 0
        for passed in (1, 0):
            for mover in (0, 1):
                other_has = second_has if mover == 0 else first_has
                sign = 1.0 if mover == 0 else -1.0
                own = 0 if mover == 0 else 4
                for ia in range(na):
                    for ib in range(nb):
                        if passed == 1 or not other_has:
                            ga, gb = a_goals[ra + ia], b_goals[rb + ib]
                            win = 1.0 if ga > gb else 0.0
                            tie = 1.0 if ga == gb else 0.0
                        else:
                            at = offset[c] + (((1 - mover) * 2 + 1) * na + ia) * nb * 2 + ib * 2
                            win, tie = values[at], values[at + 1]
                        best = WIN_POINTS * win + TIE_POINTS * tie
                        # Ruling E9's order of equal choices: +1 on the mover's own dice,
                        # then re-roll them, then -1 on the other side's, then re-roll those;
                        # within a kind, lowest die first. A later choice must be better by
                        # more than TIE points to replace an earlier one.
                        for turn in range(2):
                            on_first = (mover == 0) == (turn == 0)
                            width = wa if on_first else wb
                            row = ra + ia if on_first else rb + ib
                            for step in range(2):
                                kind = 2 * turn + step
                                if info[c, own + kind] == 0:
                                    continue
                                for k in range(width):
                                    present = a_counts[row, k] if on_first else b_counts[row, k]
                                    if present == 0:
                                        continue
                                    if turn == 0 and k == width - 1:
                                        continue  # a die at the top cannot gain
                                    if turn == 1 and k == 0:
                                        continue  # a die at the bottom cannot lose
                                    c2 = child[c, own + kind]
                                    na2 = a_size[space_a[c2]]
                                    nb2 = b_size[space_b[c2]]
                                    base = offset[c2] + ((1 - mover) * 2) * na2 * nb2 * 2
                                    w2, t2 = 0.0, 0.0
                                    if step == 0:
                                        if on_first:
                                            j = a_plus[row, k] if turn == 0 else a_minus[row, k]
                                            at2 = base + (j * nb2 + ib) * 2
                                        else:
                                            j = b_plus[row, k] if turn == 0 else b_minus[row, k]
                                            at2 = base + (ia * nb2 + j) * 2
                                        w2, t2 = values[at2], values[at2 + 1]
                                    else:
                                        for face in range(FACES):
                                            if on_first:
                                                j = a_reroll[row, k, face]
                                                at2 = base + (j * nb2 + ib) * 2
                                            else:
                                                j = b_reroll[row, k, face]
                                                at2 = base + (ia * nb2 + j) * 2
                                            w2 += values[at2]
                                            t2 += values[at2 + 1]
                                        w2 /= FACES
                                        t2 /= FACES
                                    score = WIN_POINTS * w2 + TIE_POINTS * t2
                                    if sign * (score - best) > TIE:
                                        best, win, tie = score, w2, t2
                        at = offset[c] + ((mover * 2 + passed) * na + ia) * nb * 2 + ib * 2
                        values[at] = win
                        values[at + 1] = tie
