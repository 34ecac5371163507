"""Extraliga All-Stars: the strength of a lineup, and the best lineup a set of cards allows.

Rulings E1-E5 of docs/rules-extraliga.md. A lineup is an offence trio and
a defence trio, each three slots in the order trios.yaml gives (LW, C, RW;
D, D, G). In each trio a player in the slot of his position adds 1, and
each two players in linked slots (trios.yaml's `links`: the neighbours in
the row, as the rulebook says) from the same club add 1; a legend has no
club and pairs with everyone of his trio, linked or not, and so does
everyone under the 100 % synergy event. A trio's strength is at most 6. A
card laid face down in goal, allowed only when the manager has no goalie,
counts 1 and pairs with no one.

The engine works on compact state: what a card is worth in a trio depends
only on its position and club, its *kind*, a small integer. The rules
themselves (a trio's strength, the best placement, the best lineup) are
compiled kernels in `lineup_kernels`, which remember each kind of group's
value once per `LineupRules`; this module turns cards into kinds and the
kernels' answers back into lineups.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from itertools import combinations
from typing import Any

import numpy as np

from generator.games.extraliga_all_stars import lineup_kernels as kernels
from generator.games.extraliga_all_stars.lineup_kernels import (
    CLUBS_STRIDE,
    FOUND,
    LINKED,
    PATTERNS,
    SETTINGS,
    Change,
    Question,
    Shapes,
)
from generator.plugin_api import InputError


class Position(Enum):
    """Where a hockey player plays, as printed on his card."""

    LW = "LW"
    C = "C"
    RW = "RW"
    D = "D"
    G = "G"


class Bonus(Enum):
    """The bonus printed on a hockey-player card, if any."""

    PLUS = "plus"
    """+1 to one of your dice."""
    REROLL = "reroll"
    """Re-roll one of your dice."""
    MINUS = "minus"
    """-1 to one of the opponent's dice."""
    REROLL_OTHER = "reroll-other"
    """Re-roll one of the opponent's dice."""


OWN_DICE = frozenset({Bonus.PLUS, Bonus.REROLL})
"""Bonuses an offence player uses on his side's dice; the others act on the opponent's."""

TRIO = 3
"""Players in a trio."""
MAX_CARDS = 12
"""The cards a manager builds from: six in the lineup, six on the bench."""

_POSITIONS = tuple(Position)


@dataclass(frozen=True)
class Player:
    """A hockey-player card as the lineup rules see it."""

    id: str
    position: Position
    club: str | None
    """None for a legend, who has no club."""
    bonus: Bonus | None = None
    club_number: int = 0
    """The club as a number from 1, as the deck numbers its clubs; 0 for a legend. Cards
    pair by club where their numbers are equal: the rules never read the name."""
    kind: int = field(init=False, repr=False, compare=False)
    """Position and club as one number from 1: all a card is worth in a trio."""

    def __post_init__(self) -> None:
        if (self.club is None) != (self.club_number == 0) or self.club_number < 0:
            raise InputError(
                f"card '{self.id}' has club {self.club!r} numbered {self.club_number}: a club "
                "is numbered from 1, a legend (no club) 0"
            )
        kind = 1 + _POSITIONS.index(self.position) + CLUBS_STRIDE * self.club_number
        object.__setattr__(self, "kind", kind)

    @property
    def legend(self) -> bool:
        """Legends pair with everyone of their trio."""
        return self.club is None

    def __hash__(self) -> int:
        """By id alone: cheap, and equal cards have equal ids."""
        return hash(self.id)


@dataclass(frozen=True)
class TrioRules:
    """A trio's slots in order, and which two slots link (trios.yaml)."""

    id: str
    slots: tuple[Position, ...]
    links: frozenset[tuple[int, int]]
    """Slot pairs (0-based, lower first) whose players pair when they share a club."""

    def __post_init__(self) -> None:
        if len(self.slots) != TRIO:
            raise InputError(f"the {self.id} trio has {len(self.slots)} slots, not {TRIO}")

    @property
    def goalie_slot(self) -> int | None:
        """The slot a card may lie face down in, if this trio has the goalie's."""
        return self.slots.index(Position.G) if Position.G in self.slots else None

    @cached_property
    def shape(self) -> tuple[Any, Any, int]:
        """The trio as the kernels read it: each slot's position number, whether each two
        slots link (in the order of lineup_kernels.LINKED), and the goalie's slot or -1."""
        slots = np.array([_POSITIONS.index(p) for p in self.slots], np.int64)
        links = np.array([pair in self.links for pair in LINKED], np.int64)
        goalie = self.goalie_slot
        return slots, links, -1 if goalie is None else goalie


