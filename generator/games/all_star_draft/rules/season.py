"""The regular season between drafting and scoring: exchanges, a new team, buses.

After the draft of rounds 2 and 3 a manager may exchange cards of each team
already played with bench cards (`exchange_cards`), then puts a new team
together from the bench (`new_team`), then gives every team in play a bus,
which sends it to one of the round's arenas (`arena_order`). Each function
returns a new value; an illegal move raises a RuleViolation naming the rule.
Cards are their positions in the rule book (`RuleBook.index`). The rulings
are in docs/rules.md, "Regular season".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from generator.games.all_star_draft.rules.book import RuleBook
from generator.games.all_star_draft.rules.playoffs import RuleViolation
from generator.plugin_api import InputError


class Lineup(NamedTuple):
    """One manager's cards in the regular season, by card position."""

    teams: tuple[tuple[int, ...], ...]
    """The teams already put together, the first team first."""
    bench: tuple[int, ...]


class Exchange(NamedTuple):
    """A card of an earlier team exchanged for a bench card (card positions)."""

    team: int
    """1 for the first team, as the rulebooks count."""
    out: int
    """The team card that goes to the bench."""
    into: int
    """The bench card that joins the team."""


def exchange_cards(book: RuleBook, lineup: Lineup, exchanges: Sequence[Exchange]) -> Lineup:
    """The lineup after the exchanges, done team by team, the first team first."""
    if not exchanges:
        return lineup
    limit = book.edition.setup.swaps_per_earlier_team
    for number, count in Counter(e.team for e in exchanges).items():
        if not 1 <= number <= len(lineup.teams):
            played = {0: "no team has", 1: "only team 1 has"}.get(
                len(lineup.teams), f"teams 1 to {len(lineup.teams)} have"
            )
            raise RuleViolation(
                "exchange", f"there is no team {number} to change; {played} been played"
            )
        if count > limit:
            raise RuleViolation(
                "exchange",
                f"team {number} exchanges {count} cards; each earlier team exchanges at most {limit}",
            )
    teams, bench = list(lineup.teams), list(lineup.bench)
    for exchange in sorted(exchanges, key=lambda e: e.team):
        team = teams[exchange.team - 1]
        if exchange.out not in team:
            name = book.card_name(exchange.out)
            raise RuleViolation("exchange", f"{name} is not in team {exchange.team}")
        if exchange.into not in bench:
            raise RuleViolation("exchange", f"{book.card_name(exchange.into)} is not on the bench")
        teams[exchange.team - 1] = tuple(exchange.into if c == exchange.out else c for c in team)
        bench = [exchange.out if c == exchange.into else c for c in bench]
    return Lineup(tuple(teams), tuple(bench))


def new_team(book: RuleBook, lineup: Lineup, cards: Sequence[int]) -> Lineup:
    """The lineup with a new team of bench cards; the rest stay on the bench."""
    book.check_team(cards, "the new team")
    missing = [book.card_name(c) for c in cards if c not in lineup.bench]
    if missing:
        raise RuleViolation(
            "new team", f"{', '.join(missing)} not on the bench; a new team comes from the bench"
        )
    return Lineup((*lineup.teams, tuple(cards)), tuple(c for c in lineup.bench if c not in cards))


def arena_order(book: RuleBook, round_number: int, buses: Sequence[int]) -> tuple[int, ...]:
    """Which team (1 = first) plays in each arena of the round, top arena first.

    `buses` gives each team's bus, the first team first; bus n goes to the
    round's n-th arena.
    """
    rounds = book.edition.setup.rounds
    if not 1 <= round_number <= len(rounds):
        raise InputError(f"the regular season has rounds 1 to {len(rounds)}, not {round_number}")
    arenas = rounds[round_number - 1].arenas
    if len(buses) != arenas:
        raise RuleViolation(
            "buses",
            f"round {round_number} plays {arenas} arena(s), so {arenas} team(s) get a bus, not {len(buses)}",
        )
    if sorted(buses) != list(range(1, arenas + 1)):
        raise RuleViolation(
            "buses",
            f"each team gets a different bus from 1 to {arenas}; got {', '.join(map(str, buses))}",
        )
    return tuple(list(buses).index(arena) + 1 for arena in range(1, arenas + 1))
