"""Binding a template to one card: the face as a tuple of drawing operations.

Binding is pure: the same template, card, language and settings give an
equal face, so identical faces (card backs, copies of a card) are drawn once
and placed many times. Drawing the operations is `paint.py`'s job.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from generator.core.contexts import LAYOUT_CONTEXT
from generator.grammar.placeholders import (
    ExpressionError,
    Placeholder,
    needs_translation,
    parse_path,
    parse_text,
    single_placeholder,
)
from generator.loading.items import Item
from generator.printing.fonts import FAMILY, FILE, variants
from generator.printing.geometry import MAX_BLEED, Rect, Size
from generator.printing.pen import TextStyle
from generator.templates.expressions import (
    OTHER_ROOTS,
    Env,
    Sayer,
    Scope,
    colour,
    evaluate,
    fill_text,
    is_set,
    items_of,
)
from generator.templates.model import Element, Template, Theme

MAX_DRAWN = 1000
"""Elements one face may draw, each item of a repeat counted (the largest face of the shipped
games draws 65)."""
MAX_REPEAT = 200
"""Most items a repeat draws: a bound on what data can make it loop over."""


class RectOp(NamedTuple):
    box: Rect
    fill: str | None
    stroke: str | None
    width: float
    radius: float


class LineOp(NamedTuple):
    start: tuple[float, float]
    end: tuple[float, float]
    colour: str
    width: float


class CircleOp(NamedTuple):
    centre: tuple[float, float]
    radius: float
    fill: str | None
    stroke: str | None
    width: float


class PolygonOp(NamedTuple):
    points: tuple[tuple[float, float], ...]
    fill: str | None
    stroke: str | None
    width: float


class TextOp(NamedTuple):
    box: Rect
    text: str
    style: TextStyle
    origin: str
    """The element, for messages: "layouts/x.yaml:12, element 'name'"."""


class ImageOp(NamedTuple):
    path: str
    box: Rect


class IconOp(NamedTuple):
    icon: str
    box: Rect
    colour: str
    args: tuple[tuple[str, Any], ...]


class DrawingOp(NamedTuple):
    drawing: str
    box: Rect
    boxes: tuple[tuple[str, Rect], ...]
    styles: tuple[tuple[str, TextStyle], ...]
    args: tuple[tuple[str, Any], ...]
    origin: str


Op = RectOp | LineOp | CircleOp | PolygonOp | TextOp | ImageOp | IconOp | DrawingOp
Face = tuple[Op, ...]


def too_much_drawn(total: int) -> ExpressionError:
    """The error of a face that draws more than MAX_DRAWN elements."""
    return ExpressionError(
        f"a face draws {total:,} elements or more, each item of a repeat counted; a face may "
        f"draw {MAX_DRAWN:,}",
        "draw fewer elements, or shorten the lists its repeats go over",
    )


class ElementError(ExpressionError):
    """A problem binding one key of one element."""

    def __init__(self, element: Element, key: str | None, error: ExpressionError) -> None:
        self.element, self.key, self.error = element, key, error
        super().__init__(error.message, error.hint)


@dataclass(frozen=True)
class Sheet:
    """What every face of one template in one component shares."""

    template: Template
    theme: Theme
    size: Size
    """The card's trim size."""
    roots: Mapping[str, Any]
    """game, edition and component, for paths that leave the card."""
    translate: frozenset[str]
    phrases: Sayer | None = None
    """The pack's phrase books, for {field|say}."""
    styles: dict[tuple[int, bool], TextStyle] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Text styles that read nothing of the card, made once: (element keys, ink saver) -> style."""


@dataclass(frozen=True)
class _Place:
    """Where elements are put: the card, or a repeat's cell on it."""

    dx: float = 0.0
    dy: float = 0.0
    cell: Size | None = None


_CARD = _Place()
"""The card itself."""


def bind(sheet: Sheet, card: Item, env: Env) -> Face:
    """The face of a card: every element that is shown, bound and placed."""
    return Binder(sheet, env).face(card)


