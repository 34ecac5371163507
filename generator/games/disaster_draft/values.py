"""What Disaster Draft's documents name as {values.…}: what the rules know and the data does not
say in so many words (docs/rules-disaster.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from generator.games.disaster_draft.model import (
    ARMY_SIZES,
    MAX_STRENGTH,
    MIN_STRENGTH,
    Deck,
    Kind,
    Unit,
)
from generator.plugin_api import DrawCard, Translator, Value


def values(deck: Deck, edition_id: str, tr: Translator, draw_card: DrawCard) -> dict[str, Value]:
    """The plug-in's values hook: the unit types with their counts, the armies' sizes, the
    bounds of strength, three example cards and the stand-ins."""
    assert deck.texts is not None, "built by model(), not deck()"
    counts = Counter(unit.type for unit in deck.units.values())
    examples = list(_examples(deck))
    return {
        "types": [
            {
                "letter": tr.name("types", short),
                "name": tr.name("types", title),
                "units": counts[kind],
            }
            for kind, (short, title) in deck.texts.types.items()
        ],
        "army": {"fewest": ARMY_SIZES[0], "most": ARMY_SIZES[-1]},
        "strength": {"lowest": MIN_STRENGTH, "highest": MAX_STRENGTH},
        "examples": [unit.id for unit in examples],
        "example-names": [tr.name("units", unit.name) for unit in examples],
        "stand-ins": list(deck.texts.stand_ins),
    }


def _examples(deck: Deck) -> Iterator[Unit]:
    """Three units of the deck that show the vocabulary: the first (in the deck's order, of a
    type not shown yet where there is one) that acts only in an army of a size, the first with
    a type filter and the first that kills."""
    tests: tuple[Callable[[Unit], bool], ...] = (
        lambda u: any(e.army for e in u.effects),
        lambda u: any(e.only for e in u.effects),
        lambda u: any(e.kind is Kind.DIE for e in u.effects),
    )
    chosen: list[Unit] = []
    for test in tests:
        fits = [u for u in deck.units.values() if test(u) and u not in chosen]
        fresh = [u for u in fits if all(u.type is not c.type for c in chosen)]
        if fits:
            chosen.append((fresh or fits)[0])
            yield chosen[-1]
