"""All-Star Draft's vector icons: equipment symbols, ColorADD glyphs, arena flags and specials.

Each draws inside a square box given by its lower-left corner and side, in
millimetres. The plug-in registers them for templates (`icon: "{symbol.id}"`)
with the generic signature `(pen, box, colour, args)`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from generator.plugin_api import BLACK, WHITE, IconHook, Pen, Rect

INK = "#1B1F2A"


def symbol(pen: Pen, symbol_id: str, x: float, y: float, size: float, colour: str = INK) -> None:
    """An equipment symbol pictogram."""
    SYMBOLS[symbol_id](pen, x, y, size, colour)


def _goal(pen: Pen, x: float, y: float, s: float, c: str) -> None:
    w = s * 0.08
    pen.polygon(
        [
            (x + s * 0.1, y + s * 0.15),
            (x + s * 0.1, y + s * 0.8),
            (x + s * 0.9, y + s * 0.8),
            (x + s * 0.9, y + s * 0.15),
        ],
        stroke=c,
        width=w,
    )
    for i in range(1, 4):
        gx = x + s * (0.1 + 0.2 * i)
        pen.line(gx, y + s * 0.15, gx, y + s * 0.8, c, w * 0.4)
    for j in range(1, 3):
        gy = y + s * (0.15 + 0.216 * j)
        pen.line(x + s * 0.1, gy, x + s * 0.9, gy, c, w * 0.4)


def _puck(pen: Pen, x: float, y: float, s: float, c: str) -> None:
    pen.rect(Rect(x + s * 0.1, y + s * 0.3, s * 0.8, s * 0.22), fill=c)
    pen.ellipse(x + s * 0.1, y + s * 0.19, x + s * 0.9, y + s * 0.41, fill=c)
    pen.ellipse(
        x + s * 0.1, y + s * 0.41, x + s * 0.9, y + s * 0.63, fill=c, stroke=WHITE, width=s * 0.03
    )


def _helmet(pen: Pen, x: float, y: float, s: float, c: str) -> None:
    pen.circle(x + s * 0.5, y + s * 0.42, s * 0.36, fill=c)
    pen.rect(Rect(x + s * 0.1, y + s * 0.1, s * 0.8, s * 0.32), fill=WHITE)
    pen.rect(Rect(x + s * 0.14, y + s * 0.3, s * 0.72, s * 0.12), fill=c)
    for i in range(3):
        gx = x + s * (0.3 + 0.2 * i)
        pen.line(gx, y + s * 0.12, gx, y + s * 0.3, c, s * 0.05)
    pen.line(x + s * 0.24, y + s * 0.14, x + s * 0.76, y + s * 0.14, c, s * 0.05)


def _glove(pen: Pen, x: float, y: float, s: float, c: str) -> None:
    pen.rect(Rect(x + s * 0.22, y + s * 0.1, s * 0.5, s * 0.2), fill=c, radius=s * 0.04)
    pen.rect(Rect(x + s * 0.22, y + s * 0.32, s * 0.5, s * 0.38), fill=c, radius=s * 0.08)
    for i in range(3):
        pen.rect(
            Rect(x + s * (0.24 + 0.16 * i), y + s * 0.62, s * 0.13, s * 0.28),
            fill=c,
            radius=s * 0.06,
        )
    pen.rect(Rect(x + s * 0.7, y + s * 0.38, s * 0.16, s * 0.28), fill=c, radius=s * 0.07)


def _skate(pen: Pen, x: float, y: float, s: float, c: str) -> None:
    pen.polygon(
        [
            (x + s * 0.2, y + s * 0.3),
            (x + s * 0.2, y + s * 0.88),
            (x + s * 0.45, y + s * 0.88),
            (x + s * 0.5, y + s * 0.55),
            (x + s * 0.85, y + s * 0.45),
            (x + s * 0.88, y + s * 0.3),
        ],
        fill=c,
    )
    pen.rect(Rect(x + s * 0.12, y + s * 0.14, s * 0.8, s * 0.06), fill=c)
    pen.line(x + s * 0.3, y + s * 0.2, x + s * 0.3, y + s * 0.3, c, s * 0.05)
    pen.line(x + s * 0.75, y + s * 0.2, x + s * 0.75, y + s * 0.3, c, s * 0.05)


SYMBOLS: dict[str, Callable[[Pen, float, float, float, str], None]] = {
    "goal": _goal,
    "puck": _puck,
    "helmet": _helmet,
    "glove": _glove,
    "skate": _skate,
}


def coloradd(
    pen: Pen, primaries: Sequence[str], shade: str | None, x: float, y: float, size: float
) -> None:
    """A ColorADD-style code built from a colour's primaries, on a white tile.

    Yellow is a rising stroke, blue a triangle on the left, red a triangle
    on the right, white an outlined square and black a filled one; a light
    shade adds a white frame and a dark one a black frame.
    """
    pen.rect(Rect(x, y, size, size), fill=WHITE, stroke=BLACK, width=size * 0.04)
    inner = size * 0.16
    ix, iy, s = x + inner, y + inner, size - 2 * inner
    parts = set(primaries)
    if "white" in parts:
        pen.rect(Rect(ix, iy, s, s), stroke=BLACK, width=size * 0.06)
    if "black" in parts:
        box = Rect(ix + s * 0.5, iy, s * 0.5, s) if "white" in parts else Rect(ix, iy, s, s)
        pen.rect(box, fill=BLACK)
    if "blue" in parts:
        pen.polygon([(ix, iy), (ix, iy + s), (ix + s * 0.5, iy + s * 0.5)], fill=BLACK)
    if "red" in parts:
        pen.polygon([(ix + s, iy), (ix + s, iy + s), (ix + s * 0.5, iy + s * 0.5)], fill=BLACK)
    if "yellow" in parts:
        pen.line(ix + s * 0.15, iy, ix + s * 0.85, iy + s, BLACK, size * 0.1)
    if shade == "dark":
        pen.rect(
            Rect(x + size * 0.04, y + size * 0.04, size * 0.92, size * 0.92),
            stroke=BLACK,
            width=size * 0.12,
        )
    elif shade == "light":
        pen.rect(
            Rect(x + size * 0.08, y + size * 0.08, size * 0.84, size * 0.84),
            stroke="#9A9A9A",
            width=size * 0.05,
        )


def flag(pen: Pen, flag_id: str, x: float, y: float, size: float) -> None:
    """An arena flag icon."""
    cx, cy, r = x + size / 2, y + size / 2, size / 2
    if flag_id == "irregular-fans":
        pen.circle(cx, cy, r, fill="#F4B400")
        points = [
            (x + size * 0.15, y + size * 0.35),
            (x + size * 0.35, y + size * 0.65),
            (x + size * 0.5, y + size * 0.4),
            (x + size * 0.65, y + size * 0.7),
            (x + size * 0.85, y + size * 0.45),
        ]
        for (x1, y1), (x2, y2) in itertools.pairwise(points):
            pen.line(x1, y1, x2, y2, INK, size * 0.09)
    elif flag_id == "not-for-two-players":
        pen.circle(cx, cy, r, fill=WHITE, stroke="#C62828", width=size * 0.1)
        pen.circle(cx - r * 0.3, cy, r * 0.22, fill=INK)
        pen.circle(cx + r * 0.3, cy, r * 0.22, fill=INK)
        pen.line(
            x + size * 0.2, y + size * 0.2, x + size * 0.8, y + size * 0.8, "#C62828", size * 0.1
        )
    else:  # not-for-beginners: a whistle
        pen.circle(cx, cy, r, fill="#E0E0E0")
        pen.circle(cx - r * 0.15, cy - r * 0.1, r * 0.42, fill=INK)
        pen.rect(Rect(cx - r * 0.15, cy - r * 0.05, r * 0.75, r * 0.35), fill=INK)


def special(
    pen: Pen, which: str, x: float, y: float, size: float, species_colours: Sequence[str]
) -> None:
    """A special-combo icon: five small cards showing the combo (run, one-of-each, three-and-pair)."""
    w, h = size * 0.17, size * 0.5
    base = y + (size - h) / 2
    for i in range(5):
        cx = x + size * 0.02 + i * size * 0.196
        if which == "run":
            fill, label = "#FFFFFF", i
        elif which == "one-of-each":
            fill, label = "#FFFFFF", -1
        else:
            fill, label = species_colours[0] if i < 3 else species_colours[1], -2
        pen.rect(Rect(cx, base, w, h), fill=fill, stroke=INK, width=size * 0.02, radius=size * 0.02)
        if label >= 0:
            steps = label + 1
            for k in range(steps):
                pen.rect(
                    Rect(cx + w * 0.3, base + h * 0.12 + k * h * 0.15, w * 0.4, h * 0.09), fill=INK
                )
        elif label == -1:
            symbol(pen, list(SYMBOLS)[i], cx, base + (h - w) / 2, w)


def _box_icon(draw: Callable[[Pen, float, float, float], None]) -> IconHook:
    def icon(pen: Pen, box: Rect, colour: str, args: Mapping[str, Any]) -> None:
        draw(pen, box.x, box.y, min(box.width, box.height))

    return icon


def symbol_icon(name: str) -> IconHook:
    """An equipment symbol as a template icon, in the element's colour."""

    def icon(pen: Pen, box: Rect, colour: str, args: Mapping[str, Any]) -> None:
        symbol(pen, name, box.x, box.y, min(box.width, box.height), colour)

    return icon


