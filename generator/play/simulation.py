"""Bots playing whole games of a game: seeds, bots, figures and the balance report.

A game's simulator (`generator.plugins.simulation.Simulation`) says how one
game is played and what it reports beyond who won; everything around that
is here, the same for every game: game n plays with seed + n, each seat's
bot is made from the registry with `Random(seed)`, the games are cut into
tasks for a pool of workers (`generator.pools`), each game gives its
figures (the win share of every seat and of every bot, and the game's own
figures), and the report gives the win rates by seat and by bot with their
95% Wilson intervals before the game's own sections.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, TypedDict

from generator.core.errors import UsageError
from generator.core.text_tables import render_table
from generator.documents.model import BarChart, Block, Heading, Paragraph, Table, TextDocument
from generator.play.balance import Rate, number, percent, rate, rate_percent
from generator.plugins.simulation import Setting, Simulation, SimulationSettings
from generator.pools import run_all, workers, workers_for

CHUNK = 20
"""Games a task plays: short enough to show progress, long enough to be worth a task."""
WIN_RATE = "win rate"
"""The figure every game gives: each seat's and each bot's share of the win."""


@dataclass(frozen=True)
class Prepared:
    """What every worker holds to play the games of one run: the game's simulator, the state it
    prepared and the bot of every seat."""

    game: str
    """The game's id."""
    name: str
    """The game's name, for the report."""
    simulation: Simulation[Any, Any, Any, Any, Any]
    state: Any
    bots: tuple[str, ...]
    """The bot of every seat."""
    played: PlaySettings
    """What is played: players, games, seeds and bots."""
    recorded: tuple[tuple[str, Setting], ...]
    """What the report records of the settings beyond what is played, in order."""


class PlaySettings(TypedDict):
    """What a run plays, as its report records it."""

    players: int
    games: int
    seeds: list[int]
    """The first seed and the last."""
    bots: list[str]
    """The bot of every seat."""


def play_settings(settings: SimulationSettings) -> PlaySettings:
    """What `settings` play, as a report records it."""
    return {
        "players": settings.players,
        "games": settings.games,
        "seeds": [settings.seed, settings.seed + settings.games - 1],
        "bots": list(settings.seat_bots()),
    }


def prepare(
    simulation: Simulation[Any, Any, Any, Any, Any],
    model: Any,
    settings: SimulationSettings,
    game: tuple[str, str, int, int],
) -> Prepared:
    """Check the settings and prepare the games: `game` is (id, name, fewest and most players
    as game.yaml says); a UsageError says what cannot be played."""
    game_id, name, fewest, most = game
    if not fewest <= settings.players <= most:
        raise UsageError(
            f"{name} is played by {fewest} to {most} players (game.yaml), not {settings.players}"
        )
    unknown = [n for n in settings.bots if n not in simulation.bots]
    if not settings.bots or unknown:
        raise UsageError(
            f"unknown bot {', '.join(unknown) or '(none given)'}; "
            f"bots: {', '.join(simulation.bots)}"
        )
    state = simulation.prepare(model, settings)
    bots = tuple(settings.seat_bots())
    recorded = tuple(simulation.recorded(state).items())
    return Prepared(game_id, name, simulation, state, bots, play_settings(settings), recorded)


def play_game(table: Prepared, seed: int) -> Any:
    """One whole game's facts: the seats' bots made with Random(seed), then the game played."""
    rng = Random(seed)
    bots = [table.simulation.bots[name](rng, table.state) for name in table.bots]
    return table.simulation.play(table.state, bots, seed, rng)


def play_games(table: Prepared, seeds: range) -> list[Any]:
    """Each game's facts, one game per seed (in a worker)."""
    return [play_game(table, seed) for seed in seeds]


