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
from no bonus left to all of them, by a compiled kernel (`_solve`, its rows
shared out among the cores): a move only ever spends a bonus, so a
position depends on positions with one bonus fewer, and on the same
position after a pass. Only two layers of positions (by bonuses left) are
held at a time, unless every position is asked for. Values are the first
side's chances to win and to tie in regulation; the loss is the rest.
Both sides play for expected points, and of equal choices a side passes,
then takes the first of +1, re-roll (its own dice, lowest first), -1,
re-roll (the other side's, lowest first), as ruling E9 says.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement, pairwise, product
from math import factorial, prod
from typing import Any, NamedTuple

import numpy as np

from generator.games.extraliga_all_stars.match import OVERTIME_LOSS, OVERTIME_WIN, WIN
from generator.plugin_api import kernel, parallel_kernel, prange

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
MAX_VALUES = 200_000_000
"""Floats the tables of one match may hold (1.6 GB); the largest legal match, six dice
against six with all six bonuses each, holds 183,399,552."""

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
    removed_to: Any
    """The configuration of the other dice (one fewer, numbered among those of the same
    space from `rest_base[s]`) when a die of each value is taken up to be re-rolled, or -1."""
    rest_base: Any
    rest_size: Any
    """Configurations of one die fewer in each space."""
    added_to: Any
    """The configuration after the die taken up from a configuration of one die fewer lands
    on each face: a re-roll is `removed_to`, then `added_to`."""
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
    rests = [np.array(list(_multisets(dice - 1, w)), np.int64).reshape(-1, w) for w in widths]
    rest_keys = [_keys(r, dice) for r in rests]
    rest_order = [np.argsort(k) for k in rest_keys]
    rest_base = np.cumsum([0] + [len(r) for r in rests[:-1]]).astype(np.int64)
    removed_to = np.full((total, FACES), -1, np.int64)
    added_to = np.full((max(1, sum(len(r) for r in rests)), FACES), -1, np.int64)

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
            if len(rests[s]):
                taken = configs[s].copy()
                taken[:, k] -= 1
                found = np.searchsorted(rest_keys[s], _keys(taken, dice), sorter=rest_order[s])
                number = rest_order[s][np.minimum(found, len(rest_order[s]) - 1)]
                removed_to[rows, k] = np.where(present, number, -1)
        rest_rows = slice(int(rest_base[s]), int(rest_base[s]) + len(rests[s]))
        for face in range(1, FACES + 1):
            landed = rests[s].copy()
            landed[:, clip(face, line, p, m) - los[s]] += 1
            found = np.searchsorted(keys[s], _keys(landed, dice), sorter=order[s])
            added_to[rest_rows, face - 1] = order[s][np.minimum(found, len(order[s]) - 1)]
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
        removed_to,
        rest_base,
        np.array([len(r) for r in rests], np.int64),
        added_to,
        index,
    )


def _keys(configs: Any, dice: int) -> Any:
    """Each configuration (a row of counts) as one number."""
    weights = (dice + 1) ** np.arange(configs.shape[1], dtype=np.int64)
    return configs @ weights


def _multisets(dice: int, width: int) -> Iterator[tuple[int, ...]]:
    """Every way to put `dice` dice on `width` values, as counts."""
    if dice < 0:
        return
    if width == 1:
        yield (dice,)
        return
    for first in range(dice, -1, -1):
        for rest in _multisets(dice - first, width - 1):
            yield (first, *rest)


