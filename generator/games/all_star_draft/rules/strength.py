"""Team strength, the group a team shows, arena specials, and comparison keys.

Rulings 1-5 of docs/rules.md. A team's comparison key is one integer: the
larger key wins and equal keys draw. A team meeting its arena's special gets
the special key, above every other key and equal for all such teams.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from generator.games.all_star_draft.model import Arena, Attribute, Special
from generator.games.all_star_draft.rules.book import FIELD_BITS, RuleBook

SPECIAL_KEY = 1 << 16
"""Key of a team that meets its arena's special combo."""


@dataclass(frozen=True)
class TeamStrength:
    """How strong a team is and what it shows."""

    strength: int
    """Size of the team's largest group, 1 to 5."""
    attribute: Attribute
    """Attribute of the group the team shows."""
    value: str | int
    """The shown group's value: a symbol id, a number or a species id."""
    medal: int
    """Position of the attribute in medal order: 0 gold, 1 silver, 2 bronze."""
    specials: tuple[Special, ...]
    """The arena's special, when an arena is given and the team meets it."""
    key: int
    """Comparison key: larger is stronger, equal draws."""


def team_code(book: RuleBook, team: Sequence[int]) -> int:
    """The packed group counts of a team given by card positions."""
    codes = book.codes
    total = 0
    for position in team:
        total += codes[position]
    return total


def shown_key(book: RuleBook, code: int, players: int) -> tuple[int, int, int]:
    """(strength, field of the shown value, key) of a packed team.

    The largest groups are the fields whose count has the top bit pattern;
    among them the gold attribute's strongest value shows, else silver's, else
    bronze's (fields run from an attribute's weakest value to its strongest).
    """
    ones = book.ones
    b0 = code & ones
    b1 = (code >> 1) & ones
    b2 = (code >> 2) & ones
    if b2:
        strength, largest = (5, b2 & b0) if b2 & b0 else (4, b2)
    elif b1:
        strength, largest = (3, b1 & b0) if b1 & b0 else (2, b1)
    else:
        strength, largest = 1, b0
    for mask in book.medal_masks[players]:
        groups = largest & mask
        if groups:
            field = (groups.bit_length() - 1) // FIELD_BITS
            return strength, field, (strength << 12) | book.field_keys[players][field]
    raise AssertionError("a team of cards always has a number group")


def team_key(book: RuleBook, code: int, players: int) -> int:
    """The comparison key of a packed team (no arena)."""
    return shown_key(book, code, players)[2]


def meets(book: RuleBook, team: Sequence[int], code: int, special: Special) -> bool:
    """Whether a team meets a special combo."""
    if special is Special.ONE_OF_EACH:
        symbol = Attribute.SYMBOL
        return code & book.attribute_full[symbol] == book.attribute_ones[symbol]
    if special is Special.RUN:
        return code & book.attribute_full[Attribute.NUMBER] in book.run_codes
    return _three_and_pair(book, team)


_SPLITS = tuple(
    (triple, tuple(i for i in range(5) if i not in triple)) for triple in combinations(range(5), 3)
)
"""Every way to split five cards into three and two, by index."""


def _three_and_pair(book: RuleBook, team: Sequence[int]) -> bool:
    """Three cards share one value and the other two another, neither shared by all five.

    The two values may belong to different attributes (three goals and two
    sevens). Removing the values all five cards share also makes the
    triple's and the pair's values different. A card's code has one bit per
    value it has, so the values cards share are the bits of their codes' AND.
    """
    if len(team) != 5:
        return False
    codes = [book.codes[p] for p in team]
    others = ~(codes[0] & codes[1] & codes[2] & codes[3] & codes[4])
    for (a, b, c), (d, e) in _SPLITS:
        if codes[a] & codes[b] & codes[c] & others and codes[d] & codes[e] & others:
            return True
    return False


def arena_key(
    book: RuleBook, team: Sequence[int], players: int, arena: Arena | None
) -> tuple[int, int, bool]:
    """(comparison key, strength, whether it meets the arena's special) of a team of card
    positions: what ranking an arena needs, without the rest of `evaluate`."""
    code = team_code(book, team)
    strength, _, key = shown_key(book, code, players)
    if arena is not None and arena.special is not None and meets(book, team, code, arena.special):
        return SPECIAL_KEY, strength, True
    return key, strength, False


def evaluate(
    book: RuleBook, team: Sequence[int], players: int, arena: Arena | None = None
) -> TeamStrength:
    """The strength of a team of card positions; with an arena, its special counts."""
    medals = book.medals(players)
    code = team_code(book, team)
    strength, field, key = shown_key(book, code, players)
    attribute = book.fields[field].attribute
    specials: tuple[Special, ...] = ()
    if arena is not None and arena.special is not None and meets(book, team, code, arena.special):
        specials, key = (arena.special,), SPECIAL_KEY
    return TeamStrength(
        strength=strength,
        attribute=attribute,
        value=book.fields[field].value,
        medal=medals.index(attribute),
        specials=specials,
        key=key,
    )


def specials_met(book: RuleBook, team: Sequence[int]) -> tuple[Special, ...]:
    """Every special combo the team meets, whatever the arena."""
    code = team_code(book, team)
    return tuple(s for s in Special if meets(book, team, code, s))


def card_key(book: RuleBook, position: int, players: int) -> tuple[int, ...]:
    """Shootout key of a single card: value ranks in medal order (no symbol ranks lowest)."""
    ranks = book.card_ranks[position]
    return tuple(ranks[a] for a in book.medals(players))
