"""Fan zone cards in the managers' colours: a fan track with laps for the second marker."""

from __future__ import annotations

from generator.games.all_star_draft.model import PlayerColour
from generator.games.all_star_draft.rules.scoring import highest_total
from generator.i18n.ui import N_
from generator.printing.geometry import Rect
from generator.printing.pen import Pen
from generator.printing.sheets import Draw

from . import frame
from .context import PrintContext, readable_on

C = "fan-zone"
TRACK_COLUMNS, TRACK_ROWS = 5, 10
"""The track holds 0 to 49; a second marker counts the laps of 50."""


def front(ctx: PrintContext, colour: PlayerColour) -> Draw:
    """The fan zone of one colour."""
    layout, tr, size = ctx.layout, ctx.tr, ctx.size(C)
    lap = TRACK_COLUMNS * TRACK_ROWS
    laps = highest_total(ctx.game, ctx.edition) // lap
    title = tr.text(N_("Fan Zone"))
    cells = [tr.number(n) for n in range(lap)]
    lap_labels = [f"+{tr.number(lap * k)}" for k in range(1, laps + 1)]

    def draw(pen: Pen) -> None:
        frame.fill(pen, size, "#FFFFFF")
        band = colour.rgb
        frame.band(pen, size, 101.5, band)
        if ctx.ink_saver:
            pen.rect(
                Rect(1.5, 1.5, size.width - 3, size.height - 3), stroke=band, width=2, radius=3
            )
        pen.text(layout.box(C, "title"), title, layout.style(C, "title", readable_on(band)))
        track = layout.box(C, "track")
        w, h = track.width / TRACK_COLUMNS, track.height / TRACK_ROWS
        for n, label in enumerate(cells):
            row, column = divmod(n, TRACK_COLUMNS)
            if row % 2:  # the track snakes so that each step is to a neighbour
                column = TRACK_COLUMNS - 1 - column
            cell = Rect(track.x + column * w, track.top - (row + 1) * h, w, h)
            pen.rect(
                Rect(cell.x + 0.4, cell.y + 0.4, cell.width - 0.8, cell.height - 0.8),
                stroke=band,
                width=0.35,
                radius=1,
            )
            pen.text(cell, label, layout.style(C, "cell"))
        area = layout.box(C, "laps")
        width = area.width / max(len(lap_labels), 1)
        for index, label in enumerate(lap_labels):
            box = Rect(area.x + index * width + 0.6, area.y, width - 1.2, area.height)
            pen.rect(box, fill=band, radius=2)
            pen.text(box, label, layout.style(C, "lap", readable_on(band)))

    return draw
