"""Whole simulated games of All-Star Draft, played by bots over the rules engine."""

from generator.games.all_star_draft.simulation.bots import Bot, GreedyBot, RandomBot, SeasonView
from generator.games.all_star_draft.simulation.draft import IllegalMove
from generator.games.all_star_draft.simulation.game import (
    ArenaResult,
    GameRecord,
    Placing,
    play_game,
)
from generator.games.all_star_draft.simulation.planner import PlannerBot

__all__ = [
    "ArenaResult",
    "Bot",
    "GameRecord",
    "GreedyBot",
    "IllegalMove",
    "Placing",
    "PlannerBot",
    "RandomBot",
    "SeasonView",
    "play_game",
]
