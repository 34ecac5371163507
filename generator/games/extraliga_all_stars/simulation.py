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
from typing import TypedDict

from generator.games.extraliga_all_stars.bots import Bot, RandomBot, SynergyBot
from generator.games.extraliga_all_stars.lineup import Bonus, Position
from generator.games.extraliga_all_stars.model import Deck
from generator.games.extraliga_all_stars.season import SeasonRecord, check_season, play_season
from generator.plugin_api import (
    BarChart,
    Block,
    Distribution,
    Heading,
    Rate,
    Simulation,
    SimulationSettings,
    Table,
    distribution,
    number,
    percent,
    rate,
    refuse_variants,
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


@dataclass(frozen=True)
class GameFacts:
    """One game: each manager's facts, by seat."""

    seats: tuple[SeatFacts, ...]

    @property
    def win_shares(self) -> tuple[float, ...]:
        """Each seat's share of the win."""
        return tuple(seat.win_share for seat in self.seats)


def prepare(deck: Deck, settings: SimulationSettings) -> Deck:
    """The deck, for the workers; settings no game can be played with are refused."""
    check_season(deck, settings.players)
    refuse_variants(settings, "Extraliga All-Stars")
    return deck


def greedy_bot(rng: Random, deck: Deck) -> Bot:
    """Drafts and fields the strongest lineup it can."""
    return Bot(rng, deck.lineups)


def random_bot(rng: Random, deck: Deck) -> Bot:
    """Drafts and fields at random."""
    return RandomBot(rng, deck.lineups)


def synergy_bot(rng: Random, deck: Deck) -> Bot:
    """Drafts for clubs and positions; fields lineups as the greedy bot."""
    return SynergyBot(rng, deck.lineups)


def play(deck: Deck, bots: Sequence[Bot], seed: int, rng: Random) -> GameFacts:
    """One whole game's facts."""
    return GameFacts(tuple(seat_facts(play_season(deck, bots, rng))))


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


class ExtraligaReport(TypedDict):
    """Extraliga All-Stars' keys of the balance report."""

    points_per_manager: Distribution
    win_rate_by_position_count: dict[str, dict[str, Rate]]
    """By position, by cards drafted of it (0, 1, 2, 3+)."""
    win_rate_by_club_stack: dict[str, Rate]
    points_per_match_with_legend: dict[str, Distribution]
    """'with' and 'without' a legend in the lineup."""
    points_per_match_by_bonus: dict[str, dict[str, Distribution]]
    """By bonus, 'with' and 'without' it played."""


def report(deck: Deck, games: Sequence[GameFacts], bots: Sequence[str]) -> ExtraligaReport:
    """The game's own keys of the report: what cards, legends, bonuses and clubs are worth."""
    everyone = [seat for game in games for seat in game.seats]
    matches = [m for s in everyone for m in s.match_points]
    return {
        "points_per_manager": distribution([s.points for s in everyone]),
        "win_rate_by_position_count": {
            position.value: _rates(everyone, _drafted_of(n)) for n, position in enumerate(Position)
        },
        "win_rate_by_club_stack": _rates(everyone, lambda s: [s.stack]),
        "points_per_match_with_legend": {
            key: distribution([p for p, legend, _ in matches if legend == wanted])
            for key, wanted in (("with", True), ("without", False))
        },
        "points_per_match_by_bonus": {
            bonus.value: {
                key: distribution(
                    [p for p, _, played in matches if (bonus.value in played) == wanted]
                )
                for key, wanted in (("with", True), ("without", False))
            }
            for bonus in Bonus
        },
    }


def _drafted_of(position: int) -> Callable[[SeatFacts], list[str]]:
    """A seat's bucket of cards drafted of one position: 0, 1, 2 or 3+."""

    def bucket(seat: SeatFacts) -> list[str]:
        count = seat.positions[position]
        return [str(count) if count < 3 else "3+"]

    return bucket


def _rates(seats: Sequence[SeatFacts], keys: Callable[[SeatFacts], list[str]]) -> dict[str, Rate]:
    groups: dict[str, list[SeatFacts]] = defaultdict(list)
    for seat in seats:
        for key in keys(seat):
            groups[key].append(seat)
    return {
        key: rate(sum(s.win_share for s in groups[key]), len(groups[key])) for key in sorted(groups)
    }


def sections(report: ExtraligaReport) -> list[Block]:
    """The game's own sections of the report: what cards are worth, club stacking."""
    legend = report["points_per_match_with_legend"]
    bonuses = report["points_per_match_by_bonus"]
    return [
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


def gist(report: ExtraligaReport) -> list[str]:
    """The mean points."""
    return [f"mean points per manager: {number(report['points_per_manager']['mean'])}"]


def _cell(rate_: Rate | None) -> str:
    return "-" if rate_ is None else f"{percent(rate_)} of {rate_['of']}"


def _mean(values: Distribution) -> str:
    return number(values.get("mean"))


def _value(values: Distribution) -> float:
    return float(values.get("mean", 0.0))


def figures(deck: Deck, game: GameFacts) -> dict[str, list[float]]:
    """One season's figures beyond the win shares: each seat's points."""
    return {"points": [float(s.points) for s in game.seats]}


SIMULATION = Simulation(
    bots={"greedy": greedy_bot, "random": random_bot, "synergy": synergy_bot},
    prepare=prepare,
    play=play,
    report=report,
    sections=sections,
    figures=figures,
    gist=gist,
    note="Points per match count matches between managers only.",
)
"""The plug-in's simulation hook."""
