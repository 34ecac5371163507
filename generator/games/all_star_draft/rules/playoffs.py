"""Playoffs (rulings 6-8): rounds, penalty shootouts, tickets, substitutions and places.

`playoff_round` answers one round on its own (cards by id). `start_playoffs`
and the moves `choose_teams`, `play_shootout` and `substitute` drive whole
playoffs on card positions (`RuleBook.index`): each takes a state and
returns a new one, and an illegal move raises a RuleViolation naming the
rule it breaks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from generator.games.all_star_draft.model import TicketLoss
from generator.games.all_star_draft.rules.book import RuleBook, check_players
from generator.games.all_star_draft.rules.strength import card_key, evaluate, team_code, team_key
from generator.plugin_api import InputError

MIN_SWAP, MAX_SWAP = 2, 4
"""A substitution swaps 2 to 4 team cards for as many bench cards."""


class RuleViolation(InputError):
    """A move the rules forbid; the message names the rule."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{message} (rule: {rule})")


@dataclass(frozen=True)
class RoundResult:
    """What one playoff round decides."""

    weakest: tuple[str, ...]
    """Managers whose teams tie as weakest, in input order."""
    shootout_needed: bool
    loser: str | None
    """None while a needed shootout has not been played."""
    outcome: str | None
    """'ticket' (gives up a ticket) or 'eliminated'; None without a loser."""
    tickets_left: int | None
    place: int | None
    """The loser's playoff place when eliminated."""
    fans: int | None
    """The fans of that place when eliminated."""


def playoff_round(
    book: RuleBook,
    players: int,
    teams: Mapping[str, Sequence[str]],
    tickets: Mapping[str, int] | None = None,
    shootout: Mapping[str, str] | None = None,
) -> RoundResult:
    """Decide one round between the managers still in (`teams`)."""
    check_players(book.game, players)
    if not 2 <= len(teams) <= players:
        raise InputError(
            f"a playoff round needs 2 to {players} managers still in, got {len(teams)}"
        )
    positions = {name: book.team(cards, f"team '{name}'") for name, cards in teams.items()}
    _no_card_twice({n: list(p) for n, p in positions.items()}, book)
    keys = {name: evaluate(book, team, players).key for name, team in positions.items()}
    weakest = tuple(name for name, key in keys.items() if key == min(keys.values()))
    loser = (
        weakest[0]
        if len(weakest) == 1
        else _shootout_loser(book, players, weakest, positions, shootout)
    )
    held = _tickets(book, players, teams, tickets)
    if loser is None:
        return RoundResult(weakest, len(weakest) > 1, None, None, None, None, None)
    eliminated, left = lose(book, held[loser])
    place = len(teams) if eliminated else None
    fans = book.edition.playoffs.points[players][place - 1] if place else None
    return RoundResult(
        weakest,
        len(weakest) > 1,
        loser,
        "eliminated" if eliminated else "ticket",
        left,
        place,
        fans,
    )


def lose(book: RuleBook, tickets: int) -> tuple[bool, int]:
    """(eliminated, tickets left) for a manager who loses a round holding `tickets`."""
    if book.edition.playoffs.eliminated_when is TicketLoss.NO_TICKET_TO_GIVE:
        return tickets == 0, max(tickets - 1, 0)
    return tickets <= 1, max(tickets - 1, 0)


def _tickets(
    book: RuleBook,
    players: int,
    teams: Mapping[str, Sequence[str]],
    tickets: Mapping[str, int] | None,
) -> dict[str, int]:
    start = book.edition.playoffs.tickets[players]
    held = dict.fromkeys(teams, start)
    for name, count in (tickets or {}).items():
        if name not in teams:
            raise InputError(f"tickets name '{name}', who has no team in this round")
        if count < 0:
            raise InputError(f"'{name}' cannot hold {count} tickets")
        held[name] = count
    return held


