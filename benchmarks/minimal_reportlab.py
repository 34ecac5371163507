"""A minimal hand-written ReportLab script: the baseline for the build benchmark.

It draws what the 2025 build draws, on the same A4 sheets with 3 mm bleed and
duplex backs, for three languages: every card face with a bleed background
and as many rectangles, texts, lines, circles and paths as draftdeck's face
of that component draws (counted from its pen calls), plus the token sheet
and the calibration pages; one PDF per component family. It knows nothing
of draftdeck, fits no text, checks no glyph and validates nothing: it is the
least work that prints comparable pages.

    python benchmarks/minimal_reportlab.py OUT_DIR
"""

from __future__ import annotations

import sys
from importlib.resources import files
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = Path(str(files("font_source_sans_pro") / "files"))
A4 = (210 * mm, 297 * mm)
BLEED = 3
# component: (cards, width, height, columns, rows, turned)
COMPONENTS = {
    "fan-zone": (6, 70, 120, 2, 2, False),
    "arena": (15, 70, 120, 2, 2, False),
    "tiebreaker": (6, 70, 120, 2, 2, False),
    "bus-station": (1, 70, 120, 2, 2, False),
    "hockey-player": (108, 63, 88, 2, 4, True),
    "playoff-points": (2, 63, 88, 2, 4, True),
}
# Drawing primitives per card face (fronts and backs averaged), as draftdeck's
# faces draw them, measured by counting its pen calls: rect, text, line, circle, path.
PRIMITIVES = {
    "fan-zone": (28, 28, 3, 1, 0),
    "arena": (5, 9, 3, 1, 1),
    "tiebreaker": (27, 18, 14, 4, 4),
    "bus-station": (4, 5, 4, 16, 0),
    "hockey-player": (3, 3, 3, 1, 2),
    "playoff-points": (3, 18, 3, 1, 0),
}


def face(c: Canvas, w: float, h: float, index: int, language: str, counts: tuple[int, ...]) -> None:
    rects, texts, lines, circles, paths = counts
    c.setFillColorRGB(0.95, 0.77, 0.0)
    c.rect(-BLEED * mm, -BLEED * mm, (w + 2 * BLEED) * mm, (h + 2 * BLEED) * mm, stroke=0, fill=1)
    for i in range(rects - 1):
        c.setFillColorRGB(1, 1, 1)
        c.roundRect((4 + i % 5) * mm, (4 + i % 9) * mm, 12 * mm, 6 * mm, 1 * mm, stroke=1, fill=1)
    c.setFillColorRGB(0.1, 0.12, 0.16)
    for i in range(texts):
        c.setFont("Bold" if i % 2 else "Black", 9 + i % 5)
        c.drawCentredString(
            (10 + i % 5 * 10) * mm, (8 + i % 11 * 9) * mm, f"{language} {index} {i}"
        )
    for i in range(lines):
        c.line(4 * mm, (5 + i) * mm, (w - 4) * mm, (5 + i) * mm)
    for i in range(circles):
        c.circle((w / 2) * mm, (10 + i * 5) * mm, 3 * mm, stroke=1, fill=1)
    for i in range(paths):
        path = c.beginPath()
        path.moveTo(10 * mm, (10 + i) * mm)
        path.lineTo(20 * mm, (30 + i) * mm)
        path.lineTo(30 * mm, (10 + i) * mm)
        path.close()
        c.drawPath(path, stroke=1, fill=1)


def slots(w: float, h: float, columns: int, rows: int, turned: bool) -> list[tuple[float, float]]:
    cw, ch = (h, w) if turned else (w, h)
    pw, ph = cw + 2 * BLEED, ch + 2 * BLEED
    left = (210 - (columns * pw - 2 * BLEED)) / 2
    bottom = (297 - (rows * ph - 2 * BLEED)) / 2
    return [
        (left + x * pw, bottom + (rows - 1 - y) * ph) for y in range(rows) for x in range(columns)
    ]


def component(out: Path, name: str, language: str) -> None:
    count, w, h, columns, rows, turned = COMPONENTS[name]
    c = Canvas(str(out / f"{name}.pdf"), pagesize=A4, invariant=True)
    places = slots(w, h, columns, rows, turned)
    for start in range(0, count, len(places)):
        for side in ("front", "back"):
            for index, (left, y) in enumerate(places[: count - start]):
                c.saveState()
                x = 210 - left - (h if turned else w) if side == "back" else left
                c.translate(x * mm, y * mm)
                if turned:
                    c.translate(h * mm, 0)
                    c.rotate(90)
                path = c.beginPath()
                path.rect(-BLEED * mm, -BLEED * mm, (w + 2 * BLEED) * mm, (h + 2 * BLEED) * mm)
                c.clipPath(path, stroke=0, fill=0)
                face(c, w, h, start + index, language, PRIMITIVES[name])
                c.restoreState()
            c.showPage()
    c.save()


def sheets(out: Path, language: str) -> None:
    """The token sheet and the two calibration pages."""
    c = Canvas(str(out / "tokens.pdf"), pagesize=A4, invariant=True)
    for i in range(34):
        c.circle((20 + i % 9 * 20) * mm, (250 - i // 9 * 20) * mm, 8 * mm, stroke=1, fill=1)
        c.setFont("Black", 14)
        c.drawCentredString((20 + i % 9 * 20) * mm, (248 - i // 9 * 20) * mm, f"{language}{i}")
    c.showPage()
    c.save()
    c = Canvas(str(out / "calibration.pdf"), pagesize=A4, invariant=True)
    for _ in range(2):
        for x, y in ((30, 30), (105, 148), (180, 267)):
            c.line((x - 8) * mm, y * mm, (x + 8) * mm, y * mm)
            c.line(x * mm, (y - 8) * mm, x * mm, (y + 8) * mm)
        c.setFont("Regular", 10)
        c.drawString(20 * mm, 200 * mm, f"{language} calibration")
        c.showPage()
    c.save()


def main() -> None:
    out = Path(sys.argv[1])
    for weight in ("Regular", "Bold", "Black"):
        pdfmetrics.registerFont(TTFont(weight, str(FONT_DIR / f"SourceSansPro-{weight}.ttf")))
    for language in ("de", "fr", "en"):
        folder = out / language
        folder.mkdir(parents=True, exist_ok=True)
        for name in COMPONENTS:
            component(folder, name, language)
        sheets(folder, language)


if __name__ == "__main__":
    main()
