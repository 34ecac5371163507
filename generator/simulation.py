"""What `draftdeck simulate` asks of a rules plug-in's simulator."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from generator.documents.model import TextDocument

Report = dict[str, Any]
"""A balance report: plain JSON data."""


@dataclass(frozen=True)
class SimulationSettings:
    """What the user asked to play."""

    players: int
    games: int
    seed: int
    """Seed of the first game; game n plays with seed + n."""
    bots: tuple[str, ...]
    """Bots by seat, repeated to fill the seats."""
    edition: str | None = None
    mode: str | None = None
    """A game-specific variant (e.g. a 2-player mode)."""
    jobs: int = 0


class Simulation(Protocol):
    """A game's simulator: bots playing whole games, and the balance report of many."""

    def check(self, model: Any, settings: SimulationSettings) -> None:
        """Raise UsageError for settings no game can be played with."""

    def run(
        self, model: Any, settings: SimulationSettings, progress: Callable[[int], None] | None
    ) -> Report:
        """Play the games and report on them; `progress` gets the games just finished."""

    def document(self, report: Report) -> TextDocument:
        """The report as a document with charts."""

    def gist(self, report: Report) -> str:
        """The few lines the terminal shows."""

    def compare(self, before: Report, after: Report) -> list[dict[str, Any]]:
        """Every figure before and after, with p- and q-values and whether it changed significantly."""

    def stem(self, report: Report) -> str:
        """The report's file name without extension, from its settings."""
