"""Seating bots as `draftdeck simulate` seats them, for tests that play a game's engine directly."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from generator.plugins.simulation import Simulation


def seated(
    simulation: Simulation[Any, Any, Any, Any], state: Any, names: Sequence[str], seed: int
) -> tuple[list[Any], Random]:
    """The bots of the seats, made as the play layer makes them, and the game's Random(seed)."""
    rng = Random(seed)
    return [simulation.bots[name](rng, state) for name in names], rng
