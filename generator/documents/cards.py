"""Cards in a text document: faces drawn by their layouts."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from generator.documents.model import Figure
from generator.printing.geometry import Rect
from generator.printing.pen import Pen

CardDraw = Callable[[str], Callable[[Pen], None]]
"""Card id -> its face drawing, in card millimetres."""
POKER = (63.0, 88.0)
"""The card size (mm) when none is given."""


def card_faces(
    card_ids: Sequence[str],
    faces: CardDraw,
    names: Sequence[str],
    size: tuple[float, float] = POKER,
    scale: float = 1.0,
) -> tuple[Figure, ...]:
    """Each card as a drawing of its face by its layout, outlined, at `scale` of its size
    (at 1, its text reads as printed); `names` are the text alternatives."""
    width, height = size

    def face(card_id: str) -> Callable[[Pen], None]:
        def draw(pen: Pen) -> None:
            canvas = pen.canvas
            canvas.saveState()
            canvas.scale(scale, scale)
            with pen.clipped(Rect(0, 0, width, height)):
                faces(card_id)(pen)
            pen.rect(Rect(0, 0, width, height), stroke="#1B1F2A", width=0.6, radius=3)
            canvas.restoreState()

        return draw

    return tuple(
        Figure(name, width * scale, height * scale, face(card_id))
        for card_id, name in zip(card_ids, names, strict=True)
    )
