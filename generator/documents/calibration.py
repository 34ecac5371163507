"""The calibration sheet: print it double-sided to see how well fronts and backs line up."""

from __future__ import annotations

from typing import Any

from generator.i18n.ui import N_
from generator.printing.geometry import Rect, Size
from generator.printing.pen import Pen, TextStyle
from generator.printing.sheets import PageDraw

C = "calibration"
TEXT = TextStyle(size=10, minimum=7, colour="#1B1F2A", wrap=True)
TARGETS = ((30.0, 30.0), (0.5, 0.5), (-30.0, -30.0))
"""Target positions: mm from the left and bottom (positive) or right and top (negative), or the centre."""


def _points(paper: Size) -> list[tuple[float, float]]:
    found = []
    for x, y in TARGETS:
        px = paper.width * x if 0 < x < 1 else (x if x > 0 else paper.width + x)
        py = paper.height * y if 0 < y < 1 else (y if y > 0 else paper.height + y)
        found.append((px, py))
    return found


def pages(tr: Any) -> tuple[PageDraw, PageDraw]:
    """Front and back of the calibration sheet (the back mirrored for a long-edge flip)."""
    title = tr.text(N_("Front/back calibration"))
    instructions = tr.text(
        N_(
            "Print this sheet double-sided, flipping on the long edge. Hold it against the light: "
            "each black cross should cover the red cross on the other side. Measure any offset with the "
            "millimetre scales and set it in your printer before printing the backs."
        )
    )
    back_title = tr.text(N_("Back side"))

    def target(pen: Pen, x: float, y: float, colour: str) -> None:
        pen.line(x - 8, y, x + 8, y, colour, 0.3)
        pen.line(x, y - 8, x, y + 8, colour, 0.3)
        pen.circle(x, y, 5, stroke=colour, width=0.3)
        for mm in range(-5, 6):
            tick = 1.5 if mm % 5 else 3
            pen.line(x + mm, y - 10, x + mm, y - 10 + tick, colour, 0.15)
            pen.line(x - 10, y + mm, x - 10 + tick, y + mm, colour, 0.15)

    def front(pen: Pen, paper: Size) -> None:
        for x, y in _points(paper):
            target(pen, x, y, "#000000")
        pen.text(
            Rect(20, paper.height - 60, paper.width - 40, 12),
            title,
            TEXT,
        )
        pen.text(
            Rect(20, paper.height / 2 + 20, paper.width - 40, 40),
            instructions,
            TEXT,
        )

    def back(pen: Pen, paper: Size) -> None:
        for x, y in _points(paper):
            target(pen, paper.width - x, y, "#D00000")
        pen.text(
            Rect(20, paper.height - 60, paper.width - 40, 12),
            back_title,
            TEXT,
        )

    return front, back
