"""All-Star Draft's simulator: its bots, one whole game, and its part of the balance report."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.rules import RuleBook, rule_book
from generator.games.all_star_draft.simulation.bots import Bot, GreedyBot, RandomBot
from generator.games.all_star_draft.simulation.game import play_game, two_player_mode
from generator.games.all_star_draft.simulation.planner import PlannerBot
from generator.games.all_star_draft.simulation.report import (
    AllStarReport,
    GameFacts,
    balance_report,
    game_facts,
)
from generator.games.all_star_draft.simulation.report_document import sections
from generator.plugin_api import Setting, Simulation, SimulationSettings, number


@dataclass(frozen=True)
class State:
    """What a worker needs: the edition's rule book and the 2-player mode played."""

    book: RuleBook
    mode: str | None


def prepare(game: Game, settings: SimulationSettings) -> State:
    """The edition's rule book and the mode to play; refuses what cannot be played."""
    book = rule_book(game, settings.edition)
    duo = two_player_mode(book, settings.players, settings.mode)
    return State(book, duo.id if duo else None)


def random_bot(rng: Random, state: State) -> Bot:
    """Every choice at random (the bot draws from the game's own random numbers)."""
    return RandomBot()


def greedy_bot(rng: Random, state: State) -> Bot:
    """The strongest team now."""
    return GreedyBot()


def planner_bot(rng: Random, state: State) -> Bot:
    """Teams and buses chosen for the fans they can expect."""
    return PlannerBot()


def play(state: State, bots: Sequence[Bot], seed: int, rng: Random) -> GameFacts:
    """One whole game's facts. The game draws its own random numbers from the seed, as it
    always has (the bots take nothing from `rng`), so seeds give the games they gave."""
    players = len(bots)
    record = play_game(state.book, players, seed, bots, state.mode)
    return game_facts(record, state.book, state.book.edition.playoffs.tickets[players])


def report(state: State, games: Sequence[GameFacts], bots: Sequence[str]) -> AllStarReport:
    """All-Star Draft's keys of the report."""
    return balance_report(games)


def recorded(state: State) -> dict[str, Setting]:
    """The edition and the mode played."""
    return {"edition": state.book.edition.id, "mode": state.mode}


def figures(state: State, game: GameFacts) -> dict[str, list[float]]:
    """One game's figures beyond the win shares: each seat's fans."""
    return {"fans": [float(s.season + s.playoffs + s.bonus) for s in game.seats]}


def gist(report: AllStarReport) -> list[str]:
    """The mean fans by where they come from."""
    fans = report["fans_per_manager"]
    return [
        f"mean fans per manager: season {number(fans['season']['mean'])}, "
        f"playoffs {number(fans['playoffs']['mean'])}, "
        f"ticket bonus {number(fans['ticket_bonus']['mean'])}"
    ]


SIMULATION = Simulation(
    bots={"random": random_bot, "greedy": greedy_bot, "planner": planner_bot},
    prepare=prepare,
    play=play,
    report=report,
    sections=sections,
    figures=figures,
    gist=gist,
    recorded=recorded,
)
"""The plug-in's simulation hook."""
