"""A minimal hand-written ReportLab script: the baseline for the summary benchmark.

For each of three languages it builds an A4 document shaped like draftdeck's
rules summary: a title, 11 headings, 27 paragraphs of similar length, tables
of the same sizes (7x4, 2x6, 3x4, 4x2, 16x8, 4x5, 6x7, 3x2, 10x2), a row of
icons and colour chips, and 27 small cards with a background, a number, a
disc, an emblem and a name each. It validates, translates and checks nothing.

    python benchmarks/minimal_summary.py OUT_DIR
"""

from __future__ import annotations

import sys
from importlib.resources import files
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Table

FONT_DIR = Path(str(files("font_source_sans_pro") / "files"))
TABLES = [(7, 4), (2, 6), (3, 4), (4, 2), (16, 8), (4, 5), (6, 7), (3, 2), (10, 2)]
CARD_ROWS = [5, 5, 5, 5, 5, 2]
SENTENCE = "Draft the best players, send your teams into the arenas and win the fans. "


class Cards(Flowable):  # type: ignore[misc]
    """A row of small cards."""

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count, self.width, self.height = count, count * 22 * mm, 28 * mm

    def draw(self) -> None:
        c = self.canv
        for i in range(self.count):
            c.saveState()
            c.translate(i * 22 * mm, 0)
            c.setFillColor(HexColor("#F2C500"))
            c.rect(0, 0, 20 * mm, 28 * mm, stroke=1, fill=1)
            c.setFillColor(HexColor("#FFFFFF"))
            c.circle(16 * mm, 24 * mm, 2.5 * mm, stroke=1, fill=1)
            c.circle(10 * mm, 14 * mm, 6 * mm, stroke=1, fill=1)
            for k in range(6):
                c.line(4 * mm, (10 + k) * mm, 16 * mm, (10 + k) * mm)
            c.roundRect(1.5 * mm, 1.5 * mm, 17 * mm, 3 * mm, 1 * mm, stroke=1, fill=1)
            c.setFillColor(HexColor("#1B1F2A"))
            c.setFont("Black", 12)
            c.drawString(2 * mm, 23 * mm, str(i + 1))
            c.setFont("Bold", 5)
            c.drawCentredString(10 * mm, 2.3 * mm, f"Card {i}")
            c.restoreState()


class Icons(Flowable):  # type: ignore[misc]
    """Five icons and twelve colour chips."""

    def __init__(self) -> None:
        super().__init__()
        self.width, self.height = 120 * mm, 31 * mm

    def draw(self) -> None:
        c = self.canv
        for i in range(5):
            for k in range(8):
                c.rect((i * 10 + k) * mm, 22 * mm, 1 * mm, 8 * mm, stroke=1, fill=1)
        c.setFont("Bold", 7)
        for i in range(12):
            c.rect((i % 6) * 20 * mm, (10 - i // 6 * 10) * mm, 4 * mm, 4 * mm, stroke=1, fill=1)
            c.drawString(((i % 6) * 20 + 5) * mm, (10 - i // 6 * 10) * mm, f"Species {i}")


def document(path: Path, language: str) -> None:
    body = ParagraphStyle("body", fontName="Regular", fontSize=9.5, leading=12.5)
    head = ParagraphStyle("head", fontName="Bold", fontSize=12.5, leading=15)
    story: list[Flowable] = [
        Paragraph(
            f"All-Star Draft {language}",
            ParagraphStyle("t", fontName="Black", fontSize=17, leading=20),
        )
    ]
    tables, cards = iter(TABLES), iter(CARD_ROWS)
    for section in range(11):
        story.append(Paragraph(f"Section {section}", head))
        for _ in range(3 if section < 5 else 2):
            story.append(Paragraph(SENTENCE * 4, body))
        shape = next(tables, None)
        if shape:
            rows, columns = shape
            story.append(
                Table([[Paragraph(f"{r}.{c}", body) for c in range(columns)] for r in range(rows)])
            )
        row = next(cards, None)
        if row:
            story.append(Cards(row))
        if section == 3:
            story.append(Icons())
    SimpleDocTemplate(str(path), invariant=True).build(story)


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for weight in ("Regular", "Bold", "Black"):
        pdfmetrics.registerFont(TTFont(weight, str(FONT_DIR / f"SourceSansPro-{weight}.ttf")))
    for language in ("de", "fr", "en"):
        document(out / f"summary-{language}.pdf", language)


if __name__ == "__main__":
    main()
