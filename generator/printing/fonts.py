"""The TrueType fonts every PDF embeds, installed with the project (never from the system)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

FAMILY = {
    "regular": "SourceSansPro-Regular",
    "semibold": "SourceSansPro-Semibold",
    "bold": "SourceSansPro-Bold",
    "black": "SourceSansPro-Black",
}
"""Weight -> TrueType file stem of Source Sans Pro (SIL Open Font License)."""


def font_path(weight: str) -> Path:
    """The .ttf file of a weight, from the font_source_sans_pro package."""
    return Path(str(files("font_source_sans_pro") / "files" / f"{FAMILY[weight]}.ttf"))


@cache
def register() -> dict[str, str]:
    """Register every weight with ReportLab once; weight -> ReportLab font name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    names = {}
    for weight, stem in FAMILY.items():
        pdfmetrics.registerFont(TTFont(stem, str(font_path(weight))))
        names[weight] = stem
    return names


@cache
def coverage(font_name: str) -> frozenset[int]:
    """Code points the font has glyphs for."""
    from reportlab.pdfbase import pdfmetrics

    face = pdfmetrics.getFont(font_name).face  # type: ignore[attr-defined]
    return frozenset(face.charToGlyph)
