"""`draftdeck simulate` for Disaster Draft: whole games by bots, and the balance report.

The report (plain JSON data, then a document with charts) gives the win
rate by seat and by bot, the battles a game lasts, and for every unit how
often it is sent when held (its pick rate) and how often its army wins the
battle when it is sent; units whose win rate when sent is clearly below
the average, or that greedy bots hold often and never send, are listed as
not worth playing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import TypedDict

from generator.games.disaster_draft.bots import GreedyBot, RandomBot
from generator.games.disaster_draft.game import GameRecord, play_game
from generator.games.disaster_draft.model import Deck
from generator.plugin_api import (
    BarChart,
    Block,
    Distribution,
    Heading,
    Paragraph,
    Rate,
    Simulation,
    SimulationSettings,
    Table,
    UsageError,
    distribution,
    number,
    percent,
    rate,
    rate_percent,
    refuse_variants,
)

HELD_ENOUGH = 20
"""Times a greedy bot must have held a unit before "never sent" says anything."""


@dataclass(frozen=True)
class GameFacts:
    """One game as plain numbers."""

    win_shares: tuple[float, ...]
    battles: int
    instant: bool
    held: Counter[tuple[int, str]]
    """(seat, unit) -> army choices it was in hand for."""
    sent: Counter[tuple[int, str]]
    """(seat, unit) -> battles it was sent into."""
    won: Counter[str]
    """unit -> battles it was sent into and its army won."""


def prepare(deck: Deck, settings: SimulationSettings) -> Deck:
    """The deck, for the workers; settings no game can be played with are refused."""
    needed = settings.players * deck.rules.reveal_per_player
    if needed > len(deck.units):
        raise UsageError(
            f"{settings.players} players reveal {needed} units, but the deck has {len(deck.units)}"
        )
    refuse_variants(settings, "Disaster Draft")
    return deck


def random_bot(rng: Random, deck: Deck) -> RandomBot:
    """A bot that does everything at random."""
    return RandomBot(rng)


def greedy_bot(rng: Random, deck: Deck) -> GreedyBot:
    """A bot that sends the army with the best chance against guessed opponents."""
    return GreedyBot(rng)


def play(deck: Deck, bots: Sequence[RandomBot], seed: int, rng: Random) -> GameFacts:
    """One whole game's facts."""
    return game_facts(play_game(deck, bots, rng), len(bots))


def game_facts(record: GameRecord, seats: int) -> GameFacts:
    """The numbers the report needs from one game."""
    held: Counter[tuple[int, str]] = Counter()
    sent: Counter[tuple[int, str]] = Counter()
    won: Counter[str] = Counter()
    for army in record.played:
        held.update((army.seat, unit) for unit in army.held)
        sent.update((army.seat, unit) for unit in army.units)
        if army.won:
            won.update(army.units)
    share = 1 / len(record.winners)
    return GameFacts(
        tuple(share if seat in record.winners else 0.0 for seat in range(seats)),
        record.battles,
        record.instant,
        held,
        sent,
        won,
    )


class UnitFigures(TypedDict):
    pick_rate: Rate
    """How often a unit held was sent into battle."""
    win_rate_when_sent: Rate


class NotWorth(TypedDict):
    unit: str
    why: str


class DisasterReport(TypedDict):
    """Disaster Draft's keys of the balance report."""

    win_condition: str
    victory_points: int
    battles_per_game: Distribution
    games_won_at_the_target: Rate
    units: dict[str, UnitFigures]
    win_rate_when_sent_overall: Rate
    not_worth_playing: list[NotWorth]


def report(deck: Deck, games: Sequence[GameFacts], bots: Sequence[str]) -> DisasterReport:
    """The game's own keys of the report: battles, and what every unit is worth."""
    return balance_report(games, bots, deck.rules.win_condition.value, deck.rules.victory_points)


