"""Rich text: bold and italic spans and icons inline, fitted to a box like plain text.

The markup, in a text element or style with `markup: true`: `**bold**`, `*italic*` (both
may nest), `[name]` an icon drawn at the text's size, in its colour, where the name stands;
`\\*`, `\\[` and `\\\\` write the character itself. A text is laid out in words (pieces of
text and icons between spaces), wrapped at spaces when its style wraps, and shrunk from its
size to its minimum until it fits, as plain text is.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from generator.grammar.markup import Piece, pieces
from generator.printing.text import (
    LEADING,
    SIZE_STEP,
    Where,
    check_glyphs,
    largest_fitting,
    overflow,
    too_long,
)
from generator.printing.typography import SOFT_HYPHEN, Breaks, breaks_in

ICON_WIDTH = 1.0
"""An inline icon's width (and height) as a share of the font size."""
ICON_DROP = 0.12
"""How far an inline icon reaches below the baseline, as a share of the font size."""


class Variants(NamedTuple):
    """The ReportLab fonts of a style: upright, bold, italic, bold italic."""

    regular: str
    bold: str
    italic: str
    bold_italic: str

    def of(self, emphasis: int) -> str:
        return self[emphasis]


Word = tuple[Piece, ...]
Line = tuple[Word, ...]


def _words(text: str) -> list[list[Word]]:
    """Paragraphs of words; a word is the pieces between two spaces."""
    paragraphs: list[list[Word]] = [[]]
    word: list[Piece] = []

    def end_word() -> None:
        if word:
            paragraphs[-1].append(tuple(word))
            word.clear()

    for piece in pieces(text):
        if piece is None:
            end_word()
            paragraphs.append([])
        elif piece.icon:
            word.append(piece)
        else:
            parts = piece.text.split(" ")
            for number, part in enumerate(parts):
                if number:
                    end_word()
                if part:
                    word.append(Piece(part, piece.emphasis))
    end_word()
    return paragraphs


def piece_width(piece: Piece, fonts: Variants, size: float) -> float:
    """A piece's width in points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if piece.icon:
        return size * ICON_WIDTH
    return float(stringWidth(piece.text, fonts.of(piece.emphasis), size))


def word_width(word: Word, fonts: Variants, size: float) -> float:
    return sum(piece_width(piece, fonts, size) for piece in word)


def gap_after(word: Word, fonts: Variants, size: float) -> float:
    """The space after a word: a space of the font its last piece is set in (a regular
    space after an icon), as the pen draws it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    last = word[-1]
    font = fonts.regular if last.icon else fonts.of(last.emphasis)
    return float(stringWidth(" ", font, size))


def line_width(line: Line, fonts: Variants, size: float) -> float:
    """A laid-out line's width in points."""
    gaps = sum(gap_after(word, fonts, size) for word in line[:-1])
    return gaps + sum(word_width(word, fonts, size) for word in line)


Segment = tuple[str, str]
"""(font, text) drawn as one string, or ('', icon name)."""


def segments(line: Line, fonts: Variants) -> list[Segment | float]:
    """What the pen draws for a line, left to right: strings in one font (the spaces between
    words inside them), icons, and the widths of spaces after icons."""
    found: list[Segment | float] = []
    for number, word in enumerate(line):
        for piece in word:
            font = fonts.of(piece.emphasis)
            last = found[-1] if found else None
            if piece.icon:
                found.append(("", piece.icon))
            elif isinstance(last, tuple) and last[0] == font:
                found[-1] = (font, last[1] + piece.text)
            else:
                found.append((font, piece.text))
        if number < len(line) - 1:
            last = found[-1]
            if isinstance(last, tuple) and last[0]:
                found[-1] = (last[0], last[1] + " ")
            else:
                found.append(-1.0)  # a regular space, measured by the pen
    return found


