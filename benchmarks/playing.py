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


EXTRALIGA_BOTS = ("greedy", "random", "synergy", "greedy")
"""The seats of the Extraliga sweeps the benchmarks play."""


def extraliga_sweep(games: int, variants: int) -> str:
    """A sweep file of Extraliga: `variants` stand-ins each moved to club 1, `games` seasons."""
    edits = "".join(
        f"  - name: stand-in {n} to club 1\n"
        f"    edits:\n"
        f"      - {{file: players.yaml, path: players/stand-in-{n:03d}/club, "
        f"value: stand-in-club-01}}\n"
        for n in range(1, variants + 1)
    )
    return (
        f"game: extraliga-all-stars\ndata: {DATA_DIR}\nplayers: 4\ngames: {games}\nseed: 1\n"
        f"bots: [{', '.join(EXTRALIGA_BOTS)}]\nvariants:\n{edits}"
    )