def balance_report(
    games: Sequence[GameFacts], bots: Sequence[str], condition: str, points: int
) -> DisasterReport:
    """The battles and the units' figures, as plain JSON data."""
    held: Counter[tuple[str, str]] = Counter()
    sent: Counter[tuple[str, str]] = Counter()
    for game in games:
        for (seat, unit), n in game.held.items():
            held[(bots[seat], unit)] += n
        for (seat, unit), n in game.sent.items():
            sent[(bots[seat], unit)] += n
    won: Counter[str] = sum((g.won for g in games), Counter())
    units = sorted({unit for _, unit in held})
    sent_all = {u: sum(n for (_, unit), n in sent.items() if unit == u) for u in units}
    held_all = {u: sum(n for (_, unit), n in held.items() if unit == u) for u in units}
    figures: dict[str, UnitFigures] = {
        u: {
            "pick_rate": rate(sent_all[u], held_all[u]),
            "win_rate_when_sent": rate(won[u], sent_all[u]),
        }
        for u in units
    }
    average = rate(sum(won.values()), sum(sent_all.values()))
    return {
        "win_condition": condition,
        "victory_points": points,
        "battles_per_game": distribution([g.battles for g in games]),
        "games_won_at_the_target": rate(sum(g.instant for g in games), len(games)),
        "units": figures,
        "win_rate_when_sent_overall": average,
        "not_worth_playing": _not_worth(figures, average, held, sent),
    }


def _not_worth(
    units: dict[str, UnitFigures],
    average: Rate,
    held: Counter[tuple[str, str]],
    sent: Counter[tuple[str, str]],
) -> list[NotWorth]:
    """Units whose win rate when sent lies clearly below the average, or that greedy bots
    held at least HELD_ENOUGH times and never sent."""
    found: list[NotWorth] = []
    for unit, figures in units.items():
        when_sent = figures["win_rate_when_sent"]
        if (
            when_sent["of"]
            and average["rate"] is not None
            and when_sent["ci95"][1] < average["rate"]
        ):
            found.append({"unit": unit, "why": f"wins {percent(when_sent)} when sent"})
        elif held[("greedy", unit)] >= HELD_ENOUGH and not sent[("greedy", unit)]:
            found.append(
                {
                    "unit": unit,
                    "why": f"greedy held it {held[('greedy', unit)]} times, never sent it",
                }
            )
    return found


def sections(report: DisasterReport) -> list[Block]:
    """The game's own sections of the report: battles, units, units not worth playing."""
    units = report["units"]
    by_pick = sorted(units, key=lambda u: -(units[u]["pick_rate"]["rate"] or 0.0))
    return [
        Paragraph(
            f"Win condition: {report['win_condition']}; {report['victory_points']} victory "
            f"points win. Battles per game: mean {number(report['battles_per_game']['mean'])}; "
            f"games won by reaching the target: {percent(report['games_won_at_the_target'])}."
        ),
        Heading("Units"),
        Table(
            "Units by pick rate (sent when held) and win rate when sent",
            ("Unit", "Pick rate", "Win rate when sent"),
            tuple(
                (u, percent(units[u]["pick_rate"]), percent(units[u]["win_rate_when_sent"]))
                for u in by_pick
            ),
        ),
        BarChart(
            "Win rate when sent (%)",
            tuple(by_pick),
            (("win rate", tuple(rate_percent(units[u]["win_rate_when_sent"]) for u in by_pick)),),
            height=90,
        ),
        Heading("Not worth playing"),
        Table(
            f"Units clearly below the average win rate when sent "
            f"({percent(report['win_rate_when_sent_overall'])}), or never sent by greedy bots",
            ("Unit", "Why"),
            tuple((row["unit"], row["why"]) for row in report["not_worth_playing"])
            or (("-", "none found"),),
        ),
    ]


def gist(report: DisasterReport) -> list[str]:
    """Battles per game and the units not worth playing."""
    weak = ", ".join(row["unit"] for row in report["not_worth_playing"]) or "none"
    return [
        f"battles per game: {number(report['battles_per_game']['mean'])}",
        f"not worth playing: {weak}",
    ]


def figures(deck: Deck, game: GameFacts) -> dict[str, float]:
    """One game's figures beyond the win shares: its battles."""
    return {"battles per game": game.battles}


SIMULATION = Simulation(
    bots={"random": random_bot, "greedy": greedy_bot},
    prepare=prepare,
    play=play,
    report=report,
    sections=sections,
    figures=figures,
    gist=gist,
)
"""The plug-in's simulation hook."""
