"""A minimal hand-written ReportLab script: the baseline for the summary benchmark.

It lays out the same pages as `draftdeck summary`, from the finished words:
the Markdown summary of each language, which the benchmark writes before the
timed runs. Each Markdown block becomes the same kind of ReportLab block, in
the same fonts and sizes: title and headings, paragraphs, bullet lists,
captioned tables kept together (with the same table style), and for each
figure a row of small cards (a background, a number, a disc, an emblem and a
name each). It loads no data, validates, translates, computes and checks
nothing: the ratio prices exactly that work.

    python benchmarks/minimal_summary.py MARKDOWN_DIR OUT_DIR
"""

from __future__ import annotations

import sys
from importlib.resources import files
from itertools import takewhile
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    Paragraph,
    SimpleDocTemplate,
    Table,
    TableStyle,
)

FONT_DIR = Path(str(files("font_source_sans_pro") / "files"))
WEIGHTS = ("Regular", "Semibold", "Bold", "Black")
INK, HEADER = HexColor("#1B1F2A"), HexColor("#14284B")
BODY = ParagraphStyle("body", fontName="Regular", fontSize=9.5, leading=12.5, spaceAfter=4)
STYLES = {
    "body": BODY,
    "h1": ParagraphStyle("h1", BODY, fontName="Black", fontSize=17, leading=20, spaceAfter=8),
    "h2": ParagraphStyle("h2", BODY, fontName="Bold", fontSize=12.5, leading=15, spaceBefore=8),
    "cell": ParagraphStyle("cell", BODY, fontSize=8, leading=9.5, spaceAfter=0),
    "head": ParagraphStyle("head", BODY, fontName="Bold", fontSize=8, leading=9.5, spaceAfter=0),
    "caption": ParagraphStyle("caption", BODY, fontName="Semibold", fontSize=8.5, spaceBefore=4),
}
TABLE_STYLE = TableStyle(
    [
        ("FONTNAME", (0, 0), (-1, -1), "Regular"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, HEADER),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), ["#FFFFFF", "#EAF4FB"]),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
)


class Cards(Flowable):
    """A row of small cards, one per item of a figure's text."""

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names
        self.width, self.height = len(names) * 22 * mm, 28 * mm

    def draw(self) -> None:
        c = self.canv
        for i, name in enumerate(self.names):
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
            c.setFillColor(INK)
            c.setFont("Black", 12)
            c.drawString(2 * mm, 23 * mm, str(i + 1))
            c.setFont("Bold", 5)
            c.drawCentredString(10 * mm, 2.3 * mm, name[:18])
            c.restoreState()


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def table(caption: str, lines: list[str]) -> Flowable:
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines]
    del rows[1]  # the |---| line
    cells = [[Paragraph(escape(c), STYLES["head"]) for c in rows[0]]]
    cells += [[Paragraph(escape(c), STYLES["cell"]) for c in row] for row in rows[1:]]
    grid = Table(cells, repeatRows=1, hAlign="LEFT")
    grid.setStyle(TABLE_STYLE)
    return KeepTogether([Paragraph(escape(caption), STYLES["caption"]), grid])


def story(markdown: str) -> list[Flowable]:
    """One flowable per Markdown block of a draftdeck summary."""
    flowables: list[Flowable] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line:
            continue
        if line.startswith("# "):
            flowables.append(Paragraph(escape(line[2:]), STYLES["h1"]))
        elif line.startswith("## "):
            flowables.append(Paragraph(escape(line[3:]), STYLES["h2"]))
        elif line.startswith("*") and i + 1 < len(lines) and lines[i + 1].startswith("|"):
            block = list(takewhile(lambda row: row.startswith("|"), lines[i + 1 :]))
            i += 1 + len(block)
            flowables.append(table(line.strip("*"), block))
        elif line.startswith("- "):
            items = [line]
            while i < len(lines) and lines[i].startswith("- "):
                items.append(lines[i])
                i += 1
            bullets: Any = [ListItem(Paragraph(escape(item[2:]), BODY)) for item in items]
            flowables.append(
                ListFlowable(
                    bullets,
                    bulletType="bullet",
                    start="•",
                    bulletFontName="Regular",
                    bulletFontSize=9.5,
                )
            )
        elif line.startswith("> "):
            flowables.append(Cards(line[2:].split(", ")))
        else:
            flowables.append(Paragraph(escape(line), BODY))
    return flowables


def page_number(canvas: Any, document: Any) -> None:
    canvas.setFont("Regular", 7.5)
    canvas.drawCentredString(105 * mm, 7 * mm, str(canvas.getPageNumber()))


def register_fonts() -> None:
    for weight in WEIGHTS:
        pdfmetrics.registerFont(TTFont(weight, str(FONT_DIR / f"SourceSansPro-{weight}.ttf")))


def main() -> None:
    source, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    register_fonts()
    for markdown in sorted(source.glob("*/*/summary.md")):
        language = markdown.parent.name
        SimpleDocTemplate(
            str(out / f"summary-{language}.pdf"),
            leftMargin=14 * mm,
            rightMargin=14 * mm,
            topMargin=14 * mm,
            bottomMargin=18 * mm,
            invariant=True,
        ).build(
            story(markdown.read_text(encoding="utf-8")),
            onFirstPage=page_number,
            onLaterPages=page_number,
        )


if __name__ == "__main__":
    main()
