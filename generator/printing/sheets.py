"""Putting card faces on sheets: imposed pages with duplex backs, or one card per page (POD)."""

from __future__ import annotations

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

    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(pt(page.width), pt(page.height)), invariant=True, pageCompression=1, lang=document.locale)
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
    pages = 0
    per_sheet = layout.per_sheet
    for start in range(0, len(deck.fronts), per_sheet):
        if outline and start == 0:
            key = f"{deck.component}"
            canvas.bookmarkPage(key)
            canvas.addOutlineEntry(outline, key, level=0)
        _sheet(pen, layout, deck.fronts[start : start + per_sheet], layout.slots(), settings.bleed, back=False)
        canvas.showPage()
        pages += 1
        if deck.backs is not None and document.duplex:
            _sheet(pen, layout, deck.backs[start : start + per_sheet], layout.back_slots(), settings.bleed, back=True)
            canvas.showPage()
            pages += 1
    return pages


def _sheet(pen: Pen, layout: Imposition, faces: Sequence[Draw], slots: Sequence[Any], bleed: float, *, back: bool) -> None:
    card = layout.card
    for face, slot in zip(faces, slots, strict=False):
        trim = slot.trim
        with pen.placed(trim.x, trim.y, slot.turned and not back, trim.width):
            if slot.turned and back:
                # A long-edge flip turns the quarter-turn the other way round.
                pen.canvas.translate(0, pt(trim.height))
                pen.canvas.rotate(-90)
            with pen.clipped(Rect(-bleed, -bleed, card.width + 2 * bleed, card.height + 2 * bleed)):
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
