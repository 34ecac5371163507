"""Many simulated games, across processes, added up into a balance report."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from generator.balance import Metric
from generator.documents.model import TextDocument
from generator.errors import UsageError
from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.rules import RuleBook, rule_book
from generator.games.all_star_draft.simulation.bots import Bot, GreedyBot, RandomBot
from generator.games.all_star_draft.simulation.game import play_game, two_player_mode
from generator.games.all_star_draft.simulation.planner import PlannerBot
from generator.games.all_star_draft.simulation.report import GameFacts, balance_report, game_facts
from generator.parallel import run_all, workers, workers_for
from generator.simulation import SimulationSettings, seat_figures, seed_chunks

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot}
"""Every bot by the name `--bots` uses."""

CHUNK = 50
"""Games per task handed to a worker process."""


def seat_bots(names: Sequence[str], players: int) -> list[Bot]:
    """One bot per seat: the names in order, repeated to fill every seat."""
    unknown = [n for n in names if n not in BOTS]
    if not names or unknown:
        raise UsageError(
            f"unknown bot {', '.join(unknown) or '(none given)'}; bots: {', '.join(BOTS)}"
        )
    return [BOTS[names[seat % len(names)]]() for seat in range(players)]


def check_settings(
    book: RuleBook, players: int, bot_names: Sequence[str], mode: str | None = None
) -> str | None:
    """Refuse settings no game can be played with; the 2-player mode that will be played."""
    seat_bots(bot_names, players)
    duo = two_player_mode(book, players, mode)
    return duo.id if duo else None


def simulate(
    book: RuleBook,
    players: int,
    games: int,
    seed: int,
    bot_names: Sequence[str],
    jobs: int = 0,
    progress: Callable[[int], None] | None = None,
    mode: str | None = None,
) -> dict[str, Any]:
    """Play `games` games with seeds `seed`, `seed + 1`, ... and report on them.

    `progress` is called with the number of games just finished.
    """
    if games < 1:
        raise UsageError(f"--games must be at least 1, got {games}")
    settings = SimulationSettings(players, games, seed, tuple(bot_names), None, mode, jobs)
    state = prepare_book(book, settings)
    chunks = seed_chunks(settings, CHUNK)

    def finished(index: int) -> None:
        if progress:
            progress(len(chunks[index]))

    with workers(state, workers_for(len(chunks), jobs)) as pool:
        played = run_all(pool, play_games, chunks, finished)
    return report(state, [facts for part in played for facts in part], settings)


State = tuple[RuleBook, int, list[str], str | None]
"""What a worker needs: the edition's rule book, the players, the bots by seat, the mode."""


def prepare_book(book: RuleBook, settings: SimulationSettings) -> State:
    """The workers' state for the settings, refused if no game can be played with them."""
    played = check_settings(book, settings.players, settings.bots, settings.mode)
    names = [b.name for b in seat_bots(settings.bots, settings.players)]
    return book, settings.players, names, played


def play_games(state: State, seeds: range) -> list[GameFacts]:
    """Each game's facts, one game per seed (in a worker)."""
    book, players, names, mode = state
    tickets = book.edition.playoffs.tickets[players]
    return [
        game_facts(play_game(book, players, seed, seat_bots(names, players), mode), tickets)
        for seed in seeds
    ]


def report(state: State, games: list[GameFacts], settings: SimulationSettings) -> dict[str, Any]:
    """The balance report of the games."""
    book, players, names, mode = state
    recorded = {
        "edition": book.edition.id,
        "players": players,
        "mode": mode,
        "games": len(games),
        "seeds": [settings.seed, settings.seed + settings.games - 1],
        "bots": names,
    }
    return balance_report(games, recorded)


class _Simulation:
    """All-Star Draft's simulator, as `draftdeck simulate` and `draftdeck sweep` drive it."""

    def check(self, model: Game, settings: SimulationSettings) -> None:
        """Refuse settings no game can be played with."""
        self.prepare(model, settings)

    def prepare(self, model: Game, settings: SimulationSettings) -> State:
        """The workers' state: the edition's rule book, players, bots and mode."""
        return prepare_book(rule_book(model, settings.edition), settings)

    def play(self, state: State, seeds: range) -> list[GameFacts]:
        """Each game's facts, one game per seed."""
        return play_games(state, seeds)

    def report(
        self, state: State, games: list[GameFacts], settings: SimulationSettings
    ) -> dict[str, Any]:
        """The balance report of the games."""
        return report(state, games, settings)

    def figures(self, state: State, game: GameFacts) -> dict[str, float]:
        """One game's figures for a sweep: each seat's win share and fans."""
        seats = game.seats
        return seat_figures(
            state[2],
            win_rate=[s.win_share for s in seats],
            fans=[s.season + s.playoffs + s.bonus for s in seats],
        )

    def document(self, report: dict[str, Any]) -> TextDocument:
        """The report with its charts."""
        from generator.games.all_star_draft.simulation.report_document import report_document

        return report_document(report)

    def gist(self, report: dict[str, Any]) -> str:
        """Win rates by seat and the mean fans."""
        from generator.balance import number, percent
        from generator.cli.tables import render_table

        seats = render_table(
            ["seat", "bot", "win rate (95% interval)"],
            [[s["seat"], s["bot"], percent(s)] for s in report["win_rate_by_seat"]],
        )
        fans = report["fans_per_manager"]
        return (
            f"{report['games']} games\n{seats}\n"
            f"mean fans per manager: season {number(fans['season']['mean'])}, "
            f"playoffs {number(fans['playoffs']['mean'])}, "
            f"ticket bonus {number(fans['ticket_bonus']['mean'])}"
        )

    def compare(self, before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
        """What changed between two reports, and how significantly."""
        from generator.games.all_star_draft.simulation.compare import compare_reports

        return compare_reports(before, after)

    def metrics(self) -> tuple[tuple[Metric, ...], tuple[Metric, ...]]:
        """The rates and the means the comparisons read from a report."""
        from generator.games.all_star_draft.simulation.compare import METRICS

        return METRICS

    def stem(self, report: dict[str, Any]) -> str:
        """<edition>-<players>p[-<mode>]-<bots>-seed<seed>-<games>games."""
        settings = report["settings"]
        mode = f"-{settings['mode']}" if settings["mode"] else ""
        bots = "-".join(dict.fromkeys(settings["bots"]))
        first = settings["seeds"][0]
        return f"{settings['edition']}-{settings['players']}p{mode}-{bots}-seed{first}-{settings['games']}games"


SIMULATION = _Simulation()
"""The plug-in's simulation hook."""
