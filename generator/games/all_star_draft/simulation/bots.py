"""Bots: who decides each move of a simulated game.

A bot answers seven questions. The season ones get a `SeasonView` of their
own seat; the playoff ones get the playoff state and their name. Cards are
their positions in the rule book. Every answer is checked by the rules
engine, so a bot can be wrong but never cheat.

- `pick`: which card of the hand (or of the market) to draft;
- `keep_and_give` (duel): of the hand, a card to keep and one to give away;
- `discard`: which card drafted this round to discard (2-player modes);
- `exchanges`: which cards of earlier teams to exchange for bench cards;
- `new_team`: which five bench cards make the new team;
- `buses`: the bus of each team in play (bus n goes to the round's n-th arena);
- `playoff_team`, `shootout`, `substitution`: the playoff moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from generator.games.all_star_draft.model import Arena
from generator.games.all_star_draft.rules import (
    Exchange,
    Lineup,
    PlayoffState,
    RuleBook,
    Substitution,
    card_key,
)
from generator.games.all_star_draft.rules.best_team import bench_key, strongest_team
from generator.games.all_star_draft.rules.strength import team_code, team_key
from generator.games.all_star_draft.simulation.swaps import best_exchange, best_substitution


class SeasonView(NamedTuple):
    """What a manager sees of the regular season when deciding (cards by position)."""

    book: RuleBook
    players: int
    round: int
    lineup: Lineup
    arenas: tuple[Arena, ...]
    """This round's arenas, the top one first."""
    rng: random.Random
    """The bot's own random numbers, seeded from the game's seed."""


class Bot(Protocol):
    """The decisions a bot makes; see the module docstring."""

    name: str

    def pick(self, view: SeasonView, hand: tuple[int, ...]) -> int: ...
    def keep_and_give(self, view: SeasonView, hand: tuple[int, ...]) -> tuple[int, int]: ...
    def discard(self, view: SeasonView, drafted: tuple[int, ...]) -> int: ...
    def exchanges(self, view: SeasonView) -> Sequence[Exchange]: ...
    def new_team(self, view: SeasonView) -> Sequence[int]: ...
    def buses(self, view: SeasonView) -> Sequence[int]: ...
    def playoff_team(self, state: PlayoffState, me: str, rng: random.Random) -> Sequence[int]: ...
    def shootout(self, state: PlayoffState, me: str, rng: random.Random) -> int: ...
    def substitution(self, state: PlayoffState, me: str, rng: random.Random) -> Substitution: ...


class RandomBot:
    """Any legal move, chosen at random."""

    name = "random"

    def pick(self, view: SeasonView, hand: tuple[int, ...]) -> int:
        return view.rng.choice(hand)

    def keep_and_give(self, view: SeasonView, hand: tuple[int, ...]) -> tuple[int, int]:
        keep, give = view.rng.sample(hand, 2)
        return keep, give

    def discard(self, view: SeasonView, drafted: tuple[int, ...]) -> int:
        return view.rng.choice(drafted)

    def exchanges(self, view: SeasonView) -> Sequence[Exchange]:
        moves, bench = [], list(view.lineup.bench)
        for number, team in enumerate(view.lineup.teams, 1):
            if view.rng.random() < 0.5:
                out, into = view.rng.choice(team), view.rng.choice(bench)
                moves.append(Exchange(number, out, into))
                bench[bench.index(into)] = out
        return moves

    def new_team(self, view: SeasonView) -> Sequence[int]:
        return view.rng.sample(view.lineup.bench, view.book.team_size)

    def buses(self, view: SeasonView) -> Sequence[int]:
        return view.rng.sample(range(1, len(view.lineup.teams) + 1), len(view.lineup.teams))

    def playoff_team(self, state: PlayoffState, me: str, rng: random.Random) -> Sequence[int]:
        return rng.sample(state.manager(me).hand, state.book.team_size)

    def shootout(self, state: PlayoffState, me: str, rng: random.Random) -> int:
        return rng.choice(state.manager(me).hand)

    def substitution(self, state: PlayoffState, me: str, rng: random.Random) -> Substitution:
        manager = state.manager(me)
        count = rng.randint(2, min(4, len(manager.hand)))
        return Substitution(
            tuple(rng.sample(manager.team, count)), tuple(rng.sample(manager.hand, count))
        )