@dataclass(frozen=True)
class RichFitted:
    """Rich text laid out in its box: lines of words, at one size."""

    lines: tuple[Line, ...]
    fonts: Variants
    size: float

    @property
    def leading(self) -> float:
        return self.size * LEADING

    def widest(self) -> float:
        return max((line_width(line, self.fonts, self.size) for line in self.lines), default=0)


def _layout(
    text: str,
    fonts: Variants,
    size: float,
    width: float,
    wrap: bool,
    breaks: Breaks | None = None,
    fill: bool = False,
) -> tuple[Line, ...]:
    """Lines of words, broken as plain text is (text.wrap): at spaces, and inside a word of
    one run of text where `breaks` allows; icons and words of several runs never break."""

    def head_within(word: Word, room: float) -> tuple[Word, Word] | None:
        if breaks is None or len(word) != 1 or word[0].icon:
            return None
        piece = word[0]
        for head, tail in breaks(piece.text):
            cut = (Piece(head, piece.emphasis),), (Piece(tail, piece.emphasis),)
            if word_width(cut[0], fonts, size) <= room + 1e-6:
                return cut
        return None

    lines: list[Line] = []
    for paragraph in _words(text):
        current: list[Word] = []
        used = 0.0
        for whole in paragraph:
            word = whole
            wide = word_width(word, fonts, size)
            gap = gap_after(current[-1], fonts, size) if current else 0.0
            if wrap and current and used + gap + wide > width + 1e-6:
                cut = head_within(word, width - used - gap) if fill else None
                if cut is not None:
                    current.append(cut[0])
                    word = cut[1]
                    wide = word_width(word, fonts, size)
                lines.append(tuple(current))
                current, used, gap = [], 0.0, 0.0
            while wrap and wide > width + 1e-6:  # too wide for any line
                cut = head_within(word, width)
                if cut is None:
                    break
                lines.append((cut[0],))
                word = cut[1]
                wide = word_width(word, fonts, size)
            used += gap + wide
            current.append(word)
        lines.append(tuple(current))
    return tuple(_drop_soft_hyphens(line) for line in lines)


def _drop_soft_hyphens(line: Line) -> Line:
    """A line as drawn: the soft hyphens where it did not break left out."""
    return tuple(
        tuple(piece._replace(text=piece.text.replace(SOFT_HYPHEN, "")) for piece in word)
        for word in line
    )


@lru_cache(maxsize=4096)
def fit_rich(
    text: str,
    fonts: Variants,
    width: float,
    height: float,
    size: float,
    minimum: float,
    where: Where,
    *,
    wrap_lines: bool = False,
    hyphenate: bool = False,
) -> RichFitted:
    """The largest size from `size` down to `minimum` at which the rich text fits the box;
    words break across lines as plain text's do (text.fit)."""
    ink = 0.0
    for piece in pieces(text):
        if piece is not None and piece.text:
            check_glyphs(piece.text, fonts.of(piece.emphasis), where)
        if piece is not None:
            ink += piece_width(
                Piece(piece.text.replace(" ", ""), piece.emphasis, piece.icon), fonts, minimum
            )
    if too_long(ink, width, height, minimum):
        overflow(text, width, height, minimum, where)

    breaks = breaks_in(where.locale, hyphenate) if wrap_lines else None

    def laid(lines: tuple[Line, ...], current: float) -> RichFitted | None:
        fitted = RichFitted(lines, fonts, current)
        tall = current * (1 + LEADING * (len(lines) - 1))
        return fitted if fitted.widest() <= width + 1e-6 and tall <= height + 1e-6 else None

    def at(step: int) -> RichFitted | None:
        current = size - step * SIZE_STEP
        found = laid(_layout(text, fonts, current, width, wrap_lines, breaks), current)
        if found is not None or breaks is None:
            return found
        return laid(_layout(text, fonts, current, width, wrap_lines, breaks, fill=True), current)

    return largest_fitting(at, size, minimum) or overflow(text, width, height, minimum, where)
