"""The blocks a text document is made of, independent of the output format."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Heading:
    """A section title."""

    text: str
    level: int = 2


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of running text."""

    text: str
    keep_with_next: bool = False
    """Printed on the page of the block after it."""


@dataclass(frozen=True)
class Bullets:
    """An unordered list."""

    items: tuple[str, ...]


@dataclass(frozen=True)
class Steps:
    """A numbered list: steps in the order they are taken."""

    items: tuple[str, ...]


@dataclass(frozen=True)
class Note:
    """A remark set apart from the running text (a stand-in notice, a tip)."""

    text: str


@dataclass(frozen=True)
class Figure:
    """A drawing (icons, small card faces) with a text alternative for plain-text formats."""

    alt: str
    """What the drawing shows, in words."""
    width: float
    """Width in mm."""
    height: float
    """Height in mm."""
    draw: Callable[[Any], None]
    """Draws with a printing Pen, origin at the figure's lower-left corner, in mm."""
    caption: str | None = None
    """Printed with the figure (the text alternative stands in for it where it is not drawn)."""


@dataclass(frozen=True)
class Gallery:
    """Drawings of one size (cards) side by side, in as many rows as the page needs."""

    caption: str
    items: tuple[Figure, ...]
    """Each drawing, with its own text alternative."""


@dataclass(frozen=True)
class Table:
    """A table with a caption, a header row and body rows of text cells."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str | Figure, ...], ...]
    """Cells are text, or a small drawing (with its text alternative)."""


@dataclass(frozen=True)
class BarChart:
    """Bars of one or more series over categories, drawn as a vector chart in PDF."""

    caption: str
    categories: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]
    """(name, one value per category)."""
    height: float = 60.0
    """Height in mm; the chart spans the text width."""


Block = Heading | Paragraph | Bullets | Steps | Note | Table | Figure | Gallery | BarChart


@dataclass(frozen=True)
class TextDocument:
    """A titled sequence of blocks in one language."""

    title: str
    locale: str
    blocks: tuple[Block, ...]
