"""A plain reference for the bonus phase of Extraliga All-Stars: minimax on the raw dice,
with exact fractions, written from rulings E7-E9 alone (no tables, no clipping, no
tolerance). Small matches only: it visits every roll and every order of bonuses."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

from generator.games.extraliga_all_stars.bonus_phase import Side, counts, goal_line

Counts = tuple[int, int, int, int]
"""Bonuses left: +1, re-roll own, -1, re-roll of the other side's."""
Value = tuple[Fraction, Fraction, Fraction]
"""(expected points of the first side, win, tie)."""
PLUS, REROLL, MINUS, REROLL_OTHER = range(4)


def reference_odds(first: Side, second: Side) -> tuple[Fraction, Fraction, Fraction]:
    """(win, tie, loss) of the first side when both play their bonuses best (E9)."""
    first_line, second_line = goal_line(second.defence), goal_line(first.defence)

    def ended(a: tuple[int, ...], b: tuple[int, ...]) -> Value:
        ours = sum(d >= first_line for d in a)
        theirs = sum(d >= second_line for d in b)
        win, tie = Fraction(ours > theirs), Fraction(ours == theirs)
        return 3 * win + Fraction(3, 2) * tie, win, tie

    @cache
    def play(
        a: tuple[int, ...],
        b: tuple[int, ...],
        left: tuple[Counts, Counts],
        mover: int,
        passed: bool,
    ) -> Value:
        if not any(left[0]) and not any(left[1]):
            return ended(a, b)
        own, target = (a, b) if mover == 0 else (b, a)
        mine = left[mover]

        def better(x: Fraction, y: Fraction) -> bool:
            return x > y if mover == 0 else x < y

        best = ended(a, b) if passed else play(a, b, left, 1 - mover, True)
        for kind in (PLUS, REROLL, MINUS, REROLL_OTHER):  # E9's order of equal choices
            if mine[kind] == 0:
                continue
            spent = tuple(n - (i == kind) for i, n in enumerate(mine))
            after = (spent, left[1]) if mover == 0 else (left[0], spent)
            dice = own if kind in (PLUS, REROLL) else target
            for value in sorted(set(dice)):  # lowest die first
                if (kind == PLUS and value == 6) or (kind == MINUS and value == 1):
                    continue
                faces = (
                    [value + 1]
                    if kind == PLUS
                    else [value - 1]
                    if kind == MINUS
                    else list(range(1, 7))
                )
                total = [Fraction(0)] * 3
                for face in faces:
                    changed = list(dice)
                    changed.remove(value)
                    moved = tuple(sorted([*changed, face]))
                    on_own = kind in (PLUS, REROLL)
                    a2, b2 = (moved, b) if (mover == 0) == on_own else (a, moved)
                    child = play(a2, b2, after, 1 - mover, False)
                    total = [t + c / len(faces) for t, c in zip(total, child, strict=True)]
                candidate = (total[0], total[1], total[2])
                if better(candidate[0], best[0]):
                    best = candidate
        return best

    left = (counts(first.bonuses), counts(second.bonuses))
    win = tie = Fraction(0)
    rolls = list(product(range(1, 7), repeat=first.offence))
    others = list(product(range(1, 7), repeat=second.offence))
    for a in rolls:
        for b in others:
            _, w, t = play(tuple(sorted(a)), tuple(sorted(b)), left, 0, False)
            win += w
            tie += t
    share = Fraction(1, len(rolls) * len(others))
    return win * share, tie * share, 1 - (win + tie) * share
