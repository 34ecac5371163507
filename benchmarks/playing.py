"""Whole games as `draftdeck simulate` plays them, for the benchmarks: a game's prepared table."""

from __future__ import annotations

from pathlib import Path

from generator.play.runs import prepared
from generator.play.simulation import Prepared
from generator.plugins.simulation import SimulationSettings
from generator.services.find import load_pack

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


def table(game: str, bots: list[str], players: int = 4, edition: str | None = None) -> Prepared:
    """The games of `game` with these bots by seat, ready for `play_game(table, seed)`."""
    settings = SimulationSettings(players, 1, 1, tuple(bots), edition)
    return prepared(load_pack(DATA_DIR / game), settings)
