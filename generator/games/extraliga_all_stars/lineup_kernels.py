"""Extraliga All-Stars' lineup rules, compiled: the one implementation of rulings E1-E4.

A card is its *kind*, a small integer: 1 + its position's number (LW, C,
RW, D, G: 0 to 4) + 8 x its club's number (0 for a legend, who has no
club; the deck numbers the others from 1);
0 is an empty slot. A trio's shape is three rows of numbers: the
position of each slot, whether each two slots link ((0, 1), (0, 2),
(1, 2)), and the goalie's slot (-1 if none).

What a group of up to three cards is worth in a trio depends only on their
positions, which of them are legends and which two share a club; that is
the group's *pattern*, a number below PATTERNS, and each pattern's value
is worked out once and remembered in a table (`memo`, -1 where not yet
known) for every shape and setting. A search over a manager's twelve cards
then costs a few hundred table lookups and a counting sort.

The pure-Python search this replaces took about 1.2 milliseconds (and a
season asks about 300), the kernel 6 to 9 microseconds (docs/decisions.md).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from generator.games.extraliga_all_stars.match import MAX_STRENGTH
from generator.plugin_api import kernel

EMPTY = 5
"""The position number of an empty slot in a pattern."""
PATTERNS = 6 * 6 * 6 * 8 * 8
"""Positions (or empty) of three slots, which are legends, which two share a club."""
SETTINGS = 8
"""Memo rows: 4 x trio (offence 0, defence 1) + 2 x face-down stand-in allowed + 1 x 100 %
synergy."""
LINKED = ((0, 1), (0, 2), (1, 2))
"""The slot pairs, in the order of a shape's links row."""
CLUBS_STRIDE = 8
"""A card's kind is 1 + its position + CLUBS_STRIDE x its club (0 for a legend)."""
FOUND = 9
"""What `search` writes of the lineup it finds: 3 + 3 card indices, 2 strengths, face down."""
NO: Any = np.bool_(False)
YES: Any = np.bool_(True)
NO_SLOT: Any = np.int64(-1)
NONE_KEPT: Any = np.int64(0)
ALL_SIX: Any = np.int64(6)
"""Arguments kernels pass each other as numpy scalars: a plain constant would make numba
compile the callee once more, for that constant alone."""


Plain = tuple[Any, ...]
"""One of the named tuples below (`Shapes`, `Question`, `Change`), passed as a plain tuple."""


class Shapes(NamedTuple):
    """Both trios' shapes as the kernels read them, a row per trio (offence, defence).

    The kernels take this and the other argument tuples below as plain tuples, unpacked in
    this order (`tuple(Shapes(...))`): numba unboxes a plain tuple from Python in a third of
    the time of a named one, and a lineup search is called hundreds of times a season."""

    slots: Any
    """The position each slot takes."""
    links: Any
    """Whether each two slots link, in the order of LINKED."""
    goalie: Any
    """The goalie's slot, -1 if none."""


class Question(NamedTuple):
    """What a lineup search looks for."""

    everyone: bool
    """The 100 % synergy event: every pair of a trio is in synergy."""
    stand_in: bool
    """A card may lie face down in goal when none of the cards is a goalie (E3)."""
    partial: bool
    """Groups of fewer than three cards count too, their empty slots worth 0 (drafting)."""
    lineup: bool
    """Write the lineup found into `found`, not only its total."""


class Change(NamedTuple):
    """A lineup change: between `low` and `high` of the current lineup's cards must leave."""

    kept: int
    """The current lineup's cards, one bit per card index (0: no current lineup)."""
    low: int
    high: int


ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
"""The placements of three cards, in the order itertools.permutations gives them."""


@kernel
def position_of(kind: int) -> int:
    """A card kind's position number (LW, C, RW, D, G...)."""
    return (kind - 1) % CLUBS_STRIDE


@kernel
def club_of(kind: int) -> int:
    """A card kind's club number (0: a legend, who has no club)."""
    return (kind - 1) // CLUBS_STRIDE


@kernel
def setting_of(trio: int, stand_in: bool, everyone: bool) -> int:
    """A memo row: the trio (0 offence, 1 defence), whether a face-down stand-in may fill a
    slot, whether every two players pair (100 % synergy)."""
    return 4 * trio + (2 if stand_in else 0) + (1 if everyone else 0)


@kernel
def trio_of(setting: int) -> int:
    """The trio of a memo row (see `setting_of`)."""
    return setting // 4


@kernel
def stand_in_of(setting: int) -> bool:
    """Whether a memo row allows a face-down stand-in (see `setting_of`)."""
    return setting & 2 != 0


@kernel
def everyone_of(setting: int) -> bool:
    """Whether every two players pair in a memo row (see `setting_of`)."""
    return setting & 1 != 0


@kernel
def pairs_with(a: int, b: int, linked: bool, everyone: bool) -> bool:
    """Whether two shown players pair: the event, a legend, or linked slots and one club."""
    club_a, club_b = club_of(a), club_of(b)
    return everyone or club_a == 0 or club_b == 0 or (linked and club_a == club_b)


