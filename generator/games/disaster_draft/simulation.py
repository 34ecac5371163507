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
from typing import Any

from generator import balance
from generator.balance import distribution, number, percent, rate
from generator.documents.model import BarChart, Block, Heading, Paragraph, Table, TextDocument
from generator.errors import UsageError
from generator.games.disaster_draft.bots import BOTS
from generator.games.disaster_draft.game import GameRecord, play_game
from generator.games.disaster_draft.model import Deck
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

HELD_ENOUGH = 20
"""Times a greedy bot must have held a unit before "never sent" says anything."""


@dataclass(frozen=True)
class GameFacts:
    """One game as plain numbers."""

    win_shares: tuple[float, ...]
    battles: int
    instant: bool
    held: Counter[tuple[str, str]]
    """(bot, unit) -> army choices it was in hand for."""
    sent: Counter[tuple[str, str]]
    """(bot, unit) -> battles it was sent into."""
    won: Counter[str]
    """unit -> battles it was sent into and its army won."""


def check(deck: Deck, settings: SimulationSettings) -> None:
    """Refuse settings no game can be played with."""
    fewest, most = deck.players
    if not fewest <= settings.players <= most:
        raise UsageError(
            f"Disaster Draft is played by {fewest} to {most} players (game.yaml), "
            f"not {settings.players}"
        )
    needed = settings.players * deck.rules.reveal_per_player
    if needed > len(deck.units):
        raise UsageError(
            f"{settings.players} players reveal {needed} units, but the deck has {len(deck.units)}"
        )
    bots_by_seat(settings.bots, settings.players, BOTS)
    refuse_variants(settings, "Disaster Draft")


def prepare(deck: Deck, settings: SimulationSettings) -> tuple[Deck, list[str]]:
    """The deck and the bot of each seat, for the workers."""
    check(deck, settings)
    return deck, bots_by_seat(settings.bots, settings.players, BOTS)


def report(
    state: tuple[Deck, list[str]], games: list[GameFacts], settings: SimulationSettings
) -> dict[str, Any]:
    """The balance report of the games."""
    deck, names = state
    recorded = report_settings(settings, names) | {
        "win_condition": deck.rules.win_condition.value,
        "victory_points": deck.rules.victory_points,
    }
    return balance_report(games, recorded)


def play(deck: Deck, names: Sequence[str], seed: int) -> GameRecord:
    """One whole game with the named bots, from a seed."""
    rng = Random(seed)
    return play_game(deck, [BOTS[name](rng) for name in names], rng)


def game_facts(record: GameRecord, names: Sequence[str]) -> GameFacts:
    """The numbers the report needs from one game."""
    held: Counter[tuple[str, str]] = Counter()
    sent: Counter[tuple[str, str]] = Counter()
    won: Counter[str] = Counter()
    for army in record.played:
        bot = names[army.seat]
        held.update((bot, unit) for unit in army.held)
        sent.update((bot, unit) for unit in army.units)
        if army.won:
            won.update(army.units)
    share = 1 / len(record.winners)
    return GameFacts(
        tuple(share if seat in record.winners else 0.0 for seat in range(len(names))),
        record.battles,
        record.instant,
        held,
        sent,
        won,
    )


def balance_report(games: Sequence[GameFacts], settings: dict[str, Any]) -> dict[str, Any]:
    """Everything the report shows, as plain JSON data."""
    bots = settings["bots"]
    report: dict[str, Any] = {"game": "disaster-draft", "settings": settings, "games": len(games)}
    report["win_rate_by_seat"] = [
        {"seat": n + 1, "bot": bots[n]} | rate(sum(g.win_shares[n] for g in games), len(games))
        for n in range(settings["players"])
    ]
    report["win_rate_by_bot"] = {
        bot: rate(
            sum(g.win_shares[n] for g in games for n, b in enumerate(bots) if b == bot),
            len(games) * bots.count(bot),
        )
        for bot in sorted(set(bots))
    }
    report["battles_per_game"] = distribution([g.battles for g in games])
    report["games_won_at_the_target"] = rate(sum(g.instant for g in games), len(games))
    held: Counter[tuple[str, str]] = sum((g.held for g in games), Counter())
    sent: Counter[tuple[str, str]] = sum((g.sent for g in games), Counter())
    won: Counter[str] = sum((g.won for g in games), Counter())
    units = sorted({unit for _, unit in held})
    sent_all = {u: sum(n for (_, unit), n in sent.items() if unit == u) for u in units}
    held_all = {u: sum(n for (_, unit), n in held.items() if unit == u) for u in units}
    report["units"] = {
        u: {
            "pick_rate": rate(sent_all[u], held_all[u]),
            "win_rate_when_sent": rate(won[u], sent_all[u]),
        }
        for u in units
    }
    average = rate(sum(won.values()), sum(sent_all.values()))
    report["win_rate_when_sent_overall"] = average
    report["not_worth_playing"] = _not_worth(report["units"], average, held, sent)
    return report


