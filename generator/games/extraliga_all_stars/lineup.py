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
only on its position and club, its *kind*, a small integer; a group of up
to three cards is one integer key, and each group's best value is computed
once per `LineupRules` and remembered.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from itertools import combinations, permutations

from generator.errors import InputError


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

MAX_STRENGTH = 6
TRIO = 3
"""Players in a trio."""
MAX_CARDS = 12
"""The cards a manager builds from: six in the lineup, six on the bench."""

_POSITIONS = tuple(Position)
_CLUBS: dict[str, int] = {}
"""Every club seen, as a small number from 1 (0 is 'no club': a legend)."""
_KIND_BITS = 12
"""A kind fits in 12 bits; three make a group's key."""


def _club_number(club: str | None) -> int:
    if club is None:
        return 0
    return _CLUBS.setdefault(club, len(_CLUBS) + 1)


@dataclass(frozen=True)
class Player:
    """A hockey-player card as the lineup rules see it."""

    id: str
    position: Position
    club: str | None
    """None for a legend, who has no club."""
    bonus: Bonus | None = None
    kind: int = field(init=False, repr=False, compare=False)
    """Position and club as one number from 1: all a card is worth in a trio."""

    def __post_init__(self) -> None:
        kind = 1 + _POSITIONS.index(self.position) + 8 * _club_number(self.club)
        object.__setattr__(self, "kind", kind)

    @property
    def legend(self) -> bool:
        """Legends pair with everyone of their trio."""
        return self.club is None

    def __hash__(self) -> int:
        """By id alone: cheap, and equal cards have equal ids."""
        return hash(self.id)

    def __reduce__(self) -> tuple[type, tuple[str, Position, str | None, Bonus | None]]:
        """Pickled without its kind, which each process numbers for itself."""
        return (Player, (self.id, self.position, self.club, self.bonus))


def _position_of(kind: int) -> Position:
    return _POSITIONS[(kind - 1) % 8]


def _club_of(kind: int) -> int:
    return (kind - 1) // 8


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


_Group = tuple[int, int, int, tuple[int, ...]]
"""A group of cards as a lineup search sees it: value, cards as index bits, legends, indices."""


@dataclass(frozen=True)
class LineupRules:
    """The two trios' shapes, and the lineup questions answered by them.

    Groups of cards are valued once per kind of group and remembered, so a
    season asks the same question of many lineups at the price of a lookup.
    """

    offence: TrioRules
    defence: TrioRules
    _values: dict[tuple[int, bool, bool], tuple[int, int]] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        if self.offence.goalie_slot is not None:
            raise InputError("the goalie's slot belongs in the defence trio")

    def __reduce__(self) -> tuple[type, tuple[TrioRules, TrioRules]]:
        """Pickled without what it remembers, which is numbered by kinds of this process."""
        return (LineupRules, (self.offence, self.defence))

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
        kinds = tuple(0 if p.id in absent else p.kind for p in players)
        down = trio.goalie_slot if face_down else None
        return _order_value(kinds, trio, down, everyone)

    def strength(
        self, lineup: Lineup, everyone: bool = False, absent: Collection[str] = ()
    ) -> Strength:
        """The offence and defence of a lineup; `everyone` is the 100 % synergy event, and
        the `absent` ids are players sent off for the match."""
        return Strength(
            self.trio_strength(lineup.offence, self.offence, False, everyone, absent),
            self.trio_strength(
                lineup.defence, self.defence, lineup.face_down_goalie, everyone, absent
            ),
        )

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
        stand_in = not any(p.position is Position.G for p in cards)
        offences, defences = self._groups(tuple(p.kind for p in cards), everyone, stand_in)
        low, high = leave
        kept = [1 << n for n, p in enumerate(cards) if p.id in current]
        changing = (low, high) != (0, 6)
        best: tuple[int, int, _Group, _Group] | None = None
        for attack in offences:
            if best is not None and attack[0] + defences[0][0] < best[0]:
                break
            for guard in defences:
                total = attack[0] + guard[0]
                if best is not None and total < best[0]:
                    break
                if attack[1] & guard[1] or attack[2] + guard[2] > 1:
                    continue
                if changing and not low <= len(kept) - _bits(attack[1] | guard[1], kept) <= high:
                    continue
                if best is None or (total, guard[0]) > best[:2]:
                    best = (total, guard[0], attack, guard)
        if best is None:
            if changing:
                raise InputError(f"no lineup of these cards changes {low} to {high} of its players")
            raise InputError("no lineup is possible: every choice of six cards has two legends")
        _, _, attack, guard = best
        offence = [cards[n] for n in attack[3]]
        defence = [cards[n] for n in guard[3]]
        order, _ = _best_order(tuple(p.kind for p in offence), self.offence, False, everyone)
        guard_order, down = _best_order(
            tuple(p.kind for p in defence), self.defence, stand_in, everyone
        )
        lineup = Lineup(
            tuple(offence[n] for n in order), tuple(defence[n] for n in guard_order), down
        )
        return lineup, Strength(attack[0], guard[0])

    def draft_strength(self, cards: Sequence[Player], everyone: bool = False) -> int:
        """The best offence plus defence of at most 12 cards, slots left empty where the
        cards do not fill them (a manager's worth while drafting)."""
        offences, defences = self._groups(tuple(p.kind for p in cards), everyone, False, True)
        best = 0
        for attack in offences:
            if attack[0] + defences[0][0] <= best:
                break
            for guard in defences:
                if attack[0] + guard[0] <= best:
                    break
                if not attack[1] & guard[1] and attack[2] + guard[2] <= 1:
                    best = attack[0] + guard[0]
        return best

    def _groups(
        self, kinds: tuple[int, ...], everyone: bool, stand_in: bool, partial: bool = False
    ) -> tuple[list[_Group], list[_Group]]:
        """Every trio of the cards (with `partial` every smaller group too) as an offence
        and as a defence, each list best first."""
        offences: list[_Group] = []
        defences: list[_Group] = []
        values = self._values
        for indices, mask in _index_groups(len(kinds), partial):
            group = tuple(sorted(kinds[n] for n in indices))
            key = (_key(group), everyone, stand_in)
            found = values.get(key)
            if found is None:
                found = values[key] = (
                    _best_value(group, self.offence, False, everyone),
                    _best_value(group, self.defence, stand_in, everyone),
                )
            legends = sum(1 for kind in group if _club_of(kind) == 0)
            offences.append((found[0], mask, legends, indices))
            defences.append((found[1], mask, legends, indices))
        offences.sort(key=_best_first)
        defences.sort(key=_best_first)
        return offences, defences

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
            if _pairs(players[i].kind, players[j].kind, (i, j) in trio.links, False)
        ]