def _shootout_loser(
    book: RuleBook,
    players: int,
    weakest: Sequence[str],
    teams: Mapping[str, Sequence[int]],
    shootout: Mapping[str, str] | None,
) -> str | None:
    shootout = shootout or {}
    for name in shootout:
        if name not in weakest:
            raise RuleViolation(
                "shootout", f"'{name}' is not tied as weakest and plays no shootout"
            )
    if any(name not in shootout for name in weakest):
        return None
    cards = {name: book.card_index(card) for name, card in shootout.items()}
    in_teams = {p for team in teams.values() for p in team}
    for name, card in cards.items():
        if card in in_teams:
            raise RuleViolation(
                "shootout", f"'{name}' shoots with {book.cards[card].id}, a card in a team"
            )
    if len(set(cards.values())) != len(cards):
        raise RuleViolation("shootout", "two managers shoot with the same card")
    return min(weakest, key=lambda name: card_key(book, cards[name], players))


def _no_card_twice(hands: Mapping[str, Sequence[int]], book: RuleBook) -> None:
    owner: dict[int, str] = {}
    for name, cards in hands.items():
        for card in cards:
            if card in owner:
                raise InputError(
                    f"card '{book.cards[card].id}' is held by both '{owner[card]}' and '{name}'"
                )
            owner[card] = name


# --- the state machine -----------------------------------------------------


class Phase(Enum):
    """What the playoffs wait for."""

    TEAMS = "teams"
    """Every manager still in chooses a team from their hand (first round)."""
    SHOOTOUT = "shootout"
    """The managers tied as weakest each play one card."""
    SUBSTITUTION = "substitution"
    """Every manager still in swaps 2 to 4 team cards for bench cards."""
    OVER = "over"


class Manager(NamedTuple):
    """One manager in the playoffs."""

    name: str
    hand: tuple[int, ...]
    """Cards held and not in the team (the bench), by position."""
    team: tuple[int, ...]
    tickets: int
    place: int | None = None
    """Final playoff place once out (or the winner's 1)."""
    fans: int = 0
    """Playoff fans of the place."""
    bonus: int = 0
    """Ticket bonus (the winner only)."""


@dataclass(frozen=True)
class Elimination:
    """A manager who left the playoffs, and why."""

    manager: str
    place: int
    reason: str
    """'lost the round', or 'could not substitute'."""


@dataclass(frozen=True)
class RoundRecord:
    """What happened in one round."""

    number: int
    weakest: tuple[str, ...]
    shootout: Mapping[str, int]
    """The card each tied manager shot with, by position."""
    losers: tuple[str, ...]
    """Usually one; several only when tied managers had no card to shoot."""
    eliminations: tuple[Elimination, ...]


class PlayoffState(NamedTuple):
    """The whole playoffs at one moment."""

    book: RuleBook
    players: int
    managers: tuple[Manager, ...]
    phase: Phase
    round: int
    """Number of the round being played or just played (1-based)."""
    tied: tuple[str, ...] = ()
    """Managers who must shoot (phase SHOOTOUT)."""
    history: tuple[RoundRecord, ...] = ()

    def manager(self, name: str) -> Manager:
        """A manager by name."""
        for manager in self.managers:
            if manager.name == name:
                return manager
        raise InputError(f"no manager called '{name}' in these playoffs")

    @property
    def still_in(self) -> tuple[str, ...]:
        """Managers without a place yet."""
        return tuple(m.name for m in self.managers if m.place is None)

    @property
    def winner(self) -> str | None:
        """The manager in 1st place, once the playoffs are over."""
        return next((m.name for m in self.managers if m.place == 1), None)


def start_playoffs(
    book: RuleBook, hands: Mapping[str, Sequence[int]], tickets: Mapping[str, int] | None = None
) -> PlayoffState:
    """Playoffs for managers holding `hands` (their whole benches, card positions), tickets
    from the edition."""
    players = len(hands)
    check_players(book.game, players)
    for name, cards in hands.items():
        book.check_distinct(cards, f"the hand of '{name}'")
    _no_card_twice(hands, book)
    held = _tickets(book, players, dict.fromkeys(hands, ()), tickets)
    managers = tuple(Manager(name, tuple(cards), (), held[name]) for name, cards in hands.items())
    return PlayoffState(book, players, managers, Phase.TEAMS, 1)


