"""Putting card faces on sheets: imposed pages with duplex backs, or one card per page (POD)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from generator.printing.geometry import Imposition, PrintSettings, Rect, Size, impose, pt
from generator.printing.pen import Pen
from generator.printing.text import Where

Draw = Callable[[Pen], None]
"""Draws one card face in the card's own millimetre coordinates, bleed included."""

MARK_COLOUR = "#000000"
MARK_WIDTH = 0.2


@dataclass(frozen=True)
class Deck:
    """The cards of one component, ready to print."""

    component: str
    """Component id, e.g. hockey-player."""
    title: str
    """Translated title, for bookmarks."""
    size: Size
    """Trim size, upright."""
    fronts: tuple[Draw, ...]
    backs: tuple[Draw, ...] | None
    """One back per front, or None for cards printed on one side."""


@dataclass(frozen=True)
class Document:
    """How a PDF is written."""

    title: str
    author: str
    subject: str
    locale: str
    settings: PrintSettings
    ink_saver: bool = False
    duplex: bool = True


def new_canvas(document: Document, page: Size) -> tuple[Any, BytesIO]:
    """A deterministic ReportLab canvas writing into memory."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.printing.fonts import register

    buffer = BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(pt(page.width), pt(page.height)),
        invariant=True,
        pageCompression=1,
        lang=document.locale,
        # No page may refer to a font that is not embedded (the stubs mistype this argument).
        initialFontName=register()["regular"],  # type: ignore[arg-type]
    )
    canvas.setTitle(document.title)
    canvas.setAuthor(document.author)
    canvas.setSubject(document.subject)
    canvas.setCreator("draftdeck")
    canvas.setProducer("draftdeck")
    return canvas, buffer


def draw_imposed(canvas: Any, deck: Deck, document: Document, outline: str | None = None) -> int:
    """Every card of the deck on imposed sheets; returns the number of pages drawn."""
    settings = document.settings
    layout = impose(deck.size, settings)
    pen = Pen(canvas, Where(deck.component, document.locale), document.ink_saver)
    backs = deck.backs if deck.backs is not None and document.duplex else ()
    forms = _define_forms(pen, [*deck.fronts, *backs], deck.size, settings.bleed)
    pages = 0
    per_sheet = layout.per_sheet
    for start in range(0, len(deck.fronts), per_sheet):
        if outline and start == 0:
            canvas.bookmarkPage(deck.component)
            canvas.addOutlineEntry(outline, deck.component, level=0)
        fronts = deck.fronts[start : start + per_sheet]
        _sheet(pen, layout, fronts, layout.slots(), settings.bleed, forms, back=False)
        canvas.showPage()
        pages += 1
        if backs:
            _sheet(
                pen,
                layout,
                backs[start : start + per_sheet],
                layout.back_slots(),
                settings.bleed,
                forms,
                back=True,
            )
            canvas.showPage()
            pages += 1
    return pages


def _define_forms(pen: Pen, faces: Sequence[Draw], size: Size, bleed: float) -> dict[int, str]:
    """Faces used more than once, drawn once as PDF form XObjects; id(face) -> form name."""
    uses = Counter(id(face) for face in faces)
    forms: dict[int, str] = {}
    for face in faces:
        key = id(face)
        if uses[key] > 1 and key not in forms:
            name = f"face{len(forms)}"
            pen.canvas.beginForm(
                name, pt(-bleed), pt(-bleed), pt(size.width + bleed), pt(size.height + bleed)
            )
            pen.defining_form = True
            face(pen)
            pen.defining_form = False
            pen.canvas.endForm()
            forms[key] = name
    return forms


def _sheet(
    pen: Pen,
    layout: Imposition,
    faces: Sequence[Draw],
    slots: Sequence[Any],
    bleed: float,
    forms: dict[int, str],
    *,
    back: bool,
) -> None:
    card = layout.card
    for face, slot in zip(faces, slots, strict=False):
        trim = slot.trim
        with pen.placed(trim.x, trim.y, slot.turned and not back, trim.width):
            if slot.turned and back:
                # A long-edge flip turns the quarter-turn the other way round.
                pen.canvas.translate(0, pt(trim.height))
                pen.canvas.rotate(-90)
            if id(face) in forms:  # the form's bounding box clips it to trim plus bleed
                pen.canvas.doForm(forms[id(face)])
            else:
                with pen.clipped(
                    Rect(-bleed, -bleed, card.width + 2 * bleed, card.height + 2 * bleed)
                ):
                    face(pen)
    if not back:  # cut along the fronts; the backs carry no marks
        for line in layout.crop_marks(len(faces)):
            pen.line(line.x1, line.y1, line.x2, line.y2, MARK_COLOUR, MARK_WIDTH)


def draw_pod(canvas: Any, deck: Deck, document: Document, outline: str | None = None) -> int:
    """One card per page at trim plus bleed, front then back; returns pages drawn."""
    bleed = document.settings.bleed
    size = deck.size
    canvas.setPageSize((pt(size.width + 2 * bleed), pt(size.height + 2 * bleed)))
    pen = Pen(canvas, Where(deck.component, document.locale), document.ink_saver)
    pages = 0
    backs = deck.backs if deck.backs is not None else (None,) * len(deck.fronts)
    for index, (front, back) in enumerate(zip(deck.fronts, backs, strict=True)):
        for face in (front, back):
            if face is None:
                continue
            if outline and index == 0 and face is front:
                canvas.bookmarkPage(deck.component)
                canvas.addOutlineEntry(outline, deck.component, level=0)
            with pen.placed(bleed, bleed):
                face(pen)
            canvas.showPage()
            pages += 1
    return pages


PageDraw = Callable[[Pen, Size], None]
"""Draws on a whole sheet, in the sheet's millimetre coordinates, given the paper size."""


