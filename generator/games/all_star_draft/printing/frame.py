"""The parts every card face shares: a background into the bleed and a header band."""

from __future__ import annotations

from generator.printing.geometry import MAX_BLEED, Rect, Size
from generator.printing.pen import Pen

from .context import readable_on


def fill(pen: Pen, size: Size, colour: str) -> None:
    """Paint the whole card and any bleed the user may ask for."""
    pen.rect(
        Rect(-MAX_BLEED, -MAX_BLEED, size.width + 2 * MAX_BLEED, size.height + 2 * MAX_BLEED),
        fill=colour,
    )


def band(pen: Pen, size: Size, bottom: float, colour: str) -> str:
    """A header band from `bottom` up through the top bleed; returns the ink that reads on it."""
    pen.rect(
        Rect(-MAX_BLEED, bottom, size.width + 2 * MAX_BLEED, size.height - bottom + MAX_BLEED),
        fill=colour,
    )
    return readable_on(colour)
