"""Rendering a text document as PDF: plain A4, or an A5 booklet imposed on A4 sheets."""

from __future__ import annotations

from functools import cache
from io import BytesIO
from typing import Any

from generator.documents.model import (
    BarChart,
    Block,
    Bullets,
    Figure,
    Heading,
    Paragraph,
    TextDocument,
)
from generator.printing.fonts import register
from generator.printing.geometry import pt
from generator.printing.pen import Pen
from generator.printing.text import Where

INK = "#1B1F2A"
HEADER = "#14284B"
PAGE = {"a4": (210.0, 297.0), "a5": (148.0, 210.0)}
MARGIN = 14.0


def to_pdf(document: TextDocument, author: str, page: str = "a4") -> tuple[bytes, int]:
    """The document as PDF pages of the given size; returns (bytes, pages)."""
    from reportlab.platypus import SimpleDocTemplate

    fonts = register()
    width, height = PAGE[page]
    buffer = BytesIO()
    template = SimpleDocTemplate(
        buffer,
        pagesize=(pt(width), pt(height)),
        leftMargin=pt(MARGIN),
        rightMargin=pt(MARGIN),
        topMargin=pt(MARGIN),
        bottomMargin=pt(MARGIN + 4),
        title=document.title,
        author=author,
        lang=document.locale,
        invariant=True,
        initialFontName=fonts["regular"],
    )
    styles = _styles(fonts, small=page == "a5")
    story = [_flowable(_title(document.title), styles, document.locale)]
    story += [_flowable(block, styles, document.locale) for block in document.blocks]
    counter = {"pages": 0}

    def footer(canvas: Any, _: Any) -> None:
        counter["pages"] += 1
        canvas.saveState()
        canvas.setFont(fonts["regular"], 7.5)
        canvas.setFillColor(INK)
        canvas.drawCentredString(pt(width / 2), pt(MARGIN / 2), str(canvas.getPageNumber()))
        canvas.restoreState()

    template.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue(), counter["pages"]


def booklet(a5_pdf: bytes) -> tuple[bytes, int]:
    """A5 pages imposed two to an A4 landscape sheet in saddle-stitch order (blank pages added)."""
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    reader = PdfReader(BytesIO(a5_pdf))
    pages = list(reader.pages)
    while len(pages) % 4:
        pages.append(None)  # type: ignore[arg-type]
    width, height = pt(297), pt(210)
    writer = PdfWriter()
    count = len(pages)
    for sheet in range(count // 2):
        left, right = (count - 1 - sheet, sheet) if sheet % 2 == 0 else (sheet, count - 1 - sheet)
        target = PageObject.create_blank_page(width=width, height=height)
        for slot, index in enumerate((left, right)):
            page = pages[index]
            if page is not None:
                target.merge_transformed_page(
                    page, Transformation().translate(tx=slot * width / 2, ty=0)
                )
        writer.add_page(target)
    out = BytesIO()
    writer.write(out)
    return out.getvalue(), count // 2


def _title(text: str) -> Heading:
    return Heading(text, level=1)


def _styles(fonts: dict[str, str], *, small: bool) -> dict[str, Any]:
    from reportlab.lib.styles import ParagraphStyle

    scale = 0.9 if small else 1.0
    body = ParagraphStyle(
        "body",
        fontName=fonts["regular"],
        fontSize=9.5 * scale,
        leading=12.5 * scale,
        textColor=_colour(INK),
        spaceAfter=4,
    )
    return {
        "body": body,
        "h1": ParagraphStyle(
            "h1",
            parent=body,
            fontName=fonts["black"],
            fontSize=17 * scale,
            leading=20 * scale,
            textColor=_colour(HEADER),
            keepWithNext=1,
            spaceAfter=8,
        ),
        "h2": ParagraphStyle(
            "h2",
            parent=body,
            fontName=fonts["bold"],
            fontSize=12.5 * scale,
            leading=15 * scale,
            textColor=_colour(HEADER),
            keepWithNext=1,
            spaceBefore=8,
            spaceAfter=4,
        ),
        "cell": ParagraphStyle(
            "cell", parent=body, fontSize=8 * scale, leading=9.5 * scale, spaceAfter=0
        ),
        "head": ParagraphStyle(
            "head",
            parent=body,
            fontName=fonts["bold"],
            fontSize=8 * scale,
            leading=9.5 * scale,
            spaceAfter=0,
        ),
        "caption": ParagraphStyle(
            "caption",
            parent=body,
            fontName=fonts["semibold"],
            fontSize=8.5 * scale,
            spaceBefore=4,
            spaceAfter=2,
        ),
    }


def _colour(hex_colour: str) -> Any:
    from reportlab.lib.colors import HexColor

    return HexColor(hex_colour)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _flowable(block: Block, styles: dict[str, Any], locale: str) -> Any:
    from reportlab.platypus import KeepTogether, ListFlowable, ListItem, TableStyle
    from reportlab.platypus import Paragraph as P
    from reportlab.platypus import Table as T

    if isinstance(block, Heading):
        return P(_escape(block.text), styles["h1" if block.level == 1 else "h2"])
    if isinstance(block, Paragraph):
        return P(_escape(block.text), styles["body"])
    if isinstance(block, Bullets):
        items: Any = [ListItem(P(_escape(item), styles["body"])) for item in block.items]
        return ListFlowable(
            items,
            bulletType="bullet",
            start="•",
            bulletFontName=styles["body"].fontName,  # not ReportLab's unembedded Helvetica
            bulletFontSize=styles["body"].fontSize,
        )
    if isinstance(block, Figure):
        return _FigureFlowable(block, locale)
    if isinstance(block, BarChart):
        return KeepTogether([P(_escape(block.caption), styles["caption"]), _chart(block, styles)])
    rows = [[P(_escape(cell), styles["head"]) for cell in block.header]]
    rows += [
        [
            _FigureFlowable(cell, locale)
            if isinstance(cell, Figure)
            else P(_escape(cell), styles["cell"])
            for cell in row
        ]
        for row in block.rows
    ]
    table = T(rows, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                # Cells are Paragraphs with their own fonts; naming one here too
                # keeps ReportLab from referencing its unembedded Helvetica.
                ("FONTNAME", (0, 0), (-1, -1), styles["cell"].fontName),
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, HEADER),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), ["#FFFFFF", "#EAF4FB"]),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 3),
                ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return KeepTogether([P(_escape(block.caption), styles["caption"]), table])


