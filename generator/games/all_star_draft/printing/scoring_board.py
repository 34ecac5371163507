"""The first edition's scoring board: fan track 0-60 with +60/+120, team strengths, playoff points."""

from __future__ import annotations

from generator.games.all_star_draft.model import Game
from generator.plugin_api import N_, DrawingContext, Pen, Rect

TRACK = 60


def scoring_board(pen: Pen, ctx: DrawingContext) -> None:
    """The whole board, in board millimetres (styles big, label and cell)."""
    game: Game = ctx.model
    tr = ctx.tr
    title = tr.name("game", game.name)
    fans = tr.text(N_("Fans"))
    strength = tr.text(N_("Team strength"))
    playoffs = game.edition(ctx.edition).playoffs
    points_title = (
        tr.text(N_("Playoff Points – stand-in values"))
        if playoffs.provisional  # the edition's table is not known: the board says so
        else tr.text(N_("Playoff Points"))
    )
    cells = [tr.number(n) for n in range(TRACK + 1)]
    laps = [f"+{tr.number(TRACK)}", f"+{tr.number(2 * TRACK)}"]
    rows = [
        (tr.number(n), " · ".join(tr.number(v) for v in playoffs.points[n]))
        for n in sorted(playoffs.points)
    ]
    big, label, cell = ctx.styles["big"], ctx.styles["label"], ctx.styles["cell"]
    board = ctx.size
    pen.rect(
        Rect(0, 0, board.width, board.height),
        fill=ctx.background("#EAF4FB"),
        stroke="#1B1F2A",
        width=0.5,
    )
    pen.text(Rect(20, board.height - 30, board.width - 40, 20), title, big)
    # Fan track around three sides: 0 bottom left, up, across and down.
    side = 21
    w = (board.width - 40) / side
    for n, text in enumerate(cells):
        x = 20 + (n % side) * w
        y = 20 + (n // side) * w
        box = Rect(x, y, w, w)
        pen.rect(box, fill="#FFFFFF", stroke="#1B1F2A", width=0.3)
        pen.text(Rect(box.x + 1, box.y + 1, box.width - 2, box.height - 2), text, cell)
    for index, text in enumerate(laps):
        box = Rect(board.width - 20 - (index + 1) * 2 * w, 20 + 3 * w + 4, 2 * w - 2, w)
        pen.rect(box, fill="#F6E7B0", stroke="#1B1F2A", width=0.3)
        pen.text(box, text, cell)
    pen.text(Rect(20, 20 + 3 * w + 4, 60, w), fans, label)
    zone = Rect(20, 20 + 5 * w, 150, 60)
    pen.text(Rect(zone.x, zone.top, zone.width, 8), strength, label)
    for s in range(1, 6):
        box = Rect(zone.x + (5 - s) * 30, zone.y, 28, zone.height)
        pen.rect(box, fill="#FFFFFF", stroke="#1B1F2A", width=0.3)
        pen.text(Rect(box.x, box.top - 14, box.width, 12), tr.number(s), big)
    table = Rect(190, 20 + 5 * w, 150, 60)
    pen.text(Rect(table.x, table.top, table.width, 8), points_title, label)
    height = table.height / len(rows)
    for index, (players, values) in enumerate(rows):
        y = table.top - (index + 1) * height
        pen.rect(Rect(table.x, y, table.width, height), fill="#FFFFFF", stroke="#9AA5B1", width=0.2)
        pen.text(Rect(table.x + 2, y, 20, height), players, cell)
        pen.text(Rect(table.x + 24, y, table.width - 26, height), values, cell)
