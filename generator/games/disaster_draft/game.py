"""Disaster Draft: a whole game, from the opening draft to three victory points (rulings D1-D9).

Seats go round clockwise; every round of draws goes from the last battle's
winner (the opening die's winner at first). Before each battle everyone
draws one unit, hands below `refill_to` fill up, hands above `discard_to`
discard to the graveyard. The reward is the deck's top unit. Each player
sends one to three units (a bot chooses, as all players do at once) and
draws after the reveal by the number sent; the battle resolves
(`battle.resolve`); the winner takes the reward into hand and a victory
card from the deck, and wins the game at once on reaching the target,
before the graveyard chain (D7). An empty deck is the graveyard shuffled
(D8). A game stops after `max_battles` with the most victory points (D9).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Protocol

from generator.games.disaster_draft.battle import (
    Outcome,
    Place,
    graveyard_chain,
    resolve,
    winner_takes_reward,
)
from generator.games.disaster_draft.model import Deck, Unit


class Bot(Protocol):
    """How a simulated player decides."""

    def draft(self, options: Sequence[Unit], hand: Sequence[Unit], view: Table) -> int:
        """The index of the unit it takes from the revealed `options`."""

    def army(self, hand: Sequence[Unit], reward: Unit | None, view: Table) -> list[int]:
        """The indexes of the one to three units of its hand it sends into battle."""

    def discard(self, hand: Sequence[Unit], count: int, view: Table) -> list[int]:
        """The indexes of `count` units of its hand to discard."""

    def chain(self, options: Sequence[Place], outcome: Outcome) -> Place:
        """The enemy unit it sends to the graveyard."""


@dataclass(frozen=True)
class Table:
    """What a bot knows besides its hand: its seat, the players, and the whole deck (every
    unit of the game, for guessing what the others might send)."""

    seat: int
    """Its place in the battle's seat order (0: the player who starts); in the opening
    draft and when discarding, its seat at the table."""
    players: int
    deck: Deck


@dataclass
class Player:
    """A seat's hand and victory points."""

    seat: int
    hand: list[Unit] = field(default_factory=list)
    victory: int = 0


@dataclass(frozen=True)
class Played:
    """One army in one battle, for the balance report."""

    battle: int
    seat: int
    units: tuple[str, ...]
    held: tuple[str, ...]
    """The units in hand when the army was chosen (the sent ones included)."""
    won: bool


@dataclass(frozen=True)
class GameRecord:
    """A finished game."""

    victory: tuple[int, ...]
    winners: tuple[int, ...]
    battles: int
    played: tuple[Played, ...]
    instant: bool
    """Whether a player reached the target (rather than the battle limit ending the game)."""


class _Pile:
    """The deck, refilled from the graveyard when it runs out (D8)."""

    def __init__(self, units: list[Unit], rng: Random) -> None:
        self.cards = units
        self.graveyard: list[Unit] = []
        self.rng = rng

    def draw(self) -> Unit | None:
        if not self.cards and self.graveyard:
            self.cards, self.graveyard = self.graveyard, []
            self.rng.shuffle(self.cards)
        return self.cards.pop() if self.cards else None

    def deal(self, player: Player, count: int) -> None:
        for _ in range(count):
            card = self.draw()
            if card is None:
                return
            player.hand.append(card)