def coloradd_icon(pen: Pen, box: Rect, colour: str, args: Mapping[str, Any]) -> None:
    """The ColorADD code of `args.code` (primaries) and `args.shade`."""
    shade = args.get("shade")
    coloradd(
        pen, tuple(args.get("code", ())), str(shade) if shade else None, box.x, box.y, box.width
    )


def flag_icon(name: str) -> IconHook:
    """An arena flag as a template icon."""
    return _box_icon(lambda pen, x, y, size: flag(pen, name, x, y, size))


def special_icon(name: str) -> IconHook:
    """A special combo as a template icon; `args.colours` gives the two species colours."""

    def icon(pen: Pen, box: Rect, colour: str, args: Mapping[str, Any]) -> None:
        colours = [str(c) for c in args.get("colours", ("#F2C500", "#EF7D00"))]
        special(pen, name, box.x, box.y, min(box.width, box.height), colours)

    return icon


ICONS: Mapping[str, IconHook] = {
    **{name: symbol_icon(name) for name in ("goal", "puck", "helmet", "glove", "skate")},
    "coloradd": coloradd_icon,
    **{
        name: flag_icon(name)
        for name in ("irregular-fans", "not-for-two-players", "not-for-beginners")
    },
    **{name: special_icon(name) for name in ("run", "one-of-each", "three-and-pair")},
}
"""The plug-in's icons, by the name a template gives them."""