def choose_teams(state: PlayoffState, teams: Mapping[str, Sequence[int]]) -> PlayoffState:
    """Every manager still in reveals a team from their hand; the round is then decided."""
    _expect(state, Phase.TEAMS, "teams")
    _everyone(state, teams, "team")
    book = state.book
    managers = []
    for manager in state.managers:
        if manager.place is not None:
            managers.append(manager)
            continue
        team = tuple(teams[manager.name])
        book.check_team(team, f"the team of '{manager.name}'")
        missing = [book.card_name(card) for card in team if card not in manager.hand]
        if missing:
            raise RuleViolation("team", f"'{manager.name}' does not hold {', '.join(missing)}")
        hand = tuple(card for card in manager.hand if card not in team)
        managers.append(manager._replace(team=team, hand=hand))
    return _decide(state._replace(managers=tuple(managers)))


def play_shootout(state: PlayoffState, cards: Mapping[str, int]) -> PlayoffState:
    """The tied managers each play one card from their bench; the weakest card loses.

    A tied manager with an empty bench cannot shoot and loses; if several
    cannot, they all lose the round (see docs/rules.md).
    """
    _expect(state, Phase.SHOOTOUT, "shootout cards")
    for name in cards:
        if name not in state.tied:
            raise RuleViolation(
                "shootout", f"'{name}' is not tied as weakest and plays no shootout"
            )
    empty = [name for name in state.tied if not state.manager(name).hand]
    missing = [name for name in state.tied if name not in cards and name not in empty]
    if missing:
        raise RuleViolation("shootout", f"{', '.join(missing)} must play a shootout card too")
    for name, card in cards.items():
        if card not in state.manager(name).hand:
            shot = state.book.card_name(card)
            raise RuleViolation("shootout", f"'{name}' has no {shot} on the bench")
    losers = empty or [
        min(cards, key=lambda name: card_key(state.book, cards[name], state.players))
    ]
    managers = tuple(
        m._replace(hand=tuple(c for c in m.hand if c != cards[m.name])) if m.name in cards else m
        for m in state.managers
    )
    return _lose(state._replace(managers=managers), state.tied, dict(cards), losers)


class Substitution(NamedTuple):
    """Team cards going out and bench cards coming in, by position."""

    out: tuple[int, ...]
    into: tuple[int, ...]


def substitute(state: PlayoffState, swaps: Mapping[str, Substitution]) -> PlayoffState:
    """Every manager still in swaps 2 to 4 cards; then the next round is decided."""
    _expect(state, Phase.SUBSTITUTION, "substitutions")
    _everyone(state, swaps, "substitution")
    managers = []
    for manager in state.managers:
        if manager.place is not None:
            managers.append(manager)
            continue
        swap = swaps[manager.name]
        _check_swap(state, manager, swap)
        team = tuple(c for c in manager.team if c not in swap.out) + tuple(swap.into)
        hand = tuple(c for c in manager.hand if c not in swap.into)
        managers.append(manager._replace(team=team, hand=hand))
    return _decide(state._replace(managers=tuple(managers), round=state.round + 1))


def _check_swap(state: PlayoffState, manager: Manager, swap: Substitution) -> None:
    name, out, into = manager.name, swap.out, swap.into
    if len(out) != len(into):
        raise RuleViolation(
            "substitution", f"'{name}' takes out {len(out)} cards but brings in {len(into)}"
        )
    if not MIN_SWAP <= len(out) <= MAX_SWAP:
        raise RuleViolation(
            "substitution",
            f"'{name}' swaps {len(out)} card(s); a substitution swaps {MIN_SWAP} to {MAX_SWAP}",
        )
    for cards, where, held in ((out, "team", manager.team), (into, "bench", manager.hand)):
        if len(set(cards)) != len(cards):
            raise RuleViolation("substitution", f"'{name}' names the same {where} card twice")
        missing = [state.book.card_name(c) for c in cards if c not in held]
        if missing:
            raise RuleViolation(
                "substitution", f"'{name}' has no {', '.join(missing)} in the {where}"
            )