class Binder:
    """Binds one template to many cards.

    An element's operations depend only on the card fields it names (and on
    the game, edition, component, language and print setting, fixed here), so
    they are bound once per distinct value of those fields: a card back once
    for the whole deck, a species name once per species.
    """

    def __init__(self, sheet: Sheet, env: Env) -> None:
        self.sheet, self.env = sheet, env
        self.reads = [reads(element) for element in sheet.template.elements]
        """The card fields each element reads."""
        self._bound: dict[tuple[Any, ...], tuple[Op, ...]] = {}

    def face(self, card: Item) -> Face:
        """The face of one card."""
        return tuple(op for _, ops in self.parts(card) for op in ops)

    def parts(self, card: Item) -> tuple[tuple[Element, tuple[Op, ...]], ...]:
        """The face of one card, element by element (top-level elements, in drawing order);
        an ElementError once it draws more than MAX_DRAWN."""
        found = []
        total = 0
        for index, element in enumerate(self.sheet.template.elements):
            ops = self.element(index, element, card)
            total += len(ops)
            if total > MAX_DRAWN:
                raise ElementError(element, None, too_much_drawn(total))
            found.append((element, ops))
        return tuple(found)

    def element(self, index: int, element: Element, card: Item) -> tuple[Op, ...]:
        """One element's operations for a card (raises ElementError)."""
        key = inputs(self.reads[index], card)
        if key is None:
            return tuple(bind_element(self.sheet, element, self.scope(card), self.env, _CARD))
        found = self._bound.get((index, *key))
        if found is None:
            found = tuple(bind_element(self.sheet, element, self.scope(card), self.env, _CARD))
            self._bound[(index, *key)] = found
        return found

    def scope(self, card: Item) -> Scope:
        """Where the card's paths are looked up."""
        return Scope.of(card, self.sheet.roots, self.sheet.translate, self.sheet.phrases)


def reads(element: Element) -> tuple[str, ...] | None:
    """The card fields an element names (None when a path of it cannot be read)."""
    firsts = _firsts(element)
    return None if firsts is None else tuple(sorted(firsts - OTHER_ROOTS))


def inputs(fields: tuple[str, ...] | None, card: Item) -> tuple[Any, ...] | None:
    """The values of the fields an element reads, as a key; None where that key is unsafe
    (a card field shadows the game, edition or component, or a value cannot be keyed)."""
    if fields is None or not OTHER_ROOTS.isdisjoint(card.fields):
        return None
    try:
        return tuple(_frozen(card.fields.get(name)) for name in fields)
    except TypeError:
        return None


def _frozen(value: Any) -> Any:
    """A hashable stand-in for a data value: lists and mappings become tuples."""
    if isinstance(value, list):
        return ("list", *(_frozen(v) for v in value))
    if isinstance(value, dict):
        return ("map", *((k, _frozen(v)) for k, v in value.items()))
    hash(value)
    return (type(value).__name__, value)


def _firsts(element: Element) -> frozenset[str] | None:
    """The first names of every path the element and its children name; None if one is broken."""
    spec = element.spec
    paths = [str(spec["over"])] if "over" in spec else []
    for key in ("when", "unless"):
        guard = spec.get(key)
        if guard is not None:
            paths += map(str, guard) if isinstance(guard, Mapping) else [str(guard)]
    texts: list[str] = []
    _strings({k: v for k, v in spec.items() if k not in ("when", "unless", "over")}, texts)
    try:
        found = {str(parse_path(p)[0]) for p in paths}
        for text in texts:
            found |= {
                str(part.path[0]) for part in parse_text(text) if isinstance(part, Placeholder)
            }
    except ExpressionError:
        return None  # reported card by card
    for child in element.children:
        inner = _firsts(child)
        if inner is None:
            return None
        found |= inner - {"item", "index", "odd"}
    return frozenset(found)


def _strings(value: Any, found: list[str]) -> None:
    if isinstance(value, str):
        found.append(value)
    elif isinstance(value, Mapping):
        for child in value.values():
            _strings(child, found)
    elif isinstance(value, list):
        for child in value:
            _strings(child, found)