@dataclass(frozen=True)
class Tables:
    """The solved bonus phase of one match: positions' values for the first side, either
    every position (`every_position`) or only those with every bonus still to play."""

    first: _Field
    """The first side's dice against the second side's defence."""
    second: _Field
    start_bonuses: tuple[Counts, Counts]
    """The bonuses each side starts with."""
    combo: dict[tuple[int, ...], int]
    """Bonuses left (both sides' counts) -> number."""
    offset: Any
    values: Any
    """For each combination of bonuses kept: [mover][passed][first's dice][second's dice]
    -> (win, tie) of the first side; without every position, only passed = 0."""
    every_position: bool

    def value(
        self, a: int, b: int, ours: Counts, theirs: Counts, mover: int, passed: bool
    ) -> tuple[float, float]:
        """(win, tie) of the first side in a position (configurations `a` and `b`)."""
        if not self.every_position and ((ours, theirs) != self.start_bonuses or passed):
            raise ValueError("only the start of the bonus phase was kept: solve every position")
        at, size_a, size_b = self._block(ours, theirs)
        passes = 2 if self.every_position else 1
        slot = mover * passes + (passed if self.every_position else 0)
        at += ((slot * size_a + a) * size_b + b) * 2
        return float(self.values[at]), float(self.values[at + 1])

    def start(self) -> tuple[Any, Any]:
        """(win, tie) of the first side as two matrices over the configurations of both
        sides' dice, when every bonus is still to play and the first side is to move."""
        at, size_a, size_b = self._block(*self.start_bonuses)
        block = self.values[at : at + size_a * size_b * 2].reshape(size_a, size_b, 2)
        return block[:, :, 0], block[:, :, 1]

    def _block(self, ours: Counts, theirs: Counts) -> tuple[int, int, int]:
        """Where the positions with these bonuses left start, and both sides' numbers of
        configurations."""
        c = self.combo[(*ours, *theirs)]
        size_a = int(self.first.size[self.first.space(ours[0], theirs[2])])
        size_b = int(self.second.size[self.second.space(theirs[0], ours[2])])
        return int(self.offset[c]), size_a, size_b


class TooLarge(Exception):
    """The exact search would take more memory than it may."""


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
    first: tuple[int, int, Counts], second: tuple[int, int, Counts], every_position: bool = False
) -> Tables:
    """A match's bonus phase, solved; `first` and `second` are (dice, line their dice must
    reach, bonuses). Positions are solved a layer at a time, by the bonuses left, from none
    to all: a layer needs only the layer below. So unless `every_position` is asked for,
    two layers are held at a time, and of each position only what the layer above reads
    (before a pass: the value after one is worked out with it). Raises TooLarge when the
    tables would not fit in the memory a question may use."""
    field_a = field(first[1], first[0], first[2][0], second[2][2])
    field_b = field(second[1], second[0], second[2][0], first[2][2])
    combos = sorted(_combos(first[2], second[2]), key=sum)
    number = {c: i for i, c in enumerate(combos)}
    passes = 2 if every_position else 1
    info = np.array(combos, np.int64)
    child = np.full((len(combos), 2 * KINDS), -1, np.int64)
    space_a = np.zeros(len(combos), np.int64)
    space_b = np.zeros(len(combos), np.int64)
    offset = np.zeros(len(combos), np.int64)
    layers, held, end = [0], 0, 0
    for c, combo in enumerate(combos):
        if c and sum(combo) != sum(combos[c - 1]):
            layers.append(c)
            if not every_position:  # a new layer, written over the layer before the last
                held, end = max(held, end), 0
        for j in range(2 * KINDS):
            if combo[j]:
                child[c, j] = number[(*combo[:j], combo[j] - 1, *combo[j + 1 :])]
        space_a[c] = field_a.space(combo[0], combo[6])
        space_b[c] = field_b.space(combo[4], combo[2])
        offset[c] = end
        end += 2 * passes * 2 * int(field_a.size[space_a[c]]) * int(field_b.size[space_b[c]])
    layers.append(len(combos))
    held = max(held, end)
    if (held if every_position else 2 * held) > MAX_VALUES:
        raise TooLarge(f"{positions(first, second):,} positions")
    here = np.empty(held, np.float64)
    below = here if every_position else np.empty(held, np.float64)
    arrays = Combos(info, child, space_a, space_b, offset, passes)
    sides = (_arrays(field_a), _arrays(field_b))
    rerolled_a = np.empty((2, max(1, int(field_a.rest_size.max())), int(field_b.size.max()), 2))
    rerolled_b = np.empty((2, int(field_a.size.max()), max(1, int(field_b.rest_size.max())), 2))
    for start, stop in pairwise(layers):
        if not every_position:
            here, below = below, here
        _solve(start, stop, arrays, *sides, here, below, rerolled_a, rerolled_b)
    return Tables(field_a, field_b, (first[2], second[2]), number, offset, here, every_position)


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
    removed_to: Any
    rest_base: Any
    rest_size: Any
    added_to: Any


class Combos(NamedTuple):
    """Every combination of bonuses left, as the kernel reads it: the bonuses of each (info),
    the combination after each kind is played (child), each side's space of dice, where
    its positions start in the values of its layer (offset), and whether positions after
    a pass are kept (passes: 2) or not (1)."""

    info: Any
    child: Any
    space_a: Any
    space_b: Any
    offset: Any
    passes: int


