"""Rendering a text document as Markdown, for websites and forums."""

from __future__ import annotations

import re

from generator.documents.model import (
    BarChart,
    Block,
    Bullets,
    Figure,
    Gallery,
    Heading,
    Note,
    Paragraph,
    Steps,
    Table,
    TextDocument,
)

_SPECIAL = re.compile(r"([\\`*_\[\]<>|])")
_LEADING = re.compile(r"^(\d*)([#>+-]|(?<=\d)[.)])", re.MULTILINE)
"""What opens a heading, a quote or a list at the start of a line."""
"""What CommonMark would read as markup in a text: escaped, so that data prints as written
(a '<script>' or a '[link](javascript:...)' in a card's name stays text)."""


def to_markdown(document: TextDocument) -> str:
    """The document as CommonMark with pipe tables; its texts escaped, never markup."""
    parts = [f"# {_text(document.title)}"]
    parts += [_block(block) for block in document.blocks]
    return "\n\n".join(parts) + "\n"


def _text(text: str) -> str:
    """A text as Markdown shows it: every character CommonMark reads as markup escaped."""
    escaped = _SPECIAL.sub(r"\\\1", text)
    return _LEADING.sub(r"\1\\\2", escaped)


def _block(block: Block) -> str:
    if isinstance(block, Heading):
        return "#" * block.level + " " + _text(block.text)
    if isinstance(block, Paragraph):
        return _text(block.text)
    if isinstance(block, Bullets):
        return "\n".join(f"- {_text(item)}" for item in block.items)
    if isinstance(block, Steps):
        return "\n".join(f"{number}. {_text(item)}" for number, item in enumerate(block.items, 1))
    if isinstance(block, Note):
        return f"> {_text(block.text)}"
    if isinstance(block, Figure):
        return f"*{_text(block.caption)}*" if block.caption else f"> {_text(block.alt)}"
    if isinstance(block, Gallery):
        return f"*{_text(block.caption)}*"
    if isinstance(block, BarChart):
        return _table(_chart_table(block))
    return _table(block)


def _chart_table(chart: BarChart) -> Table:
    """A chart's numbers as a table, for formats without drawings."""
    header = ("", *(name for name, _ in chart.series))
    rows = tuple(
        (category, *(f"{values[index]:g}" for _, values in chart.series))
        for index, category in enumerate(chart.categories)
    )
    return Table(chart.caption, header, rows)


def _table(table: Table) -> str:
    def row(cells: tuple[str | Figure, ...]) -> str:
        texts = (cell.alt if isinstance(cell, Figure) else cell for cell in cells)
        return "| " + " | ".join(_text(text) for text in texts) + " |"

    lines = [
        f"*{_text(table.caption)}*",
        "",
        row(table.header),
        "|" + "|".join("---" for _ in table.header) + "|",
    ]
    lines += [row(cells) for cells in table.rows]
    return "\n".join(lines)
