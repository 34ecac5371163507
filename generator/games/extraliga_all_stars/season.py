"""A whole Extraliga All-Stars game played by bots: the draft, then the season.

Rulings E10-E16 of docs/rules-extraliga.md. The season deck (draw cards
for the number of managers, plus opponent cards for 2 or 3) is played
twice, with new opponents and a fresh shuffle at the international break.
Each round: the season card, an event, coach cards, the matches, and a
lineup change by die (none after the last round). The first-player token
moves one seat on after every round. The most points win; a tie goes to
the higher offence plus defence in the last match, and a tie after that is
a shared win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random

from generator.games.extraliga_all_stars.bonus_phase import Bonuses, Side
from generator.games.extraliga_all_stars.bots import Bot
from generator.games.extraliga_all_stars.dice import play_dice
from generator.games.extraliga_all_stars.draft import draft
from generator.games.extraliga_all_stars.lineup import Lineup, LineupRules, Player
from generator.games.extraliga_all_stars.model import Card, Deck, Draw, Keyword, Opponent
from generator.plugin_api import InputError, UsageError

DIE_FACES = 6


@dataclass(frozen=True)
class MatchFacts:
    """One manager's match."""

    seat: int
    round: int
    against: str
    """'manager' or 'opponent'."""
    legend: bool
    """A legend played (in the lineup and not sent off)."""
    bonuses: tuple[str, ...]
    """The bonuses the lineup could play."""
    points: int


@dataclass
class Manager:
    """A seat during the season."""

    seat: int
    bot: Bot
    cards: list[Player]
    lineup: Lineup
    coaches: list[Card] = field(default_factory=list)
    points: int = 0
    last_total: int = 0
    """Offence plus defence in the last match played."""


@dataclass(frozen=True)
class SeasonRecord:
    """What happened in one game."""

    bots: tuple[str, ...]
    drafted: tuple[tuple[Player, ...], ...]
    points: tuple[int, ...]
    last_totals: tuple[int, ...]
    winners: tuple[int, ...]
    """Seats sharing first place."""
    matches: tuple[MatchFacts, ...]


def check_season(deck: Deck, seats: int) -> None:
    """Refuse a number of managers the data has no season for."""
    if deck.season is None or seats not in deck.season.decks:
        known = sorted(deck.season.decks) if deck.season else []
        raise UsageError(
            f"Extraliga All-Stars has a season for {', '.join(map(str, known))} managers, "
            f"not {seats} (season-decks in season.yaml)"
        )


def play_season(deck: Deck, bots: Sequence[Bot], rng: Random) -> SeasonRecord:
    """Draft, build teams and play the whole season with one bot per seat."""
    seats = len(bots)
    check_season(deck, seats)
    assert deck.season is not None
    players = list(deck.players.values())
    rng.shuffle(players)
    hands = draft(seats, players, lambda seat, hand, have: bots[seat].pick(hand, have))
    managers = [Manager(s, bots[s], list(hands[s]), bots[s].lineup(hands[s])) for s in range(seats)]
    coaches = list(deck.coaches)
    rng.shuffle(coaches)
    for manager in managers:
        manager.coaches = [
            coaches.pop() for _ in range(min(deck.season.coaches_each, len(coaches)))
        ]
    events = list(deck.events)
    rng.shuffle(events)
    schedule = season_schedule(deck, seats, rng)
    matches: list[MatchFacts] = []
    first = 0
    for number, card in enumerate(schedule):
        event = events[number % len(events)] if events else None  # a short deck starts over
        absent, everyone = _event(event, managers, first)
        for manager in _from(managers, first):
            played = manager.bot.coaches(
                manager.coaches, manager.cards, manager.lineup, len(schedule) - number
            )
            for coach in played:
                manager.coaches.remove(coach)
                apply_card(coach, manager, absent, everyone)
        matches.extend(_matches(deck.lineups, card, managers, first, absent, everyone, number, rng))
        if number < len(schedule) - 1:
            face = rng.randint(1, DIE_FACES)
            replace = deck.season.lineup_die[face - 1]
            for manager in _from(managers, first):
                _change(manager, replace)
        first = (first + 1) % seats
    return _record(managers, hands, matches)


def _change(manager: Manager, replace: int) -> None:
    """The lineup change: at least `replace` players swapped, or as many as the bench and
    the rule on legends allow (ruling E14)."""
    bench = len(manager.cards) - 6
    for low in range(min(replace, bench), -1, -1):
        if _relineup(manager, (low, bench)):
            return


def _relineup(manager: Manager, leave: tuple[int, int]) -> bool:
    """Let the manager's bot change his lineup as `leave` says; False if no lineup can."""
    try:
        manager.lineup = manager.bot.lineup(manager.cards, manager.lineup, leave)
    except InputError:
        return False
    return True


def season_schedule(deck: Deck, seats: int, rng: Random) -> list[Draw | Opponent]:
    """The season deck of each half, shuffled, with new opponents for each half."""
    assert deck.season is not None
    draws_needed, opponents_needed = deck.season.decks[seats]
    draws = [d for d in deck.draws if seats in d.pairs]
    opponents = list(deck.opponents.values())
    rng.shuffle(opponents)
    schedule: list[Draw | Opponent] = []
    for half in range(deck.season.halves):
        cards: list[Draw | Opponent] = [
            *draws[:draws_needed],
            *opponents[half * opponents_needed : (half + 1) * opponents_needed],
        ]
        rng.shuffle(cards)
        schedule.extend(cards)
    return schedule


