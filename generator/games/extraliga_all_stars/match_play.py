"""Extraliga All-Stars matches played with dice: the check of the exact odds by sampling.

`play_match` rolls real dice and plays the bonus phase move by move as
`bonus_phase.bonus_odds` assumes both sides do, on the dice as rolled (not
clipped), then counts goals. Many such matches must agree with the exact
odds within their sampling error: that checks the search, its clipping of
dice and its policy together.
"""

from __future__ import annotations

from random import Random

from generator.games.extraliga_all_stars.bonus_phase import (
    MINUS,
    PLUS,
    REROLL,
    Outcome,
    Side,
    best_move,
    clipped,
    counts,
    goal_line,
    spend,
)


def play_match(first: Side, second: Side, rng: Random) -> int:
    """Roll, play both sides' best bonuses, and compare goals: 1 if the first side
    wins in regulation time, 0 if overtime follows, -1 if it loses."""
    a = [rng.randint(1, 6) for _ in range(first.offence)]
    b = [rng.randint(1, 6) for _ in range(second.offence)]
    ours, theirs = counts(first.bonuses), counts(second.bonuses)
    line_a, line_b = goal_line(second.defence), goal_line(first.defence)
    mover, passed = 0, False
    while True:
        move = best_move(first, second, tuple(a), tuple(b), ours, theirs, mover, passed)
        if move is None:
            other = theirs if mover == 0 else ours
            if passed or not any(other):
                break
            mover, passed = 1 - mover, True
            continue
        kind, value = move
        on_own_dice = kind in (PLUS, REROLL)
        dice = a if on_own_dice == (mover == 0) else b
        line, plus, minus = (
            (line_a, ours[PLUS], theirs[MINUS])
            if dice is a
            else (line_b, theirs[PLUS], ours[MINUS])
        )
        at = next(i for i, v in enumerate(dice) if clipped((v,), line, plus, minus) == (value,))
        if kind == PLUS:
            dice[at] += 1
        elif kind == MINUS:
            dice[at] -= 1
        else:
            dice[at] = rng.randint(1, 6)
        if mover == 0:
            ours = spend(ours, kind)
        else:
            theirs = spend(theirs, kind)
        mover, passed = 1 - mover, False
    goals = sum(v >= line_a for v in a) - sum(v >= line_b for v in b)
    return (goals > 0) - (goals < 0)


def sampled_odds(first: Side, second: Side, matches: int, seed: int) -> Outcome:
    """(win, tie, loss) for the first side over `matches` played matches."""
    rng = Random(seed)
    tally = [0, 0, 0]
    for _ in range(matches):
        tally[1 - play_match(first, second, rng)] += 1
    return tally[0] / matches, tally[1] / matches, tally[2] / matches
