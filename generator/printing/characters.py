"""Characters no card can print: control characters, direction overrides, and any the fonts lack.

The build refuses such text when it draws it; validation finds it earlier,
at the line of the data or the translation it comes from. A control
character (U+0000 and its kin) or an invisible direction override (U+202E
turns the text after it around) is never meant in a printed text, and the
embedded fonts (Source Sans Pro, every weight) have no glyph for them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache

DIRECTION_MARKS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Invisible characters that change the direction of the text around them."""
ALLOWED_CONTROLS = frozenset("\n")
"""A line break is how a text asks for a new line."""


def pack_glyphs(fonts: Iterable[str]) -> frozenset[int]:
    """The characters some of the fonts can draw: weights, or a pack's `file:` fonts."""
    from generator.printing.fonts import FAMILY, FILE, coverage, register

    book = register()
    found = [coverage(book[font]) for font in fonts if font in FAMILY or font.startswith(FILE)]
    return frozenset().union(*found)


@cache
def printable_everywhere() -> frozenset[int]:
    """The code points every weight of the embedded fonts can draw."""
    from generator.printing.fonts import UPRIGHT, coverage, register

    book = register()
    return frozenset.intersection(*(coverage(book[weight]) for weight in UPRIGHT))


def unprintable(text: str, drawn: bool = True, more: frozenset[int] = frozenset()) -> str | None:
    """Why the text cannot be printed (its first such character), or None; a text that is
    not `drawn` (a note) may hold any character but controls and direction marks. `more`
    are the characters the pack's own fonts add (the template checks then make sure each
    text that uses one is set in a font that has it)."""
    if drawn and _drawable(more).issuperset(text):
        return None
    glyphs = printable_everywhere() if drawn else None
    for char in text:
        if char in ALLOWED_CONTROLS:
            continue
        code = f"U+{ord(char):04X}"
        if char in DIRECTION_MARKS:
            return f"holds the invisible direction mark {code}, which turns the text around"
        if unicodedata.category(char) == "Cc":
            return f"holds the control character {code}"
        if glyphs is not None and ord(char) not in glyphs and ord(char) not in more:
            name = unicodedata.name(char, "")
            shown = f"{code} {char}" + (f" ({name.lower()})" if name else "")
            return f"holds {shown}, which the cards' fonts cannot draw"
    return None


@lru_cache(maxsize=16)
def _drawable(more: frozenset[int]) -> frozenset[str]:
    """Every character a drawn text may hold: a line break, and what every weight of the
    embedded fonts (or `more`) draws, but controls and direction marks."""
    chars = (chr(code) for code in printable_everywhere() | more)
    return ALLOWED_CONTROLS | frozenset(
        c for c in chars if c not in DIRECTION_MARKS and unicodedata.category(c) != "Cc"
    )
