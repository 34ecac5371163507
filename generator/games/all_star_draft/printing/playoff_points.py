"""The playoff points table: fans by player count and final place, and the ticket bonus."""

from __future__ import annotations

from generator.games.all_star_draft.model import Game
from generator.plugin_api import N_, NP_, DrawingContext, Pen, Rect

FIRST_COLUMN = 1.7
"""The first column's width in widths of the others."""


def playoff_points(pen: Pen, ctx: DrawingContext) -> None:
    """The table in the element's box (style `cell`); the ticket bonus in box `bonus` (style `bonus`)."""
    game: Game = ctx.model
    tr = ctx.tr
    playoffs = game.edition(ctx.edition).playoffs
    counts = sorted(playoffs.points)
    places = max(counts)
    corner = tr.text(N_("Managers"))
    heading = [tr.ordinal(p) for p in range(1, places + 1)]
    rows = [(tr.number(n), [tr.number(v) for v in playoffs.points[n]]) for n in counts]
    table = ctx.box
    # The first column holds the word "Managers": it is wider, so that the word is set at
    # the size of the numbers.
    w = table.width / (places + FIRST_COLUMN)
    first, h = w * FIRST_COLUMN, table.height / (len(rows) + 1)
    cell = ctx.styles["cell"]
    pen.text(Rect(table.x, table.top - h, first, h), corner, cell)
    for index, label in enumerate(heading):
        pen.text(Rect(table.x + first + index * w, table.top - h, w, h), label, cell)
    for r, (players, values) in enumerate(rows):
        y = table.top - (r + 2) * h
        if r % 2 == 0:
            pen.rect(Rect(table.x, y, table.width, h), fill="#EAF4FB")
        pen.text(Rect(table.x, y, first, h), players, cell)
        for index, value in enumerate(values):
            pen.text(Rect(table.x + first + index * w, y, w, h), value, cell)
    bonus = "\u00a0· ".join(  # the dot ends a line, never starts one
        tr.plural(
            NP_(
                "{managers} managers: +{n} fan per ticket",
                "{managers} managers: +{n} fans per ticket",
            ),
            fans,
            managers=tr.number(n),
        )
        for n, fans in sorted(playoffs.ticket_bonus.items())
    )
    if bonus:
        line = tr.text(N_("Ticket bonus – {bonuses}")).format(bonuses=bonus)
        pen.text(ctx.boxes["bonus"], line, ctx.styles["bonus"])