class GreedyBot:
    """The strongest team now: best-team for every team, no thought for later."""

    name = "greedy"

    def __init__(self) -> None:
        self._counted: tuple[tuple[int, ...], _Promise | None] = ((), None)
        """The last bench weighed, and its promise: a draft adds one card at a time,
        so the next bench usually starts with the last one."""

    def pick(self, view: SeasonView, hand: tuple[int, ...]) -> int:
        return self._promise(view).best_of(hand)[0]

    def keep_and_give(self, view: SeasonView, hand: tuple[int, ...]) -> tuple[int, int]:
        """Keep the card that helps most; give away the one that helps least."""
        ranked = sorted(hand, key=self._promise(view).with_card)
        return ranked[-1], ranked[0]

    def _promise(self, view: SeasonView) -> _Promise:
        bench = view.lineup.bench
        counted, promise = self._counted
        if (
            promise is None
            or promise.book is not view.book
            or promise.players != view.players
            or bench[: len(counted)] != counted
        ):
            promise, counted = _Promise(view.book, view.players), ()
        for card in bench[len(counted) :]:
            promise.add(card)
        self._counted = bench, promise
        return promise

    def discard(self, view: SeasonView, drafted: tuple[int, ...]) -> int:
        """The card whose loss leaves the bench looking strongest."""
        book, bench = view.book, view.lineup.bench

        def without(card: int) -> tuple[bool, int]:
            rest = [c for c in bench if c != card]
            return len(rest) >= book.team_size, bench_key(book, rest, view.players)

        return max(drafted, key=without)

    def exchanges(self, view: SeasonView) -> Sequence[Exchange]:
        """For each earlier team in turn, the exchange that makes it strongest, if any."""
        book = view.book
        moves, bench = [], list(view.lineup.bench)
        for number, team in enumerate(view.lineup.teams, 1):
            swap = best_exchange(book, team, bench, view.players)
            if swap is not None:
                out, into = swap
                moves.append(Exchange(number, out, into))
                bench[bench.index(into)] = out
        return moves

    def new_team(self, view: SeasonView) -> Sequence[int]:
        return strongest_team(view.book, view.lineup.bench, view.players)

    def buses(self, view: SeasonView) -> Sequence[int]:
        """The strongest team to the arena with the most fans for 1st place."""
        book, players, teams = view.book, view.players, view.lineup.teams
        keys = [team_key(book, team_code(book, team), players) for team in teams]
        by_strength = sorted(range(len(teams)), key=keys.__getitem__, reverse=True)
        by_fans = sorted(
            range(len(view.arenas)), key=lambda a: view.arenas[a].fans[0], reverse=True
        )
        buses = [0] * len(teams)
        for team, arena in zip(by_strength, by_fans, strict=True):
            buses[team] = arena + 1
        return buses

    def playoff_team(self, state: PlayoffState, me: str, rng: random.Random) -> Sequence[int]:
        return strongest_team(state.book, state.manager(me).hand, state.players)

    def shootout(self, state: PlayoffState, me: str, rng: random.Random) -> int:
        book = state.book
        return max(state.manager(me).hand, key=lambda c: card_key(book, c, state.players))

    def substitution(self, state: PlayoffState, me: str, rng: random.Random) -> Substitution:
        """The strongest team 2 to 4 swaps can make, with the fewest swaps."""
        manager = state.manager(me)
        return best_substitution(state.book, manager.team, manager.hand, state.players)


class _Promise:
    """How strong a bench looks with one more card: whether it can field a team, and
    the key of its best team (or, while too small for one, of its best group).

    The bench is a count per field (a list, indexed by field); a card is its
    fields with their group keys' low bits (`RuleBook.card_groups`)."""

    def __init__(self, book: RuleBook, players: int) -> None:
        self.book, self.players = book, players
        self.size = book.team_size
        self.groups = book.card_groups[players]
        self.counts = [0] * len(book.fields)
        self.cards = 0
        self.best = 0

    def add(self, card: int) -> None:
        """Put a card on the bench."""
        counts, size, best = self.counts, self.size, self.best
        for field, low in self.groups[card]:
            counts[field] += 1
            count = counts[field]
            key = ((count if count < size else size) << 12) | low
            if key > best:
                best = key
        self.best = best
        self.cards += 1

    def with_card(self, card: int) -> tuple[bool, int]:
        """The promise of the bench and `card`."""
        return self.cards + 1 >= self.size, self._best_with(card)

    def best_of(self, hand: Sequence[int]) -> tuple[int, int]:
        """The card of `hand` that promises most and the one that promises least (the first
        of equals in hand order)."""
        counts, size, best, groups = self.counts, self.size, self.best, self.groups
        top = bottom = -1
        high = low = 0
        for card in hand:  # `_best_with`, written out: the draft's innermost loop
            key = best
            for field, bits in groups[card]:
                count = counts[field] + 1
                grown = ((count if count < size else size) << 12) | bits
                if grown > key:
                    key = grown
            if top < 0 or key > high:
                top, high = card, key
            if bottom < 0 or key < low:
                bottom, low = card, key
        return top, bottom

    def _best_with(self, card: int) -> int:
        counts, size, best = self.counts, self.size, self.best
        for field, low in self.groups[card]:
            count = counts[field] + 1
            key = ((count if count < size else size) << 12) | low
            if key > best:
                best = key
        return best
