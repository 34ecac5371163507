"""Drawings in the documents: the value orders with icons and colours, and the legend of
the arena icons."""

from __future__ import annotations

from generator.games.all_star_draft.model import Edition, Game, Special
from generator.games.all_star_draft.printing import icons
from generator.plugin_api import Figure, Pen, Rect, TextStyle, Translator

LABEL = TextStyle(size=7.5, minimum=7, weight="semibold", align="left")
"""Names beside icons and colour chips: never below 7 pt, as every text of a summary."""
ICON = 8.0
"""Side of an icon in the legend, in mm: large enough to tell the specials apart."""


def value_orders(game: Game, tr: Translator) -> Figure:
    """The symbols as icons and the species as colour chips, strongest first."""
    symbols = sorted(game.symbols, key=lambda s: -s.strength)
    species = sorted(game.species, key=lambda s: -s.strength)
    names = [tr.name("species", s.name) for s in species]
    chip_w = 150.0 / 6

    def draw(pen: Pen) -> None:
        for index, icon in enumerate(symbols):
            icons.symbol(pen, icon.id, index * 10.0, 22.0, 8.0)
        for index, (kind, name) in enumerate(zip(species, names, strict=True)):
            column, row = index % 6, index // 6
            x, y = column * chip_w, 10.0 - row * 10.0
            pen.rect(Rect(x, y, 4.0, 4.0), fill=kind.colour.rgb, stroke="#1B1F2A", width=0.15)
            pen.text(Rect(x + 5.0, y - 1.0, chip_w - 6.0, 6.0), name, LABEL)

    alt = " > ".join([*(tr.name("symbols", s.name) for s in symbols), *names])
    return Figure(alt, 150.0, 31.0, draw)


def arena_legend(tr: Translator, game: Game, edition: Edition) -> Figure:
    """What each icon of the edition's arenas means."""
    colours = [s.colour.rgb for s in game.species[:2]]
    specials = [s for s in Special if any(a.special is s for a in edition.arenas)]
    flags = sorted({f for a in edition.arenas for f in a.flags})
    entries: list[tuple[Special | str, str]] = [
        *((s, tr.name("specials", game.special_names[s])) for s in specials),
        *((f, tr.name("flags", game.flag_names[f])) for f in flags),
    ]
    row = ICON + 2.0

    def draw(pen: Pen) -> None:
        for index, (feature, name) in enumerate(entries):
            x, y = (index % 2) * 80.0, (len(entries) - 1) // 2 * row - (index // 2) * row
            if isinstance(feature, Special):
                icons.special(pen, feature.value, x, y, ICON * 1.6, colours)
            else:
                icons.flag(pen, feature, x, y, ICON)
            pen.text(Rect(x + ICON * 1.6 + 2.0, y, 62.0, ICON), name, LABEL)

    alt = ", ".join(name for _, name in entries)
    return Figure(alt, 160.0, max(1, (len(entries) + 1) // 2) * row, draw)
