"""How much drawing a build of a pack is, checked before any of it starts.

Every bound of the schemas is small on its own, but a hundred components of
ten thousand cards, each face of a hundred elements, in every language, would
still keep a build busy for hours. The work of one edition, counted in
elements drawn, must stay below `MOST_DRAWN`; the error names the component
that weighs most.
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.core.diagnostics import Diagnostic
from generator.grammar.placeholders import ExpressionError, parse_path
from generator.loading.items import Item
from generator.model.pack import Component, EditionBox, Pack
from generator.services.template_checks import CheckEnv
from generator.templates.faces import MAX_REPEAT, Binder
from generator.templates.model import Element

MOST_DRAWN = 300_000
"""Elements one edition's build may draw, all languages together: about 20 s on
one core (a starter card draws 8 elements, front and back; 10,000 of them in
three languages are 240,000)."""
DRAWING_WEIGHT = 40
"""How many plain elements a plug-in drawing counts as."""


def check_budget(pack: Pack) -> Iterator[Diagnostic]:
    """An error for each edition whose build would draw more than `MOST_DRAWN` elements."""
    languages = len(pack.manifest.locales)
    for edition in pack.editions.values():
        costs = [(drawn(pack, edition, component), component) for component in edition.components]
        total = sum(cost for cost, _ in costs) * languages
        if total <= MOST_DRAWN:
            continue
        cost, heaviest = max(costs, key=lambda pair: pair[0])
        where = f" of edition {edition.info.id}" if edition.info.id else ""
        yield heaviest.location.document.diagnostic(
            (*heaviest.location.path, "count"),
            f"a build{where} would draw {total:,} elements in {languages} languages, more than "
            f"a build may ({MOST_DRAWN:,}); '{heaviest.id}' draws {cost:,} of them per "
            f"language ({heaviest.count:,} cards)",
            hint="a printed game has a few hundred cards: check count, copies and each, "
            "or draw fewer elements on these cards",
        )


def drawn(pack: Pack, edition: EditionBox, component: Component) -> int:
    """Elements one language's build draws for the component, fronts and backs."""
    total = 0
    for name in (component.front, component.back):
        if name is None or name not in pack.templates or component.size is None:
            continue
        template = pack.templates[name]
        plain = sum(_weight(e) for e in template.elements if e.kind != "repeat")
        repeats = [e for e in template.elements if e.kind == "repeat"]
        total += plain * len(component.cards)
        if repeats:
            binder = Binder(pack.sheet(edition, component, name), CheckEnv(False))
            for card in component.cards:
                total += sum(_repeat_weight(binder, e, card.item) for e in repeats)
    return total


def _weight(element: Element) -> int:
    if element.kind == "drawing":
        return DRAWING_WEIGHT
    return 1 + sum(_weight(child) for child in element.children)


def _repeat_weight(binder: Binder, element: Element, card: Item) -> int:
    """The repeat and its elements once per item of its list (at most `MAX_REPEAT`)."""
    try:
        value = binder.scope(card).lookup(parse_path(str(element.spec["over"]))).value
        items = len(value) if isinstance(value, list | tuple) else 0
    except ExpressionError:
        items = MAX_REPEAT  # the template check reports the path
    return 1 + min(items, MAX_REPEAT) * sum(_weight(child) for child in element.children)
