"""The end of the game (ruling 9): most fans wins, then most playoff fans, else a shared win."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.errors import InputError
from generator.games.all_star_draft.model import Edition, Game


@dataclass(frozen=True)
class Standing:
    """One manager's final score."""

    manager: str
    season: int
    playoffs: int
    """Fans for the playoff place."""
    bonus: int
    """Fans for tickets left (the playoff winner only)."""
    total: int
    winner: bool
    """True for every manager who shares the win."""


def final_standings(
    season: Mapping[str, int], playoffs: Mapping[str, int], bonus: Mapping[str, int] | None = None
) -> list[Standing]:
    """Every manager's total, best first; ties on total are broken by playoff fans (bonus included)."""
    if set(season) != set(playoffs):
        raise InputError("season and playoff fans must name the same managers")
    bonus = bonus or {}
    totals = {m: season[m] + playoffs[m] + bonus.get(m, 0) for m in season}
    order = {m: (totals[m], playoffs[m] + bonus.get(m, 0)) for m in season}
    best = max(order.values())
    standings = [
        Standing(m, season[m], playoffs[m], bonus.get(m, 0), totals[m], order[m] == best)
        for m in season
    ]
    return sorted(standings, key=lambda s: order[s.manager], reverse=True)


def highest_total(game: Game, edition: Edition) -> int:
    """The most fans a manager can end a game with, for any player count of the edition."""
    rounds = sum(r.arenas for r in edition.setup.rounds)
    removed = edition.setup.two_player_removed_flag
    best = 0
    for players in range(game.min_players, game.max_players + 1):
        arenas = [a for a in edition.arenas if players > 2 or removed not in a.flags]
        season = sum(sorted((max(a.fans[:players]) for a in arenas), reverse=True)[:rounds])
        playoffs = edition.playoffs.points[players][0]
        bonus = edition.playoffs.ticket_bonus.get(players, 0) * edition.playoffs.tickets[players]
        best = max(best, season + playoffs + bonus)
    return best
