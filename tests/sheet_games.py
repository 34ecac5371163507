"""A game kept as a designer keeps it before draftdeck: one sheet of cards, as a new user
brings it to `draftdeck new --from`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.spreadsheets import write_xlsx

SUITS = ("Sun", "Moon", "Star")
ABILITIES = {
    3: "Gain **2** [star] when you play this card.",
    6: "Draw a card, then discard one.",
}
FLAVOUR = "Light travels far."


def card_rows(with_ids: bool = True) -> list[list[Any]]:
    """36 cards: three suits of twelve values, a few with an ability (markup and an icon),
    the ones twice over, every card with flavour text."""
    header = ["Name", "Suit", "Value", "Ability", "Copies", "Flavour"]
    rows: list[list[Any]] = []
    for suit in SUITS:
        for value in range(1, 13):
            name = f"{suit} {value}"
            rows.append(
                [name, suit, value, ABILITIES.get(value, ""), 2 if value == 1 else "", FLAVOUR]
            )
    if with_ids:
        header.insert(0, "ID")
        rows = [[str(row[0]).lower().replace(" ", "-"), *row] for row in rows]
    return [header, *rows]


def write_cards(path: Path, with_ids: bool = True) -> Path:
    """The game's cards as an XLSX workbook whose sheet is called Cards."""
    return write_xlsx(path, {"Cards": card_rows(with_ids)})
