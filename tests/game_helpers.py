"""Seating bots as `draftdeck simulate` seats them, for tests that play a game's engine directly."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from generator.games.extraliga_all_stars.lineup import Bonus, Player, Position
from generator.plugins.simulation import Simulation


def seated(
    simulation: Simulation[Any, Any, Any, Any, Any], state: Any, names: Sequence[str], seed: int
) -> tuple[list[Any], Random]:
    """The bots of the seats, made as the play layer makes them, and the game's Random(seed)."""
    rng = Random(seed)
    return [simulation.bots[name](rng, state) for name in names], rng


_CLUB_NUMBERS: dict[str, int] = {}


def extraliga_card(
    card_id: str, position: Position, club: str | None, bonus: Bonus | None = None
) -> Player:
    """An Extraliga hockey player made for a test, its club numbered as a deck numbers its
    clubs: from 1, one number per name (0 for a legend)."""
    number = 0 if club is None else _CLUB_NUMBERS.setdefault(club, len(_CLUB_NUMBERS) + 1)
    return Player(card_id, position, club, bonus, number)