def _key(group: tuple[int, ...]) -> int:
    key = 0
    for kind in group:
        key = (key << _KIND_BITS) | kind
    return key


def _pairs(a: int, b: int, linked: bool, everyone: bool) -> bool:
    """Whether two shown players pair: the event, a legend, or linked slots and one club."""
    club_a, club_b = _club_of(a), _club_of(b)
    return everyone or club_a == 0 or club_b == 0 or (linked and club_a == club_b)


def _order_value(kinds: Sequence[int], trio: TrioRules, down: int | None, everyone: bool) -> int:
    """A trio's strength with the cards of `kinds` in slot order (0: an empty slot)."""
    value = 0
    for slot, kind in enumerate(kinds):
        if kind and slot != down and _position_of(kind) is trio.slots[slot]:
            value += 1
    for i, j in combinations(range(len(kinds)), 2):
        a, b = kinds[i], kinds[j]
        if a and b and down not in (i, j) and _pairs(a, b, (i, j) in trio.links, everyone):
            value += 1
    if down is not None and kinds[down]:
        value += 1
    return min(MAX_STRENGTH, value)


def _orders(size: int, trio: TrioRules, stand_in: bool) -> Iterator[tuple[tuple[int, ...], bool]]:
    """Every placement of `size` cards in the trio's slots (-1 for an empty slot), each with
    and, in goal without a goalie, without a face-down stand-in."""
    padded = (*range(size), *(-1,) * (TRIO - size))
    slot = trio.goalie_slot
    for order in dict.fromkeys(permutations(padded)):
        yield order, False
        if stand_in and slot is not None and order[slot] >= 0:
            yield order, True


def _best_order(
    kinds: tuple[int, ...], trio: TrioRules, stand_in: bool, everyone: bool
) -> tuple[tuple[int, ...], bool]:
    """The first placement of the cards (indices in slot order) worth the most, and whether
    the goalie's slot then holds a face-down stand-in."""
    best: tuple[int, tuple[int, ...], bool] | None = None
    for order, down in _orders(len(kinds), trio, stand_in):
        placed = tuple(kinds[n] if n >= 0 else 0 for n in order)
        value = _order_value(placed, trio, trio.goalie_slot if down else None, everyone)
        if best is None or value > best[0]:
            best = (value, order, down)
    assert best is not None
    return best[1], best[2]


def _best_value(kinds: tuple[int, ...], trio: TrioRules, stand_in: bool, everyone: bool) -> int:
    order, down = _best_order(kinds, trio, stand_in, everyone)
    placed = tuple(kinds[n] if n >= 0 else 0 for n in order)
    return _order_value(placed, trio, trio.goalie_slot if down else None, everyone)


@cache
def _index_groups(cards: int, partial: bool) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every trio (or smaller group) of card indices, with its bits."""
    return tuple(
        (indices, sum(1 << n for n in indices))
        for size in ((0, 1, 2, 3) if partial else (3,))
        for indices in combinations(range(cards), size)
    )


def _best_first(group: _Group) -> int:
    return -group[0]


def _bits(mask: int, kept: Sequence[int]) -> int:
    """How many of the cards in `mask` are marked in `kept`."""
    return sum(1 for bit in kept if mask & bit)


def _check_cards(cards: Sequence[Player]) -> None:
    if not 6 <= len(cards) <= MAX_CARDS:
        raise InputError(f"a lineup is built from 6 to {MAX_CARDS} cards, got {len(cards)}")
    ids = [p.id for p in cards]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise InputError(f"card '{twice[0]}' is given twice")


def standard_rules(links: frozenset[tuple[int, int]] = NEIGHBOURS) -> LineupRules:
    """The rulebook's trios (LW, C, RW; D, D, G) with the same links in both."""
    return LineupRules(
        TrioRules("offence", (Position.LW, Position.C, Position.RW), links),
        TrioRules("defence", (Position.D, Position.D, Position.G), links),
    )
