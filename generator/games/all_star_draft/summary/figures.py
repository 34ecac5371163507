"""Drawings in the summary: value orders with icons and colours."""

from __future__ import annotations

from collections.abc import Sequence

from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.printing.icons import symbol
from generator.plugin_api import Figure, Pen, Rect, TextStyle


def value_orders(game: Game, species_names: Sequence[str], alt: str) -> Figure:
    """The symbols as icons and the species as colour chips, strongest first."""
    symbols = sorted(game.symbols, key=lambda s: -s.strength)
    species = sorted(game.species, key=lambda s: -s.strength)
    chip_w = 120.0 / 6

    def draw(pen: Pen) -> None:
        for index, icon in enumerate(symbols):
            symbol(pen, icon.id, index * 10.0, 22.0, 8.0)
        for index, (kind, name) in enumerate(zip(species, species_names, strict=True)):
            column, row = index % 6, index // 6
            x, y = column * chip_w, 10.0 - row * 10.0
            pen.rect(Rect(x, y, 4.0, 4.0), fill=kind.colour.rgb, stroke="#1B1F2A", width=0.15)
            pen.text(
                Rect(x + 5.0, y - 1.0, chip_w - 6.0, 6.0),
                name,
                TextStyle(size=7, minimum=4.5, weight="semibold", align="left"),
            )

    return Figure(alt, 120.0, 31.0, draw)
