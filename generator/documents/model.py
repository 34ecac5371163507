"""The blocks a text document is made of, independent of the output format."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Heading:
    """A section title."""

    text: str
    level: int = 2


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of running text."""

    text: str


@dataclass(frozen=True)
class Bullets:
    """An unordered list."""

    items: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """A table with a caption, a header row and body rows of text cells."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block = Heading | Paragraph | Bullets | Table


@dataclass(frozen=True)
class TextDocument:
    """A titled sequence of blocks in one language."""

    title: str
    locale: str
    blocks: tuple[Block, ...]
