"""Bots: who decides each move of a simulated game.

A bot answers seven questions. The season ones get a `SeasonView` of their
own seat; the playoff ones get the playoff state and their name. Every answer
is checked by the rules engine, so a bot can be wrong but never cheat.

- `pick`: which card of the hand (or of the market) to draft;
- `keep_and_give` (duel): of the hand, a card to keep and one to give away;
- `discard`: which card drafted this round to discard (2-player modes);
- `exchanges`: which cards of earlier teams to exchange for bench cards;
- `new_team`: which five bench cards make the new team;
- `buses`: the bus of each team in play (bus n goes to the round's n-th arena);
- `playoff_team`, `shootout`, `substitution`: the playoff moves.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from generator.games.all_star_draft.model import Arena
from generator.games.all_star_draft.rules import (
    Exchange,
    Lineup,
    PlayoffState,
    RuleBook,
    Substitution,
    best_team,
    card_key,
    evaluate,
)
from generator.games.all_star_draft.rules.best_team import (
    bench_key,
    group_counts,
    group_keys,
    strongest_team,
)
from generator.games.all_star_draft.rules.strength import team_code, team_key


@dataclass(frozen=True)
class SeasonView:
    """What a manager sees of the regular season when deciding."""

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

    def pick(self, view: SeasonView, hand: tuple[str, ...]) -> str: ...
    def keep_and_give(self, view: SeasonView, hand: tuple[str, ...]) -> tuple[str, str]: ...
    def discard(self, view: SeasonView, drafted: tuple[str, ...]) -> str: ...
    def exchanges(self, view: SeasonView) -> Sequence[Exchange]: ...
    def new_team(self, view: SeasonView) -> Sequence[str]: ...
    def buses(self, view: SeasonView) -> Sequence[int]: ...
    def playoff_team(self, state: PlayoffState, me: str, rng: random.Random) -> Sequence[str]: ...
    def shootout(self, state: PlayoffState, me: str, rng: random.Random) -> str: ...
    def substitution(self, state: PlayoffState, me: str, rng: random.Random) -> Substitution: ...


class RandomBot:
    """Any legal move, chosen at random."""

    name = "random"

    def pick(self, view: SeasonView, hand: tuple[str, ...]) -> str:
        return view.rng.choice(hand)

    def keep_and_give(self, view: SeasonView, hand: tuple[str, ...]) -> tuple[str, str]:
        keep, give = view.rng.sample(hand, 2)
        return keep, give

    def discard(self, view: SeasonView, drafted: tuple[str, ...]) -> str:
        return view.rng.choice(drafted)

    def exchanges(self, view: SeasonView) -> Sequence[Exchange]:
        moves, bench = [], list(view.lineup.bench)
        for number, team in enumerate(view.lineup.teams, 1):
            if view.rng.random() < 0.5:
                out, into = view.rng.choice(team), view.rng.choice(bench)
                moves.append(Exchange(number, out, into))
                bench[bench.index(into)] = out
        return moves

    def new_team(self, view: SeasonView) -> Sequence[str]:
        return view.rng.sample(view.lineup.bench, view.book.team_size)

    def buses(self, view: SeasonView) -> Sequence[int]:
        return view.rng.sample(range(1, len(view.lineup.teams) + 1), len(view.lineup.teams))

    def playoff_team(self, state: PlayoffState, me: str, rng: random.Random) -> Sequence[str]:
        return rng.sample(state.manager(me).hand, state.book.team_size)

    def shootout(self, state: PlayoffState, me: str, rng: random.Random) -> str:
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

    def pick(self, view: SeasonView, hand: tuple[str, ...]) -> str:
        promise = _Promise(view.book, view.lineup.bench, view.players)
        return max(hand, key=promise.with_card)

    def keep_and_give(self, view: SeasonView, hand: tuple[str, ...]) -> tuple[str, str]:
        """Keep the card that helps most; give away the one that helps least."""
        ranked = sorted(hand, key=_Promise(view.book, view.lineup.bench, view.players).with_card)
        return ranked[-1], ranked[0]

    def discard(self, view: SeasonView, drafted: tuple[str, ...]) -> str:
        """The card whose loss leaves the bench looking strongest."""
        book, bench = view.book, view.lineup.bench

        def without(card: str) -> tuple[bool, int]:
            rest = [book.index[c] for c in bench if c != card]
            return len(rest) >= book.team_size, bench_key(book, rest, view.players)

        return max(drafted, key=without)

    def exchanges(self, view: SeasonView) -> Sequence[Exchange]:
        book, players, codes = view.book, view.players, view.book.codes
        moves, bench = [], [book.index[c] for c in view.lineup.bench]
        for number, team_ids in enumerate(view.lineup.teams, 1):
            team = [book.index[c] for c in team_ids]
            code = team_code(book, team)
            best = (team_key(book, code, players), -1, -1)
            for out, into in itertools.product(team, bench):
                key = team_key(book, code - codes[out] + codes[into], players)
                if key > best[0]:
                    best = (key, out, into)
            if best[1] >= 0:
                _, out, into = best
                moves.append(Exchange(number, book.cards[out].id, book.cards[into].id))
                bench[bench.index(into)] = out
        return moves

    def new_team(self, view: SeasonView) -> Sequence[str]:
        return best_team(view.book, view.lineup.bench, view.players)[0]

    def buses(self, view: SeasonView) -> Sequence[int]:
        """The strongest team to the arena with the most fans for 1st place."""
        book, players, teams = view.book, view.players, view.lineup.teams
        by_strength = sorted(
            range(len(teams)), key=lambda i: _key(book, teams[i], players), reverse=True
        )
        by_fans = sorted(
            range(len(view.arenas)), key=lambda a: view.arenas[a].fans[0], reverse=True
        )
        buses = [0] * len(teams)
        for team, arena in zip(by_strength, by_fans, strict=True):
            buses[team] = arena + 1
        return buses

    def playoff_team(self, state: PlayoffState, me: str, rng: random.Random) -> Sequence[str]:
        return best_team(state.book, state.manager(me).hand, state.players)[0]

    def shootout(self, state: PlayoffState, me: str, rng: random.Random) -> str:
        book = state.book
        return max(
            state.manager(me).hand,
            key=lambda c: card_key(book, book.card_index(c), state.players),
        )

    def substitution(self, state: PlayoffState, me: str, rng: random.Random) -> Substitution:
        """The strongest team reachable by swapping 2 to 4 cards.

        Aim at the best team of team and bench together. If that takes fewer
        than 2 swaps, also swap cards outside its shown group, or group cards
        for bench cards of the same value: neither can make it weaker. If
        neither exists, see `_best_forced_swap`.
        """
        book, manager = state.book, state.manager(me)
        team, hand = manager.team, manager.hand
        best, strength = best_team(book, (*team, *hand), state.players)
        out = [c for c in team if c not in best]
        into = [c for c in best if c not in team]

        def in_group(card: str) -> bool:
            value = book.cards[book.card_index(card)].value(strength.attribute)
            return value == strength.value

        kept = [c for c in best if c in team]
        for group_cards in (False, True):
            team_cards = [c for c in kept if in_group(c) == group_cards]
            bench_cards = [c for c in hand if c not in into and (in_group(c) or not group_cards)]
            while len(into) < 2 and team_cards and bench_cards:
                out.append(team_cards.pop())
                into.append(bench_cards.pop())
        if len(into) >= 2:
            return Substitution(tuple(out[:4]), tuple(into[:4]))
        return _best_forced_swap(book, team, hand, state.players)


def _best_forced_swap(
    book: RuleBook, team: Sequence[str], hand: Sequence[str], players: int
) -> Substitution:
    """The strongest team after taking out at least two team cards (2 to 4 swaps).

    For each pair taken out, the strongest team of the other three and the bench
    is the legal result, unless it drops the whole team (5 swaps): that is when
    its best group has five bench cards and none of the three. Its key is the
    key of that group (see `bench_key`), so only the winner is built.
    """
    team_at = [book.index[c] for c in team]
    hand_at = [book.index[c] for c in hand]
    on_bench = group_counts(book, hand_at)
    size, fields_of = book.team_size, book.card_fields
    best: tuple[int, list[int]] | None = None
    for pair in itertools.combinations(team_at, 2):
        kept = [p for p in team_at if p not in pair]
        counts = dict(on_bench)
        for position in kept:
            for field in fields_of[position]:
                counts[field] = counts.get(field, 0) + 1
        keys = group_keys(book, counts, players)
        field = max(keys, key=keys.__getitem__)
        if counts[field] == on_bench.get(field, 0) >= size:
            continue  # would swap all five
        if best is None or keys[field] > best[0]:
            best = (keys[field], kept)
    if best is not None:
        cards = strongest_team(book, (*best[1], *hand_at), players)
        out = tuple(p for p in team_at if p not in cards)
        return Substitution(_ids(book, out), _ids(book, [p for p in cards if p not in team_at]))
    return _best_two_for_two(book, team, hand, players)


def _best_two_for_two(
    book: RuleBook, team: Sequence[str], hand: Sequence[str], players: int
) -> Substitution:
    """The strongest team after swapping exactly two team cards for two bench cards."""
    codes = book.codes
    team_at = [book.index[c] for c in team]
    hand_at = [book.index[c] for c in hand]
    total = team_code(book, team_at)
    best: tuple[int, tuple[int, int], tuple[int, int]] | None = None
    for out in itertools.combinations(team_at, 2):
        kept = total - codes[out[0]] - codes[out[1]]
        for into in itertools.combinations(hand_at, 2):
            key = team_key(book, kept + codes[into[0]] + codes[into[1]], players)
            if best is None or key > best[0]:
                best = (key, out, into)
    assert best is not None, "a playoff team has five cards and a bench of at least two"
    return Substitution(_ids(book, best[1]), _ids(book, best[2]))


def _ids(book: RuleBook, positions: Sequence[int]) -> tuple[str, ...]:
    return tuple(book.cards[p].id for p in positions)


def _key(book: RuleBook, cards: Sequence[str], players: int) -> int:
    return evaluate(book, [book.card_index(c) for c in cards], players).key


class _Promise:
    """How strong a bench looks with one more card: whether it can field a team, and
    the key of its best team (or, while too small for one, of its best group)."""

    def __init__(self, book: RuleBook, bench: Sequence[str], players: int) -> None:
        self.book = book
        self.counts = group_counts(book, [book.index[c] for c in bench])
        self.keys = group_keys(book, self.counts, players)
        self.best = max(self.keys.values(), default=0)
        self.full = len(bench) + 1 >= book.team_size
        self.size, self.low = book.team_size, book.field_keys[players]

    def with_card(self, card: str) -> tuple[bool, int]:
        """The promise of the bench and `card`."""
        best, counts, low, size = self.best, self.counts, self.low, self.size
        fields = self.book.card_fields[self.book.index[card]]
        keys = [(min(counts.get(field, 0) + 1, size) << 12) | low[field] for field in fields]
        return self.full, max(best, *keys)
