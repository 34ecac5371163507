"""Arena cards: name, fans by rank, flags, and the special combo with its explanation."""

from __future__ import annotations

from generator.games.all_star_draft.model import Arena, Special
from generator.i18n.ui import N_
from generator.printing.geometry import Rect
from generator.printing.pen import Pen
from generator.printing.sheets import Draw

from . import frame
from .context import PrintContext, readable_on
from .icons import flag, special

C = "arena"
EXPLANATIONS = {
    Special.RUN: N_("A run of five consecutive numbers beats five of a kind."),
    Special.ONE_OF_EACH: N_("One of each of the five symbols beats five of a kind."),
    Special.THREE_AND_PAIR: N_("Three of a kind plus a pair beats five of a kind."),
}


def front(ctx: PrintContext, arena: Arena) -> Draw:
    """The face of one arena card."""
    layout, tr, size = ctx.layout, ctx.tr, ctx.size(C)
    rank_label, fans_label = tr.text(N_("Rank")), tr.text(N_("Fans"))
    rows = [(tr.ordinal(rank), tr.number(fans)) for rank, fans in enumerate(arena.fans, 1)]
    explanation = tr.text(EXPLANATIONS[arena.special]) if arena.special else None
    header = layout.colour("header")
    colours = [s.colour.rgb for s in ctx.game.species[:2]]

    def draw(pen: Pen) -> None:
        frame.fill(
            pen,
            size,
            ctx.background(layout.colour("ice")),
        )
        band = ctx.background(header)
        frame.band(pen, size, 100, band)
        pen.text(layout.box(C, "name"), arena.name, layout.style(C, "name", readable_on(band)))
        flags = layout.box(C, "flags")
        for index, flag_id in enumerate(sorted(arena.flags)):
            flag(pen, flag_id, flags.x + index * (flags.height + 2), flags.y, flags.height)
        head = layout.box(C, "header")
        half = head.width / 2
        pen.text(Rect(head.x, head.y, half, head.height), rank_label, layout.style(C, "header"))
        pen.text(
            Rect(head.x + half, head.y, half, head.height), fans_label, layout.style(C, "header")
        )
        table = layout.box(C, "rows")
        height = table.height / len(rows)
        for index, (rank, fans) in enumerate(rows):
            y = table.top - (index + 1) * height
            if index % 2 == 0:
                pen.rect(Rect(table.x, y, table.width, height), fill="#FFFFFF", radius=1)
            pen.text(Rect(table.x, y, half, height), rank, layout.style(C, "rows"))
            pen.text(Rect(table.x + half, y, half, height), fans, layout.style(C, "rows"))
        if arena.special is not None and explanation is not None:
            icon = layout.box(C, "special_icon")
            special(pen, arena.special, icon.x, icon.y, icon.width, colours)
            pen.text(layout.box(C, "special_text"), explanation, layout.style(C, "special_text"))

    return draw
