"""Collisions on a card face: drawn text that runs into another element.

A text is checked where it is drawn, not where its box is: the lines as
fitted (size, wrapping, alignment, centred vertically) make its ink, from
the top of the capitals to the descenders. A text collides with another
element when its ink, grown by a gap (GAP from shapes, TEXT_GAP from other
text), meets what that element draws: another text's ink, a circle's ring
or disc as drawn, the box of a rectangle, icon, image, drawing, polygon or
line. Text lying wholly on a rectangle or a circle sits on it by design (a
label in a panel or band, a number in a disc, a title inside a ring); text
that crosses its edge does not. Text on a picture (an icon, an image, a
drawing, a polygon) is never assumed to be meant: an element drawn on top
of others on purpose names them in its template (`above: [emblem]`).
Shapes are not checked against each other (a designer layers them), nor
two parts of one element (a repeat's cells).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from generator.printing.geometry import Rect
from generator.printing.pen import Setter
from generator.printing.text import ASCENT, LEADING, POINTS_PER_MM, TextProblem
from generator.templates.faces import (
    CircleOp,
    DrawingOp,
    IconOp,
    ImageOp,
    LineOp,
    Op,
    PolygonOp,
    RectOp,
    TextOp,
)
from generator.templates.model import Element, Located

GAP = 1.0
"""Room in mm that text keeps from a shape it does not lie on (a disc, a frame, an icon)."""
TEXT_GAP = 0.3
"""Room in mm between two texts (less than a shape's: stacked lines of a list sit close)."""
DESCENT = 0.22
"""How far below the baseline the descenders reach, as a share of the font size."""
TOUCH = 0.05
"""Overlaps smaller than this, in mm, are rounding, not collisions."""


@dataclass(frozen=True)
class Collision:
    """A text that runs into another element of the same face."""

    text: Element
    other: Element
    overlap: float
    """How far the text's ink reaches into the other element, in mm (0 or less: it does not
    touch it but comes closer than `gap`)."""
    gap: float
    """The room the text has to keep from the other element, in mm."""
    words: str

    @property
    def problem(self) -> str:
        """What is wrong, naming both elements where their templates define them."""
        if self.overlap > TOUCH:
            how = f"runs {self.overlap:.1f} mm into"
        else:
            how = f"comes {max(0.0, -self.overlap):.1f} mm close to"
        return (
            f"the text of element '{self.text.name}' ({placed(self.text).origin}) {how} "
            f"element '{self.other.name}' ({placed(self.other).origin})"
            + ("" if self.overlap > TOUCH else f", closer than the {self.gap} mm text keeps clear")
        )

    @property
    def hint(self) -> str:
        """How to fix it."""
        return (
            "shorten the text in its catalog or in the data, or move or shrink one of the two "
            "elements in its template; if the text is meant to lie on the other element, add "
            f"above: [{self.other.name}] to element '{self.text.name}'"
        )

    @property
    def short_words(self) -> str:
        """The text on one line, cut after 40 characters."""
        flat = " ".join(self.words.split())
        return flat if len(flat) <= 40 else flat[:39] + "…"


def placed(element: Element) -> Located:
    """Where an element's position was written (after `extends`, the template that moved it)."""
    key = next((k for k in ("box", "centre", "points", "start") if k in element.spec), None)
    return element.at(key)


def collisions(parts: Sequence[tuple[Element, Sequence[Op]]], setter: Setter) -> list[Collision]:
    """Every text of the face that runs into another element; `parts` are the face's top-level
    elements with what each draws, in drawing order, and `setter` sets texts as the pen does
    in the face's language.

    A text is measured only against the shapes near it. A face of many shapes files them
    in a grid of cells by where they lie, so that the check grows with the elements of a
    face, not with their square; a face of a few (most cards) is faster looked through."""
    drawn = [(element, [_shape(op, setter) for op in ops]) for element, ops in parts]
    filed = [
        (_bounds(shape), (index, number))
        for index, (_, shapes) in enumerate(drawn)
        for number, shape in enumerate(shapes)
        if shape is not None
    ]
    grid = _Few(filed) if len(filed) <= FEW else _Grid(filed)
    found = []
    for index, (element, ops) in enumerate(parts):
        allowed = set(element.spec.get("above", ()))
        for op, shape in zip(ops, drawn[index][1], strict=True):
            if not isinstance(op, TextOp) or not isinstance(shape, Ink):
                continue
            near = grid.near(_bounds(shape.grown(GAP)))
            others = sorted({other for other, _ in near if other != index})
            for other_index in others:
                other = drawn[other_index][0]
                if other.name in allowed or element.name in other.spec.get("above", ()):
                    continue
                for number in sorted(n for o, n in near if o == other_index):
                    each = drawn[other_index][1][number]
                    gap = TEXT_GAP if isinstance(each, Ink) else GAP
                    if each is not None and _depth(shape, each, gap) > TOUCH:
                        overlap = _depth(shape, each, 0.0) or -_clearance(shape, each, gap)
                        found.append(Collision(element, other, overlap, gap, op.text))
                        break
    return found


Bounds = tuple[float, float, float, float]
"""left, bottom, right, top in mm."""
CELLS = 32
"""Cells of the grid along the longer side of what a face draws."""
LARGE = 16
"""A shape covering more cells than this (a background, a frame) is not filed cell by cell:
it is near everything (filing a card-sized shape in a thousand cells cost more than the
whole check)."""


def _bounds(shape: Rect | CircleOp) -> Bounds:
    if isinstance(shape, CircleOp):
        (cx, cy), reach = shape.centre, shape.radius + (shape.width if shape.stroke else 0.0)
        return (cx - reach, cy - reach, cx + reach, cy + reach)
    return (shape.x, shape.y, shape.right, shape.top)


FEW = 64
"""Shapes a face may draw for its texts to be measured against each one's bounds in turn
(below this, filing them in a grid costs more than it saves)."""


class _Few:
    """A face's few shapes, each looked at in turn."""

    def __init__(self, filed: Sequence[tuple[Bounds, tuple[int, int]]]) -> None:
        self.filed = filed

    def near(self, bounds: Bounds) -> set[tuple[int, int]]:
        """The shapes whose bounds meet these."""
        left, bottom, right, top = bounds
        return {
            key
            for (x0, y0, x1, y1), key in self.filed
            if x0 <= right and x1 >= left and y0 <= top and y1 >= bottom
        }


class _Grid:
    """Shapes filed by the cells their bounds cover."""

    def __init__(self, filed: Sequence[tuple[Bounds, tuple[int, int]]]) -> None:
        bounds = [b for b, _ in filed] or [(0.0, 0.0, 1.0, 1.0)]
        self.left = min(b[0] for b in bounds) - GAP
        self.bottom = min(b[1] for b in bounds) - GAP
        width = max(b[2] for b in bounds) + GAP - self.left
        height = max(b[3] for b in bounds) + GAP - self.bottom
        self.cell = max(width, height, 1e-3) / CELLS
        self.cells: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self.large: list[tuple[int, int]] = []
        for where, key in filed:
            self.file(where, key)

    def _range(self, bounds: Bounds) -> tuple[range, range]:
        last = CELLS + 1
        low_x = min(last, max(0, int((bounds[0] - self.left) // self.cell)))
        low_y = min(last, max(0, int((bounds[1] - self.bottom) // self.cell)))
        high_x = min(last, max(0, int((bounds[2] - self.left) // self.cell)))
        high_y = min(last, max(0, int((bounds[3] - self.bottom) // self.cell)))
        return range(low_x, high_x + 1), range(low_y, high_y + 1)

    def _span(self, bounds: Bounds) -> Iterator[tuple[int, int]]:
        xs, ys = self._range(bounds)
        for x in xs:
            for y in ys:
                yield x, y

    def file(self, bounds: Bounds, key: tuple[int, int]) -> None:
        """File a shape (element index, shape number) in every cell its bounds cover, or with
        the large shapes."""
        xs, ys = self._range(bounds)
        if len(xs) * len(ys) > LARGE:
            self.large.append(key)
            return
        for cell in self._span(bounds):
            self.cells.setdefault(cell, []).append(key)

    def near(self, bounds: Bounds) -> set[tuple[int, int]]:
        """The shapes filed in a cell these bounds cover, and every large shape."""
        found = {key for cell in self._span(bounds) for key in self.cells.get(cell, ())}
        found.update(self.large)
        return found


class Ink(Rect):
    """The rectangle a text's lines cover."""


class Backing(Rect):
    """A rectangle drawn as a surface (a panel, a band, a frame): text may lie on it."""


Shape = Ink | Backing | Rect | CircleOp | None
"""What an operation covers: a text's ink, a surface, a picture's box, a circle as drawn, or
nothing."""


def _shape(op: Op, setter: Setter) -> Shape:
    """Where an operation draws: a text's ink, a circle, else the box around it."""
    if isinstance(op, TextOp):
        covered = ink(op, setter)
        return None if covered is None else Ink(*covered)
    if isinstance(op, CircleOp):
        return op
    if isinstance(op, RectOp):
        return Backing(*op.box)
    if isinstance(op, ImageOp | IconOp | DrawingOp):
        return op.box
    if isinstance(op, LineOp | PolygonOp):
        points = (op.start, op.end) if isinstance(op, LineOp) else op.points
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return None


def _depth(text: Rect, other: Rect | CircleOp, gap: float) -> float:
    """How far a text's ink, grown by `gap`, reaches into what another element draws, in mm
    (0: clear of it, or lying wholly on it)."""
    if isinstance(other, CircleOp):
        return _circle_depth(text, other, gap)
    if isinstance(other, Backing) and _inside(text, other):
        return 0.0
    grown = text.grown(gap)
    across = min(grown.right, other.right) - max(grown.x, other.x)
    up = min(grown.top, other.top) - max(grown.y, other.y)
    return max(0.0, min(across, up))


def _clearance(text: Rect, other: Rect | CircleOp, gap: float) -> float:
    """How close a text comes to an element it does not touch but comes within `gap` of."""
    low, high = 0.0, gap
    for _ in range(20):  # the largest growth at which the two still do not meet
        middle = (low + high) / 2
        low, high = (middle, high) if _depth(text, other, middle) <= 0.0 else (low, middle)
    return low


def _circle_depth(text: Rect, circle: CircleOp, gap: float) -> float:
    """How far a text's ink reaches into a circle's stroke, or into a disc it does not lie
    in, keeping `gap` from the stroke (text lying on a disc keeps none from its edge)."""
    (cx, cy), stroke = circle.centre, circle.width if circle.stroke else 0.0
    outer = circle.radius + stroke / 2
    inner = outer if circle.fill else circle.radius - stroke / 2 - gap
    far = max(math.hypot(x - cx, y - cy) for x in (text.x, text.right) for y in (text.y, text.top))
    near = math.hypot(max(text.x - cx, 0.0, cx - text.right), max(text.y - cy, 0.0, cy - text.top))
    if far <= inner or near >= outer + gap:
        return 0.0
    return min(far - inner, outer + gap - near)


def ink(op: TextOp, setter: Setter) -> Rect | None:
    """The rectangle a text's lines cover, set as the pen sets them (None for no text)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if not op.text.strip():
        return None
    box, style = op.box, op.style
    try:
        if style.markup:
            rich = setter.rich_fitted(box, op.text, style)
            set_size, widest_pt, count = rich.size, rich.widest(), len(rich.lines)
        else:
            fitted = setter.fitted(box, op.text, style)
            set_size, count = fitted.size, len(fitted.lines)
            widest_pt = max(stringWidth(line, fitted.font, fitted.size) for line in fitted.lines)
    except TextProblem:  # the pen reports text that does not fit, where it is drawn
        return None
    size = set_size / POINTS_PER_MM
    widest = widest_pt / POINTS_PER_MM
    block = size * ASCENT + size * LEADING * (count - 1)
    top = box.y + (box.height + block) / 2
    bottom = top - block - size * DESCENT
    if style.align == "left":
        left = box.x
    elif style.align == "right":
        left = box.right - widest
    else:
        left = box.x + (box.width - widest) / 2
    return Rect(left, bottom, widest, top - bottom)


def _inside(inner: Rect, outer: Rect) -> bool:
    eps = 1e-6
    return (
        inner.x >= outer.x - eps
        and inner.y >= outer.y - eps
        and inner.right <= outer.right + eps
        and inner.top <= outer.top + eps
    )