def _not_worth(
    units: dict[str, Any],
    average: dict[str, Any],
    held: Counter[tuple[str, str]],
    sent: Counter[tuple[str, str]],
) -> list[dict[str, str]]:
    """Units whose win rate when sent lies clearly below the average, or that greedy bots
    held at least HELD_ENOUGH times and never sent."""
    found = []
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


def play_games(state: tuple[Deck, list[str]], seeds: range) -> list[GameFacts]:
    """Each game's facts, one game per seed (in a worker)."""
    deck, names = state
    return [game_facts(play(deck, names, seed), names) for seed in seeds]


def report_document(report: dict[str, Any]) -> TextDocument:
    """The report with its charts (for the game's designers, in English)."""
    settings = report["settings"]
    units = report["units"]
    by_pick = sorted(units, key=lambda u: -(units[u]["pick_rate"]["rate"] or 0.0))
    blocks: list[Block] = [
        Paragraph(
            f"Bots by seat: {', '.join(settings['bots'])}. Seeds {settings['seeds'][0]} to "
            f"{settings['seeds'][1]}. Win condition: {settings['win_condition']}; "
            f"{settings['victory_points']} victory points win. Rates are in percent with their "
            "95% interval (Wilson score); a game shared by k players counts 1/k."
        ),
        *who_wins(report),
        Paragraph(
            f"Battles per game: mean {number(report['battles_per_game']['mean'])}; games won by "
            f"reaching the target: {percent(report['games_won_at_the_target'])}."
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
            (
                (
                    "win rate",
                    tuple(balance.rate_percent(units[u]["win_rate_when_sent"]) for u in by_pick),
                ),
            ),
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
    title = (
        f"Balance report: Disaster Draft, {settings['players']} players, {report['games']} games"
    )
    return TextDocument(title, "en", tuple(blocks))


def gist(report: dict[str, Any]) -> str:
    """Win rates by seat, battles per game and the units not worth playing."""
    weak = ", ".join(row["unit"] for row in report["not_worth_playing"]) or "none"
    return (
        f"{seats_gist(report)}\n"
        f"battles per game: {number(report['battles_per_game']['mean'])}\n"
        f"not worth playing: {weak}"
    )


_RATES: tuple[balance.Metric, ...] = (
    ("win rate of bot {}", lambda r: r["win_rate_by_bot"]),
    ("win rate of seat {}", lambda r: {str(s["seat"]): s for s in r["win_rate_by_seat"]}),
    (
        "win rate when sent of {}",
        lambda r: {u: f["win_rate_when_sent"] for u, f in r["units"].items()},
    ),
    ("pick rate of {}", lambda r: {u: f["pick_rate"] for u, f in r["units"].items()}),
)
_MEANS: tuple[balance.Metric, ...] = (
    ("battles per game{}", lambda r: {"": r["battles_per_game"]}),
)


def figures(state: tuple[Deck, list[str]], game: GameFacts) -> dict[str, float]:
    """One game's figures for a sweep: each seat's win share, and the battles."""
    return seat_figures(state[1], win_rate=game.win_shares) | {"battles per game": game.battles}


SIMULATION = BotSimulation(
    check, prepare, play_games, report, figures, report_document, gist, _RATES, _MEANS
)
"""The plug-in's simulation hook."""