def bind_element(sheet: Sheet, element: Element, scope: Scope, env: Env, place: _Place) -> list[Op]:
    """The operations of one element (none when it is not shown); ElementError names the key."""
    spec = element.spec
    saver = spec.get("ink_saver")
    if (saver == "only" and not env.ink_saver) or (saver == "never" and env.ink_saver):
        return []
    for key, wanted in (("when", True), ("unless", False)):
        if key in spec and _guarded(element, key, scope, env) != wanted:
            return []
    kind = element.kind
    if kind == "repeat":
        return _repeat(sheet, element, scope, env, place)
    if kind == "area":
        return []
    paint = _Paint(sheet, element, scope, env, place)
    if kind == "rect":
        return [
            RectOp(
                paint.box(),
                paint.colour("fill"),
                paint.colour("stroke"),
                paint.number("width", 0.3),
                paint.number("radius", 0.0),
            )
        ]
    if kind == "line":
        return [
            LineOp(
                paint.point("from"),
                paint.point("to"),
                paint.colour("stroke") or paint.ink(),
                paint.number("width", 0.25),
            )
        ]
    if kind == "circle":
        return [
            CircleOp(
                paint.point("centre"),
                paint.number("radius", 1.0),
                paint.colour("fill"),
                paint.colour("stroke"),
                paint.number("width", 0.3),
            )
        ]
    if kind == "polygon":
        points = tuple(paint.point("points", index) for index in range(len(spec["points"])))
        return [
            PolygonOp(
                points, paint.colour("fill"), paint.colour("stroke"), paint.number("width", 0.3)
            )
        ]
    if kind == "text":
        return [
            TextOp(
                paint.box(),
                paint.text(),
                paint.style(element.spec, "style" if "style" in spec else None),
                paint.origin(),
            )
        ]
    if kind == "image":
        path = paint.value("src")
        if path is None:
            return []
        if not isinstance(path, str):
            raise ElementError(element, "src", ExpressionError("the image must be a file name"))
        return [ImageOp(path, paint.box())]
    if kind == "icon":
        name = paint.value("icon")
        if name is None:
            return []
        return [IconOp(str(name), paint.box(), paint.colour("colour") or paint.ink(), paint.args())]
    return [
        DrawingOp(
            str(spec["drawing"]),
            paint.box(),
            tuple((n, paint.box_of(b, "boxes")) for n, b in sorted(spec.get("boxes", {}).items())),
            tuple((n, paint.style(s, "styles")) for n, s in sorted(spec.get("styles", {}).items())),
            paint.args(),
            paint.origin(),
        )
    ]


def _guarded(element: Element, key: str, scope: Scope, env: Env) -> bool:
    """Whether the guard holds: its field is set, or each field has one of the values given."""
    guard = element.spec[key]
    try:
        if not isinstance(guard, Mapping):
            return is_set(scope.lookup(parse_path(str(guard))).value)
        return all(
            scope.lookup(parse_path(str(path))).value
            in (want if isinstance(want, list) else [want])
            for path, want in guard.items()
        )
    except ExpressionError as error:
        raise ElementError(element, key, error) from None


def _repeat(sheet: Sheet, element: Element, scope: Scope, env: Env, place: _Place) -> list[Op]:
    spec = element.spec
    try:
        found = scope.lookup(parse_path(str(spec["over"])))
    except ExpressionError as error:
        raise ElementError(element, "over", error) from None
    if found.value is None:
        return []
    if not isinstance(found.value, list | tuple):
        raise ElementError(element, "over", ExpressionError(f"'{spec['over']}' is not a list"))
    items = items_of(found)
    box = _Paint(sheet, element, scope, env, place).box()
    width, height = (float(v) for v in spec["cell"])
    down = spec.get("direction", "down") == "down"
    room = box.height if down else box.width
    step = height if down else width
    if len(items) > MAX_REPEAT or len(items) * step > room + 1e-6:
        raise ElementError(
            element,
            "cell",
            ExpressionError(
                f"{len(items)} items of {step:g} mm do not fit the {room:g} mm box",
                "make the box larger or the cell smaller, or shorten the list in the data",
            ),
        )
    ops: list[Op] = []
    for index, item in enumerate(items):
        if down:
            cell = _Place(box.x, box.top - (index + 1) * height, Size(width, height))
        else:
            cell = _Place(box.x + index * width, box.top - height, Size(width, height))
        inner = scope.within(item=item, index=index + 1, odd=index % 2 == 0)
        for child in element.children:
            ops += bind_element(sheet, child, inner, env, cell)
    return ops