@kernel
def order_value(placed: Any, slots: Any, links: Any, down: int, everyone: bool) -> int:
    """A trio's strength with the kinds `placed` in slot order (0: an empty slot), the slot
    `down` holding a face-down stand-in (-1: none): 1 for each player in his position's slot,
    1 for each two in synergy, 1 for the stand-in, at most MAX_STRENGTH (E1-E3)."""
    value = 0
    for slot in range(3):
        kind = placed[slot]
        if kind and slot != down and position_of(kind) == slots[slot]:
            value += 1
    for p in range(3):
        i, j = LINKED[p]
        a, b = placed[i], placed[j]
        if a and b and down not in (i, j) and pairs_with(a, b, links[p] == 1, everyone):
            value += 1
    if down >= 0 and placed[down]:
        value += 1
    return min(MAX_STRENGTH, value)


@kernel
def best_order(
    kinds: Any,
    size: int,
    slots: Any,
    links: Any,
    goalie: int,
    stand_in: bool,
    everyone: bool,
    order: Any,
) -> tuple[int, bool]:
    """The first placement of `size` cards worth the most: writes each slot's card index (-1
    empty) into `order`; returns its value and whether the goalie's slot holds a face-down
    stand-in (tried only with `stand_in`, after the same placement face up)."""
    padded = np.full(3, -1, np.int64)
    for n in range(size):
        padded[n] = n
    seen = np.full((6, 3), -2, np.int64)
    placed = np.zeros(3, np.int64)
    best, best_down = -1, False
    for o in range(6):
        a, b, c = padded[ORDERS[o][0]], padded[ORDERS[o][1]], padded[ORDERS[o][2]]
        repeated = False
        for earlier in range(o):
            if seen[earlier, 0] == a and seen[earlier, 1] == b and seen[earlier, 2] == c:
                repeated = True
        seen[o, 0], seen[o, 1], seen[o, 2] = a, b, c
        if repeated:
            continue
        placed[0] = kinds[a] if a >= 0 else 0
        placed[1] = kinds[b] if b >= 0 else 0
        placed[2] = kinds[c] if c >= 0 else 0
        for down in (False, True):
            if down and not (stand_in and goalie >= 0 and seen[o, goalie] >= 0):
                continue
            value = order_value(placed, slots, links, goalie if down else -1, everyone)
            if value > best:
                best, best_down = value, down
                order[0], order[1], order[2] = a, b, c
    return best, best_down


@kernel
def group_value(
    group: Any,
    size: int,
    setting: int,
    key: int,
    slots: Any,
    links: Any,
    goalie: Any,
    memo: Any,
) -> int:
    """The best strength of the kinds `group[:size]` (of pattern `key`) in the memo's
    `setting` (see SETTINGS), worked out and remembered the first time it is asked."""
    found = memo[setting, key]
    if found < 0:
        trio = trio_of(setting)
        order = np.zeros(3, np.int64)
        found, _ = best_order(
            group, size, slots[trio], links[trio], goalie[trio], stand_in_of(setting),
            everyone_of(setting), order,
        )  # fmt: skip
        memo[setting, key] = found
    return int(found)


@kernel
def _ranked(values: Any, count: int) -> Any:
    """Group numbers by value, highest first, equal values in group order (a counting sort)."""
    start = np.zeros(MAX_STRENGTH + 2, np.int64)
    for g in range(count):
        start[MAX_STRENGTH - values[g] + 1] += 1
    for v in range(1, MAX_STRENGTH + 2):
        start[v] += start[v - 1]
    ranked = np.empty(count, np.int64)
    for g in range(count):
        at = MAX_STRENGTH - values[g]
        ranked[start[at]] = g
        start[at] += 1
    return ranked


