"""The icons draftdeck provides to every pack; a rules plug-in may add its own.

Each draws inside a box given in millimetres, in the colour the element
names; `args` carries anything else the icon reads.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from generator.printing.geometry import Rect
from generator.printing.pen import Pen
from generator.templates.paint import Icon


def shield(pen: Pen, box: Rect, colour: str, args: Mapping[str, Any]) -> None:
    """A team shield: white, outlined in the colour, with an inner line in `accent`."""
    accent = str(args.get("accent", colour))
    cx = box.x + box.width / 2
    w, h = min(box.width, box.height * 0.9), box.height
    left, right, top, bottom = cx - w / 2, cx + w / 2, box.top, box.y
    outline = [
        (left, top),
        (right, top),
        (right, bottom + h * 0.42),
        (cx, bottom),
        (left, bottom + h * 0.42),
    ]
    pen.polygon(outline, fill=str(args.get("fill", "#FFFFFF")), stroke=colour, width=0.6)
    inset = 2.2
    inner = [
        (left + inset, top - inset),
        (right - inset, top - inset),
        (right - inset, bottom + h * 0.43),
        (cx, bottom + inset * 1.6),
        (left + inset, bottom + h * 0.43),
    ]
    pen.polygon(inner, stroke=accent, width=1.6)
    pen.line(left + inset + 1.5, top - 9, right - inset - 1.5, top - 9, accent, 0.8)


def star(pen: Pen, box: Rect, colour: str, args: Mapping[str, Any]) -> None:
    """A five-pointed star, filled."""
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    outer = min(box.width, box.height) / 2
    inner = outer * 0.4
    points = []
    for index in range(10):
        radius = outer if index % 2 == 0 else inner
        angle = math.pi / 2 + index * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pen.polygon(points, fill=colour)


def disc(pen: Pen, box: Rect, colour: str, args: Mapping[str, Any]) -> None:
    """A filled circle, with an outline in `stroke` if given."""
    stroke = args.get("stroke")
    radius = min(box.width, box.height) / 2
    pen.circle(
        box.x + box.width / 2,
        box.y + box.height / 2,
        radius,
        fill=colour,
        stroke=str(stroke) if stroke else None,
        width=float(args.get("width", 0.3)),
    )


def pips(pen: Pen, box: Rect, colour: str, args: Mapping[str, Any]) -> None:
    """A die face showing `value` (1 to 6) as dots."""
    value = max(1, min(6, int(args.get("value", 1))))
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.25, 0.75), (0.75, 0.25)],
        3: [(0.25, 0.75), (0.5, 0.5), (0.75, 0.25)],
        4: [(0.25, 0.25), (0.25, 0.75), (0.75, 0.25), (0.75, 0.75)],
        5: [(0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)],
        6: [(0.25, 0.2), (0.25, 0.5), (0.25, 0.8), (0.75, 0.2), (0.75, 0.5), (0.75, 0.8)],
    }[value]
    size = min(box.width, box.height)
    pen.rect(Rect(box.x, box.y, size, size), stroke=colour, width=size * 0.05, radius=size * 0.15)
    for fx, fy in spots:
        pen.circle(box.x + fx * size, box.y + fy * size, size * 0.08, fill=colour)


def arrow(pen: Pen, box: Rect, colour: str, args: Mapping[str, Any]) -> None:
    """An arrow pointing up, filled: a head on a shaft."""
    size = min(box.width, box.height)
    cx, bottom = box.x + box.width / 2, box.y + (box.height - size) / 2
    head, shaft = size * 0.45, size * 0.14
    pen.polygon(
        [
            (cx, bottom + size),
            (cx + head / 2 + size * 0.05, bottom + size - head),
            (cx + shaft / 2, bottom + size - head),
            (cx + shaft / 2, bottom),
            (cx - shaft / 2, bottom),
            (cx - shaft / 2, bottom + size - head),
            (cx - head / 2 - size * 0.05, bottom + size - head),
        ],
        fill=colour,
    )


def cross(pen: Pen, box: Rect, colour: str, args: Mapping[str, Any]) -> None:
    """A plus sign with arms a third of its size wide, filled."""
    size = min(box.width, box.height)
    x, y = box.x + (box.width - size) / 2, box.y + (box.height - size) / 2
    third = size / 3
    pen.rect(Rect(x + third, y, third, size), fill=colour)
    pen.rect(Rect(x, y + third, size, third), fill=colour)


BUILT_IN: dict[str, Icon] = {
    "shield": shield,
    "star": star,
    "disc": disc,
    "die": pips,
    "arrow": arrow,
    "cross": cross,
}
"""Icons every pack may name."""