def play_game(deck: Deck, bots: Sequence[Bot], rng: Random) -> GameRecord:
    """One game between the bots, seat 0 first around the table."""
    rules, seats = deck.rules, len(bots)
    cards = list(deck.units.values())
    rng.shuffle(cards)
    pile = _Pile(cards, rng)
    players = [Player(seat) for seat in range(seats)]
    last = rng.randrange(seats)  # the opening d20: the highest roll, ties rolled again
    _opening_draft(pile, players, bots, deck, last, rules.reveal_per_player * seats)
    played: list[Played] = []
    for number in range(1, rules.max_battles + 1):
        order = [(last + step) % seats for step in range(seats)]
        for seat in order:
            pile.deal(players[seat], 1)
        for seat in order:
            pile.deal(players[seat], max(0, rules.refill_to - len(players[seat].hand)))
        for seat in order:
            _discard(pile, players[seat], bots[seat], Table(seat, seats, deck), rules.discard_to)
        reward = pile.draw()
        held = [tuple(u.id for u in players[seat].hand) for seat in order]
        armies = [
            _army(players[seat], bots[seat], reward, Table(place, seats, deck))
            for place, seat in enumerate(order)
        ]
        for place, seat in enumerate(order):
            if armies[place]:
                pile.deal(players[seat], rules.draws_after_reveal[len(armies[place]) - 1])
        outcome = resolve(armies, reward, rules.win_condition, table=deck.table)
        for place, seat in enumerate(order):
            pile.deal(players[seat], outcome.draws[place])
        won = None if outcome.winner is None else order[outcome.winner]
        played += (
            Played(number, seat, tuple(u.id for u in armies[place]), held[place], seat == won)
            for place, seat in enumerate(order)
            if armies[place]
        )
        if won is None:
            if reward is not None:
                pile.graveyard.append(reward)
        else:
            winner = players[won]
            if reward is not None and winner_takes_reward(outcome, rules.dead_reward_to_winner):
                winner.hand.append(reward)
            elif reward is not None:
                pile.graveyard.append(reward)  # it died in the battle (D5)
            pile.draw()  # the victory card leaves the game on the winner's pile
            winner.victory += 1
            last = won
            if winner.victory >= rules.victory_points:
                return _record(players, number, played, True)
        _after_battle(pile, players, bots, order, armies, outcome, rules.chain_counts_dead)
    return _record(players, rules.max_battles, played, False)


def _opening_draft(
    pile: _Pile, players: list[Player], bots: Sequence[Bot], deck: Deck, first: int, count: int
) -> None:
    """The revealed units are taken one at a time, clockwise from the opening die's winner."""
    options = [card for card in (pile.draw() for _ in range(count)) if card is not None]
    seat = first
    while options:
        pick = bots[seat].draft(options, players[seat].hand, Table(seat, len(players), deck))
        players[seat].hand.append(options.pop(pick))
        seat = (seat + 1) % len(players)


def _discard(pile: _Pile, player: Player, bot: Bot, view: Table, most: int) -> None:
    extra = len(player.hand) - most
    if extra <= 0:
        return
    chosen = sorted(set(bot.discard(player.hand, extra, view)), reverse=True)
    if len(chosen) != extra or not all(0 <= i < len(player.hand) for i in chosen):
        raise ValueError(f"a bot must discard {extra} distinct cards of its hand")
    for index in chosen:
        pile.graveyard.append(player.hand.pop(index))


def _army(player: Player, bot: Bot, reward: Unit | None, view: Table) -> list[Unit]:
    if not player.hand:
        return []
    chosen = sorted(set(bot.army(player.hand, reward, view)), reverse=True)
    if not 1 <= len(chosen) <= min(3, len(player.hand)) or chosen[0] >= len(player.hand):
        raise ValueError("a bot must send one to three distinct units of its hand")
    army = [player.hand.pop(index) for index in chosen]
    army.reverse()
    return army


def _after_battle(
    pile: _Pile,
    players: list[Player],
    bots: Sequence[Bot],
    order: list[int],
    armies: list[list[Unit]],
    outcome: Outcome,
    count_dead: bool,
) -> None:
    """The graveyard chain, then the dead to the graveyard and the rest back to hand."""
    chain = graveyard_chain(
        outcome, lambda chooser, options: bots[order[chooser]].chain(options, outcome), count_dead
    )
    gone = {place for _, place in chain}
    for place, seat in enumerate(order):
        for index, unit in enumerate(armies[place]):
            if outcome.alive[place][index] and (place, index) not in gone:
                players[seat].hand.append(unit)
            else:
                pile.graveyard.append(unit)


def _record(players: list[Player], battles: int, played: list[Played], instant: bool) -> GameRecord:
    victory = tuple(p.victory for p in players)
    best = max(victory)
    return GameRecord(
        victory,
        tuple(p.seat for p in players if p.victory == best),
        battles,
        tuple(played),
        instant,
    )
