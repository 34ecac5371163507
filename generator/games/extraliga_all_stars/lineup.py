"""Extraliga All-Stars: the strength of a lineup, and the best lineup a set of cards allows.

Rulings E1-E5 of docs/rules-extraliga.md. A lineup is an offence trio (left
wing, centre, right wing) and a defence trio (two defencemen, who are not
told apart, and a goalie). In each trio a player in the slot of his
position adds 1, and each pair of players from the same club adds 1; a
legend has no club and pairs with everyone of his trio. A trio's strength is
at most 6. A card laid face down in goal, allowed only when none of the
cards is a goalie, counts 1 and pairs with no one.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache
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

OFFENCE_SLOTS = (Position.LW, Position.C, Position.RW)
_OFFENCE_POSITIONS = frozenset(OFFENCE_SLOTS)
DEFENCE_SLOTS = (Position.D, Position.D, Position.G)
MAX_STRENGTH = 6
MAX_CARDS = 12
"""The cards a manager builds from: six in the lineup, six on the bench."""


@dataclass(frozen=True)
class Player:
    """A hockey-player card as the lineup rules see it."""

    id: str
    position: Position
    club: str | None
    """None for a legend, who has no club."""
    bonus: Bonus | None = None

    @property
    def legend(self) -> bool:
        """Legends pair with everyone of their trio."""
        return self.club is None

    def __hash__(self) -> int:
        """By id alone: cheap, and equal cards have equal ids."""
        return hash(self.id)


@dataclass(frozen=True)
class Lineup:
    """Six cards in their slots: offence LW, C, RW; defence D, D, G."""

    offence: tuple[Player, Player, Player]
    defence: tuple[Player, Player, Player]
    face_down_goalie: bool = False
    """The card in goal lies face down (only when the manager has no goalie)."""


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


def synergy(a: Player, b: Player, everyone: bool = False) -> bool:
    """Whether two players of one trio pair: a legend, the same club, or a 100 % synergy event."""
    return everyone or a.legend or b.legend or a.club == b.club


def trio_strength(
    players: Sequence[Player],
    slots: Sequence[Position],
    face_down_last: bool = False,
    everyone: bool = False,
    absent: Collection[str] = (),
) -> int:
    """Slots filled by their position, plus pairs in synergy, at most 6.

    With `face_down_last`, the last player is a face-down stand-in: he counts
    1 and pairs with no one (ruling E3). Players whose ids are `absent` (sent
    off for the match) leave their slot empty: 0, and no pairs (ruling E12).
    """
    down = players[-1] if face_down_last else None
    shown = [
        (player, slot)
        for player, slot in zip(players, slots, strict=False)
        if player is not down and player.id not in absent
    ]
    value = sum(1 for player, slot in shown if player.position is slot)
    value += sum(1 for (a, _), (b, _) in combinations(shown, 2) if synergy(a, b, everyone))
    stand_in = down is not None and down.id not in absent
    return min(MAX_STRENGTH, value + (1 if stand_in else 0))


def strength(lineup: Lineup, everyone: bool = False, absent: Collection[str] = ()) -> Strength:
    """The offence and defence of a lineup; `everyone` is the 100 % synergy event, and
    the `absent` ids are players sent off for the match."""
    return Strength(
        trio_strength(lineup.offence, OFFENCE_SLOTS, everyone=everyone, absent=absent),
        trio_strength(lineup.defence, DEFENCE_SLOTS, lineup.face_down_goalie, everyone, absent),
    )


def check_lineup(lineup: Lineup, cards: Sequence[Player] | None = None) -> None:
    """Refuse a lineup the rules do not allow, naming the rule.

    `cards` are the manager's cards, when known: the lineup must come from
    them, and a face-down goalie is allowed only when none of them is a goalie.
    """
    players = [*lineup.offence, *lineup.defence]
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
    if cards is None:
        return
    known = {p.id for p in cards}
    missing = [i for i in ids if i not in known]
    if missing:
        raise InputError(f"card '{missing[0]}' is not one of the manager's cards")
    if lineup.face_down_goalie and any(p.position is Position.G for p in cards):
        raise InputError("a card may lie face down in goal only when the manager has no goalie")


def best_lineup(
    cards: Sequence[Player],
    everyone: bool = False,
    current: Collection[str] = (),
    leave: tuple[int, int] = (0, 6),
) -> tuple[Lineup, Strength]:
    """The lineup with the highest offence plus defence the cards allow (ruling E4).

    Among equal totals the higher defence wins, then the trios of the cards
    given first. In a lineup change, between `leave[0]` and `leave[1]` of the
    `current` lineup's card ids go to the bench. Exact: every trio is
    scored once, then every two disjoint trios with at most one legend
    between them are compared, best first, stopping when no pair left can
    reach the best found.
    """
    _check_cards(cards)
    stand_in = not any(p.position is Position.G for p in cards)
    offences, defences = _groups(cards, everyone, stand_in)
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
    offence = max(
        permutations(attack[3]),
        key=lambda t: trio_strength(t, OFFENCE_SLOTS, everyone=everyone),
    )
    defence, down = max(
        (
            (t, down)
            for t in _defence_orders(guard[3])
            for down in ((False, True) if stand_in else (False,))
        ),
        key=lambda found: trio_strength(found[0], DEFENCE_SLOTS, found[1], everyone),
    )
    lineup = Lineup(offence, defence, down)  # type: ignore[arg-type]
    return lineup, Strength(attack[0], guard[0])


def draft_strength(cards: Sequence[Player], everyone: bool = False) -> int:
    """The best offence plus defence of at most 12 cards, slots left empty where the
    cards do not fill them (a manager's worth while drafting)."""
    offences, defences = _groups(cards, everyone, stand_in=False, partial=True)
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


_Group = tuple[int, int, int, tuple[Player, ...]]
"""A trio (or, while drafting, a smaller group): value, cards as index bits, legends, players."""


def _groups(
    cards: Sequence[Player], everyone: bool, stand_in: bool, partial: bool = False
) -> tuple[list[_Group], list[_Group]]:
    """Every trio of the cards (with `partial` every smaller group too) as an offence and
    as a defence, each list best first."""
    offences: list[_Group] = []
    defences: list[_Group] = []
    for indices, mask in _index_groups(len(cards), partial):
        group = tuple(cards[n] for n in indices)
        offence, defence, legends = _values(group, everyone, stand_in)
        offences.append((offence, mask, legends, group))
        defences.append((defence, mask, legends, group))
    offences.sort(key=_best_first)
    defences.sort(key=_best_first)
    return offences, defences


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


@lru_cache(maxsize=1 << 16)
def _values(group: tuple[Player, ...], everyone: bool, stand_in: bool) -> tuple[int, int, int]:
    """A group's offence, defence and legends (a season asks for the same trios often)."""
    legends = sum(p.legend for p in group)
    return _offence_value(group, everyone), _defence_value(group, everyone, stand_in), legends


def _pairs(players: Sequence[Player], everyone: bool) -> int:
    return sum(1 for a, b in combinations(players, 2) if synergy(a, b, everyone))


def _offence_value(players: Sequence[Player], everyone: bool) -> int:
    """A trio's offence in its best order: each offence position held counts once."""
    held = {p.position for p in players} & _OFFENCE_POSITIONS
    return min(MAX_STRENGTH, len(held) + _pairs(players, everyone))


def _defence_value(players: Sequence[Player], everyone: bool, stand_in: bool) -> int:
    """A trio's defence in its best order: two defencemen and a goalie count; with
    `stand_in`, one card may also lie face down in goal (ruling E3)."""
    positions = [p.position for p in players]
    held = min(positions.count(Position.D), 2) + min(positions.count(Position.G), 1)
    value = held + _pairs(players, everyone)
    if stand_in and len(players) == 3:
        for down in range(3):
            shown = [p for n, p in enumerate(players) if n != down]
            in_place = sum(p.position is Position.D for p in shown)
            value = max(value, in_place + _pairs(shown, everyone) + 1)
    return min(MAX_STRENGTH, value)


def _bits(mask: int, kept: Sequence[int]) -> int:
    """How many of the cards in `mask` are marked in `kept`."""
    return sum(1 for bit in kept if mask & bit)


def _defence_orders(trio: Sequence[Player]) -> list[tuple[Player, ...]]:
    """Each card of the trio in goal once (the two defencemen are not told apart)."""
    return [(*(p for p in trio if p is not goalie), goalie) for goalie in trio]


def _check_cards(cards: Sequence[Player]) -> None:
    if not 6 <= len(cards) <= MAX_CARDS:
        raise InputError(f"a lineup is built from 6 to {MAX_CARDS} cards, got {len(cards)}")
    ids = [p.id for p in cards]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise InputError(f"card '{twice[0]}' is given twice")


def usable_bonuses(lineup: Lineup, absent: Collection[str] = ()) -> tuple[Bonus, ...]:
    """The bonuses a lineup can play in a match (ruling E7): an offence player's if it
    acts on his side's dice, a defence player's if it acts on the opponent's; a
    face-down goalie shows none, and players sent off (`absent` ids) play none."""
    defence = lineup.defence[:-1] if lineup.face_down_goalie else lineup.defence
    usable: list[Bonus | None] = [
        p.bonus for p in lineup.offence if p.bonus in OWN_DICE and p.id not in absent
    ]
    usable += [p.bonus for p in defence if p.bonus not in OWN_DICE and p.id not in absent]
    return tuple(b for b in usable if b is not None)
