"""The tiebreaker card's players line and medal blocks: one side per medal order."""

from __future__ import annotations

from generator.games.all_star_draft.model import Attribute, Game
from generator.plugin_api import N_, DrawingContext, Pen, Rect

from .icons import symbol

MEDAL_COLOURS = ("gold", "silver", "bronze")
BLOCK_SHARE = {Attribute.SYMBOL: 0.24, Attribute.NUMBER: 0.2, Attribute.SPECIES: 0.56}
"""Share of the card's height each attribute's block takes."""


def sides(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Player counts on each side of the card: one group per distinct medal order."""
    groups: dict[tuple[object, ...], list[int]] = {}
    for players, order in sorted(game.priorities.items()):
        groups.setdefault(order, []).append(players)
    found = [tuple(v) for v in groups.values()]
    return found[0], found[-1]


def tiebreaker(pen: Pen, ctx: DrawingContext) -> None:
    """One side (`args.side`: first or last medal order): who it is for in box `players`,
    then a block per medal in the element's box (styles medal, value, numbers)."""
    game: Game = ctx.model
    tr = ctx.tr
    low, high = sides(game)
    players = low if ctx.args.get("side", "first") == "first" else high
    order = game.priorities[players[0]]
    low_count, high_count = min(players), max(players)
    pattern = (
        N_("{low} or {high} managers")  # two numbers in a row: "5 or 6", not "from 5 to 6"
        if high_count == low_count + 1
        else N_("{low}–{high} managers")
    )
    who = tr.text(pattern).format(low=tr.number(low_count), high=tr.number(high_count))
    pen.text(ctx.boxes["players"], who, ctx.styles["players"])
    medals = [tr.name("medals", m) for m in game.medals]
    attributes = {a: tr.name("attributes", n) for a, n in game.attribute_names.items()}
    species = sorted(game.species, key=lambda s: -s.strength)
    species_names = [(tr.name("species", s.name), s.colour.rgb) for s in species]
    symbols = [s.id for s in sorted(game.symbols, key=lambda s: -s.strength)]
    numbers = " ".join(
        tr.number(n) for n in sorted(game.numbers, key=lambda n: -game.number_strength[n])
    )
    area = ctx.box
    top = area.top
    for medal_index, attribute in enumerate(order):
        height = area.height * BLOCK_SHARE[attribute]
        block = Rect(area.x, top - height + 0.6, area.width, height - 1.2)
        top -= height
        colour = ctx.colours[MEDAL_COLOURS[medal_index]]
        pen.rect(block, stroke=colour, width=0.6, radius=2)
        pen.circle(block.x + 4, block.top - 4, 2.6, fill=colour)
        label = f"{medals[medal_index]} · {attributes[attribute]}"
        pen.text(Rect(block.x + 8, block.top - 7, block.width - 10, 6), label, ctx.styles["medal"])
        inner = Rect(block.x + 2, block.y + 1.5, block.width - 4, block.height - 9)
        if attribute is Attribute.SYMBOL:
            step = inner.width / len(symbols)
            icon = min(step, inner.height) * 0.8
            for index, symbol_id in enumerate(symbols):
                symbol(
                    pen,
                    symbol_id,
                    inner.x + index * step + (step - icon) / 2,
                    inner.y + (inner.height - icon) / 2,
                    icon,
                )
        elif attribute is Attribute.NUMBER:
            pen.text(inner, numbers, ctx.styles["numbers"])
        else:
            rows = (len(species_names) + 1) // 2
            line = inner.height / rows
            for index, (name, rgb) in enumerate(species_names):
                column, row = divmod(index, rows)
                x = inner.x + column * inner.width / 2
                y = inner.top - (row + 1) * line
                pen.rect(
                    Rect(x, y + line * 0.2, line * 0.6, line * 0.6),
                    fill=rgb,
                    stroke="#1B1F2A",
                    width=0.15,
                )
                pen.text(
                    Rect(x + line * 0.8, y, inner.width / 2 - line * 0.9, line),
                    f"{index + 1}. {name}",
                    ctx.styles["value"],
                )