def _arrays(field: _Field) -> FieldArrays:
    """A field's tables as the kernel takes them."""
    return FieldArrays(*(getattr(field, name) for name in FieldArrays._fields))


def _combos(ours: Counts, theirs: Counts) -> Iterator[tuple[int, ...]]:
    """Every combination of bonuses left: the first side's counts, then the second's."""
    return product(*(range(n + 1) for n in (*ours, *theirs)))


@kernel
def _rerolled(
    c: int, kind: int, mover: int, on_first: bool, combos: Combos, a: FieldArrays, b: FieldArrays,
    below: Any, into: Any,
) -> None:  # fmt: skip
    """After `mover` plays the re-roll of `kind` (an index into a combination's counts) in
    combination c: for each configuration of the other dice of the side re-rolled (`on_first`:
    the first side's) and each configuration of the side not re-rolled, the (win, tie) the die
    brings on average over its faces, written into `into` (by the first side's
    configuration first)."""
    if combos.info[c, kind] == 0:
        return
    c2 = combos.child[c, kind]
    sa, sb = combos.space_a[c2], combos.space_b[c2]
    na, nb = a.size[sa], b.size[sb]
    base = combos.offset[c2] + (1 - mover) * combos.passes * na * nb * 2  # before a pass
    added_to = a.added_to if on_first else b.added_to
    others = nb if on_first else na
    space = sa if on_first else sb
    rest = a.rest_base[space] if on_first else b.rest_base[space]
    for r in range(a.rest_size[space] if on_first else b.rest_size[space]):
        for o in range(others):
            win, tie = 0.0, 0.0
            for face in range(FACES):
                j = added_to[rest + r, face]
                at = base + ((j * nb + o) if on_first else (o * nb + j)) * 2
                win += below[at]
                tie += below[at + 1]
            if on_first:
                into[r, o, 0], into[r, o, 1] = win / FACES, tie / FACES
            else:
                into[o, r, 0], into[o, r, 1] = win / FACES, tie / FACES


@parallel_kernel
def _solve(
    start: int, stop: int, combos: Combos, a: FieldArrays, b: FieldArrays, here: Any,
    below: Any, rerolled_a: Any, rerolled_b: Any,
) -> None:  # fmt: skip
    """Solve the combinations of bonuses start to stop (all of one layer: the same number of
    bonuses left) into `here`, from the layer below, solved already, in `below` (the same
    array when every position is kept): `a` is the first side's dice, `b` the second's,
    and the values are (win, tie) for the first side. `rerolled_a` and `rerolled_b` are room
    for what the re-rolls bring (`_rerolled`).

    A position's moves are valued once for both "the other side has just passed" and "it
    has not": what passing is worth differs, the moves do not. A re-roll's average over the
    faces depends only on the dice not re-rolled, so it is worked out once for each
    configuration of those.
    """
    has = np.zeros(2, np.bool_)
    for c in range(start, stop):
        na = a.size[combos.space_a[c]]
        for side in range(2):
            first = 4 * side
            has[side] = combos.info[c, first : first + 4].sum() > 0
        for mover in range(2):
            for side in range(2):  # the side whose die is re-rolled
                kind = (0 if mover == 0 else 4) + (1 if side == mover else 3)
                into = rerolled_a[mover] if side == 0 else rerolled_b[mover]
                _rerolled(c, kind, mover, side == 0, combos, a, b, below, into)
        for row in prange(na):
            ia: Any = np.int64(row)  # prange counts unsigned: one compiled row, not two
            _solve_row(c, ia, combos, a, b, here, below, has, rerolled_a, rerolled_b)


