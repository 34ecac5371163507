"""Rendering a text document as PDF: plain A4, or an A5 booklet imposed on A4 sheets."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from io import BytesIO
from typing import TYPE_CHECKING, Any

from generator.documents.model import (
    BarChart,
    Block,
    Bullets,
    Figure,
    Gallery,
    Heading,
    Note,
    Paragraph,
    Steps,
    Table,
    TextDocument,
)
from generator.printing.fonts import register
from generator.printing.geometry import pt
from generator.printing.pen import Pen
from generator.printing.text import Where
from generator.printing.typography import tie

if TYPE_CHECKING:
    from reportlab.lib.styles import ParagraphStyle

INK = "#1B1F2A"
HEADER = "#14284B"
NOTE = "#8A2B1B"
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
    styles = _styles(fonts, small=page == "a5", available=pt(width - 2 * MARGIN))
    story = [_flowable(_title(document.title), styles, document.locale)]
    for block in document.blocks:
        found = _flowable(block, styles, document.locale)
        story += found if isinstance(found, list) else [found]
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


@dataclass(frozen=True)
class _Styles:
    """The paragraph styles of one page size, and the width text may take, in points."""

    body: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    lead: ParagraphStyle
    note: ParagraphStyle
    cell: ParagraphStyle
    head: ParagraphStyle
    caption: ParagraphStyle
    available: float

    def heading(self, level: int) -> ParagraphStyle:
        return (self.h1, self.h2, self.h3)[max(1, min(level, 3)) - 1]


def _styles(fonts: dict[str, str], *, small: bool, available: float) -> _Styles:
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
    return _Styles(
        body=body,
        h1=ParagraphStyle(
            "h1",
            parent=body,
            fontName=fonts["black"],
            fontSize=17 * scale,
            leading=20 * scale,
            textColor=_colour(HEADER),
            keepWithNext=1,
            spaceAfter=8,
        ),
        h2=ParagraphStyle(
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
        h3=ParagraphStyle(
            "h3",
            parent=body,
            fontName=fonts["bold"],
            fontSize=10.5 * scale,
            leading=13 * scale,
            textColor=_colour(HEADER),
            keepWithNext=1,
            spaceBefore=5,
            spaceAfter=3,
        ),
        lead=ParagraphStyle("lead", parent=body, keepWithNext=1),
        note=ParagraphStyle(
            "note",
            parent=body,
            fontName=fonts["semibold"],
            textColor=_colour(NOTE),
            leftIndent=6,
            borderPadding=3.5,
            borderColor=_colour(NOTE),
            borderWidth=0.6,
            spaceBefore=6,
            spaceAfter=8,
        ),
        cell=ParagraphStyle(
            "cell", parent=body, fontSize=8 * scale, leading=9.5 * scale, spaceAfter=0
        ),
        head=ParagraphStyle(
            "head",
            parent=body,
            fontName=fonts["bold"],
            fontSize=8 * scale,
            leading=9.5 * scale,
            spaceAfter=0,
        ),
        caption=ParagraphStyle(
            "caption",
            parent=body,
            fontName=fonts["semibold"],
            fontSize=8.5 * scale,
            spaceBefore=4,
            spaceAfter=2,
            keepWithNext=1,
        ),
        available=available,
    )


def _colour(hex_colour: str) -> Any:
    from reportlab.lib.colors import HexColor

    return HexColor(hex_colour)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _flowable(block: Block, styles: _Styles, locale: str) -> Any:
    from reportlab.platypus import KeepTogether, ListFlowable, ListItem, TableStyle
    from reportlab.platypus import Paragraph as P
    from reportlab.platypus import Table as T

    def _set(text: str) -> str:
        """A text as ReportLab reads it, with the language's no-break spaces."""
        return _escape(tie(text, locale))

    if isinstance(block, Heading):
        return P(_set(block.text), styles.heading(block.level))
    if isinstance(block, Paragraph):
        # A paragraph that introduces what follows (ending with a colon) stays with it.
        leads = block.text.rstrip().endswith(":") or block.keep_with_next
        return P(_set(block.text), styles.lead if leads else styles.body)
    if isinstance(block, Note):
        return P(_set(block.text), styles.note)
    if isinstance(block, Bullets | Steps):
        items: Any = [ListItem(P(_set(item), styles.body)) for item in block.items]
        return ListFlowable(
            items,
            bulletType="bullet" if isinstance(block, Bullets) else "1",
            start="•" if isinstance(block, Bullets) else "1",
            bulletFontName=styles.body.fontName,  # not ReportLab's unembedded Helvetica
            bulletFontSize=styles.body.fontSize,
        )
    if isinstance(block, Figure):
        if block.caption:
            return KeepTogether(
                [P(_set(block.caption), styles.caption), _FigureFlowable(block, locale)]
            )
        return _FigureFlowable(block, locale)
    if isinstance(block, Gallery):
        caption = P(_set(block.caption), styles.caption)
        return [caption, _gallery_flowable_class()(block.items, locale)]
    if isinstance(block, BarChart):
        return KeepTogether([P(_set(block.caption), styles.caption), _chart(block, styles)])
    rows = [[P(_set(cell), styles.head) for cell in block.header]]
    rows += [
        [
            _FigureFlowable(cell, locale)
            if isinstance(cell, Figure)
            else P(_set(cell), styles.cell)
            for cell in row
        ]
        for row in block.rows
    ]
    table = T(rows, colWidths=_column_widths(block, styles), repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                # Cells are Paragraphs with their own fonts; naming one here too
                # keeps ReportLab from referencing its unembedded Helvetica.
                ("FONTNAME", (0, 0), (-1, -1), styles.cell.fontName),
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, HEADER),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), ["#FFFFFF", "#EAF4FB"]),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 3),
                ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return KeepTogether([P(_set(block.caption), styles.caption), table])


