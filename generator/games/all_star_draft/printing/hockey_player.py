"""The hockey-player cards (fronts) and the card backs."""

from __future__ import annotations

from functools import partial

from generator.games.all_star_draft.model import Card
from generator.i18n.ui import N_
from generator.printing.geometry import Rect
from generator.printing.pen import Pen, TextStyle
from generator.printing.sheets import Draw

from . import frame
from .art import species_art
from .context import PrintContext, readable_on
from .icons import coloradd, symbol

C = "hockey-player"


def front(ctx: PrintContext, card: Card) -> Draw:
    """The face of one hockey-player card."""
    species = ctx.game.species_by_id(card.species)
    name = ctx.tr.name("species", species.name)
    layout, size, bleed_colour = ctx.layout, ctx.size(C), species.colour.rgb
    art = species_art(ctx.data_dir, species)

    def draw(pen: Pen) -> None:
        background = ctx.background(bleed_colour)
        frame.fill(pen, size, background)
        if ctx.ink_saver:  # the species colour keeps its meaning as a frame
            pen.rect(
                Rect(1.5, 1.5, size.width - 3, size.height - 3),
                stroke=bleed_colour,
                width=3,
                radius=3,
            )
        ink = readable_on(background)
        pen.text(
            layout.box(C, "number"), ctx.tr.number(card.number), layout.style(C, "number", ink)
        )
        if card.symbol is not None:
            box = layout.box(C, "symbol")
            pen.reused(f"symbol-{card.symbol}", box, partial(_symbol_disc, card.symbol, box.width))
        emblem = layout.box(C, "emblem")
        if art is not None:
            pen.image(str(art), emblem)
        else:
            local = Rect(0, 0, emblem.width, emblem.height)
            pen.reused(
                f"emblem-{species.id}",
                emblem,
                partial(_emblem, box=local, colour=bleed_colour, name=name),
            )
        cbox = layout.box(C, "coloradd")
        coloradd(pen, species.colour, cbox.x, cbox.y, cbox.width)
        band = layout.box(C, "name")
        pen.rect(band, fill="#FFFFFF", stroke="#1B1F2A", width=0.25, radius=1.5)
        pen.text(
            Rect(band.x + 1, band.y, band.width - 2, band.height), name, layout.style(C, "name")
        )

    return draw


def _symbol_disc(symbol_id: str, size: float, pen: Pen) -> None:
    """The white disc with an equipment symbol, in a size x size box."""
    pen.circle(size / 2, size / 2, size / 2, fill="#FFFFFF", stroke="#1B1F2A", width=0.3)
    inset = size * 0.18
    symbol(pen, symbol_id, inset, inset, size - 2 * inset)


def _emblem(pen: Pen, *, box: Rect, colour: str, name: str) -> None:
    """A clean vector emblem: a team shield carrying the species' initial."""
    cx = box.x + box.width / 2
    w, h = min(box.width, box.height * 0.9), box.height
    left, right, top, bottom = cx - w / 2, cx + w / 2, box.top, box.y
    shield = [
        (left, top),
        (right, top),
        (right, bottom + h * 0.42),
        (cx, bottom),
        (left, bottom + h * 0.42),
    ]
    pen.polygon(shield, fill="#FFFFFF", stroke="#1B1F2A", width=0.6)
    inset = 2.2
    inner = [
        (left + inset, top - inset),
        (right - inset, top - inset),
        (right - inset, bottom + h * 0.43),
        (cx, bottom + inset * 1.6),
        (left + inset, bottom + h * 0.43),
    ]
    pen.polygon(inner, stroke=colour, width=1.6)
    pen.line(left + inset + 1.5, top - 9, right - inset - 1.5, top - 9, colour, 0.8)
    pen.text(
        Rect(cx - w * 0.32, bottom + h * 0.2, w * 0.64, h * 0.5),
        name[:1].upper(),
        TextStyle(size=48, minimum=12, weight="black", colour="#1B1F2A"),
    )


def back(ctx: PrintContext, component: str = C, large: bool = False) -> Draw:
    """The common back of a card family: the game's name on the edition's back colour."""
    layout = ctx.layout
    part = "large-back" if large else "card-back"
    size = ctx.size(component)
    colour = (
        layout.colour(f"back_{ctx.edition.id}")
        if f"back_{ctx.edition.id}" in layout.raw["colours"]
        else layout.colour("back_2025")
    )
    title = ctx.tr.name("game", ctx.game.name)
    edition = ctx.tr.name("editions", ctx.edition.name)
    subtitle = ctx.tr.text(N_("Hockey drafting game"))

    def draw(pen: Pen) -> None:
        background = ctx.background(colour)
        frame.fill(pen, size, background)
        ink = readable_on(background)
        cx, cy = size.width / 2, size.height / 2
        pen.circle(cx, cy, min(size.width, size.height) * 0.42, stroke=ink, width=0.8)
        pen.text(layout.box(part, "title"), title, layout.style(part, "title", ink))
        pen.text(
            layout.box(part, "edition"),
            f"{subtitle} · {edition}",
            layout.style(part, "edition", ink),
        )

    return draw
