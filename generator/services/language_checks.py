"""Every text of every card as each language prints it: what validate passes, the build prints.

Each template is bound to each card in every language of the pack, a text drawn in the
source language where its translation is missing or only a suggestion, as the build draws
it; each text is set as the pen sets it (no-break spaces, hyphenation, the style's sizes,
at every size the template is used at), and each face is checked for text that runs
into another element. A text that does not fit, or collides, is one error at its
template line per element and language (the languages that set the same words share
it): the first card it happens on, and how many more. A character no font of the pack
has is the character checks' to report; one the element's font lacks in the source
language, the template checks'.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from generator.core.diagnostics import Diagnostic
from generator.i18n.catalogs import LANGUAGE_NAMES
from generator.i18n.env import LanguageEnv
from generator.model.pack import Pack
from generator.printing.geometry import Size
from generator.printing.pen import Pen, Setter
from generator.printing.text import MissingGlyph, TextProblem, Where, quoted
from generator.templates.collisions import Collision, collisions, placed
from generator.templates.faces import Binder, DrawingOp, ElementError, Op, TextOp, inputs
from generator.templates.model import Element
from generator.templates.paint import Drawing, DrawingContext


@dataclass
class _Found:
    """What the pass found, per element (or pair of elements) and language."""

    printable: frozenset[int]
    source: str
    overflow: dict[tuple[str, str], tuple[Element, TextProblem, str, int]] = field(
        default_factory=dict
    )
    collisions: dict[tuple[str, str, str], tuple[Collision, str, int]] = field(default_factory=dict)
    faces: set[tuple[str, tuple[Op, ...]]] = field(default_factory=set)
    set_texts: dict[tuple[str, TextOp], TextProblem | None] = field(default_factory=dict)
    """What setting a text gave, by language and text: most texts recur on many cards."""
    drawn: dict[tuple[str, str, DrawingOp], TextProblem | None] = field(default_factory=dict)
    failed: dict[str, tuple[Element, str, Exception, str]] = field(default_factory=dict)
    """Plug-in drawings that failed other than on a text, by element: the first case."""


@dataclass(frozen=True)
class Drawings:
    """A rules plug-in's drawings, and the model they draw from."""

    model: Any
    by_name: Mapping[str, Drawing]


class _Nowhere:
    """A canvas that draws nothing: a drawing's texts are set, and their problems raised,
    without a page."""

    def __getattr__(self, name: str) -> Callable[..., _Nowhere]:
        return lambda *args, **kwargs: _Nowhere()


def check_languages(
    pack: Pack,
    languages: Mapping[str, LanguageEnv],
    known: frozenset[tuple[str, str]],
    drawings: Drawings | None = None,
) -> list[Diagnostic]:
    """The texts that do not fit or that collide in some language; `known` are the pairs of
    elements (text, other) already reported as colliding, which are not reported again. The
    source language's collisions are those of the texts as the data writes them, which
    the template checks look for already."""
    from generator.printing.characters import pack_glyphs
    from generator.printing.fonts import FAMILY

    source = pack.manifest.source_locale
    found = _Found(pack_glyphs([*FAMILY, *pack.theme.fonts.values()]), source)
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
                        if drawings is not None:
                            context = _Context(
                                sheet.size, sheet.template.colours, edition.info.id, env
                            )
                            place = Where(component.id, locale)
                            _draw(parts, drawings, context, place, where, found)
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
            key = (locale, op)
            if key not in found.set_texts:
                found.set_texts[key] = _problem_setting(setter, op)
            problem = found.set_texts[key]
            if problem is not None:
                _remember(found, (op.origin, locale), _origin_of(element, op), problem, where)


def _problem_setting(setter: Setter, op: TextOp) -> TextProblem | None:
    """Why the text cannot be set as the pen sets it, or None."""
    try:
        setter.set_text(op.box, op.text, op.style)
    except TextProblem as problem:
        return problem
    return None


