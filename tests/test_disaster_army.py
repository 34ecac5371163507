"""The greedy bot's army choice (the compiled `best_army`) against a brute-force reference
written from the bot's description (tests/army_reference.py), with the same seeded guesses."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.disaster_draft.battle_kernels import Army, Guesses, best_army
from generator.games.disaster_draft.tables import unit_table
from generator.games.disaster_draft.units import Unit, WinCondition
from generator.services.find import load_pack
from tests.army_reference import reference_army
from tests.conftest import DATA

UNITS = list(load_pack(DATA / "disaster-draft").model.units.values())
CONDITIONS = {WinCondition.STRONGEST: 0, WinCondition.WEAKEST: 1}
Situation = tuple[list[Unit], Unit | None, WinCondition, int, int, int, int, int]
"""A hand, the reward, the win condition's reading, the seat, seats, seed, shortlist, samples."""


def kernel_army(
    hand: list[Unit],
    reward: Unit | None,
    condition: WinCondition,
    seat: int,
    players: int,
    seed: int,
    shortlist: int,
    samples: int,
) -> list[int]:
    table = unit_table(UNITS)
    chosen = np.zeros(3, np.int64)
    army = Army(-1 if reward is None else table.of(reward), CONDITIONS[condition], seat, players)
    count = best_army(
        table.unit_rows,
        table.effect_rows,
        table.solo_memo,
        np.array(table.numbers(hand), np.int64),
        tuple(army),
        tuple(Guesses(seed, shortlist, samples)),
        chosen,
    )
    return [int(i) for i in chosen[:count]]


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    """A hand of distinct units, perhaps a reward held by nobody, and who chooses."""
    picked = draw(st.lists(st.sampled_from(range(len(UNITS))), min_size=1, max_size=7, unique=True))
    hand = [UNITS[n] for n in picked[:-1]] or [UNITS[picked[0]]]
    reward = UNITS[picked[-1]] if len(picked) > 1 and draw(st.booleans()) else None
    players = draw(st.integers(2, 4))
    return (
        hand,
        reward,
        draw(st.sampled_from(list(WinCondition))),
        draw(st.integers(0, players - 1)),
        players,
        draw(st.integers(0, (1 << 63) - 1)),
        draw(st.integers(1, 12)),
        draw(st.integers(1, 8)),
    )


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(situations())
def test_the_kernel_sends_the_army_the_bot_describes(situation: Situation) -> None:
    """Same armies valued alone, same shortlist, same guesses, same battles, same choice:
    the most wins, then the fewest units, then the first."""
    assert kernel_army(*situation) == reference_army(UNITS, *situation)
