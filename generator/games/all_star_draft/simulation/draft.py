"""One round's draft, in each way the editions draft: passing hands, duel and market.

`DraftRound` holds the round while it is drafted: every card a bot takes is
checked against what it was offered, goes onto a bench, and is recorded;
cards nobody keeps are recorded as dropped. Cards are their positions in
the rule book. The rules of each way are in docs/simulation.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.games.all_star_draft.model import Arena
from generator.games.all_star_draft.rules import Lineup, RuleBook
from generator.games.all_star_draft.simulation.bots import Bot, SeasonView
from generator.plugin_api import DraftdeckError


class IllegalMove(DraftdeckError):
    """A bot broke a rule: a bug in the bot, reproducible from the seed."""


@dataclass
class DraftRound:
    """The table during one round's draft (mutable while the round is drafted)."""

    book: RuleBook
    round: int
    arenas: tuple[Arena, ...]
    bots: Sequence[Bot]
    rngs: Sequence[random.Random]
    seed: int
    lineups: list[Lineup]
    picks: list[list[int]]
    """Every card each seat received, in order, over the whole game."""
    dropped: list[int]
    """Cards nobody kept, over the whole game."""
    taken: list[list[int]] = field(default_factory=list)
    """Cards each seat received this round."""
    benches: list[list[int]] = field(default_factory=list)
    """Each seat's bench as the round's draft fills it (the lineups' benches after `close`)."""
    views: list[SeasonView] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.taken = [[] for _ in self.bots]
        self.benches = [list(lineup.bench) for lineup in self.lineups]
        players = len(self.bots)
        self.views = [
            SeasonView(self.book, players, self.round, lineup, self.arenas, self.rngs[seat])
            for seat, lineup in enumerate(self.lineups)
        ]

    @property
    def seats(self) -> range:
        """Every seat number, from 0."""
        return range(len(self.bots))

    def view(self, seat: int) -> SeasonView:
        """What the bot at `seat` sees, made again only when its bench has changed (a bench
        changes only by a card added or taken away, so by its length)."""
        view = self.views[seat]
        bench = self.benches[seat]
        if len(view.lineup.bench) != len(bench):
            book, players, number, lineup, arenas, rng = view
            lineup = Lineup(lineup.teams, tuple(bench))
            view = self.views[seat] = SeasonView(book, players, number, lineup, arenas, rng)
        return view

    def receive(self, seat: int, card: int) -> None:
        """Put a card on a seat's bench."""
        self.benches[seat].append(card)
        self.picks[seat].append(card)
        self.taken[seat].append(card)

    def choose(self, seat: int, offered: Sequence[int], card: int, what: str) -> int:
        """Check that a bot's card was offered to it."""
        if card not in offered:
            raise IllegalMove(
                f"{self.bots[seat].name} {what} {self.book.card_name(card)}, which it was not "
                f"offered (round {self.round}, seed {self.seed})"
            )
        return card

    def close(self) -> None:
        """Write the benches the draft filled back into the lineups."""
        for seat, bench in enumerate(self.benches):
            self.lineups[seat] = Lineup(self.lineups[seat].teams, tuple(bench))


def pass_hands(table: DraftRound, hands: list[list[int]], step: int, picks: int) -> None:
    """Take one card, pass the rest to the neighbour `step` seats on, until `picks` are taken.

    What is left in the hands afterwards is dropped.
    """
    count = len(hands)
    taken = 0  # by every seat: each takes one card a turn
    while taken < picks and all(hands):
        for seat, bot in enumerate(table.bots):
            hand = hands[seat]
            card = table.choose(seat, hand, bot.pick(table.view(seat), tuple(hand)), "drafted")
            hand.remove(card)
            table.receive(seat, card)
        taken += 1
        hands[:] = [hands[(seat - step) % count] for seat in range(count)]
    table.dropped.extend(card for hand in hands for card in hand)
    table.close()


def duel(table: DraftRound, hands: list[list[int]], picks: int) -> None:
    """Take one card; then of two more keep one and give one to the opponent; pass; repeat."""
    while min(len(t) for t in table.taken) < picks and any(hands):
        for seat, bot in enumerate(table.bots):
            hand = hands[seat]
            if not hand:
                continue
            card = table.choose(seat, hand, bot.pick(table.view(seat), tuple(hand)), "drafted")
            hand.remove(card)
            table.receive(seat, card)
            if len(hand) >= 2:
                keep, give = bot.keep_and_give(table.view(seat), tuple(hand))
                table.choose(seat, hand, keep, "kept")
                table.choose(seat, [c for c in hand if c != keep], give, "gave")
                hand.remove(keep)
                hand.remove(give)
                table.receive(seat, keep)
                table.receive(1 - seat, give)
        hands.reverse()
    table.dropped.extend(card for hand in hands for card in hand)
    table.close()


def market(table: DraftRound, deck: list[int], reveal: int, picks: int, first: int) -> None:
    """Turn `reveal` cards face up; the managers take one each, `first` first, alternating."""
    while min(len(t) for t in table.taken) < picks and len(deck) >= reveal:
        shown = deck[:reveal]
        del deck[:reveal]
        for seat in (first, 1 - first):
            bot = table.bots[seat]
            card = table.choose(seat, shown, bot.pick(table.view(seat), tuple(shown)), "took")
            shown.remove(card)
            table.receive(seat, card)
        table.dropped.extend(shown)
        first = 1 - first
    table.close()


def discard(table: DraftRound, count: int) -> list[list[int]]:
    """Each manager discards `count` of the cards they drafted this round; returns them by seat."""
    discarded: list[list[int]] = [[] for _ in table.seats]
    for seat, bot in enumerate(table.bots):
        for _ in range(count):
            bench = table.benches[seat]
            offered = [c for c in table.taken[seat] if c in bench]
            card = table.choose(
                seat, offered, bot.discard(table.view(seat), tuple(offered)), "discarded"
            )
            bench.remove(card)
            discarded[seat].append(card)
    table.close()
    return discarded
