"""The playoff points card: fans by player count and final place, and the ticket bonus."""

from __future__ import annotations

from generator.i18n.ui import N_, NP_
from generator.printing.geometry import Rect
from generator.printing.pen import Pen
from generator.printing.sheets import Draw

from . import frame
from .context import PrintContext, readable_on

C = "playoff-points"


def front(ctx: PrintContext) -> Draw:
    """The playoff points card's face."""
    layout, tr, size = ctx.layout, ctx.tr, ctx.size(C)
    playoffs = ctx.edition.playoffs
    counts = sorted(playoffs.points)
    places = max(counts)
    title = tr.text(N_("Playoff Points"))
    corner = tr.text(N_("Managers"))
    heading = [tr.ordinal(p) for p in range(1, places + 1)]
    rows = [(tr.number(n), [tr.number(v) for v in playoffs.points[n]]) for n in counts]
    bonus_label = tr.text(N_("Ticket bonus"))
    bonus = " · ".join(
        tr.plural(NP_("{n} manager:", "{n} managers:"), n)
        + " "
        + tr.plural(NP_("+{n} fan per ticket", "+{n} fans per ticket"), fans)
        for n, fans in sorted(playoffs.ticket_bonus.items())
    )
    header = layout.colour("header")

    def draw(pen: Pen) -> None:
        frame.fill(pen, size, "#FFFFFF")
        band = ctx.background(header)
        frame.band(pen, size, 70, band)
        pen.text(layout.box(C, "title"), title, layout.style(C, "title", readable_on(band)))
        table = layout.box(C, "table")
        columns = places + 1
        w, h = table.width / columns, table.height / (len(rows) + 1)
        cell = layout.style(C, "cell")
        pen.text(Rect(table.x, table.top - h, w, h), corner, cell)
        for index, label in enumerate(heading):
            pen.text(Rect(table.x + (index + 1) * w, table.top - h, w, h), label, cell)
        for r, (players, values) in enumerate(rows):
            y = table.top - (r + 2) * h
            if r % 2 == 0:
                pen.rect(Rect(table.x, y, table.width, h), fill="#EAF4FB")
            pen.text(Rect(table.x, y, w, h), players, cell)
            for index, value in enumerate(values):
                pen.text(Rect(table.x + (index + 1) * w, y, w, h), value, cell)
        if bonus:
            pen.text(layout.box(C, "bonus"), f"{bonus_label}: {bonus}", layout.style(C, "bonus"))

    return draw
