"""Rendering a text document as Markdown, for websites and forums."""

from __future__ import annotations

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


def to_markdown(document: TextDocument) -> str:
    """The document as CommonMark with pipe tables."""
    parts = [f"# {document.title}"]
    parts += [_block(block) for block in document.blocks]
    return "\n\n".join(parts) + "\n"


def _block(block: Block) -> str:
    if isinstance(block, Heading):
        return "#" * block.level + " " + block.text
    if isinstance(block, Paragraph):
        return block.text
    if isinstance(block, Bullets):
        return "\n".join(f"- {item}" for item in block.items)
    if isinstance(block, Steps):
        return "\n".join(f"{number}. {item}" for number, item in enumerate(block.items, 1))
    if isinstance(block, Note):
        return f"> {block.text}"
    if isinstance(block, Figure):
        return f"*{block.caption}*" if block.caption else f"> {block.alt}"
    if isinstance(block, Gallery):
        return f"*{block.caption}*"
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
        return "| " + " | ".join(text.replace("|", "\\|") for text in texts) + " |"

    lines = [
        f"*{table.caption}*",
        "",
        row(table.header),
        "|" + "|".join("---" for _ in table.header) + "|",
    ]
    lines += [row(cells) for cells in table.rows]
    return "\n".join(lines)
