"""Emblems a pack draws from data (layouts/emblems.yaml), used by templates like icons.

An emblem is a list of shapes on a 100 x 100 grid, y upwards like every
box: polygons, circles, ellipses, rectangles and lines, each filled (or, with
`outline`, stroked) in the element's colour, or in white with `paint:
paper` to cut a shape out of the ones before it. Drawn, the grid is the
largest square that fits the element's box, centred. So a designer gives
each kind of card its own emblem (a unit type, a hockey position, a
species) by writing shapes, without Python; a card's art still replaces
its emblem where the template says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.loading.document import Document
from generator.printing.geometry import Rect
from generator.printing.pen import Pen

GRID = 100.0
"""An emblem's shapes are placed on a GRID x GRID square."""
PAPER = "#FFFFFF"
"""The colour of `paint: paper`, unless the element's args give `paper`."""


@dataclass(frozen=True)
class Shape:
    """One shape of an emblem, in grid units."""

    kind: str
    """polygon, circle, ellipse, rect or line."""
    points: tuple[tuple[float, float], ...]
    """The polygon's corners; a circle's centre; an ellipse's or a rect's lower-left and
    upper-right corner; a line's two ends."""
    radius: float = 0.0
    """A circle's radius."""
    outline: float | None = None
    """Stroke width: the shape is outlined, not filled (a line always is)."""
    paper: bool = False
    """Drawn in the paper colour, to cut a shape out of the ones before it."""


@dataclass(frozen=True)
class Emblem:
    """An emblem of the pack: draws like an icon, as (pen, box, colour, args)."""

    name: str
    shapes: tuple[Shape, ...]

    def __call__(self, pen: Pen, box: Rect, colour: str, args: Mapping[str, Any]) -> None:
        """The shapes scaled into the largest square of the box, centred."""
        scale = min(box.width, box.height) / GRID
        x0 = box.x + (box.width - GRID * scale) / 2
        y0 = box.y + (box.height - GRID * scale) / 2
        paper = str(args.get("paper", PAPER))

        def at(point: tuple[float, float]) -> tuple[float, float]:
            return x0 + point[0] * scale, y0 + point[1] * scale

        for shape in self.shapes:
            paint = paper if shape.paper else colour
            width = (shape.outline or 0.0) * scale
            fill, stroke = (None, paint) if shape.outline else (paint, None)
            if shape.kind == "polygon":
                pen.polygon([at(p) for p in shape.points], fill=fill, stroke=stroke, width=width)
            elif shape.kind == "circle":
                (x, y), radius = at(shape.points[0]), shape.radius * scale
                pen.circle(x, y, radius, fill=fill, stroke=stroke, width=width)
            elif shape.kind == "ellipse":
                (x1, y1), (x2, y2) = at(shape.points[0]), at(shape.points[1])
                pen.ellipse(x1, y1, x2, y2, fill=fill, stroke=stroke, width=width)
            elif shape.kind == "rect":
                (x1, y1), (x2, y2) = at(shape.points[0]), at(shape.points[1])
                pen.rect(Rect(x1, y1, x2 - x1, y2 - y1), fill=fill, stroke=stroke, width=width)
            else:
                (x1, y1), (x2, y2) = at(shape.points[0]), at(shape.points[1])
                pen.line(x1, y1, x2, y2, paint, width)


LINE_WIDTH = 4.0
"""A line's width in grid units when it gives no outline."""


def read_emblems(document: Document | None) -> dict[str, Emblem]:
    """The emblems of a schema-valid layouts/emblems.yaml (none without one)."""
    if document is None:
        return {}
    return {
        name: Emblem(name, tuple(_shape(raw) for raw in shapes))
        for name, shapes in document.value["emblems"].items()
    }


def _shape(raw: Mapping[str, Any]) -> Shape:
    outline = raw.get("outline")
    paper = raw.get("paint") == "paper"
    if "polygon" in raw:
        points = tuple((float(x), float(y)) for x, y in raw["polygon"])
        return Shape("polygon", points, outline=outline, paper=paper)
    for kind in ("circle", "ellipse"):  # either as a centre and radius, or as a box
        if kind in raw and len(raw[kind]) == 3:
            x, y, radius = (float(v) for v in raw[kind])
            return Shape("circle", ((x, y),), radius, outline, paper)
    for kind in ("rect", "ellipse", "circle"):
        if kind in raw:
            x, y, width, height = (float(v) for v in raw[kind])
            shape = "rect" if kind == "rect" else "ellipse"
            return Shape(shape, ((x, y), (x + width, y + height)), outline=outline, paper=paper)
    (x1, y1), (x2, y2) = raw["line"]
    ends = ((float(x1), float(y1)), (float(x2), float(y2)))
    return Shape("line", ends, outline=float(outline or LINE_WIDTH), paper=paper)
