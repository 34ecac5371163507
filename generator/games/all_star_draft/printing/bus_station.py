"""The bus station card: a column per team strength, strongest on the left."""

from __future__ import annotations

from generator.i18n.ui import N_
from generator.printing.geometry import Rect
from generator.printing.pen import Pen
from generator.printing.sheets import Draw

from . import frame
from .context import PrintContext, readable_on

C = "bus-station"


def front(ctx: PrintContext) -> Draw:
    """The bus station's face."""
    layout, tr, size = ctx.layout, ctx.tr, ctx.size(C)
    title = tr.text(N_("Bus Station"))
    subtitle = tr.text(N_("Place your bus under your team's strength"))
    team_size = ctx.edition.setup.team_size
    labels = [tr.number(n) for n in range(team_size, 0, -1)]
    header = layout.colour("header")

    def draw(pen: Pen) -> None:
        frame.fill(
            pen,
            size,
            ctx.background(layout.colour("ice")),
        )
        band = ctx.background(header)
        frame.band(pen, size, 95.5, band)
        pen.text(layout.box(C, "title"), title, layout.style(C, "title", readable_on(band)))
        pen.text(
            layout.box(C, "subtitle"), subtitle, layout.style(C, "subtitle", readable_on(band))
        )
        area = layout.box(C, "columns")
        width = area.width / len(labels)
        for index, label in enumerate(labels):
            column = Rect(area.x + index * width + 0.8, area.y, width - 1.6, area.height)
            pen.rect(column, fill="#FFFFFF", stroke="#1B1F2A", width=0.3, radius=2)
            pen.text(
                Rect(column.x, column.top - 12, column.width, 10), label, layout.style(C, "label")
            )
            for slot in range(6):
                cy = column.top - 20 - slot * 11
                pen.circle(column.x + column.width / 2, cy, 3.6, stroke="#9AA5B1", width=0.25)

    return draw