@kernel
def search(  # noqa: PLR0915 - one search is one loop
    kinds: Any, question: Plain, change: Plain, shapes: Plain, memo: Any, found: Any
) -> int:
    """The best offence plus defence of two disjoint groups of the cards with at most one
    legend between them (E4); -1 if there is none. With `stand_in`, a card may lie face
    down in goal if none of the cards is a goalie (E3).

    Groups are trios, and with `question.partial` every smaller group too.
    Of equal totals the higher defence wins, then the groups made first
    (every group is made in the order of itertools.combinations, by size).
    With `question.lineup`, `found` (FOUND numbers) receives the lineup: the
    offence's and the defence's card indices in slot order (-1: an empty
    slot), their strengths, and whether the goalie's slot holds a face-down
    stand-in.
    """
    everyone, stand_in, partial, lineup = question
    kept, low, high = change
    slots, links, goalie = shapes
    n = kinds.shape[0]
    groups = 0
    most = 1 + n + n * (n - 1) // 2 + n * (n - 1) * (n - 2) // 6
    members = np.full((most, 3), -1, np.int64)
    sizes = np.zeros(members.shape[0], np.int64)
    for size in range(0 if partial else 3, 4):
        if size == 0:
            groups += 1
        elif size == 1:
            for a in range(n):
                members[groups, 0] = a
                sizes[groups] = 1
                groups += 1
        elif size == 2:
            for a in range(n):
                for b in range(a + 1, n):
                    members[groups, 0], members[groups, 1] = a, b
                    sizes[groups] = 2
                    groups += 1
        else:
            for a in range(n):
                for b in range(a + 1, n):
                    for c in range(b + 1, n):
                        members[groups, 0], members[groups, 1], members[groups, 2] = a, b, c
                        sizes[groups] = 3
                        groups += 1
    masks = np.zeros(groups, np.int64)
    legends = np.zeros(groups, np.int64)
    attack = np.zeros(groups, np.int64)
    guard = np.zeros(groups, np.int64)
    if stand_in and goalie[1] >= 0:  # only a manager without a goalie lays one face down
        for card in range(n):
            if position_of(kinds[card]) == slots[1, goalie[1]]:
                stand_in = False
    offence_setting = setting_of(0, False, everyone)
    defence_setting = setting_of(1, stand_in, everyone)
    group = np.zeros(3, np.int64)
    for g in range(groups):
        # The group's pattern: positions (or empty), which are legends, which two share a club.
        size = sizes[g]
        key, legend_bits, same = 0, 0, 0
        for k in range(3):
            if k < size:
                card = members[g, k]
                group[k] = kinds[card]
                masks[g] |= 1 << card
                key = key * 6 + position_of(kinds[card])
                if club_of(kinds[card]) == 0:  # a legend
                    legend_bits |= 1 << k
                    legends[g] += 1
            else:
                key = key * 6 + EMPTY
        for p in range(3):
            i, j = LINKED[p]
            if j < size and club_of(group[i]) == club_of(group[j]):
                same |= 1 << p
        key = (key * 8 + legend_bits) * 8 + same
        attack[g] = memo[offence_setting, key]
        if attack[g] < 0:
            attack[g] = group_value(group, size, offence_setting, key, slots, links, goalie, memo)
        guard[g] = memo[defence_setting, key]
        if guard[g] < 0:
            guard[g] = group_value(group, size, defence_setting, key, slots, links, goalie, memo)
    offences = _ranked(attack, groups)
    defences = _ranked(guard, groups)
    changing = low != 0 or high != 6
    kept_count = 0
    for bit in range(n):
        if kept >> bit & 1:
            kept_count += 1
    best_total, best_guard, best_a, best_d = -1, -1, -1, -1
    for a in offences:
        if best_a >= 0 and attack[a] + guard[defences[0]] < best_total:
            break
        for d in defences:
            total = attack[a] + guard[d]
            if best_a >= 0 and total < best_total:
                break
            if masks[a] & masks[d] or legends[a] + legends[d] > 1:
                continue
            if changing:
                both = (masks[a] | masks[d]) & kept
                stay = 0
                for bit in range(n):
                    if both >> bit & 1:
                        stay += 1
                if not low <= kept_count - stay <= high:
                    continue
            if best_a < 0 or total > best_total or (total == best_total and guard[d] > best_guard):
                best_total, best_guard, best_a, best_d = total, guard[d], a, d
            break  # the defences after this one are worth no more with this offence
    if best_a < 0:
        return -1
    if lineup:  # the lineup itself: each trio's cards in their best slots
        order = np.zeros(3, np.int64)
        for trio, chosen in ((0, best_a), (1, best_d)):
            for k in range(3):
                group[k] = kinds[members[chosen, k]] if k < sizes[chosen] else 0
            value, down = best_order(
                group, sizes[chosen], slots[trio], links[trio], goalie[trio],
                stand_in and trio == 1, everyone, order,
            )  # fmt: skip
            for k in range(3):
                found[3 * trio + k] = members[chosen, order[k]] if order[k] >= 0 else -1
            found[6 + trio] = value
            if trio == 1:
                found[8] = 1 if down else 0
    return best_total


@kernel
def lineup_value(kinds: Any, down: int, everyone: bool, slots: Any, links: Any) -> tuple[int, int]:
    """The offence and defence of six kinds in slot order, offence first (0: empty, or a
    player sent off), with a face-down stand-in in the defence's slot `down` (-1: none)."""
    return (
        order_value(kinds[:3], slots[0], links[0], NO_SLOT, everyone),
        order_value(kinds[3:], slots[1], links[1], down, everyone),
    )


@kernel
def draft_values(drafted: Any, options: Any, everyone: bool, shapes: Plain, memo: Any) -> Any:
    """The best offence plus defence, slots left empty where the cards do not fill them, of
    the `drafted` cards with each option added (a drafting manager's worth of each pick)."""
    n = drafted.shape[0]
    values = np.zeros(options.shape[0], np.int64)
    kinds = np.zeros(n + 1, np.int64)
    kinds[:n] = drafted
    found = np.zeros(0, np.int64)
    question = (everyone, NO, YES, NO)  # a Question
    any_lineup = (NONE_KEPT, NONE_KEPT, ALL_SIX)  # a Change
    for o in range(options.shape[0]):
        kinds[n] = options[o]
        values[o] = max(0, search(kinds, question, any_lineup, shapes, memo, found))
    return values