@kernel
def _solve_row(  # noqa: PLR0915 - one row of positions is one loop
    c: int, ia: int, combos: Combos, a: FieldArrays, b: FieldArrays, here: Any, below: Any,
    has: Any, rerolled_a: Any, rerolled_b: Any,
) -> None:  # fmt: skip
    """The positions of combination c with the first side's dice in configuration `ia`, for
    every configuration of the second side's and both movers.

    Each move is valued for the whole row at once (a vector over the second side's
    configurations), in ruling E9's order of equal choices: +1 on the mover's own dice,
    then re-roll them, then -1 on the other side's, then re-roll those; within a kind,
    lowest die first. A later choice must be better by more than TIE points to replace an
    earlier one, and than passing (or, after a pass, letting the dice stand)."""
    info, child, space_a, space_b, offset, passes = combos
    sa, sb = space_a[c], space_b[c]
    na, nb = a.size[sa], b.size[sb]
    wa, wb = a.width[sa], b.width[sb]
    row_a, rb = a.base[sa] + ia, b.base[sb]
    best = np.empty((2, 3, nb))  # per mover and second-side configuration: win, tie, points
    moved = np.zeros((2, nb), np.bool_)
    found = np.empty((2, nb))  # a move's (win, tie) for each second-side configuration
    legal = np.zeros(nb, np.bool_)
    for mover in range(2):
        if not has[mover]:
            continue
        sign = 1.0 if mover == 0 else -1.0
        own = 0 if mover == 0 else 4
        for turn in range(2):
            on_first = (mover == 0) == (turn == 0)
            width = wa if on_first else wb
            for step in range(2):
                kind = 2 * turn + step
                if info[c, own + kind] == 0:
                    continue
                c2 = child[c, own + kind]
                na2, nb2 = a.size[space_a[c2]], b.size[space_b[c2]]
                base = offset[c2] + (1 - mover) * passes * na2 * nb2 * 2  # before a pass
                for k in range(width):
                    if (turn == 0 and k == width - 1) or (turn == 1 and k == 0):
                        continue  # a die at the top cannot gain, one at the bottom cannot lose
                    if on_first:
                        if a.counts[row_a, k] == 0:
                            continue
                        if step == 1:
                            r = a.removed_to[row_a, k]
                            for ib in range(nb):
                                found[0, ib] = rerolled_a[mover, r, ib, 0]
                                found[1, ib] = rerolled_a[mover, r, ib, 1]
                        else:
                            j = a.plus_to[row_a, k] if turn == 0 else a.minus_to[row_a, k]
                            at = base + j * nb2 * 2
                            for ib in range(nb):
                                found[0, ib] = below[at + 2 * ib]
                                found[1, ib] = below[at + 2 * ib + 1]
                        legal[:nb] = True
                    else:
                        for ib in range(nb):
                            legal[ib] = b.counts[rb + ib, k] > 0
                            if not legal[ib]:
                                continue
                            if step == 1:
                                r = b.removed_to[rb + ib, k]
                                found[0, ib] = rerolled_b[mover, ia, r, 0]
                                found[1, ib] = rerolled_b[mover, ia, r, 1]
                            else:
                                j = b.plus_to[rb + ib, k] if turn == 0 else b.minus_to[rb + ib, k]
                                at = base + (ia * nb2 + j) * 2
                                found[0, ib] = below[at]
                                found[1, ib] = below[at + 1]
                    for ib in range(nb):
                        if legal[ib]:
                            score = WIN_POINTS * found[0, ib] + TIE_POINTS * found[1, ib]
                            if not moved[mover, ib] or sign * (score - best[mover, 2, ib]) > TIE:
                                moved[mover, ib] = True
                                best[mover, 0, ib] = found[0, ib]
                                best[mover, 1, ib] = found[1, ib]
                                best[mover, 2, ib] = score
    # After a pass the mover plays its best move or lets the dice stand; before one, it
    # plays its best move or passes (when the other side has bonuses to answer with).
    ga = a.goals[row_a]
    after_pass = np.empty((2, 2))  # per mover: (win, tie) after the other side passed
    for ib in range(nb):
        gb = b.goals[rb + ib]
        final_win = 1.0 if ga > gb else 0.0
        final_tie = 1.0 if ga == gb else 0.0
        for passed in (1, 0):
            for mover in range(2):
                if passed == 1 or not has[1 - mover]:
                    win, tie = final_win, final_tie
                else:
                    win, tie = after_pass[1 - mover, 0], after_pass[1 - mover, 1]
                if moved[mover, ib]:
                    sign = 1.0 if mover == 0 else -1.0
                    score = WIN_POINTS * win + TIE_POINTS * tie
                    if sign * (best[mover, 2, ib] - score) > TIE:
                        win, tie = best[mover, 0, ib], best[mover, 1, ib]
                if passed == 1:
                    after_pass[mover, 0], after_pass[mover, 1] = win, tie
                    if passes == 1:
                        continue  # not kept: only this row reads it
                slot = mover * passes + (passed if passes == 2 else 0)
                at = offset[c] + ((slot * na + ia) * nb + ib) * 2
                here[at] = win
                here[at + 1] = tie
