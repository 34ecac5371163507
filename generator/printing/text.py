"""Fitting text into boxes, and refusing text that overflows or has no glyph."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple, NoReturn, TypeVar

from generator.core.errors import DraftdeckError
from generator.printing.fonts import coverage
from generator.printing.typography import SOFT_HYPHEN, Breaks, breaks_in

SIZE_STEP = 0.25
"""Font sizes are tried in steps of a quarter point."""
LEADING = 1.15
"""Line height as a multiple of the font size."""
ASCENT = 0.72
"""Where the first baseline sits below the top of a text block, as a share of the font size."""
POINTS_PER_MM = 72 / 25.4
QUOTED = 60
"""Characters of a text a message quotes; a longer text is cut there, with an ellipsis."""
T = TypeVar("T")


def quoted(text: str) -> str:
    """A text as a message quotes it: no-break spaces shown as spaces, at most QUOTED
    characters."""
    shown = text.replace("\u00a0", " ").replace("\u202f", " ")
    if len(shown) > QUOTED:
        shown = shown[:QUOTED].rstrip() + "…"
    return repr(shown)


class TextProblem(DraftdeckError):
    """Text that cannot be drawn: it overflows its box or a glyph is missing."""

    def __init__(
        self, component: str, locale: str, text: str, problem: str, hint: str = "", where: str = ""
    ) -> None:
        self.component, self.locale, self.text = component, locale, text
        self.problem, self.hint, self.where = problem, hint, where
        place = f", {where}" if where else ""
        super().__init__(
            f"{component} [{locale}]{place}: {problem}: {quoted(text)}"
            + (f"; {hint}" if hint else "")
        )

    def at(self, where: str) -> TextProblem:
        """The same problem, saying which card and template element it is in."""
        return TextProblem(self.component, self.locale, self.text, self.problem, self.hint, where)

    def __reduce__(self) -> tuple[type, tuple[str, str, str, str, str, str]]:
        """Survive the trip back from a render process."""
        return (
            TextProblem,
            (self.component, self.locale, self.text, self.problem, self.hint, self.where),
        )


@dataclass(frozen=True)
class Fitted:
    """Text laid out in its box."""

    lines: tuple[str, ...]
    font: str
    size: float

    @property
    def leading(self) -> float:
        """Distance between baselines, in points."""
        return self.size * LEADING


class Where(NamedTuple):
    """What is being drawn, for messages."""

    component: str
    locale: str


class MissingGlyph(TextProblem):
    """A character the text's font cannot draw."""

    def __init__(self, component: str, locale: str, text: str, char: str) -> None:
        super().__init__(
            component,
            locale,
            text,
            f"the font has no glyph for U+{ord(char):04X}",
            "replace the character, or set the text in a font of the theme that has it",
        )
        self.char = char


def check_glyphs(text: str, font: str, where: Where) -> None:
    """Refuse text with a character the font cannot draw."""
    have = coverage(font)
    for char in text:
        if char not in "\n\u00ad" and ord(char) not in have:
            raise MissingGlyph(where.component, where.locale, text, char)


