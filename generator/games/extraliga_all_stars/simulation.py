"""`draftdeck simulate` for Extraliga All-Stars: whole games by bots, and the balance report.

The report (plain JSON data, then a document with charts) gives the win
rate by seat and by bot, and what things are worth: the win rate by how
many cards of each position a manager drafted, the points per match with
and without a legend in the lineup and with and without each bonus type,
and the win rate by the most cards drafted from one club (club stacking).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from generator import balance
from generator.balance import distribution, number, percent, rate
from generator.documents.model import BarChart, Block, Heading, Paragraph, Table, TextDocument
from generator.games.extraliga_all_stars.bots import BOTS
from generator.games.extraliga_all_stars.lineup import Bonus, Position
from generator.games.extraliga_all_stars.model import Deck
from generator.games.extraliga_all_stars.season import SeasonRecord, check_season, play_season
from generator.simulation import (
    BotSimulation,
    SimulationSettings,
    bots_by_seat,
    refuse_variants,
    report_settings,
    seat_figures,
    seats_gist,
    who_wins,
)

STACKS = ("1", "2", "3", "4+")
"""Buckets of the most cards a manager drafted from one club."""


@dataclass(frozen=True)
class SeatFacts:
    """One manager's game as plain numbers."""

    bot: str
    points: int
    win_share: float
    positions: tuple[int, ...]
    """Cards drafted of each position, in Position order."""
    stack: str
    """The most cards drafted from one club, as a STACKS bucket."""
    match_points: tuple[tuple[int, bool, tuple[str, ...]], ...]
    """Each match: points, a legend in the lineup, the bonuses it could play."""


def check(deck: Deck, settings: SimulationSettings) -> None:
    """Refuse settings no game can be played with."""
    check_season(deck, settings.players)
    bots_by_seat(settings.bots, settings.players, BOTS)
    refuse_variants(settings, "Extraliga All-Stars")


def prepare(deck: Deck, settings: SimulationSettings) -> tuple[Deck, list[str]]:
    """The deck and the bot of each seat, for the workers."""
    check(deck, settings)
    return deck, bots_by_seat(settings.bots, settings.players, BOTS)


def report(
    state: tuple[Deck, list[str]], games: list[list[SeatFacts]], settings: SimulationSettings
) -> dict[str, Any]:
    """The balance report of the games."""
    return balance_report(games, report_settings(settings, state[1]))


def play(deck: Deck, names: Sequence[str], seed: int) -> SeasonRecord:
    """One whole game with the named bots, from a seed."""
    rng = Random(seed)
    return play_season(deck, [BOTS[name](rng, deck.lineups) for name in names], rng)


def seat_facts(record: SeasonRecord) -> list[SeatFacts]:
    """The numbers the report needs from one game, by seat."""
    facts = []
    for seat, bot in enumerate(record.bots):
        drafted = record.drafted[seat]
        clubs = Counter(p.club for p in drafted if not p.legend)
        most = max(clubs.values(), default=1)
        facts.append(
            SeatFacts(
                bot,
                record.points[seat],
                1 / len(record.winners) if seat in record.winners else 0.0,
                tuple(sum(p.position is position for p in drafted) for position in Position),
                STACKS[min(most, len(STACKS)) - 1],
                tuple(
                    (m.points, m.legend, m.bonuses)
                    for m in record.matches
                    if m.seat == seat and m.against == "manager"
                ),
            )
        )
    return facts


def balance_report(seats: Sequence[list[SeatFacts]], settings: dict[str, Any]) -> dict[str, Any]:
    """Everything the report shows, as plain JSON data."""
    report: dict[str, Any] = {"game": "extraliga-all-stars", "settings": settings}
    report["games"] = len(seats)
    report["win_rate_by_seat"] = [
        {"seat": n + 1, "bot": settings["bots"][n]}
        | rate(sum(game[n].win_share for game in seats), len(seats))
        for n in range(settings["players"])
    ]
    everyone = [seat for game in seats for seat in game]
    report["win_rate_by_bot"] = _rates(everyone, lambda s: [s.bot])
    report["points_per_manager"] = distribution([s.points for s in everyone])
    report["win_rate_by_position_count"] = {
        position.value: _rates(everyone, _drafted_of(n)) for n, position in enumerate(Position)
    }
    report["win_rate_by_club_stack"] = _rates(everyone, lambda s: [s.stack])
    matches = [m for s in everyone for m in s.match_points]
    report["points_per_match_with_legend"] = {
        key: distribution([p for p, legend, _ in matches if legend == wanted])
        for key, wanted in (("with", True), ("without", False))
    }
    report["points_per_match_by_bonus"] = {
        bonus.value: {
            key: distribution([p for p, _, played in matches if (bonus.value in played) == wanted])
            for key, wanted in (("with", True), ("without", False))
        }
        for bonus in Bonus
    }
    return report


