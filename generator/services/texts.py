"""A pack's rules summary and rulebook tables, in one edition and language, as finished bytes."""

from __future__ import annotations

from collections.abc import Callable

from generator.documents.markdown import to_markdown
from generator.documents.model import TextDocument
from generator.documents.pdf import booklet, to_pdf
from generator.printing.pen import Pen
from generator.services.find import LoadedPack
from generator.services.preview import find_card
from generator.services.render import faces, translator

KINDS = {"summary": "a rules summary", "tables": "rulebook tables"}
"""The documents a plug-in may write, by the hook that writes each."""


def text_document(loaded: LoadedPack, kind: str, edition_id: str, locale: str) -> TextDocument:
    """The summary or the tables; a missing translation raises."""
    plugin = loaded.needs(kind, KINDS[kind])
    tr = translator(loaded, locale)
    box = loaded.pack.editions[edition_id]

    def face(component_id: str, card_id: str) -> Callable[[Pen], None]:
        component, position = find_card(box, card_id, component_id)
        assert component.front is not None
        card = component.cards[position]
        (drawn,) = faces(loaded, box, component, component.front, tr, False, cards=[card])
        return drawn

    if kind == "summary":
        document = plugin.hook("summary")(loaded.model, edition_id, tr, face)
    else:
        document = plugin.hook("tables")(loaded.model, edition_id, tr)
    tr.check()
    return document


def render_text(document: TextDocument, author: str, output: str, paper: str) -> bytes:
    """A document as Markdown or PDF bytes (A4, or A5 pages imposed as a booklet on A4)."""
    if output == "md":
        return to_markdown(document).encode("utf-8")
    if paper == "a5-booklet":
        return booklet(to_pdf(document, author, "a5")[0])[0]
    return to_pdf(document, author, "a4")[0]
