"""Fitting text into boxes, and refusing text that overflows or has no glyph."""

from __future__ import annotations

from dataclasses import dataclass

from generator.errors import DraftdeckError
from generator.printing.fonts import coverage

SIZE_STEP = 0.25
"""Font sizes are tried in steps of a quarter point."""
LEADING = 1.15
"""Line height as a multiple of the font size."""


class TextProblem(DraftdeckError):
    """Text that cannot be drawn: it overflows its box or a glyph is missing."""

    def __init__(self, component: str, locale: str, text: str, problem: str) -> None:
        self.component, self.locale, self.text, self.problem = component, locale, text, problem
        super().__init__(f"{component} [{locale}]: {problem}: {text!r}")


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


@dataclass(frozen=True)
class Where:
    """What is being drawn, for messages."""

    component: str
    locale: str


def check_glyphs(text: str, font: str, where: Where) -> None:
    """Refuse text with a character the font cannot draw."""
    have = coverage(font)
    for char in text:
        if ord(char) not in have and char not in "\n":
            name = f"U+{ord(char):04X}"
            raise TextProblem(where.component, where.locale, text, f"the font has no glyph for {name}")


def fit(text: str, font: str, width: float, height: float, size: float, minimum: float, where: Where, *, wrap: bool = False) -> Fitted:
    """The largest size from `size` down to `minimum` at which the text fits the box (points)."""
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase.pdfmetrics import stringWidth

    check_glyphs(text, font, where)
    current = size
    while current >= minimum - 1e-9:
        if wrap:
            lines = tuple(simpleSplit(text, font, current, width))
        else:
            lines = tuple(text.split("\n"))
        widest = max(stringWidth(line, font, current) for line in lines) if lines else 0.0
        tall = current * (1 + LEADING * (len(lines) - 1))
        if widest <= width + 1e-6 and tall <= height + 1e-6:
            return Fitted(lines, font, current)
        current -= SIZE_STEP
    raise TextProblem(where.component, where.locale, text, f"does not fit {width / 2.8346:.1f}x{height / 2.8346:.1f} mm even at {minimum} pt")
