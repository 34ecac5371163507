"""The balance report: what many simulated games say about the data.

`game_facts` boils one game down to plain numbers (small enough to send
between processes); `balance_report` adds the facts of many games up into a
JSON-ready dict, with the statistics of `generator.play.balance`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypedDict

from generator.games.all_star_draft.rules import RuleBook
from generator.games.all_star_draft.simulation.game import GameRecord
from generator.plugin_api import Distribution, Rate, counts, distribution, mean, rate


@dataclass(frozen=True)
class SeatFacts:
    """One manager's game."""

    bot: str
    season: int
    playoffs: int
    bonus: int
    win_share: float
    """1 for a sole win, 1/k for a win shared by k managers, else 0."""
    place: int | None
    """Playoff place (None if nobody took that place)."""
    tickets_given: int
    main_species: str
    """The species the manager drafted most cards of (the first drafted on a tie)."""


@dataclass(frozen=True)
class ArenaFacts:
    """One arena of one game."""

    round: int
    arena: str
    strengths: tuple[int, ...]
    ranks: tuple[int, ...]
    fans: tuple[int, ...]
    specials_met: int


@dataclass(frozen=True)
class GameFacts:
    """One game as plain numbers."""

    seats: tuple[SeatFacts, ...]
    arenas: tuple[ArenaFacts, ...]
    species: tuple[str, ...]
    round_openers: tuple[str, ...]
    """The species of every manager's first pick of each round."""
    elimination_order: tuple[int, ...]
    """Seat numbers (1-based) in the order they left the playoffs."""

    @property
    def win_shares(self) -> tuple[float, ...]:
        """Each seat's share of the win."""
        return tuple(seat.win_share for seat in self.seats)


def game_facts(record: GameRecord, book: RuleBook, start_tickets: int) -> GameFacts:
    """The numbers the report needs from one game (played with `book`)."""
    cards = book.cards
    standings = {s.manager: s for s in record.standings}
    winners = record.winners
    playoff = {m.name: m for m in record.playoffs.managers}
    round_size = len(record.picks[0]) // max(a.round for a in record.arenas)
    seats = []
    for seat, name in enumerate(record.managers):
        drafted = [cards[card].species for card in record.picks[seat]]
        tally = Counter(drafted)
        standing = standings[name]
        seats.append(
            SeatFacts(
                bot=record.bots[seat],
                season=standing.season,
                playoffs=standing.playoffs,
                bonus=standing.bonus,
                win_share=1 / len(winners) if name in winners else 0.0,
                place=playoff[name].place,
                tickets_given=start_tickets - playoff[name].tickets,
                main_species=max(tally, key=tally.__getitem__),  # first drafted of equals
            )
        )
    arenas = tuple(
        ArenaFacts(
            result.round,
            result.arena,
            tuple(p.strength for p in result.placings),
            tuple(p.rank for p in result.placings),
            tuple(p.fans for p in result.placings),
            sum(p.special for p in result.placings),
        )
        for result in record.arenas
    )
    openers = tuple(
        cards[picks[start]].species
        for picks in record.picks
        for start in range(0, len(picks), round_size)
    )
    seat_of = {name: index + 1 for index, name in enumerate(record.managers)}
    order = tuple(seat_of[e.manager] for r in record.playoffs.history for e in r.eliminations)
    return GameFacts(tuple(seats), arenas, record.species, openers, order)


class Fans(TypedDict):
    """Fans per manager, by where they come from."""

    season: Distribution
    playoffs: Distribution
    ticket_bonus: Distribution


class ArenaFigures(TypedDict):
    played: int
    fans: Distribution
    ranks_taken: dict[str, int]
    special_met: Rate


class SpeciesFigures(TypedDict):
    games: int
    first_pick: Rate
    win_rate_as_main_species: Rate


class PlayoffFigures(TypedDict):
    place_by_bot: dict[str, dict[str, int]]
    tickets_given_up_per_manager: float | None
    mean_elimination_position_by_seat: dict[str, float | None]


class AllStarReport(TypedDict):
    """All-Star Draft's keys of the balance report."""

    fans_per_manager: Fans
    arenas: dict[str, ArenaFigures]
    strength_by_round: dict[str, dict[str, int]]
    """Team strengths by round: how often each strength was shown."""
    species: dict[str, SpeciesFigures]
    playoffs: PlayoffFigures


def balance_report(facts: Iterable[GameFacts]) -> AllStarReport:
    """All-Star Draft's keys of the report, as plain JSON data: fans, arenas, strength, species
    and playoffs."""
    games = list(facts)
    seats = [s for g in games for s in g.seats]
    return {
        "fans_per_manager": {
            "season": distribution([s.season for s in seats]),
            "playoffs": distribution([s.playoffs for s in seats]),
            "ticket_bonus": distribution([s.bonus for s in seats]),
        },
        "arenas": _arenas(games),
        "strength_by_round": {
            str(number): counts(
                st for g in games for a in g.arenas if a.round == number for st in a.strengths
            )
            for number in sorted({a.round for g in games for a in g.arenas})
        },
        "species": _species_report(games),
        "playoffs": _playoffs(games, seats),
    }


def _playoffs(games: Sequence[GameFacts], seats: Sequence[SeatFacts]) -> PlayoffFigures:
    return {
        "place_by_bot": _by(games, lambda s: s.bot, lambda seats: counts(s.place for s in seats)),
        "tickets_given_up_per_manager": mean(s.tickets_given for s in seats),
        "mean_elimination_position_by_seat": {
            str(seat): mean(
                g.elimination_order.index(seat) + 1 for g in games if seat in g.elimination_order
            )
            for seat in range(1, len(games[0].seats) + 1)
        }
        if games
        else {},
    }


def _by(
    games: Sequence[GameFacts],
    key: Callable[[SeatFacts], str],
    summary: Callable[[list[SeatFacts]], dict[str, int]],
) -> dict[str, dict[str, int]]:
    groups: dict[str, list[SeatFacts]] = defaultdict(list)
    for game in games:
        for seat in game.seats:
            groups[key(seat)].append(seat)
    return {name: summary(groups[name]) for name in sorted(groups)}


def _arenas(games: Sequence[GameFacts]) -> dict[str, ArenaFigures]:
    played: dict[str, list[ArenaFacts]] = defaultdict(list)
    for game in games:
        for arena in game.arenas:
            played[arena.arena].append(arena)
    return {
        arena: {
            "played": len(results),
            "fans": distribution([f for r in results for f in r.fans]),
            "ranks_taken": counts(rank for r in results for rank in r.ranks),
            "special_met": rate(
                sum(r.specials_met for r in results), sum(len(r.ranks) for r in results)
            ),
        }
        for arena, results in sorted(played.items())
    }


def _species_report(games: Sequence[GameFacts]) -> dict[str, SpeciesFigures]:
    in_game: Counter[str] = Counter(s for g in games for s in g.species)
    openers: Counter[str] = Counter(s for g in games for s in g.round_openers)
    openers_total = Counter(dict.fromkeys(in_game, 0))
    for game in games:
        for species in game.species:
            openers_total[species] += len(game.round_openers)
    mains: dict[str, list[SeatFacts]] = defaultdict(list)
    for game in games:
        for seat in game.seats:
            mains[seat.main_species].append(seat)
    return {
        species: {
            "games": in_game[species],
            "first_pick": rate(openers[species], openers_total[species]),
            "win_rate_as_main_species": rate(
                sum(s.win_share for s in mains[species]), len(mains[species])
            ),
        }
        for species in sorted(in_game)
    }
