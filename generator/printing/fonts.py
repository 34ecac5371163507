"""The TrueType fonts every PDF embeds: Source Sans Pro, installed with the project, and the
font files a pack names in its theme (never a font of the system).

A pack font is known by `file:<absolute path>` wherever a weight is; it is registered with
ReportLab on first use, in whatever process draws, under a name made from its contents, so
the same font gives the same PDF bytes wherever the pack lies."""

from __future__ import annotations

import struct
from functools import cache
from importlib.resources import files
from pathlib import Path

from generator.loading.files import not_regular

UPRIGHT = {
    "regular": "SourceSansPro-Regular",
    "semibold": "SourceSansPro-Semibold",
    "bold": "SourceSansPro-Bold",
    "black": "SourceSansPro-Black",
}
"""Weight -> TrueType file stem of Source Sans Pro (SIL Open Font License)."""
FAMILY = {
    **UPRIGHT,
    "regular-italic": "SourceSansPro-It",
    "semibold-italic": "SourceSansPro-SemiboldIt",
    "bold-italic": "SourceSansPro-BoldIt",
    "black-italic": "SourceSansPro-BlackIt",
}
"""Every weight, upright and italic (the italics set *italic* spans of rich text)."""
BOLDER = {"regular": "bold", "semibold": "bold", "bold": "black", "black": "black"}
"""The weight a **bold** span of rich text is set in, by the text's weight."""


def variants(
    weight: str, theme_fonts: dict[str, str] | None = None, name: str = ""
) -> tuple[str, str, str, str]:
    """The weights of a text's (upright, bold, italic, bold italic) spans: for Source Sans
    Pro its own weights; for a pack's font, the theme's fonts named <name>-bold,
    <name>-italic and <name>-bold-italic, or the font itself where one is missing."""
    if weight in UPRIGHT:
        bold = BOLDER[weight]
        return weight, bold, f"{weight}-italic", f"{bold}-italic"
    fonts = theme_fonts or {}
    return (
        weight,
        fonts.get(f"{name}-bold", weight),
        fonts.get(f"{name}-italic", weight),
        fonts.get(f"{name}-bold-italic", fonts.get(f"{name}-bold", weight)),
    )


def font_path(weight: str) -> Path:
    """The .ttf file of a weight, from the font_source_sans_pro package."""
    return Path(str(files("font_source_sans_pro") / "files" / f"{FAMILY[weight]}.ttf"))


FILE = "file:"
"""How a pack's font file is named where a weight is expected."""
MAX_FONT_BYTES = 20 * 2**20
"""The largest font file read (a whole family with every script is a few MiB)."""


class FontError(ValueError):
    """A pack's font file that cannot be embedded, and why."""


class FontBook(dict[str, str]):
    """Weight or `file:` font -> ReportLab font name; a pack's font is registered when first
    asked for."""

    def __missing__(self, key: str) -> str:
        if not key.startswith(FILE):
            raise KeyError(key)
        name = register_file(Path(key.removeprefix(FILE)))
        self[key] = name
        return name


@cache
def register() -> FontBook:
    """Register every weight with ReportLab once; weight -> ReportLab font name (and, as they
    are asked for, a pack's font files)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    names = FontBook()
    for weight, stem in FAMILY.items():
        pdfmetrics.registerFont(TTFont(stem, str(font_path(weight))))
        names[weight] = stem
    return names


def register_file(path: Path) -> str:
    """Register a pack's TrueType font file; its ReportLab name. FontError if it cannot be
    embedded."""
    kind = not_regular(path)
    if kind is not None:
        raise FontError(f"it is {kind}, not a regular file")
    status = path.stat()
    return _registered(path, status.st_mtime_ns, status.st_size)


@cache
def _registered(path: Path, mtime: int, size: int) -> str:
    import hashlib

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    if size > MAX_FONT_BYTES:
        raise FontError(f"the font file is {size / 2**20:.1f} MiB, more than 20 MiB")
    data = path.read_bytes()
    name = f"{path.stem[:40]}-{hashlib.sha1(data).hexdigest()[:10]}"
    try:
        font = TTFont(name, path)  # reads the file ReportLab subsets from
    except TTFError as error:
        why = str(error)
        if "postscript" in why.lower() or "cff" in why.lower():
            why = "it has PostScript (CFF) outlines, which PDFs made by ReportLab cannot embed"
        raise FontError(f"the font cannot be embedded: {why}") from None
    except OSError as error:
        raise FontError(f"the file cannot be read ({error.strerror or error})") from None
    except (ValueError, KeyError, IndexError, struct.error):
        raise FontError(
            "the file is not a whole TrueType font: it is damaged or cut short "
            "(save or download it again)"
        ) from None
    pdfmetrics.registerFont(font)
    return name


@cache
def coverage(font_name: str) -> frozenset[int]:
    """Code points the font has glyphs for."""
    from reportlab.pdfbase import pdfmetrics

    face = pdfmetrics.getFont(font_name).face  # type: ignore[attr-defined]
    return frozenset(face.charToGlyph)
