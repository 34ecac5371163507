"""Extraliga All-Stars bots: how a simulated manager drafts and sets his lineup.

- `random` takes any card, fields any legal lineup and plays coach cards at
  random;
- `greedy` takes the card that makes its best lineup so far strongest, and
  always fields its strongest lineup;
- `synergy` drafts for clubs and positions (a card scores for each card of
  its club it already has, for a position it still needs, and for a first
  legend), then fields its lineups as `greedy` does.

All bots play their bonuses in matches the same way (`dice.play_dice`), so
the report compares drafting and lineups, not dice play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from random import Random

from generator.games.extraliga_all_stars.lineup import Lineup, LineupRules, Player, Position
from generator.games.extraliga_all_stars.model import Card, Keyword

NEEDED = Counter({Position.LW: 2, Position.C: 2, Position.RW: 2, Position.D: 4, Position.G: 2})
"""Cards of each position the synergy bot wants among its twelve: two lineups' worth."""
ATTEMPTS = 100
"""Random lineups the random bot tries before it settles for the best (too many legends)."""


class Bot:
    """A manager's choices; the base class is the greedy bot."""

    name = "greedy"

    def __init__(self, rng: Random, rules: LineupRules) -> None:
        self.rng, self.rules = rng, rules

    def pick(self, hand: Sequence[Player], drafted: Sequence[Player]) -> int:
        """The index of the card to take from `hand`."""
        values = self.rules.draft_values(drafted, hand)
        return values.index(max(values))

    def lineup(
        self,
        cards: Sequence[Player],
        current: Lineup | None = None,
        leave: tuple[int, int] = (0, 6),
        everyone: bool = False,
    ) -> Lineup:
        """The lineup to field, changing between leave[0] and leave[1] of `current`'s players."""
        ids = _ids(current) if current else ()
        return self.rules.best_lineup(cards, everyone, ids, leave)[0]

    def sit_out(self, lineup: Lineup, choices: Sequence[Player], everyone: bool) -> Player:
        """Which of `choices` (lineup players) sits out the match."""
        return max(choices, key=lambda p: self.rules.strength(lineup, everyone, (p.id,)).total)

    def give_up(self, cards: Sequence[Player], choices: Sequence[Player]) -> Player:
        """Which of `choices` goes back to the box for the season."""
        return max(choices, key=lambda p: self._best_total([c for c in cards if c is not p]))

    def coaches(
        self, held: Sequence[Card], cards: Sequence[Player], lineup: Lineup, rounds_left: int
    ) -> list[Card]:
        """The coach cards to play this round: any that gains, and all in the last rounds."""
        hurry = rounds_left <= len(held)
        played = []
        now = self.rules.strength(lineup).total
        for card in held:
            if card.effect.keyword is Keyword.SYNERGY:
                gain = self.rules.strength(lineup, everyone=True).total - now
            else:
                gain = self.rules.strength(self.lineup(cards, lineup, (1, 1))).total - now
            if gain >= 2 or (hurry and gain >= 0):
                played.append(card)
        return played

    def _best_total(self, cards: Sequence[Player]) -> int:
        if len(cards) >= 6:
            return self.rules.best_lineup(cards)[1].total
        return self.rules.draft_strength(cards)


class RandomBot(Bot):
    """Random cards, random legal lineups, coach cards at random."""

    name = "random"

    def pick(self, hand: Sequence[Player], drafted: Sequence[Player]) -> int:
        """Any card."""
        return self.rng.randrange(len(hand))

    def lineup(
        self,
        cards: Sequence[Player],
        current: Lineup | None = None,
        leave: tuple[int, int] = (0, 6),
        everyone: bool = False,
    ) -> Lineup:
        """Random players in random slots, one legend at most, changing as `leave` asks."""
        kept = [p for p in current.players if p in cards] if current else []
        bench = [c for c in cards if c not in kept]
        going = self.rng.randint(leave[0], min(leave[1], len(kept))) if current else 0
        for _ in range(ATTEMPTS):
            stay = self.rng.sample(kept, len(kept) - going)
            six = [*stay, *self.rng.sample(bench, 6 - len(stay))]
            if sum(p.legend for p in six) <= 1:
                self.rng.shuffle(six)
                no_goalie = not any(p.position is Position.G for p in cards)
                return Lineup(tuple(six[:3]), tuple(six[3:]), no_goalie)
        return super().lineup(cards, current, leave, everyone)

    def sit_out(self, lineup: Lineup, choices: Sequence[Player], everyone: bool) -> Player:
        """Anyone of them."""
        return self.rng.choice(list(choices))

    def give_up(self, cards: Sequence[Player], choices: Sequence[Player]) -> Player:
        """Anyone of them."""
        return self.rng.choice(list(choices))

    def coaches(
        self, held: Sequence[Card], cards: Sequence[Player], lineup: Lineup, rounds_left: int
    ) -> list[Card]:
        """Each card with one chance in the rounds left."""
        return [card for card in held if self.rng.randrange(rounds_left) == 0]


class SynergyBot(Bot):
    """Drafts for clubs and positions; fields lineups as the greedy bot."""

    name = "synergy"

    def pick(self, hand: Sequence[Player], drafted: Sequence[Player]) -> int:
        """The card with the most club mates and the most needed position."""
        clubs = Counter(p.club for p in drafted if not p.legend)
        have = Counter(p.position for p in drafted)
        legends = any(p.legend for p in drafted)

        def score(card: Player) -> int:
            value = 2 if have[card.position] < NEEDED[card.position] else 0
            value += 3 if card.legend and not legends else 0
            return value + (2 * clubs[card.club] if not card.legend else 0)

        scores = [score(card) for card in hand]
        return scores.index(max(scores))


def _ids(lineup: Lineup) -> tuple[str, ...]:
    return tuple(p.id for p in lineup.players)
