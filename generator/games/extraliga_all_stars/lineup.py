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

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
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
) -> int:
    """Slots filled by their position, plus pairs in synergy, at most 6.

    With `face_down_last`, the last player is a face-down stand-in: he counts
    1 and pairs with no one (ruling E3).
    """
    shown = list(players[:-1]) if face_down_last else list(players)
    value = sum(1 for player, slot in zip(shown, slots, strict=False) if player.position is slot)
    value += sum(1 for a, b in combinations(shown, 2) if synergy(a, b, everyone))
    return min(MAX_STRENGTH, value + (1 if face_down_last else 0))


def strength(lineup: Lineup, everyone: bool = False) -> Strength:
    """The offence and defence of a lineup; `everyone` is the 100 % synergy event."""
    return Strength(
        trio_strength(lineup.offence, OFFENCE_SLOTS, everyone=everyone),
        trio_strength(lineup.defence, DEFENCE_SLOTS, lineup.face_down_goalie, everyone),
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


def best_lineup(cards: Sequence[Player], everyone: bool = False) -> tuple[Lineup, Strength]:
    """The lineup with the highest offence plus defence the cards allow (ruling E4).

    Among equal totals the higher defence wins, then the earlier cards in the
    order given. Exact: every trio is scored in every order once, then every
    pair of disjoint trios with at most one legend between them is compared.
    """
    _check_cards(cards)
    stand_in = not any(p.position is Position.G for p in cards)
    order = {p.id: n for n, p in enumerate(cards)}
    offences: dict[frozenset[str], tuple[int, tuple[Player, ...]]] = {}
    defences: dict[frozenset[str], tuple[int, tuple[Player, ...], bool]] = {}
    for trio in combinations(cards, 3):
        key = frozenset(p.id for p in trio)
        offences[key] = max(
            ((trio_strength(t, OFFENCE_SLOTS, everyone=everyone), t) for t in permutations(trio)),
            key=lambda found: found[0],
        )
        defences[key] = max(
            (
                (trio_strength(t, DEFENCE_SLOTS, down, everyone), t, down)
                for t in _defence_orders(trio)
                for down in ((False, True) if stand_in else (False,))
            ),
            key=lambda found: found[0],
        )
    best: tuple[tuple[int, int, tuple[int, ...]], Lineup, Strength] | None = None
    for attack, (a_value, a_players) in offences.items():
        for guard, (d_value, d_players, down) in defences.items():
            if attack & guard:
                continue
            if sum(p.legend for p in (*a_players, *d_players)) > 1:
                continue
            rank = (
                a_value + d_value,
                d_value,
                tuple(-order[p.id] for p in (*a_players, *d_players)),
            )
            if best is None or rank > best[0]:
                lineup = Lineup(a_players, d_players, down)  # type: ignore[arg-type]
                best = (rank, lineup, Strength(a_value, d_value))
    if best is None:
        raise InputError("no lineup is possible: every choice of six cards has two legends")
    return best[1], best[2]


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


def usable_bonuses(lineup: Lineup) -> tuple[Bonus, ...]:
    """The bonuses a lineup can play in a match (ruling E7): an offence player's if it
    acts on his side's dice, a defence player's if it acts on the opponent's; a
    face-down goalie shows none."""
    defence = lineup.defence[:-1] if lineup.face_down_goalie else lineup.defence
    usable: list[Bonus | None] = [p.bonus for p in lineup.offence if p.bonus in OWN_DICE]
    usable += [p.bonus for p in defence if p.bonus not in OWN_DICE]
    return tuple(b for b in usable if b is not None)
