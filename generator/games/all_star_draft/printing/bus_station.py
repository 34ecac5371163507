"""The bus station's columns: one per team strength, strongest on the left."""

from __future__ import annotations

from generator.games.all_star_draft.model import Game
from generator.plugin_api import DrawingContext, Pen, Rect


def bus_station(pen: Pen, ctx: DrawingContext) -> None:
    """A column per strength (team size down to 1) in the element's box, labelled in style `label`."""
    game: Game = ctx.model
    team_size = game.edition(ctx.edition).setup.team_size
    labels = [ctx.tr.number(n) for n in range(team_size, 0, -1)]
    area = ctx.box
    width = area.width / len(labels)
    for index, label in enumerate(labels):
        column = Rect(area.x + index * width + 0.8, area.y, width - 1.6, area.height)
        pen.rect(column, fill="#FFFFFF", stroke="#1B1F2A", width=0.3, radius=2)
        pen.text(Rect(column.x, column.top - 12, column.width, 10), label, ctx.styles["label"])
        for slot in range(6):
            cy = column.top - 20 - slot * 11
            pen.circle(column.x + column.width / 2, cy, 3.6, stroke="#9AA5B1", width=0.25)
