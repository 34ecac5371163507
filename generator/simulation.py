"""What `draftdeck simulate` asks of a rules plug-in's simulator."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from generator.balance import Metric
from generator.documents.model import Block, TextDocument
from generator.errors import UsageError

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


def bots_by_seat(names: Sequence[str], players: int, known: Iterable[str]) -> list[str]:
    """The bot of every seat, the names repeated to fill the seats; unknown names refused."""
    bots = list(known)
    unknown = [n for n in names if n not in bots]
    if not names or unknown:
        raise UsageError(
            f"unknown bot {', '.join(unknown) or '(none given)'}; bots: {', '.join(bots)}"
        )
    return [names[seat % len(names)] for seat in range(players)]


def play_in_chunks(
    play_chunk: Callable[[Any, range], list[Any]],
    state: Any,
    settings: SimulationSettings,
    progress: Callable[[int], None] | None,
    chunk: int = 20,
) -> list[Any]:
    """Every game's facts, seeds seed, seed + 1, ..., played `chunk` games per task
    (in worker processes where the platform allows)."""
    from generator.parallel import parallel_map

    first, games = settings.seed, settings.games
    chunks = [range(s, min(s + chunk, first + games)) for s in range(first, first + games, chunk)]
    done = iter(len(c) for c in chunks)
    played = parallel_map(
        play_chunk,
        state,
        chunks,
        settings.jobs,
        (lambda: progress(next(done))) if progress else None,
    )
    return [facts for part in played for facts in part]


def seats_gist(report: Report) -> str:
    """The games played and the win rate of every seat, as terminal lines."""
    from generator.balance import percent
    from generator.cli.tables import render_table

    seats = render_table(
        ["seat", "bot", "win rate (95% interval)"],
        [[s["seat"], s["bot"], percent(s)] for s in report["win_rate_by_seat"]],
    )
    return f"{report['games']} games\n{seats}"


@dataclass(frozen=True)
class BotSimulation:
    """A simulator made of a game's functions; reports compare by the generic balance rules
    and are named <players>p-<bots>-seed<seed>-<games>games."""

    check: Callable[[Any, SimulationSettings], None]
    run: Callable[[Any, SimulationSettings, Callable[[int], None] | None], Report]
    document: Callable[[Report], TextDocument]
    gist: Callable[[Report], str]
    rates: tuple[Metric, ...]
    means: tuple[Metric, ...]

    def compare(self, before: Report, after: Report) -> list[dict[str, Any]]:
        """Every figure before and after, and how significantly it changed."""
        from generator.balance import compare_reports

        return compare_reports(before, after, self.rates, self.means)

    def stem(self, report: Report) -> str:
        """<players>p-<bots>-seed<seed>-<games>games."""
        settings = report["settings"]
        bots = "-".join(dict.fromkeys(settings["bots"]))
        return f"{settings['players']}p-{bots}-seed{settings['seeds'][0]}-{settings['games']}games"


def who_wins(report: Report) -> list[Block]:
    """The report's first section: win rate by seat (a table and a chart) and by bot."""
    from generator.balance import percent, rate_percent
    from generator.documents.model import BarChart, Heading, Table

    seats = report["win_rate_by_seat"]
    return [
        Heading("Who wins"),
        Table(
            "Win rate by seat",
            ("Seat", "Bot", "Win rate"),
            tuple((str(s["seat"]), s["bot"], percent(s)) for s in seats),
        ),
        BarChart(
            "Win rate by seat (%)",
            tuple(f"seat {s['seat']} ({s['bot']})" for s in seats),
            (("win rate", tuple(rate_percent(s) for s in seats)),),
            height=45,
        ),
        Table(
            "Win rate by bot",
            ("Bot", "Seats played", "Win rate"),
            tuple(
                (name, str(r["of"]), percent(r)) for name, r in report["win_rate_by_bot"].items()
            ),
        ),
    ]


def refuse_variants(settings: SimulationSettings, game: str) -> None:
    """Refuse --mode and --edition for a game that has neither."""
    if settings.mode is not None:
        raise UsageError(f"{game} has no --mode; leave it out")
    if settings.edition is not None:
        raise UsageError(f"{game} has no editions; leave --edition out")


def report_settings(settings: SimulationSettings, bots: list[str]) -> dict[str, Any]:
    """What a report records of its settings: players, games, seeds and bots by seat."""
    return {
        "players": settings.players,
        "games": settings.games,
        "seeds": [settings.seed, settings.seed + settings.games - 1],
        "bots": bots,
    }