_RELATIVE = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*%\s*(?:([+-])\s*(\d+(?:\.\d+)?)\s*)?")


def length(value: Any, whole: float) -> float:
    """Millimetres from a template's number, or from a length relative to the card
    ("50% - 19": half of `whole`, the card's width or height, less 19 mm)."""
    if not isinstance(value, str):
        return float(value)
    found = _RELATIVE.fullmatch(value)
    if found is None:  # the schema admits no other text
        raise ValueError(f"not a length: {value!r}")
    share, sign, millimetres = found.groups()
    offset = float(millimetres or 0) * (-1 if sign == "-" else 1)
    return round(float(share) / 100 * whole + offset, 6)


def shifted(value: Any, by: float) -> Any:
    """A template's length moved by `by` mm, written as it was: a number stays a number,
    a relative length stays relative ("50% - 19" moved 5 mm is "50% - 14")."""
    if not isinstance(value, str):
        return _mm(float(value) + by)
    found = _RELATIVE.fullmatch(value)
    if found is None:
        raise ValueError(f"not a length: {value!r}")
    share, sign, millimetres = found.groups()
    offset = round(float(millimetres or 0) * (-1 if sign == "-" else 1) + by, 2)
    if offset == 0:
        return f"{share}%"
    return f"{share}% {'-' if offset < 0 else '+'} {_mm(abs(offset))}"


def _mm(value: float) -> int | float:
    """Millimetres to the hundredth, an integer where they are whole."""
    rounded = round(value, 2)
    return int(rounded) if rounded == int(rounded) else rounded


