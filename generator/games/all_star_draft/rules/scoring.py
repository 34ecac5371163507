"""The end of the game (ruling 9): most fans wins, then most playoff fans, else a shared win."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from generator.games.all_star_draft.model import Edition, Game
from generator.plugin_api import InputError


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


FANS_PER_LAP = 50
"""The fan zone's track counts 0 to 49; a second marker counts the laps of 50."""
MOST_LAPS = 9
"""Lap boxes the fan zone card has room for: it counts up to 499 fans."""
MOST_FANS = FANS_PER_LAP * (MOST_LAPS + 1) - 1


def best_total(
    rounds: int, arena_fans: Iterable[Sequence[int]], players: int, winner: int, bonus: int
) -> int:
    """The most fans one manager can end a game of `players` with.

    `rounds` arenas score (the best of `arena_fans`, each at its best rank for
    this player count), then `winner` fans for winning the playoffs and `bonus`
    fans for the tickets still held.
    """
    best_per_arena = sorted((max(fans[:players], default=0) for fans in arena_fans), reverse=True)
    return sum(best_per_arena[:rounds]) + winner + bonus


def highest_total(game: Game, edition: Edition) -> int:
    """The most fans a manager can end a game with, for any player count of the edition."""
    rounds = sum(r.arenas for r in edition.setup.rounds)
    removed = edition.setup.two_player_removed_flag
    playoffs = edition.playoffs
    return max(
        best_total(
            rounds,
            (a.fans for a in edition.arenas if players > 2 or removed not in a.flags),
            players,
            playoffs.points[players][0],
            playoffs.ticket_bonus.get(players, 0) * playoffs.tickets[players],
        )
        for players in range(game.min_players, game.max_players + 1)
    )
