"""The fan zone's track: 0-49 snaking over the card, and lap boxes for the second marker."""

from __future__ import annotations

from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.rules.scoring import FANS_PER_LAP, MOST_LAPS, highest_total
from generator.plugin_api import DrawingContext, Pen, Rect

TRACK_COLUMNS = 5
TRACK_ROWS = FANS_PER_LAP // TRACK_COLUMNS


def fan_zone(pen: Pen, ctx: DrawingContext) -> None:
    """The track in the element's box (style `cell`), the laps in box `laps` (style `lap`).

    As many lap boxes as the highest total the data allows needs (validation
    keeps it at most `MOST_LAPS`); `args.colour` is the manager's colour.
    """
    game: Game = ctx.model
    tr, colour = ctx.tr, str(ctx.args["colour"])
    lap = TRACK_COLUMNS * TRACK_ROWS
    laps = min(highest_total(game, game.edition(ctx.edition)) // lap, MOST_LAPS)
    track = ctx.box
    w, h = track.width / TRACK_COLUMNS, track.height / TRACK_ROWS
    for n in range(lap):
        row, column = divmod(n, TRACK_COLUMNS)
        if row % 2:  # the track snakes so that each step is to a neighbour
            column = TRACK_COLUMNS - 1 - column
        cell = Rect(track.x + column * w, track.top - (row + 1) * h, w, h)
        pen.rect(
            Rect(cell.x + 0.4, cell.y + 0.4, cell.width - 0.8, cell.height - 0.8),
            stroke=colour,
            width=0.35,
            radius=1,
        )
        pen.text(cell, tr.number(n), ctx.styles["cell"])
    area = ctx.boxes["laps"]
    width = area.width / max(laps, 1)
    for index in range(laps):
        box = Rect(area.x + index * width + 0.6, area.y, width - 1.2, area.height)
        pen.rect(box, fill=colour, radius=2)
        pen.text(box, f"+{tr.number(lap * (index + 1))}", ctx.styles["lap"])
