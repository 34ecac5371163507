"""Drawing bound faces with the pen: shapes, fitted texts, images, icons and plug-in drawings."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from generator.printing.geometry import Rect, Size
from generator.printing.pen import Pen, TextStyle
from generator.printing.text import TextProblem
from generator.templates.faces import (
    CircleOp,
    DrawingOp,
    Face,
    IconOp,
    ImageOp,
    LineOp,
    PolygonOp,
    RectOp,
    TextOp,
)

Icon = Callable[[Pen, Rect, str, Mapping[str, Any]], None]
"""Draws an icon inside a box: (pen, box, colour, args)."""


@dataclass(frozen=True)
class DrawingContext:
    """What a plug-in's drawing is given: its model, the language, and its element's boxes and styles."""

    model: Any
    edition: str
    tr: Any
    """The language's Translator."""
    size: Size
    box: Rect
    boxes: Mapping[str, Rect]
    styles: Mapping[str, TextStyle]
    args: Mapping[str, Any]
    ink_saver: bool
    colours: Mapping[str, str]

    def background(self, colour: str) -> str:
        """A background colour, or white when saving ink."""
        return "#FFFFFF" if self.ink_saver else colour


Drawing = Callable[[Pen, DrawingContext], None]


@dataclass(frozen=True)
class Painter:
    """Draws faces in one language and print setting."""

    icons: Mapping[str, Icon]
    drawings: Mapping[str, Drawing]
    model: Any
    edition: str
    tr: Any
    ink_saver: bool
    size: Size
    colours: Mapping[str, str]
    pack_root: Path

    def face(self, face: Face, label: str) -> Callable[[Pen], None]:
        """A card's face as a drawing function; `label` names the card in messages."""
        return partial(self.draw, face, label)

    def draw(self, face: Face, label: str, pen: Pen) -> None:
        """Draw every operation of a face in the card's millimetres."""
        shared = self._shared_sizes(face, label, pen)
        for op in face:
            if isinstance(op, RectOp):
                pen.rect(op.box, fill=op.fill, stroke=op.stroke, width=op.width, radius=op.radius)
            elif isinstance(op, TextOp):
                size = shared.get(op.style.same_size)
                style = op.style if size is None else op.style._replace(size=size, minimum=size)
                self._text(pen, op._replace(style=style), label)
            elif isinstance(op, LineOp):
                pen.line(*op.start, *op.end, op.colour, op.width)
            elif isinstance(op, CircleOp):
                pen.circle(*op.centre, op.radius, fill=op.fill, stroke=op.stroke, width=op.width)
            elif isinstance(op, PolygonOp):
                pen.polygon(op.points, fill=op.fill, stroke=op.stroke, width=op.width)
            elif isinstance(op, IconOp):
                self._icon(pen, op)
            elif isinstance(op, ImageOp):
                pen.image(str(self.pack_root / op.path), op.box)
            else:
                self._drawing(pen, op, label)

    def _text(self, pen: Pen, op: TextOp, label: str) -> None:
        try:
            if op.style.markup:
                colour = op.style.colour

                def icon(name: str, box: Rect) -> None:
                    self.icons[name](pen, box, colour, {})

                pen.rich_text(op.box, op.text, op.style, icon)
            else:
                pen.text(op.box, op.text, op.style)
        except TextProblem as problem:
            raise problem.at(f"card {label}, {op.origin}") from None

    def _shared_sizes(self, face: Face, label: str, pen: Pen) -> dict[str, float]:
        """For each same-size style on the face, the one size all its texts are set at: the
        largest at which each of them fits (a text that fits never needs more room smaller)."""
        sizes: dict[str, float] = {}
        for op in face:
            if isinstance(op, TextOp) and op.style.same_size:
                try:
                    size = pen.set_text(op.box, op.text, op.style).size
                except TextProblem as problem:
                    raise problem.at(f"card {label}, {op.origin}") from None
                group = op.style.same_size
                sizes[group] = min(size, sizes.get(group, size))
        return sizes

    def _icon(self, pen: Pen, op: IconOp) -> None:
        """An icon, drawn once per document as a form and placed wherever it recurs."""
        name, margin = _form(op)
        local = Rect(margin, margin, op.box.width, op.box.height)
        draw = self.icons[op.icon]
        pen.reused(name, op.box.grown(margin), lambda p: draw(p, local, op.colour, dict(op.args)))

    def _drawing(self, pen: Pen, op: DrawingOp, label: str) -> None:
        context = DrawingContext(
            self.model,
            self.edition,
            self.tr,
            self.size,
            op.box,
            dict(op.boxes),
            dict(op.styles),
            dict(op.args),
            self.ink_saver,
            self.colours,
        )
        try:
            self.drawings[op.drawing](pen, context)
        except TextProblem as problem:
            raise problem.at(f"card {label}, {op.origin}") from None


@lru_cache(maxsize=4096)
def _form(op: IconOp) -> tuple[str, float]:
    """The form name of an icon in its size, colour and arguments, and the margin around it.

    The form clips to its box: the margin leaves room for strokes on the icon's edge.
    """
    margin = max(1.0, 0.25 * min(op.box.width, op.box.height))
    local = (op.box.width, op.box.height)
    key = hashlib.sha1(repr((op.icon, local, op.colour, op.args)).encode()).hexdigest()[:16]
    return f"icon-{op.icon}-{key}", margin