def figures(table: Prepared, facts: Any) -> dict[str, float]:
    """One game's figures: the win share of every seat ('win rate, seat 2') and of every bot
    (its seats' mean, 'win rate, bot greedy'), then the game's own, a figure given by seat
    named the same way."""
    found = _by_seat_and_bot(table.bots, WIN_RATE, facts.win_shares)
    for name, value in table.simulation.figures(table.state, facts).items():
        if isinstance(value, int | float):
            found[name] = float(value)
        else:
            found |= _by_seat_and_bot(table.bots, name, value)
    return found


def rate_figures(table: Prepared) -> frozenset[str]:
    """The figures that are rates (shares of 0 to 1), whose intervals are Wilson's."""
    return frozenset(
        f"{WIN_RATE}, {who}"
        for who in [*(f"seat {n + 1}" for n in range(len(table.bots))), *_bot_names(table.bots)]
    )


def play_figures(table: Prepared, seeds: range) -> list[dict[str, float]]:
    """The figures of each game, one game per seed (in a worker)."""
    return [figures(table, facts) for facts in play_games(table, seeds)]


def seed_chunks(settings: SimulationSettings, chunk: int = CHUNK) -> list[range]:
    """The seeds of the games, seed to seed + games - 1, a task's worth each."""
    first, games = settings.seed, settings.games
    return [range(s, min(s + chunk, first + games)) for s in range(first, first + games, chunk)]


def simulate(
    table: Prepared,
    settings: SimulationSettings,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
) -> list[Any]:
    """Every game's facts in seed order, played on this machine's cores (or on the Dask cluster
    at `scheduler`); `progress` gets the number of games just finished."""
    chunks = seed_chunks(settings)
    size = workers_for(len(chunks), settings.jobs)

    def finished(index: int) -> None:
        if progress:
            progress(len(chunks[index]))

    with workers(table, size, scheduler) as pool:
        played = run_all(pool, play_games, chunks, finished)
    return [facts for part in played for facts in part]


class SeatRate(Rate):
    """A seat's win rate."""

    seat: int
    bot: str


class Common(TypedDict):
    """What every game's balance report holds: what was played and who won."""

    game: str
    name: str
    settings: PlaySettings
    """Players, games, seeds and bots; the report's file adds what the game records
    (edition, mode)."""
    games: int
    win_rate_by_seat: list[SeatRate]
    win_rate_by_bot: dict[str, Rate]


@dataclass(frozen=True)
class Report:
    """A balance report: what every game's holds, and the game's own keys."""

    common: Common
    recorded: Mapping[str, Setting]
    """What the game records of the settings beyond what is played (edition, mode)."""
    own: Mapping[str, object]
    """What the game's `report` made of the games (a TypedDict of its own)."""

    def as_json(self) -> dict[str, object]:
        """The report as its JSON file holds it: the game's keys after the common ones, what
        the game records among the settings."""
        settings = {**self.common["settings"], **self.recorded}
        return {**self.common, "settings": settings, **self.own}


def report(table: Prepared, games: Sequence[Any]) -> Report:
    """The balance report of the games: the win rates by seat and by bot, then the game's own
    keys."""
    bots = table.bots
    found: Common = {
        "game": table.game,
        "name": table.name,
        "settings": table.played,
        "games": len(games),
        "win_rate_by_seat": [
            _seat_rate(n + 1, bot, rate(sum(g.win_shares[n] for g in games), len(games)))
            for n, bot in enumerate(bots)
        ],
        "win_rate_by_bot": {
            bot: rate(
                sum(g.win_shares[n] for g in games for n, b in enumerate(bots) if b == bot),
                len(games) * bots.count(bot),
            )
            for bot in _bot_names(bots)
        },
    }
    own = table.simulation.report(table.state, games, bots)
    return Report(found, dict(table.recorded), own)


def _seat_rate(seat: int, bot: str, share: Rate) -> SeatRate:
    return {"seat": seat, "bot": bot, **share}


