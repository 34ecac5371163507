"""Every text of every card as each language prints it: what validate passes, the build prints.

Each template is bound to each card in every language of the pack, a text drawn in the
source language where its translation is missing or only a suggestion, as the build draws
it; each text is set as the pen sets it (no-break spaces, hyphenation, the style's sizes,
at every size the template is used at), and each face is checked for text that runs
into another element. A text that does not fit, or collides, is one error at its
template line per element and language: the first card it happens on, and how many
more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from generator.core.diagnostics import Diagnostic
from generator.i18n.catalogs import LANGUAGE_NAMES
from generator.model.pack import Pack
from generator.printing.pen import Setter
from generator.printing.text import TextProblem, Where, quoted
from generator.services.render import LanguageEnv
from generator.templates.collisions import Collision, collisions, placed
from generator.templates.faces import Binder, ElementError, Op, TextOp, inputs
from generator.templates.model import Element


@dataclass
class _Found:
    """What the pass found, per element (or pair of elements) and language."""

    overflow: dict[tuple[str, str], tuple[Element, TextProblem, str, int]] = field(
        default_factory=dict
    )
    collisions: dict[tuple[str, str, str], tuple[Collision, str, int]] = field(default_factory=dict)
    faces: set[tuple[str, tuple[Op, ...]]] = field(default_factory=set)


def check_languages(
    pack: Pack, languages: Mapping[str, LanguageEnv], known: frozenset[tuple[str, str]]
) -> list[Diagnostic]:
    """The texts that do not fit or that collide in some language; `known` are the pairs of
    elements (text, other) already reported as colliding, which are not reported again. The
    source language's collisions are those of the texts as the data writes them, which
    the template checks look for already."""
    found = _Found()
    source = pack.manifest.source_locale
    for locale, env in languages.items():
        for edition in pack.editions.values():
            for component in edition.components:
                if component.size is None:
                    continue
                setter = Setter(Where(component.id, locale))
                for side in ("front", "back"):
                    name = getattr(component, side)
                    if name is None or name not in pack.templates:
                        continue
                    sheet = pack.sheet(edition, component, name)
                    binder = Binder(sheet, env)
                    elements = sheet.template.elements
                    bound: dict[tuple[object, ...], tuple[Op, ...] | None] = {}
                    cards = list({id(card): card for card in component.cards}.values())
                    for card in cards:
                        parts: list[tuple[Element, tuple[Op, ...]]] = []
                        for index, element in enumerate(elements):
                            key = (index, inputs(binder.reads[index], card.item))
                            ops = bound.get(key) if key[1] is not None else None
                            if ops is None:
                                try:
                                    ops = binder.element(index, element, card.item)
                                except ElementError:
                                    ops = ()  # reported by the source language's pass
                                if key[1] is not None:
                                    bound[key] = ops
                            parts.append((element, ops))
                        where = f"card {card.id} of {component.id}"
                        _set_texts(parts, setter, locale, where, found)
                        if locale != source:
                            _collide(parts, setter, locale, where, found, known)
    return _report(found)


def _set_texts(
    parts: list[tuple[Element, tuple[Op, ...]]],
    setter: Setter,
    locale: str,
    where: str,
    found: _Found,
) -> None:
    """Set each text as the pen would; remember the first that does not fit per element."""
    for element, ops in parts:
        for op in ops:
            if not isinstance(op, TextOp):
                continue
            try:
                if op.style.markup:
                    setter.rich_fitted(op.box, op.text, op.style)
                else:
                    setter.fitted(op.box, op.text, op.style)
            except TextProblem as problem:
                key = (op.origin, locale)
                first = found.overflow.get(key)
                if first is None:
                    found.overflow[key] = (_origin_of(element, op), problem, where, 1)
                else:
                    found.overflow[key] = (*first[:3], first[3] + 1)


def _origin_of(element: Element, op: TextOp) -> Element:
    """The element (or the element inside a repeat) that drew a text."""
    for inner in _all(element):
        if f"{inner.at().origin}, element '{inner.name}'" == op.origin:
            return inner
    return element


def _all(element: Element) -> list[Element]:
    found = [element]
    for child in element.children:
        found += _all(child)
    return found


def _collide(
    parts: list[tuple[Element, tuple[Op, ...]]],
    setter: Setter,
    locale: str,
    where: str,
    found: _Found,
    known: frozenset[tuple[str, str]],
) -> None:
    face = tuple(op for _, ops in parts for op in ops)
    if (locale, face) in found.faces:
        return
    found.faces.add((locale, face))
    for collision in collisions(parts, setter):
        pair = (_key(collision.text), _key(collision.other))
        if pair in known:
            continue
        key = (*pair, locale)
        worst, first, count = found.collisions.get(key, (collision, where, 0))
        if collision.overlap > worst.overlap:
            worst, first = collision, where
        found.collisions[key] = (worst, first, count + 1)


def _key(element: Element) -> str:
    return f"{element.at().origin}, element '{element.name}'"


def collision_key(element: Element) -> str:
    """How a colliding element is named in `known`."""
    return _key(element)


def _report(found: _Found) -> list[Diagnostic]:
    out = []
    for (_, locale), (element, problem, where, count) in found.overflow.items():
        more = f", and {count - 1} more" if count > 1 else ""
        out.append(
            element.at("text").diagnostic(
                f"{problem.problem} in {_language(locale)} ({where}{more}): {quoted(problem.text)}",
                hint=problem.hint,
            )
        )
    for (_, _, locale), (collision, where, count) in found.collisions.items():
        more = f", and {count - 1} more face{'s' if count > 2 else ''}" if count > 1 else ""
        out.append(
            placed(collision.text).diagnostic(
                f"{collision.problem} in {_language(locale)} ({where}{more}): "
                f"'{collision.short_words}'",
                hint=collision.hint,
            )
        )
    return out


def _language(locale: str) -> str:
    return LANGUAGE_NAMES.get(locale, locale)