PADDING = 8.0
"""A cell's left and right padding together, with a point to spare each side, in points."""


def _column_widths(table: Table, styles: _Styles) -> list[float] | None:
    """Each column as wide as its longest line needs (a name never wraps where numbers
    beside it leave room); when the page is too narrow, the widest columns give way, in
    proportion, down to an equal share."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    available = styles.available
    rows = [table.header, *table.rows]
    columns = len(table.header)
    natural = [0.0] * columns
    for row in rows:
        for index, cell in enumerate(row[:columns]):
            if isinstance(cell, Figure):
                wanted = pt(cell.width)
            else:
                style = styles.head if row is table.header else styles.cell
                wanted = max(
                    (
                        stringWidth(line, style.fontName, style.fontSize)
                        for line in cell.split("\n")
                    ),
                    default=0.0,
                )
            natural[index] = max(natural[index], wanted + PADDING)
    if sum(natural) <= available:
        return natural
    share = available / columns
    narrow = [w for w in natural if w <= share]
    wide_total = sum(w for w in natural if w > share)
    room = available - sum(narrow)
    return [w if w <= share else w * room / wide_total for w in natural]


SERIES_COLOURS = ("#1F5FA8", "#E07A1F", "#3A9A4A", "#8A4FB0", "#C0392B", "#5D6D7E")
"""Bar colours, one per series, in order."""


def _chart(chart: BarChart, styles: _Styles) -> Any:
    """A ReportLab vector bar chart across the text width, with a legend for several series."""
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.charts.legends import Legend
    from reportlab.graphics.shapes import Drawing

    font = styles.cell.fontName
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


GAP = 3.0
"""Space between the drawings of a gallery, in mm."""


@cache
def _gallery_flowable_class() -> Any:
    """The flowable that draws a Gallery: its drawings left to right, in as many rows as the
    width takes, split between pages at a row."""
    from reportlab.platypus import Flowable

    class GalleryFlowable(Flowable):
        def __init__(self, items: tuple[Figure, ...], locale: str) -> None:
            super().__init__()
            self.items, self.locale = items, locale
            self.cell = (max(f.width for f in items), max(f.height for f in items))
            self.across = len(items)
            self.spaceBefore, self.spaceAfter = 2, 6
            self.keepWithNext = 0

        def wrap(self, available_width: float, _available_height: float) -> tuple[float, float]:
            width, height = self.cell
            self.across = max(
                1, min(len(self.items), int((available_width + pt(GAP)) // pt(width + GAP)))
            )
            rows = -(-len(self.items) // self.across)
            self.width = pt(self.across * (width + GAP) - GAP)
            self.height = pt(rows * (height + GAP) - GAP)
            return self.width, self.height

        def split(self, available_width: float, available_height: float) -> list[Any]:
            self.wrap(available_width, available_height)
            rows = int((available_height + pt(GAP)) // pt(self.cell[1] + GAP))
            if rows < 1 or rows * self.across >= len(self.items):
                return []
            cut = rows * self.across
            return [
                GalleryFlowable(self.items[:cut], self.locale),
                GalleryFlowable(self.items[cut:], self.locale),
            ]

        def draw(self) -> None:
            width, height = self.cell
            pen = Pen(self.canv, Where("summary", self.locale))
            for index, figure in enumerate(self.items):
                row, column = divmod(index, self.across)
                self.canv.saveState()
                self.canv.translate(
                    pt(column * (width + GAP)), self.height - pt((row + 1) * height + row * GAP)
                )
                figure.draw(pen)
                self.canv.restoreState()

    return GalleryFlowable


def _FigureFlowable(figure: Figure, locale: str) -> Any:
    return _figure_flowable_class()(figure, locale)