def _from(managers: list[Manager], first: int) -> list[Manager]:
    """The managers in turn order from the first player."""
    return managers[first:] + managers[:first]


def _event(
    event: Card | None, managers: list[Manager], first: int
) -> tuple[dict[int, set[str]], set[int]]:
    """Apply a round's event to everyone: who sits out, and who has 100 % synergy."""
    absent: dict[int, set[str]] = {m.seat: set() for m in managers}
    everyone: set[int] = set()
    if event is not None:
        for manager in _from(managers, first):
            apply_card(event, manager, absent, everyone)
    return absent, everyone


def apply_card(
    card: Card, manager: Manager, absent: dict[int, set[str]], everyone: set[int]
) -> None:
    """One manager's part of an event or coach card (ruling E12)."""
    keyword, position = card.effect.keyword, card.effect.position
    lineup = manager.lineup.players
    if keyword is Keyword.SYNERGY:
        everyone.add(manager.seat)
    elif keyword is Keyword.PENALTY:
        choices = [
            p
            for p in lineup
            if (position is None or p.position is position) and p.id not in absent[manager.seat]
        ]
        if choices:
            chosen = manager.bot.sit_out(manager.lineup, choices, manager.seat in everyone)
            absent[manager.seat].add(chosen.id)
    elif keyword is Keyword.REMOVE:
        choices = [p for p in manager.cards if position is None or p.position is position]
        if choices and len(manager.cards) > 6:
            gone = manager.bot.give_up(manager.cards, choices)
            manager.cards.remove(gone)
            if gone in lineup:  # the other five stay if they can; a bench player comes in
                _relineup(manager, (0, 0)) or _relineup(manager, (0, len(manager.cards) - 6))
    elif len(manager.cards) > 6:
        _relineup(manager, (1, 1))  # no swap at all when the rule on legends allows none


def _matches(
    rules: LineupRules,
    card: Draw | Opponent,
    managers: list[Manager],
    first: int,
    absent: dict[int, set[str]],
    everyone: set[int],
    number: int,
    rng: Random,
) -> list[MatchFacts]:
    facts: list[MatchFacts] = []
    if isinstance(card, Opponent):
        virtual = Side(card.attack, card.defence)
        for manager in _from(managers, first):
            side = _side(rules, manager, absent, everyone)
            points, _ = play_dice(side, virtual, rng)
            facts.append(_played(rules, manager, absent, "opponent", points, number))
        return facts
    for a, b in card.pairs[len(managers)]:
        one, two = managers[a], managers[b]
        side_a, side_b = _side(rules, one, absent, everyone), _side(rules, two, absent, everyone)
        if plays_first(a, b, first, len(managers)) == a:
            taken = play_dice(side_a, side_b, rng)
        else:
            taken = play_dice(side_b, side_a, rng)[::-1]
        facts.append(_played(rules, one, absent, "manager", taken[0], number))
        facts.append(_played(rules, two, absent, "manager", taken[1], number))
    return facts


def plays_first(a: int, b: int, first: int, seats: int) -> int:
    """Which of seats `a` and `b` plays bonuses first in their match: the one reached
    first going round the table from the first player (ruling E11)."""
    return a if (a - first) % seats < (b - first) % seats else b


def _side(
    rules: LineupRules, manager: Manager, absent: dict[int, set[str]], everyone: set[int]
) -> Side:
    """The manager's dice, defence and bonuses for this round's match."""
    gone = absent[manager.seat]
    value = rules.strength(manager.lineup, manager.seat in everyone, gone)
    manager.last_total = value.total
    bonuses = rules.usable_bonuses(manager.lineup, gone)
    return Side(value.offence, value.defence, Bonuses.of(bonuses))


def _played(
    rules: LineupRules,
    manager: Manager,
    absent: dict[int, set[str]],
    against: str,
    points: int,
    number: int,
) -> MatchFacts:
    manager.points += points
    gone = absent[manager.seat]
    lineup = manager.lineup
    return MatchFacts(
        manager.seat,
        number,
        against,
        any(p.legend and p.id not in gone for p in lineup.players),
        tuple(b.value for b in rules.usable_bonuses(lineup, gone)),
        points,
    )


def winners(points: Sequence[int], last_totals: Sequence[int]) -> tuple[int, ...]:
    """The seats sharing first place: most points, then the higher offence plus defence
    in the last match; a tie after that is shared (ruling E16)."""
    best = max(zip(points, last_totals, strict=True))
    return tuple(
        seat for seat, mine in enumerate(zip(points, last_totals, strict=True)) if mine == best
    )


def _record(
    managers: list[Manager], hands: list[list[Player]], matches: list[MatchFacts]
) -> SeasonRecord:
    points = tuple(m.points for m in managers)
    last_totals = tuple(m.last_total for m in managers)
    return SeasonRecord(
        tuple(m.bot.name for m in managers),
        tuple(tuple(hand) for hand in hands),
        points,
        last_totals,
        winners(points, last_totals),
        tuple(matches),
    )
