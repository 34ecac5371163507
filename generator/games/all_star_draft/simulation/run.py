"""Many simulated games, across processes, added up into a balance report."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from generator.documents.model import TextDocument
from generator.errors import UsageError
from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.rules import RuleBook, rule_book
from generator.games.all_star_draft.simulation.bots import Bot, GreedyBot, RandomBot
from generator.games.all_star_draft.simulation.game import play_game, two_player_mode
from generator.games.all_star_draft.simulation.planner import PlannerBot
from generator.games.all_star_draft.simulation.report import GameFacts, balance_report, game_facts
from generator.parallel import parallel_map
from generator.simulation import SimulationSettings

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
    played = check_settings(book, players, bot_names, mode)  # here, not in a worker
    bots = seat_bots(bot_names, players)
    state = (book, players, [b.name for b in bots], mode)
    chunks = [
        range(start, min(start + CHUNK, seed + games)) for start in range(seed, seed + games, CHUNK)
    ]
    done = iter(len(c) for c in chunks)
    facts = parallel_map(
        _play_chunk, state, chunks, jobs, (lambda: progress(next(done))) if progress else None
    )
    settings = {
        "edition": book.edition.id,
        "players": players,
        "mode": played,
        "games": games,
        "seeds": [seed, seed + games - 1],
        "bots": [b.name for b in bots],
    }
    return balance_report((f for chunk in facts for f in chunk), settings)


def _play_chunk(
    state: tuple[RuleBook, int, list[str], str | None], seeds: range
) -> list[GameFacts]:
    book, players, names, mode = state
    tickets = book.edition.playoffs.tickets[players]
    return [
        game_facts(play_game(book, players, seed, seat_bots(names, players), mode), tickets)
        for seed in seeds
    ]


class _Simulation:
    """All-Star Draft's simulator, as `draftdeck simulate` drives it."""

    def check(self, model: Game, settings: SimulationSettings) -> None:
        """Refuse settings no game can be played with."""
        check_settings(
            rule_book(model, settings.edition), settings.players, settings.bots, settings.mode
        )

    def run(
        self, model: Game, settings: SimulationSettings, progress: Callable[[int], None] | None
    ) -> dict[str, Any]:
        """Play the games and report on them."""
        book = rule_book(model, settings.edition)
        return simulate(
            book,
            settings.players,
            settings.games,
            settings.seed,
            settings.bots,
            settings.jobs,
            progress,
            settings.mode,
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

    def stem(self, report: dict[str, Any]) -> str:
        """<edition>-<players>p[-<mode>]-<bots>-seed<seed>-<games>games."""
        settings = report["settings"]
        mode = f"-{settings['mode']}" if settings["mode"] else ""
        bots = "-".join(dict.fromkeys(settings["bots"]))
        first = settings["seeds"][0]
        return f"{settings['edition']}-{settings['players']}p{mode}-{bots}-seed{first}-{settings['games']}games"


SIMULATION = _Simulation()
"""The plug-in's simulation hook."""