SERIES_COLOURS = ("#1F5FA8", "#E07A1F", "#3A9A4A", "#8A4FB0", "#C0392B", "#5D6D7E")
"""Bar colours, one per series, in order."""


def _chart(chart: BarChart, styles: dict[str, Any]) -> Any:
    """A ReportLab vector bar chart across the text width, with a legend for several series."""
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.charts.legends import Legend
    from reportlab.graphics.shapes import Drawing

    font = styles["cell"].fontName
    width = pt(PAGE["a4"][0] - 2 * MARGIN)
    height = pt(chart.height)
    legend_width = pt(30) if len(chart.series) > 1 else 0
    drawing: Any = Drawing(width, height)
    drawing.initialFontName = font  # not ReportLab's unembedded Helvetica
    bars: Any = VerticalBarChart()  # the stubs type its geometry as int
    bars.x, bars.y = pt(10), pt(12)
    bars.width, bars.height = width - bars.x - legend_width - pt(4), height - bars.y - pt(3)
    bars.data = [list(values) for _, values in chart.series]
    bars.categoryAxis.categoryNames = list(chart.categories)
    bars.categoryAxis.labels.fontName = font
    bars.categoryAxis.labels.fontSize = 6.5
    bars.categoryAxis.labels.angle = 30 if len(chart.categories) > 8 else 0
    bars.categoryAxis.labels.boxAnchor = "ne" if len(chart.categories) > 8 else "n"
    bars.valueAxis.labels.fontName = font
    bars.valueAxis.labels.fontSize = 6.5
    values = [v for _, series in chart.series for v in series]
    lowest, highest = min(0.0, *values), max(0.0, *values)
    bars.valueAxis.valueMin = lowest
    if highest == 0:
        bars.valueAxis.valueMax = 0.0 if lowest < 0 else 1.0  # zero stays in sight
    if lowest < 0:
        bars.categoryAxis.labelAxisMode = "low"  # names below the chart, clear of the bars
    bars.categoryAxis.joinAxisMode = "value"  # the category axis is the zero line
    bars.categoryAxis.joinAxisPos = 0
    bars.barSpacing = 0.5
    for index in range(len(chart.series)):
        bars.bars[index].fillColor = _colour(SERIES_COLOURS[index % len(SERIES_COLOURS)])
        bars.bars[index].strokeColor = None
    drawing.add(bars)
    if legend_width:
        legend: Any = Legend()
        legend.x, legend.y = width - legend_width + pt(2), height - pt(4)
        legend.fontName, legend.fontSize = font, 7
        legend.alignment = "right"
        legend.colorNamePairs = [
            (_colour(SERIES_COLOURS[i % len(SERIES_COLOURS)]), name)
            for i, (name, _) in enumerate(chart.series)
        ]
        drawing.add(legend)
    return drawing


@cache
def _figure_flowable_class() -> Any:
    """The flowable that draws a Figure (a class made once, when ReportLab is first needed)."""
    from reportlab.platypus import Flowable

    class FigureFlowable(Flowable):
        def __init__(self, figure: Figure, locale: str) -> None:
            super().__init__()
            self.figure, self.locale = figure, locale
            self.width, self.height = pt(figure.width), pt(figure.height)
            self.spaceBefore, self.spaceAfter = 3, 6

        def draw(self) -> None:
            self.figure.draw(Pen(self.canv, Where("summary", self.locale)))

    return FigureFlowable


def _FigureFlowable(figure: Figure, locale: str) -> Any:
    return _figure_flowable_class()(figure, locale)
