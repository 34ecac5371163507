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
    """A game's simulator: bots playing whole games, and the balance report of many.

    Games are played by `play(state, seeds)` on whatever pool runs them (this
    process, local worker processes or a Dask cluster), so `state` must
    pickle and `play` must be a module-level function; `simulate` drives it.
    """

    def check(self, model: Any, settings: SimulationSettings) -> None:
        """Raise UsageError for settings no game can be played with."""

    def prepare(self, model: Any, settings: SimulationSettings) -> Any:
        """What each worker needs to play the games of these settings (checked first)."""

    def play(self, state: Any, seeds: range) -> list[Any]:
        """The facts of one game per seed."""

    def report(self, state: Any, games: list[Any], settings: SimulationSettings) -> Report:
        """The balance report of the games' facts, in seed order."""

    def figures(self, state: Any, game: Any) -> dict[str, float]:
        """One game's figures a sweep compares, each a number whose mean over the games is a
        figure of the report (a win rate, points or fans per seat, battles per game)."""

    def document(self, report: Report) -> TextDocument:
        """The report as a document with charts."""

    def gist(self, report: Report) -> str:
        """The few lines the terminal shows."""

    def compare(self, before: Report, after: Report) -> list[dict[str, Any]]:
        """Every figure before and after, with p- and q-values and whether it changed significantly."""

    def metrics(self) -> tuple[tuple[Metric, ...], tuple[Metric, ...]]:
        """The rates and the means the comparisons read from a report."""

    def stem(self, report: Report) -> str:
        """The report's file name without extension, from its settings."""


CHUNK = 20
"""Games a task plays: short enough to show progress, long enough to be worth a task."""


def seed_chunks(settings: SimulationSettings, chunk: int = CHUNK) -> list[range]:
    """The seeds of the games, seed to seed + games - 1, a task's worth each."""
    first, games = settings.seed, settings.games
    return [range(s, min(s + chunk, first + games)) for s in range(first, first + games, chunk)]


def simulate(
    simulation: Simulation,
    model: Any,
    settings: SimulationSettings,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
) -> Report:
    """Play the games of the settings on this machine's cores (or the Dask cluster at
    `scheduler`) and report on them; `progress` gets the games just finished."""
    from generator.parallel import run_all, workers, workers_for

    state = simulation.prepare(model, settings)
    chunks = seed_chunks(settings)
    size = workers_for(len(chunks), settings.jobs)

    def finished(index: int) -> None:
        if progress:
            progress(len(chunks[index]))

    with workers(state, size, scheduler) as pool:
        played = run_all(pool, simulation.play, chunks, finished)
    return simulation.report(state, [facts for part in played for facts in part], settings)


def seat_figures(bots: Sequence[str], **values: Sequence[float]) -> dict[str, float]:
    """One game's figures by seat, for a sweep: '<figure>, seat <n> (<bot>)' for each list of
    values by seat (keyword underscores read as spaces)."""
    return {
        f"{name.replace('_', ' ')}, seat {seat + 1} ({bot})": float(by_seat[seat])
        for name, by_seat in values.items()
        for seat, bot in enumerate(bots)
    }


def bots_by_seat(names: Sequence[str], players: int, known: Iterable[str]) -> list[str]:
    """The bot of every seat, the names repeated to fill the seats; unknown names refused."""
    bots = list(known)
    unknown = [n for n in names if n not in bots]
    if not names or unknown:
        raise UsageError(
            f"unknown bot {', '.join(unknown) or '(none given)'}; bots: {', '.join(bots)}"
        )
    return [names[seat % len(names)] for seat in range(players)]


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
    and are named [<edition>-]<players>p[-<mode>]-<bots>-seed<seed>-<games>games."""

    check: Callable[[Any, SimulationSettings], None]
    prepare: Callable[[Any, SimulationSettings], Any]
    play: Callable[[Any, range], list[Any]]
    report: Callable[[Any, list[Any], SimulationSettings], Report]
    figures: Callable[[Any, Any], dict[str, float]]
    document: Callable[[Report], TextDocument]
    gist: Callable[[Report], str]
    rates: tuple[Metric, ...]
    means: tuple[Metric, ...]

    def compare(self, before: Report, after: Report) -> list[dict[str, Any]]:
        """Every figure before and after, and how significantly it changed."""
        from generator.balance import compare_reports

        return compare_reports(before, after, self.rates, self.means)

    def metrics(self) -> tuple[tuple[Metric, ...], tuple[Metric, ...]]:
        """The rates and the means the comparisons read from a report."""
        return self.rates, self.means

    def stem(self, report: Report) -> str:
        """[<edition>-]<players>p[-<mode>]-<bots>-seed<seed>-<games>games."""
        settings = report["settings"]
        bots = "-".join(dict.fromkeys(settings["bots"]))
        edition = f"{settings['edition']}-" if settings.get("edition") else ""
        mode = f"-{settings['mode']}" if settings.get("mode") else ""
        first = settings["seeds"][0]
        return f"{edition}{settings['players']}p{mode}-{bots}-seed{first}-{settings['games']}games"


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
