"""The token sheet: playoff tickets, bus (travel) tokens and fan markers, with cut lines."""

from __future__ import annotations

from dataclasses import replace

from generator.i18n.ui import N_
from generator.printing.geometry import Rect, Size
from generator.printing.pen import Pen
from generator.printing.sheets import PageDraw

from .context import PrintContext, readable_on

C = "tokens"
CUT = "#9AA5B1"


def sheet(ctx: PrintContext, tickets: int, buses: int, fan_markers: int, margin: float) -> PageDraw:
    """One page with every token of the edition."""
    layout, tr = ctx.layout, ctx.tr
    ticket_w, ticket_h = layout.value(C, "ticket")
    bus, fan, gap = layout.value(C, "bus"), layout.value(C, "fan"), layout.value(C, "gap")
    ticket_label = tr.text(N_("Playoff Ticket"))
    colours = ctx.game.player_colours
    values = max(buses // len(colours), 1)
    numbers = [tr.number(v) for v in range(1, values + 1)]
    markers_each = fan_markers // len(colours)
    label = layout.style(C, "label")
    big = layout.style(C, "number")

    def draw(pen: Pen, paper: Size) -> None:
        flow = _Flow(margin + 2, paper.width - margin - 2, paper.height - margin - 2, gap)
        for _ in range(tickets):
            box = flow.place(ticket_w, ticket_h)
            pen.rect(box, fill=ctx.background("#F6E7B0"), stroke=CUT, width=0.25, radius=2)
            pen.rect(
                Rect(box.x + 2, box.y + 2, box.width - 4, box.height - 4),
                stroke="#1B1F2A",
                width=0.3,
                radius=1.5,
            )
            pen.text(Rect(box.x + 4, box.y + 3, box.width - 8, box.height - 6), ticket_label, label)
        flow.new_row()
        for colour in colours:
            for number in numbers:
                box = flow.place(bus, bus)
                cx, cy = box.x + bus / 2, box.y + bus / 2
                pen.circle(cx, cy, bus / 2, fill=colour.rgb, stroke=CUT, width=0.25)
                pen.text(
                    Rect(cx - bus / 3, cy - bus / 3, bus * 2 / 3, bus * 2 / 3),
                    number,
                    replace(big, colour=readable_on(colour.rgb)),
                )
        flow.new_row()
        for colour in colours:
            for _ in range(markers_each):
                box = flow.place(fan, fan)
                cx, cy = box.x + fan / 2, box.y + fan / 2
                pen.circle(cx, cy, fan / 2, fill=colour.rgb, stroke=CUT, width=0.25)
                pen.circle(cx, cy, fan / 4, stroke=readable_on(colour.rgb), width=0.5)

    return draw


class _Flow:
    """Places boxes left to right, top to bottom, inside the printable area."""

    def __init__(self, left: float, right: float, top: float, gap: float) -> None:
        self.left, self.right, self.gap = left, right, gap
        self.x, self.top, self.row_height = left, top, 0.0

    def place(self, width: float, height: float) -> Rect:
        if self.x + width > self.right + 1e-9:
            self.new_row()
        box = Rect(self.x, self.top - height, width, height)
        self.x += width + self.gap
        self.row_height = max(self.row_height, height)
        return box

    def new_row(self) -> None:
        if self.row_height:
            self.top -= self.row_height + self.gap
        self.x, self.row_height = self.left, 0.0
