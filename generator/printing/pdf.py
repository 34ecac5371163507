"""Rendering components to PDF bytes, and assembling the combined print-and-play file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO

from generator.printing.geometry import Size
from generator.printing.sheets import (
    Deck,
    Document,
    Pages,
    draw_imposed,
    draw_pages,
    draw_pod,
    new_canvas,
)


@dataclass(frozen=True)
class Rendered:
    """One PDF file in memory."""

    name: str
    """File name, e.g. hockey-player.pdf."""
    title: str
    data: bytes
    pages: int


def render_part(part: Deck | Pages, document: Document) -> Rendered:
    """One component as its own PDF."""
    canvas, buffer = new_canvas(document, document.settings.paper)
    if isinstance(part, Deck):
        pages = draw_imposed(canvas, part, document)
    else:
        pages = draw_pages(canvas, part, document)
    canvas.save()
    return Rendered(f"{part.component}.pdf", part.title, buffer.getvalue(), pages)


def render_pod(part: Deck, document: Document) -> Rendered:
    """One component, one card per page at trim plus bleed."""
    bleed = document.settings.bleed
    canvas, buffer = new_canvas(
        document, Size(part.size.width + 2 * bleed, part.size.height + 2 * bleed)
    )
    pages = draw_pod(canvas, part, document)
    canvas.save()
    return Rendered(f"{part.component}.pdf", part.title, buffer.getvalue(), pages)


def combine(
    parts: Sequence[Rendered], document: Document, name: str = "print-and-play.pdf"
) -> Rendered:
    """All components in one PDF, with a bookmark per component (joined by pypdf)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    writer = PdfWriter()
    for part in parts:
        writer.append(PdfReader(BytesIO(part.data)), outline_item=part.title)
    writer.add_metadata(
        {
            "/Title": document.title,
            "/Author": document.author,
            "/Subject": document.subject,
            "/Creator": "draftdeck",
            "/Producer": "draftdeck",
        }
    )
    writer.root_object[NameObject("/Lang")] = TextStringObject(document.locale)
    writer.page_mode = "/UseOutlines"
    buffer = BytesIO()
    writer.write(buffer)
    return Rendered(name, document.title, buffer.getvalue(), len(writer.pages))
