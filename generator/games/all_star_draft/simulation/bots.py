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
        bench = view.lineup.bench
        return max(hand, key=lambda card: _promise(view.book, (*bench, card), view.players))

    def keep_and_give(self, view: SeasonView, hand: tuple[str, ...]) -> tuple[str, str]:
        """Keep the card that helps most; give away the one that helps least."""
        bench = view.lineup.bench
        ranked = sorted(hand, key=lambda c: _promise(view.book, (*bench, c), view.players))
        return ranked[-1], ranked[0]

    def discard(self, view: SeasonView, drafted: tuple[str, ...]) -> str:
        """The card whose loss leaves the bench looking strongest."""
        bench = list(view.lineup.bench)

        def without(card: str) -> tuple[int, int]:
            return _promise(view.book, [c for c in bench if c != card], view.players)

        return max(drafted, key=without)

    def exchanges(self, view: SeasonView) -> Sequence[Exchange]:
        book, players = view.book, view.players
        moves, bench = [], list(view.lineup.bench)
        for number, team in enumerate(view.lineup.teams, 1):
            now = _key(book, team, players)
            best: tuple[int, str, str] | None = None
            for out, into in itertools.product(team, bench):
                key = _key(book, [into if c == out else c for c in team], players)
                if key > now and (best is None or key > best[0]):
                    best = (key, out, into)
            if best is not None:
                moves.append(Exchange(number, best[1], best[2]))
                bench[bench.index(best[2])] = best[1]
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

    For each pair taken out, best-team over the rest of the team and the bench
    finds the strongest legal result, unless it drops the whole team (5 swaps).
    """
    best: tuple[int, Substitution] | None = None
    for pair in itertools.combinations(team, 2):
        kept = [c for c in team if c not in pair]
        cards, strength = best_team(book, (*kept, *hand), players)
        into = tuple(c for c in cards if c not in team)
        if len(into) == len(cards):
            continue  # would swap all five
        swap = Substitution(tuple(c for c in team if c not in cards), into)
        if best is None or strength.key > best[0]:
            best = (strength.key, swap)
    if best is not None:
        return best[1]
    pair_out, pair_in = max(
        ((o, i) for o in itertools.combinations(team, 2) for i in itertools.combinations(hand, 2)),
        key=lambda p: _key(book, [c for c in team if c not in p[0]] + list(p[1]), players),
    )
    return Substitution(pair_out, pair_in)


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}
"""Every bot by the name `--bots` uses."""


def _key(book: RuleBook, cards: Sequence[str], players: int) -> int:
    return evaluate(book, [book.card_index(c) for c in cards], players).key


def _promise(book: RuleBook, cards: Sequence[str], players: int) -> tuple[int, int]:
    """How strong a bench looks: its best team's key, or, while it is too small for a team,
    the key of its largest group (the packed counters hold up to 7 cards)."""
    if len(cards) >= book.team_size:
        return (1, _key(book, best_team(book, cards, players)[0], players))
    if not cards:
        return (0, 0)
    return (0, _key(book, cards, players))
