"""Cards in a text document: small faces drawn by their layouts, side by side, and the
table of what is in the box."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from generator.documents.model import Figure, Table
from generator.i18n.ui import N_, Translator
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


def components_table(tr: Translator, components: Iterable[tuple[str, int]]) -> Table:
    """What is in the box: each component's name (translated, context "components") and count."""
    return Table(
        tr.text(N_("Components")),
        (tr.text(N_("Component")), tr.text(N_("Count"))),
        tuple((tr.name("components", name), tr.number(count)) for name, count in components),
    )