@dataclass(frozen=True)
class _Context:
    size: Size
    colours: Mapping[str, str]
    edition: str
    env: LanguageEnv


def _draw(
    parts: list[tuple[Element, tuple[Op, ...]]],
    drawings: Drawings,
    context: _Context,
    place: Where,
    where: str,
    found: _Found,
) -> None:
    """Draw each plug-in drawing of the face on a canvas that keeps nothing, as the build
    draws it; remember the first text it cannot set, per element and language."""
    for element, ops in parts:
        for op in ops:
            if not isinstance(op, DrawingOp) or op.drawing not in drawings.by_name:
                continue
            key = (place.locale, context.edition, op)
            if key in found.drawn:
                problem = found.drawn[key]
                if problem is not None:
                    _remember(found, (op.origin, place.locale), element, problem, where)
                continue
            given = DrawingContext(
                drawings.model,
                context.edition,
                context.env.tr,
                context.size,
                op.box,
                dict(op.boxes),
                dict(op.styles),
                dict(op.args),
                False,
                context.colours,
            )
            try:
                drawings.by_name[op.drawing](Pen(_Nowhere(), place), given)
                found.drawn[key] = None
            except TextProblem as problem:
                found.drawn[key] = problem
                _remember(found, (op.origin, place.locale), element, problem, where)
            except Exception as error:  # a plug-in's drawing given keys it cannot read
                found.drawn[key] = None
                found.failed.setdefault(op.origin, (element, op.drawing, error, where))


def _remember(
    found: _Found, key: tuple[str, str], element: Element, problem: TextProblem, where: str
) -> None:
    """Count a text problem of an element in a language; the first card is named."""
    if isinstance(problem, MissingGlyph) and (
        key[1] == found.source or ord(problem.char) not in found.printable
    ):
        return  # the template checks or the character checks report it, located better
    first = found.overflow.get(key)
    if first is None:
        found.overflow[key] = (element, problem, where, 1)
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
    out = [
        element.at("args" if "args" in element.spec else "drawing").diagnostic(
            f"the rules plug-in's drawing '{drawing}' fails with this element's keys "
            f"({type(error).__name__}: {str(error)[:120]}) ({where})",
            hint="check the element's args, boxes and styles against what the drawing reads "
            "(the plug-in's documentation says); if they are right, report it to the plug-in's "
            "author",
        )
        for element, drawing, error, where in found.failed.values()
    ]
    alike: dict[tuple[str, str, str, str, int], list[str]] = {}
    for (origin, locale), (_, problem, where, count) in found.overflow.items():
        alike.setdefault((origin, problem.problem, problem.text, where, count), []).append(locale)
    for (origin, locale), (element, problem, where, count) in found.overflow.items():
        locales = alike[(origin, problem.problem, problem.text, where, count)]
        if locales[0] != locale:
            continue  # reported with the first language that sets the same words
        more = f", and {count - 1} more" if count > 1 else ""
        out.append(
            replace(
                element.at("text").diagnostic(
                    f"{problem.problem} in {_languages(locales)} ({where}{more}): "
                    f"{quoted(problem.text)}",
                    hint=problem.hint,
                ),
                printing=not isinstance(problem, MissingGlyph),
            )
        )
    for (_, _, locale), (collision, where, count) in found.collisions.items():
        more = f", and {count - 1} more face{'s' if count > 2 else ''}" if count > 1 else ""
        out.append(
            replace(
                placed(collision.text).diagnostic(
                    f"{collision.problem} in {_language(locale)} ({where}{more}): "
                    f"'{collision.short_words}'",
                    hint=collision.hint,
                ),
                printing=True,
            )
        )
    return out


def _language(locale: str) -> str:
    return LANGUAGE_NAMES.get(locale, locale)


def _languages(locales: list[str]) -> str:
    """'German', 'German and French', 'German, French and English'."""
    names = [_language(locale) for locale in locales]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
