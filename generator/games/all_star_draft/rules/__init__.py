"""The All-Star Draft rules-reference engine: pure functions over the typed model.

Start with `rule_book(game, edition_id)`; every other function takes the book.
The rulings these functions implement are written down in docs/rules.md.
"""

from generator.games.all_star_draft.rules.best_team import best_team
from generator.games.all_star_draft.rules.book import RuleBook, rule_book
from generator.games.all_star_draft.rules.playoffs import (
    Manager,
    Phase,
    PlayoffState,
    RoundResult,
    RuleViolation,
    Substitution,
    choose_teams,
    play_shootout,
    playoff_round,
    start_playoffs,
    substitute,
)
from generator.games.all_star_draft.rules.ranking import RankedTeam, competition_ranks, rank_teams
from generator.games.all_star_draft.rules.scoring import Standing, final_standings
from generator.games.all_star_draft.rules.season import (
    Exchange,
    Lineup,
    arena_order,
    exchange_cards,
    new_team,
)
from generator.games.all_star_draft.rules.strength import (
    TeamStrength,
    card_key,
    evaluate,
    specials_met,
)


def team_strength(
    book: RuleBook, cards: list[str], players: int = 4, arena_id: str | None = None
) -> TeamStrength:
    """The strength of a team given by card ids, with an arena's special if one is named."""
    return evaluate(book, book.team(cards), players, book.arena(arena_id))


__all__ = [
    "Exchange",
    "Lineup",
    "Manager",
    "Phase",
    "PlayoffState",
    "RankedTeam",
    "RoundResult",
    "RuleBook",
    "RuleViolation",
    "Standing",
    "Substitution",
    "TeamStrength",
    "arena_order",
    "best_team",
    "card_key",
    "choose_teams",
    "competition_ranks",
    "evaluate",
    "exchange_cards",
    "final_standings",
    "new_team",
    "play_shootout",
    "playoff_round",
    "rank_teams",
    "rule_book",
    "specials_met",
    "start_playoffs",
    "substitute",
    "team_strength",
]