def document(table: Prepared, report_: Report) -> TextDocument:
    """The report with its charts (for the game's designers, in English)."""
    common = report_.common
    settings = common["settings"]
    variant = [f"{k} {report_.recorded[k]}" for k in ("edition", "mode") if report_.recorded.get(k)]
    title = (
        f"Balance report: {common['name']}{' (' + ', '.join(variant) + ')' if variant else ''}, "
        f"{settings['players']} players, {common['games']} games"
    )
    blocks: list[Block] = [
        Paragraph(preamble(common, table.simulation.note)),
        *who_wins(common),
        *table.simulation.sections(report_.own),
    ]
    return TextDocument(title, "en", tuple(blocks))


def preamble(report_: Common, note: str = "") -> str:
    """What was played and how the rates read."""
    settings = report_["settings"]
    return (
        f"Bots by seat: {', '.join(settings['bots'])}. Seeds {settings['seeds'][0]} to "
        f"{settings['seeds'][1]}. Rates are in percent with their 95% interval (Wilson score); "
        f"a win shared by k players counts 1/k.{' ' + note if note else ''}"
    )


def who_wins(report_: Common) -> list[Block]:
    """The report's first section: win rate by seat (a table and a chart) and by bot."""
    seats = report_["win_rate_by_seat"]
    return [
        Heading("Who wins"),
        Table(
            "Win rate by seat",
            ("Seat", "Bot", "Wins", "Win rate"),
            tuple((str(s["seat"]), s["bot"], number(s["count"]), percent(s)) for s in seats),
        ),
        BarChart(
            "Win rate by seat (%)",
            tuple(f"seat {s['seat']} ({s['bot']})" for s in seats),
            (("win rate", tuple(rate_percent(s) for s in seats)),),
            height=45,
        ),
        Table(
            "Win rate by bot",
            ("Bot", "Seats played", "Wins", "Win rate"),
            tuple(
                (name, str(r["of"]), number(r["count"]), percent(r))
                for name, r in report_["win_rate_by_bot"].items()
            ),
        ),
    ]


def gist(table: Prepared, report_: Report) -> str:
    """The lines the terminal shows: the games, the win rate of every seat, the game's lines."""
    common = report_.common
    seats = render_table(
        ["seat", "bot", "win rate (95% interval)"],
        [[s["seat"], s["bot"], percent(s)] for s in common["win_rate_by_seat"]],
    )
    lines = table.simulation.gist(report_.own)
    return "\n".join([f"{common['games']} games", seats, *lines])


def stem(report_: Report) -> str:
    """The report's file name without extension:
    [<edition>-]<players>p[-<mode>]-<bots>-seed<seed>-<games>games."""
    settings, recorded = report_.common["settings"], report_.recorded
    bots = "-".join(dict.fromkeys(settings["bots"]))
    edition = f"{recorded['edition']}-" if recorded.get("edition") else ""
    mode = f"-{recorded['mode']}" if recorded.get("mode") else ""
    first = settings["seeds"][0]
    return f"{edition}{settings['players']}p{mode}-{bots}-seed{first}-{settings['games']}games"


def refuse_variants(settings: SimulationSettings, game: str) -> None:
    """Refuse --mode and --edition for a game that has neither."""
    if settings.mode is not None:
        raise UsageError(f"{game} has no --mode; leave it out")
    if settings.edition is not None:
        raise UsageError(f"{game} has no editions; leave --edition out")


def _bot_names(bots: Sequence[str]) -> list[str]:
    return sorted(set(bots))


def _by_seat_and_bot(bots: Sequence[str], name: str, values: Sequence[float]) -> dict[str, float]:
    found = {f"{name}, seat {n + 1}": float(v) for n, v in enumerate(values)}
    for bot in _bot_names(bots):
        mine = [float(v) for v, b in zip(values, bots, strict=True) if b == bot]
        found[f"{name}, bot {bot}"] = sum(mine) / len(mine)
    return found