class _Paint:
    """Reads one element's keys as geometry, colours, texts and styles."""

    __slots__ = ("element", "env", "place", "scope", "sheet")

    def __init__(
        self, sheet: Sheet, element: Element, scope: Scope, env: Env, place: _Place
    ) -> None:
        self.sheet, self.element, self.scope, self.env, self.place = (
            sheet,
            element,
            scope,
            env,
            place,
        )

    def fail(self, key: str | None, error: ExpressionError) -> ElementError:
        """The error, located at one of the element's keys (or at the element)."""
        return ElementError(self.element, key, error)

    def box(self) -> Rect:
        return self.box_of(self.element.spec["box"], "box")

    def box_of(self, value: Any, key: str) -> Rect:
        size, place = self.sheet.size, self.place
        if value == "trim":
            return Rect(0, 0, size.width, size.height)
        if value == "bleed":
            return Rect(
                -MAX_BLEED, -MAX_BLEED, size.width + 2 * MAX_BLEED, size.height + 2 * MAX_BLEED
            )
        if value == "cell":
            if place.cell is None:
                raise self.fail(key, ExpressionError("box: cell is only known inside a repeat"))
            return Rect(place.dx, place.dy, place.cell.width, place.cell.height)
        x, y, w, h = (
            length(v, size.width if axis == 0 else size.height)
            for axis, v in zip((0, 1, 0, 1), value, strict=True)
        )
        return Rect(x + place.dx, y + place.dy, w, h)

    def point(self, key: str, index: int | None = None) -> tuple[float, float]:
        value = self.element.spec[key] if index is None else self.element.spec[key][index]
        size = self.sheet.size
        x, y = length(value[0], size.width), length(value[1], size.height)
        return x + self.place.dx, y + self.place.dy

    def number(self, key: str, default: float) -> float:
        return float(self.element.spec.get(key, default))

    def ink(self) -> str:
        return self.sheet.template.colours.get("ink", "#000000")

    def colour(self, key: str | None, value: Any = None) -> str | None:
        text = self.element.spec.get(key or "") if value is None else value
        if text is None:
            return None
        try:
            template = self.sheet.template
            return colour(str(text), self.scope, self.env, template.colours, template.resolved)
        except ExpressionError as error:
            raise self.fail(key, error) from None

    def value(self, key: str) -> Any:
        """A key's value: a single placeholder gives the raw value, other text is filled in."""
        text = str(self.element.spec[key])
        try:
            placeholder = single_placeholder(text)
            if placeholder is not None:
                return evaluate(placeholder, self.scope, self.env)
            return fill_text(text, self.scope, self.env)
        except ExpressionError as error:
            raise self.fail(key, error) from None

    def text(self) -> str:
        source = str(self.element.spec["text"])
        try:
            text = (
                self.env.translate(LAYOUT_CONTEXT, source) if needs_translation(source) else source
            )
            return fill_text(text, self.scope, self.env)
        except ExpressionError as error:
            raise self.fail("text", error) from None

    def args(self) -> tuple[tuple[str, Any], ...]:
        return tuple(
            (name, self._arg(name, value))
            for name, value in sorted(self.element.spec.get("args", {}).items())
        )

    def _arg(self, name: str, value: Any) -> Any:
        if isinstance(value, list):
            return tuple(self._arg(name, v) for v in value)
        if isinstance(value, dict):
            return tuple((k, self._arg(name, v)) for k, v in sorted(value.items()))
        if not isinstance(value, str) or "{" not in value:
            return value
        try:
            placeholder = single_placeholder(value)
            found = (
                evaluate(placeholder, self.scope, self.env)
                if placeholder is not None
                else fill_text(value, self.scope, self.env)
            )
        except ExpressionError as error:
            raise self.fail("args", error) from None
        return tuple(found) if isinstance(found, list) else found

    def style(self, own: Mapping[str, Any], key: str | None) -> TextStyle:
        """A text style: the theme's named style, then the element's own keys."""
        found = self.sheet.styles.get((id(own), self.env.ink_saver))
        if found is None:
            found = self._style(own, key)
            named = self.sheet.theme.styles.get(str(own.get("style")), {})
            if "{" not in str(
                own.get("colour", named.get("colour", ""))
            ):  # the same for every card
                self.sheet.styles[(id(own), self.env.ink_saver)] = found
        return found

    def _style(self, own: Mapping[str, Any], key: str | None) -> TextStyle:
        theme = self.sheet.theme
        name = own.get("style")
        if name is not None and name not in theme.styles:
            raise self.fail(
                key,
                ExpressionError(
                    f"unknown text style '{name}'",
                    "styles of layouts/theme.yaml: " + (", ".join(sorted(theme.styles)) or "none"),
                ),
            )
        merged = {**(theme.styles[name] if name else {}), **own}
        size = float(merged.get("size", 10.0))
        minimum = float(merged.get("min", min(size, 6.0)))
        if minimum > size:
            raise self.fail(
                key,
                ExpressionError(f"the smallest size {minimum:g} pt is above the size {size:g} pt"),
            )
        font = str(merged.get("font", "regular"))
        weight = theme.fonts.get(font, font)
        if weight not in FAMILY and not weight.startswith(FILE):
            known = sorted({*theme.fonts, *FAMILY})
            raise self.fail(
                key, ExpressionError(f"unknown font '{font}'", "fonts: " + ", ".join(known))
            )
        return TextStyle(
            size=size,
            minimum=minimum,
            weight=weight,
            colour=self.colour(
                key,
                merged.get("colour", "ink" if "ink" in self.sheet.template.colours else "#000000"),
            )
            or "#000000",
            align=str(merged.get("align", "centre")),
            wrap=bool(merged.get("wrap", False)),
            same_size=str(name) if name and theme.styles[name].get("same-size") else "",
            markup=bool(merged.get("markup", False)),
            variants=variants(weight, dict(theme.fonts), font) if merged.get("markup") else (),
            hyphenate=bool(merged.get("hyphenate", True)),
        )

    def origin(self) -> str:
        return f"{self.element.at().origin}, element '{self.element.name}'"