def _expect(state: PlayoffState, phase: Phase, what: str) -> None:
    if state.phase is not phase:
        raise RuleViolation(
            "phase", f"{what} are not expected now; the playoffs wait for {state.phase.value}"
        )


def _everyone(state: PlayoffState, moves: Mapping[str, object], what: str) -> None:
    for name in moves:
        if name not in state.still_in:
            raise RuleViolation(what, f"'{name}' is not in the playoffs any more")
    missing = [name for name in state.still_in if name not in moves]
    if missing:
        raise RuleViolation(what, f"{', '.join(missing)} must choose a {what} too")


def _decide(state: PlayoffState) -> PlayoffState:
    """Compare the teams still in; the weakest loses, or the tied weakest shoot."""
    book, players = state.book, state.players
    keys = {
        m.name: team_key(book, team_code(book, m.team), players)
        for m in state.managers
        if m.place is None
    }
    weakest = tuple(name for name, key in keys.items() if key == min(keys.values()))
    if len(weakest) > 1:
        return state._replace(phase=Phase.SHOOTOUT, tied=weakest)
    return _lose(state, weakest, {}, weakest)


def _lose(
    state: PlayoffState, weakest: tuple[str, ...], shootout: dict[str, int], losers: Sequence[str]
) -> PlayoffState:
    """Apply a lost round, then the substitution check, and finish when one is left."""
    book, players = state.book, state.players
    remaining = len(state.still_in)
    managers = list(state.managers)
    out = []
    for loser in losers:
        eliminated, left = lose(book, state.manager(loser).tickets)
        managers = [m._replace(tickets=left) if m.name == loser else m for m in managers]
        if eliminated:
            out.append(loser)
    eliminations = [Elimination(name, remaining, "lost the round") for name in out]
    managers = _place(managers, out, remaining, book, players)
    # Whoever cannot substitute two cards is out, all of them together.
    still_in = [m for m in managers if m.place is None]
    if len(still_in) > 1:
        stuck = [m.name for m in still_in if len(m.hand) < MIN_SWAP]
        if stuck:
            open_place = len(still_in)
            eliminations += [
                Elimination(name, open_place, "could not substitute") for name in stuck
            ]
            managers = _place(managers, stuck, open_place, book, players)
    record = RoundRecord(state.round, weakest, shootout, tuple(losers), tuple(eliminations))
    after = state._replace(managers=tuple(managers), tied=(), history=(*state.history, record))
    survivors = after.still_in
    if len(survivors) > 1:
        return after._replace(phase=Phase.SUBSTITUTION)
    if survivors:
        winner = after.manager(survivors[0])
        bonus = book.edition.playoffs.ticket_bonus.get(players, 0) * winner.tickets
        first = winner._replace(place=1, fans=_points(book, players, 1), bonus=bonus)
        after = after._replace(
            managers=tuple(first if m.name == winner.name else m for m in managers)
        )
    return after._replace(phase=Phase.OVER)


def _place(
    managers: list[Manager], names: Sequence[str], place: int, book: RuleBook, players: int
) -> list[Manager]:
    """Give the managers eliminated together, while `place` managers were still in, their
    place: the lowest still open, or the best of those they take (the edition's
    `eliminated_together`)."""
    if book.edition.playoffs.together_best:
        place -= max(len(names) - 1, 0)
    fans = _points(book, players, place)
    return [m._replace(place=place, fans=fans) if m.name in names else m for m in managers]


def _points(book: RuleBook, players: int, place: int) -> int:
    return book.edition.playoffs.points[players][place - 1]
