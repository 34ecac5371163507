"""Ranking the teams of one arena (ruling 4: competition ranking, 1 2 2 4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from generator.games.all_star_draft.model import Arena
from generator.games.all_star_draft.rules.book import RuleBook, check_players
from generator.games.all_star_draft.rules.strength import TeamStrength, evaluate
from generator.plugin_api import InputError


@dataclass(frozen=True)
class RankedTeam:
    """One manager's team in an arena."""

    manager: str
    cards: tuple[str, ...]
    strength: TeamStrength
    rank: int
    """1 for the best; drawn teams share the better rank."""
    fans: int | None
    """The arena's fans for the rank; None without an arena."""


def competition_ranks(keys: Sequence[int]) -> list[int]:
    """Rank of each key: 1 + the number of strictly larger keys."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def rank_teams(
    book: RuleBook,
    teams: Mapping[str, Sequence[str]],
    players: int | None = None,
    arena: Arena | None = None,
) -> list[RankedTeam]:
    """Every team ranked, best first; drawn teams keep their input order."""
    if not teams:
        raise InputError("no teams to rank")
    players = len(teams) if players is None else players
    check_players(book.game, players)
    if len(teams) > players:
        raise InputError(f"{len(teams)} teams but only {players} players")
    evaluated = [
        (
            manager,
            tuple(cards),
            evaluate(book, book.team(cards, f"team '{manager}'"), players, arena),
        )
        for manager, cards in teams.items()
    ]
    ranks = competition_ranks([s.key for _, _, s in evaluated])
    ranked = [
        RankedTeam(manager, cards, strength, rank, arena.fans_for_rank(rank) if arena else None)
        for (manager, cards, strength), rank in zip(evaluated, ranks, strict=True)
    ]
    return sorted(ranked, key=lambda team: team.rank)