@dataclass(frozen=True)
class Pages:
    """A component printed on whole sheets (token sheets, calibration)."""

    component: str
    title: str
    pages: tuple[PageDraw, ...]


def draw_pages(canvas: Any, pages: Pages, document: Document, outline: str | None = None) -> int:
    """Each page of a sheet component; returns the number drawn."""
    paper = document.settings.paper
    canvas.setPageSize((pt(paper.width), pt(paper.height)))
    pen = Pen(canvas, Where(pages.component, document.locale), document.ink_saver)
    for index, page in enumerate(pages.pages):
        if outline and index == 0:
            canvas.bookmarkPage(pages.component)
            canvas.addOutlineEntry(outline, pages.component, level=0)
        page(pen, paper)
        canvas.showPage()
    return len(pages.pages)


TILE_OVERLAP = 10.0
"""How far neighbouring tiles of a large board overlap, in mm."""


def tiles(board: Size, paper: Size, margin: float) -> list[tuple[int, int, Rect]]:
    """(column, row, region of the board) for each sheet a board is tiled over."""
    room = Size(paper.width - 2 * margin, paper.height - 2 * margin)
    step = Size(room.width - TILE_OVERLAP, room.height - TILE_OVERLAP)
    columns = max(1, -int(-(board.width - TILE_OVERLAP) // step.width))
    rows = max(1, -int(-(board.height - TILE_OVERLAP) // step.height))
    return [
        (
            c,
            r,
            Rect(
                c * step.width,
                board.height - room.height - r * step.height,
                room.width,
                room.height,
            ),
        )
        for r in range(rows)
        for c in range(columns)
    ]


def tiled_pages(
    board: Size,
    draw_board: Callable[[Pen], None],
    label: Callable[[int, int], str],
    paper: Size,
    margin: float,
) -> tuple[PageDraw, ...]:
    """Pages showing a large board tile by tile, with alignment marks in the overlaps; each
    page labelled `label(number, count)`, from 1."""
    regions = tiles(board, paper, margin)
    return tuple(
        _tile_page(draw_board, label(number, len(regions)), region, margin)
        for number, (_, _, region) in enumerate(regions, 1)
    )


def _tile_page(
    draw_board: Callable[[Pen], None], label: str, region: Rect, margin: float
) -> PageDraw:
    from generator.printing.pen import TextStyle

    def draw(pen: Pen, paper: Size) -> None:
        with pen.clipped(Rect(margin, margin, region.width, region.height)):
            pen.canvas.translate(pt(margin - region.x), pt(margin - region.y))
            draw_board(pen)
        # Crosses in the overlaps lie on top of each other when neighbouring tiles are aligned.
        for x in (margin + TILE_OVERLAP / 2, margin + region.width - TILE_OVERLAP / 2):
            for y in (margin + TILE_OVERLAP / 2, margin + region.height - TILE_OVERLAP / 2):
                pen.line(x - 3, y, x + 3, y, ALIGN_COLOUR, 0.2)
                pen.line(x, y - 3, x, y + 3, ALIGN_COLOUR, 0.2)
                pen.circle(x, y, 1.5, stroke=ALIGN_COLOUR, width=0.2)
        pen.rect(Rect(margin, margin, region.width, region.height), stroke="#9AA5B1", width=0.15)
        style = TextStyle(size=8, minimum=6, weight="bold", colour=ALIGN_COLOUR, align="left")
        pen.text(Rect(margin + TILE_OVERLAP + 2, margin + 1, 40, 5), label, style)

    return draw


ALIGN_COLOUR = "#E0007A"