def _drafted_of(position: int) -> Callable[[SeatFacts], list[str]]:
    """A seat's bucket of cards drafted of one position: 0, 1, 2 or 3+."""

    def bucket(seat: SeatFacts) -> list[str]:
        count = seat.positions[position]
        return [str(count) if count < 3 else "3+"]

    return bucket


def _rates(seats: Sequence[SeatFacts], keys: Callable[[SeatFacts], list[str]]) -> dict[str, Any]:
    groups: dict[str, list[SeatFacts]] = defaultdict(list)
    for seat in seats:
        for key in keys(seat):
            groups[key].append(seat)
    return {
        key: rate(sum(s.win_share for s in groups[key]), len(groups[key])) for key in sorted(groups)
    }


def play_games(state: tuple[Deck, list[str]], seeds: range) -> list[list[SeatFacts]]:
    """Each game's facts by seat, one game per seed (in a worker)."""
    deck, names = state
    return [seat_facts(play(deck, names, seed)) for seed in seeds]


def report_document(report: dict[str, Any]) -> TextDocument:
    """The report with its charts (for the game's designers, in English)."""
    settings = report["settings"]
    legend = report["points_per_match_with_legend"]
    bonuses = report["points_per_match_by_bonus"]
    blocks: list[Block] = [
        Paragraph(
            f"Bots by seat: {', '.join(settings['bots'])}. Seeds {settings['seeds'][0]} to "
            f"{settings['seeds'][1]}. Rates are in percent with their 95% interval (Wilson "
            "score); a win shared by k managers counts 1/k. Points per match count matches "
            "between managers only."
        ),
        *who_wins(report),
        Heading("What cards are worth"),
        Table(
            "Win rate by cards drafted of each position",
            ("Position", "0", "1", "2", "3+"),
            tuple(
                (position, *(_cell(by.get(k)) for k in ("0", "1", "2", "3+")))
                for position, by in report["win_rate_by_position_count"].items()
            ),
        ),
        Table(
            "Points per match between managers",
            ("Lineup", "Matches", "Mean points"),
            (
                ("with a legend", str(legend["with"].get("n", 0)), _mean(legend["with"])),
                ("without a legend", str(legend["without"].get("n", 0)), _mean(legend["without"])),
                *(
                    (f"{verb} {bonus}", str(by[key].get("n", 0)), _mean(by[key]))
                    for bonus, by in bonuses.items()
                    for key, verb in (("with", "with"), ("without", "without"))
                ),
            ),
        ),
        BarChart(
            "Mean points per match, with and without",
            ("legend", *bonuses),
            (
                ("with", (_value(legend["with"]), *(_value(b["with"]) for b in bonuses.values()))),
                (
                    "without",
                    (_value(legend["without"]), *(_value(b["without"]) for b in bonuses.values())),
                ),
            ),
        ),
        Heading("Club stacking"),
        Table(
            "Win rate by the most cards drafted from one club",
            ("Cards of one club", "Managers", "Win rate"),
            tuple(
                (key, str(r["of"]), percent(r))
                for key, r in report["win_rate_by_club_stack"].items()
            ),
        ),
    ]
    title = f"Balance report: Extraliga All-Stars, {settings['players']} players, {report['games']} games"
    return TextDocument(title, "en", tuple(blocks))


def gist(report: dict[str, Any]) -> str:
    """Win rates by seat and the mean points."""
    points = report["points_per_manager"]
    return f"{seats_gist(report)}\nmean points per manager: {number(points['mean'])}"


def _cell(rate_: dict[str, Any] | None) -> str:
    return "-" if rate_ is None else f"{percent(rate_)} of {rate_['of']}"


def _mean(values: dict[str, Any]) -> str:
    return number(values.get("mean"))


def _value(values: dict[str, Any]) -> float:
    return float(values.get("mean", 0.0))


_RATES: tuple[balance.Metric, ...] = (
    ("win rate of bot {}", lambda r: r["win_rate_by_bot"]),
    ("win rate of seat {}", lambda r: {str(s["seat"]): s for s in r["win_rate_by_seat"]}),
    ("win rate with most of one club {}", lambda r: r["win_rate_by_club_stack"]),
)
_MEANS: tuple[balance.Metric, ...] = (
    ("points per manager{}", lambda r: {"": r["points_per_manager"]}),
    ("points per match {} a legend", lambda r: r["points_per_match_with_legend"]),
)


def figures(state: tuple[Deck, list[str]], game: list[SeatFacts]) -> dict[str, float]:
    """One season's figures for a sweep: each seat's win share and points."""
    return seat_figures(
        state[1], win_rate=[s.win_share for s in game], points=[s.points for s in game]
    )


SIMULATION = BotSimulation(
    check, prepare, play_games, report, figures, report_document, gist, _RATES, _MEANS
)
"""The plug-in's simulation hook."""