@lru_cache(maxsize=4096)
def fit(
    text: str,
    font: str,
    width: float,
    height: float,
    size: float,
    minimum: float,
    where: Where,
    *,
    wrap_lines: bool = False,
    hyphenate: bool = False,
) -> Fitted:
    """The largest size from `size` down to `minimum` at which the text fits the box (points).

    A text that wraps breaks at spaces, and inside a word too wide for a line at its
    hyphens, soft hyphens and, with `hyphenate`, where its language's dictionary allows; at
    each size, before a smaller one is tried, lines are also filled that way."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    check_glyphs(text, font, where)
    if too_long(stringWidth(text.replace(" ", ""), font, minimum), width, height, minimum):
        overflow(text, width, height, minimum, where)
    breaks = breaks_in(where.locale, hyphenate) if wrap_lines else None

    def fitted(lines: tuple[str, ...], current: float) -> Fitted | None:
        widest = max(stringWidth(line, font, current) for line in lines)
        tall = current * (1 + LEADING * (len(lines) - 1))
        fits = widest <= width + 1e-6 and tall <= height + 1e-6
        return Fitted(lines, font, current) if fits else None

    def at(step: int) -> Fitted | None:
        """The text set `step` steps below `size`, if it fits there."""
        current = size - step * SIZE_STEP
        if not wrap_lines:
            return fitted(tuple(text.split("\n")), current)
        found = fitted(wrap(text, font, current, width, breaks), current)
        return found or fitted(wrap(text, font, current, width, breaks, fill=True), current)

    return largest_fitting(at, size, minimum) or overflow(text, width, height, minimum, where)


def too_long(ink: float, width: float, height: float, minimum: float) -> bool:
    """Whether a text whose characters are `ink` points wide set side by side cannot fit the
    box at its smallest size however it is broken into lines: a lower bound, so that a text
    of a hundred thousand words is refused at once rather than wrapped at every size."""
    if width <= 0:
        return ink > 0
    lines = math.ceil(ink / width - 1e-9)
    return lines > 1 and minimum * (1 + LEADING * (lines - 1)) > height + 1e-6


def largest_fitting(at: Callable[[int], T | None], size: float, minimum: float) -> T | None:
    """The layout of the largest size from `size` down to `minimum`, in SIZE_STEP steps, at
    which `at(step)` fits (None where it does not); None if none fits. A smaller size never
    needs more room, so the first step that fits is found by halving: about ten tries
    instead of up to 792 between 200 pt and 2 pt."""
    best = at(0)
    if best is not None:
        return best
    low, high = 1, int((size - minimum) / SIZE_STEP + 1e-9)
    while low <= high:
        middle = (low + high) // 2
        fitted = at(middle)
        if fitted is None:
            low = middle + 1
        else:
            best, high = fitted, middle - 1
    return best


def overflow(text: str, width: float, height: float, minimum: float, where: Where) -> NoReturn:
    """Refuse a text that does not fit its box (in points) even at its smallest size."""
    box = f"{width / POINTS_PER_MM:.1f}x{height / POINTS_PER_MM:.1f} mm"
    raise TextProblem(
        where.component,
        where.locale,
        text,
        f"does not fit its {box} box even at {minimum} pt",
        "shorten it in its catalog or in the data, or give its element a larger box "
        "or a smaller min in its template",
    )


def wrap(
    text: str,
    font: str,
    size: float,
    width: float,
    breaks: Breaks | None = None,
    fill: bool = False,
) -> tuple[str, ...]:
    """Break text into lines at ordinary spaces. Where `breaks` is given, a word too wide for
    a line of its own breaks inside (at a hyphen, a soft hyphen, or where the language's
    hyphenation dictionary allows), the longest head that fits first; with `fill`, so does
    a word that does not fit the rest of its line, as a typesetter fills lines.

    No-break spaces (U+00A0, and U+202F before French punctuation) stay inside their
    word, so a colon never starts a line. A soft hyphen is drawn only where a line breaks.
    """
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def measure(piece: str) -> float:
        return float(stringWidth(piece.replace(SOFT_HYPHEN, ""), font, size))

    def head_within(word: str, room: float) -> tuple[str, str] | None:
        assert breaks is not None
        return next(((h, t) for h, t in breaks(word) if measure(h) <= room + 1e-6), None)

    space = measure(" ")
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current: list[str] = []
        used = 0.0
        for whole in paragraph.split(" "):
            word = whole
            wide = measure(word)
            gap = space if current else 0.0
            if current and used + gap + wide > width + 1e-6:
                cut = head_within(word, width - used - gap) if fill and breaks else None
                if cut is not None:
                    current.append(cut[0])
                    word = cut[1]
                    wide = measure(word)
                lines.append(" ".join(current))
                current, used, gap = [], 0.0, 0.0
            while breaks is not None and wide > width + 1e-6:  # too wide for any line
                cut = head_within(word, width)
                if cut is None:
                    break
                lines.append(cut[0])
                word = cut[1]
                wide = measure(word)
            current.append(word)
            used += gap + wide
        lines.append(" ".join(current))
    return tuple(line.replace(SOFT_HYPHEN, "") for line in lines)