NEIGHBOURS = frozenset({(0, 1), (1, 2)})
"""The rulebook's words: a club links adjacent players of a trio."""
EVERY_PAIR = frozenset(combinations(range(TRIO), 2))
"""The other reading: every two players of a trio (one edit away in trios.yaml)."""


@dataclass(frozen=True)
class Lineup:
    """Six cards in their slots, in the order of the rules' trios."""

    offence: tuple[Player, ...]
    defence: tuple[Player, ...]
    face_down_goalie: bool = False
    """The card in goal lies face down (only when the manager has no goalie)."""

    @property
    def players(self) -> tuple[Player, ...]:
        """The six players, offence first."""
        return (*self.offence, *self.defence)


@dataclass(frozen=True)
class Strength:
    """What a lineup is worth."""

    offence: int
    """Dice the team rolls."""
    defence: int
    """What an opposing die must reach to be a goal."""

    @property
    def total(self) -> int:
        """Offence and defence together (the tiebreak at the end of the season)."""
        return self.offence + self.defence


@dataclass(frozen=True)
class LineupRules:
    """The two trios' shapes, and the lineup questions answered by them.

    Groups of cards are valued once per kind of group and remembered (`memo`),
    so a season asks the same question of many lineups at the price of a
    lookup.
    """

    offence: TrioRules
    defence: TrioRules
    memo: Any = field(
        default_factory=lambda: np.full((SETTINGS, PATTERNS), -1, np.int8),
        init=False,
        repr=False,
        compare=False,
        hash=False,
    )
    """Each kind of group's value in each trio and setting, -1 where not yet known."""

    def __post_init__(self) -> None:
        if self.offence.goalie_slot is not None:
            raise InputError("the goalie's slot belongs in the defence trio")

    def __reduce__(self) -> tuple[type, tuple[TrioRules, TrioRules]]:
        """Pickled without what it remembers, which it can work out again."""
        return (LineupRules, (self.offence, self.defence))

    @cached_property
    def shapes(self) -> tuple[Any, Any, Any]:
        """Both trios as the search kernels read them: `Shapes` as a plain tuple."""
        rows = (self.offence.shape, self.defence.shape)
        shapes = Shapes(
            np.array([r[0] for r in rows], np.int64),
            np.array([r[1] for r in rows], np.int64),
            np.array([r[2] for r in rows], np.int64),
        )
        return tuple(shapes)

    def trio_strength(
        self,
        players: Sequence[Player],
        trio: TrioRules,
        face_down: bool = False,
        everyone: bool = False,
        absent: Collection[str] = (),
    ) -> int:
        """Slots filled by their position, plus pairs in synergy, at most 6.

        With `face_down`, the player in the goalie's slot is a face-down
        stand-in: he counts 1 and pairs with no one (ruling E3). Players whose
        ids are `absent` (sent off for the match) leave their slot empty: 0,
        and no pairs (ruling E12).
        """
        placed = kinds_of(players, absent)
        slots, links, goalie = trio.shape
        return int(kernels.order_value(placed, slots, links, goalie if face_down else -1, everyone))

    def strength(
        self, lineup: Lineup, everyone: bool = False, absent: Collection[str] = ()
    ) -> Strength:
        """The offence and defence of a lineup; `everyone` is the 100 % synergy event, and
        the `absent` ids are players sent off for the match."""
        placed = kinds_of(lineup.players, absent)
        slots, links, goalie = self.shapes
        down = int(goalie[1]) if lineup.face_down_goalie else -1
        offence, defence = kernels.lineup_value(placed, down, everyone, slots, links)
        return Strength(int(offence), int(defence))

    def check_lineup(self, lineup: Lineup, cards: Sequence[Player] | None = None) -> None:
        """Refuse a lineup the rules do not allow, naming the rule.

        `cards` are the manager's cards, when known: the lineup must come
        from them. A face-down goalie is refused when any card the manager is
        known to have is a goalie, the lineup's own cards included (E3, E5).
        """
        players = lineup.players
        if (len(lineup.offence), len(lineup.defence)) != (TRIO, TRIO):
            raise InputError(f"a lineup is two trios of {TRIO} players")
        ids = [p.id for p in players]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise InputError(f"card '{twice[0]}' is twice in the lineup; each card fills one slot")
        legends = [p.id for p in players if p.legend]
        if len(legends) > 1:
            raise InputError(
                f"the lineup has {len(legends)} legends ({', '.join(legends)}); "
                "at most one legend may be in the starting lineup"
            )
        if cards is not None:
            known = {p.id for p in cards}
            missing = [i for i in ids if i not in known]
            if missing:
                raise InputError(f"card '{missing[0]}' is not one of the manager's cards")
        if lineup.face_down_goalie:
            slot = self.defence.goalie_slot
            if slot is None:
                raise InputError("no slot of these trios takes a face-down goalie")
            goalies = [p.id for p in (*players, *(cards or ())) if p.position is Position.G]
            if goalies:
                raise InputError(
                    f"a card may lie face down in goal only when the manager has no goalie, "
                    f"and '{goalies[0]}' is a goalie: put him in goal face up"
                )

    def best_lineup(
        self,
        cards: Sequence[Player],
        everyone: bool = False,
        current: Collection[str] = (),
        leave: tuple[int, int] = (0, 6),
    ) -> tuple[Lineup, Strength]:
        """The lineup with the highest offence plus defence the cards allow (ruling E4).

        Among equal totals the higher defence wins, then the trios of the
        cards given first. In a lineup change, between `leave[0]` and
        `leave[1]` of the `current` lineup's card ids go to the bench. Exact:
        every trio is valued (once per kind of trio), then every two disjoint
        trios with at most one legend between them are compared, best first,
        stopping when no pair left can reach the best found.
        """
        _check_cards(cards)
        low, high = leave
        kept = 0
        if current:
            staying = set(current)
            kept = sum(1 << n for n, p in enumerate(cards) if p.id in staying)
        found = np.zeros(FOUND, np.int64)
        question = Question(everyone, stand_in=True, partial=False, lineup=True)
        change = Change(kept, low, high)
        total = kernels.search(
            kinds_of(cards), tuple(question), tuple(change), self.shapes, self.memo, found
        )
        if total < 0:
            if (low, high) != (0, 6):
                raise InputError(f"no lineup of these cards changes {low} to {high} of its players")
            raise InputError("no lineup is possible: every choice of six cards has two legends")
        a, b, c, d, e, f, attack, guard, down = found.tolist()
        lineup = Lineup((cards[a], cards[b], cards[c]), (cards[d], cards[e], cards[f]), down == 1)
        return lineup, Strength(attack, guard)

    def draft_strength(self, cards: Sequence[Player], everyone: bool = False) -> int:
        """The best offence plus defence of at most 12 cards, slots left empty where the
        cards do not fill them (a manager's worth while drafting)."""
        return self.draft_values(cards[:-1], cards[-1:], everyone)[0] if cards else 0

    def draft_values(
        self, drafted: Sequence[Player], options: Sequence[Player], everyone: bool = False
    ) -> list[int]:
        """`draft_strength` of the drafted cards with each of the options added, in one go."""
        if len(drafted) + 1 > MAX_CARDS:
            raise InputError(f"a manager drafts at most {MAX_CARDS} cards")
        values = kernels.draft_values(
            kinds_of(drafted), kinds_of(options), everyone, self.shapes, self.memo
        )
        return [int(v) for v in values]

    def usable_bonuses(self, lineup: Lineup, absent: Collection[str] = ()) -> tuple[Bonus, ...]:
        """The bonuses a lineup can play in a match (ruling E7): an offence player's if it
        acts on his side's dice, a defence player's if it acts on the opponent's; a
        face-down goalie shows none, and players sent off (`absent` ids) play none."""
        down = self.defence.goalie_slot if lineup.face_down_goalie else None
        usable = [p.bonus for p in lineup.offence if p.bonus in OWN_DICE and p.id not in absent]
        usable += [
            p.bonus
            for n, p in enumerate(lineup.defence)
            if n != down and p.bonus is not None and p.bonus not in OWN_DICE and p.id not in absent
        ]
        return tuple(b for b in usable if b is not None)

    def pairs(self, players: Sequence[Player], trio: TrioRules) -> list[tuple[Player, Player]]:
        """The pairs in synergy of a trio in slot order (no event, no one face down)."""
        return [
            (players[i], players[j])
            for i, j in combinations(range(len(players)), 2)
            if kernels.pairs_with(players[i].kind, players[j].kind, (i, j) in trio.links, False)
        ]


def kinds_of(cards: Sequence[Player], absent: Collection[str] = ()) -> Any:
    """The cards' kinds, as the kernels read them (0 for a card `absent`: an empty slot)."""
    if absent:
        return np.array([0 if p.id in absent else p.kind for p in cards], np.int64)
    return np.array([p.kind for p in cards], np.int64)


def _check_cards(cards: Sequence[Player]) -> None:
    if not 6 <= len(cards) <= MAX_CARDS:
        raise InputError(f"a lineup is built from 6 to {MAX_CARDS} cards, got {len(cards)}")
    ids = [p.id for p in cards]
    if len(set(ids)) < len(ids):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        raise InputError(f"card '{twice[0]}' is given twice")


def standard_rules(links: frozenset[tuple[int, int]] = NEIGHBOURS) -> LineupRules:
    """The rulebook's trios (LW, C, RW; D, D, G) with the same links in both."""
    return LineupRules(
        TrioRules("offence", (Position.LW, Position.C, Position.RW), links),
        TrioRules("defence", (Position.D, Position.D, Position.G), links),
    )
