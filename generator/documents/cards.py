"""Small card faces in a text document: cards drawn by their layouts, side by side."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from generator.documents.model import Figure
from generator.printing.geometry import Rect, pt
from generator.printing.pen import Pen

CardDraw = Callable[[str], Callable[[Pen], None]]
"""Card id -> its face drawing, in card millimetres."""
POKER = (63.0, 88.0)
"""The card size (mm) when none is given."""
SCALE = 0.32
GAP = 2.0


def card_row(
    card_ids: Sequence[str], faces: CardDraw, alt: str, size: tuple[float, float] = POKER
) -> Figure:
    """Cards side by side at a third of their size, each drawn by its layout and outlined."""
    width, height = size
    step = width * SCALE + GAP

    def draw(pen: Pen) -> None:
        for index, card_id in enumerate(card_ids):
            canvas = pen.canvas
            canvas.saveState()
            canvas.translate(pt(index * step), 0)
            canvas.scale(SCALE, SCALE)
            with pen.clipped(Rect(0, 0, width, height)):
                faces(card_id)(pen)
            pen.rect(Rect(0, 0, width, height), stroke="#1B1F2A", width=0.6, radius=3)
            canvas.restoreState()

    return Figure(alt, len(card_ids) * step, height * SCALE, draw)
