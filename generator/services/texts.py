"""A pack's rules summary and rulebook tables, in one edition and language, as finished bytes.

Both are documents of the pack (documents/summary.yaml, documents/tables.yaml),
bound to its data in the language asked for (generator.documents.source),
with what the game's rules plug-in computes (its `values` hook) where it
has one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from generator.core.errors import DataError, UsageError
from generator.documents.markdown import to_markdown
from generator.documents.model import TextDocument
from generator.documents.pdf import booklet, to_pdf
from generator.documents.source import DocumentProblem, Setting, bind_document
from generator.i18n.env import LanguageEnv
from generator.loading.manifest import DOCUMENTS
from generator.printing.pen import Pen
from generator.services.find import LoadedPack
from generator.services.preview import find_card
from generator.services.render import Warn, faces, settle_drafts, translator

KINDS = {"summary": "a rules summary", "tables": "rulebook tables"}
"""The documents `draftdeck summary` and `draftdeck tables` write, and what each is."""


def has_document(loaded: LoadedPack, kind: str) -> bool:
    """Whether the pack holds documents/<kind>.yaml."""
    return f"{DOCUMENTS}/{kind}" in loaded.pack.documents


def text_document(
    loaded: LoadedPack,
    kind: str,
    edition_id: str,
    locale: str,
    strict: bool = False,
    warn: Warn | None = None,
) -> TextDocument:
    """The summary or the tables; a text without a finished translation is written in the
    source language, with a warning (refused when `strict`)."""
    document = loaded.pack.documents.get(f"{DOCUMENTS}/{kind}")
    if document is None:
        raise UsageError(
            f"{loaded.pack.id} has no {DOCUMENTS}/{kind}.yaml: write {KINDS[kind]} there "
            "(docs/packs.md#documents; draftdeck new starts one)"
        )
    tr = translator(loaded, locale)
    box = loaded.pack.editions[edition_id]

    def face(component_id: str, card_id: str) -> Callable[[Pen], None]:
        component, position = find_card(box, card_id, component_id)
        assert component.front is not None
        card = component.cards[position]
        (drawn,) = faces(loaded, box, component, component.front, tr, False, cards=[card])
        return drawn

    values: Mapping[str, Any] = {}
    if loaded.plugin is not None and loaded.plugin.has("values"):
        values = loaded.plugin.values(loaded.model, edition_id, tr, face)
    setting = Setting(loaded.pack, box, LanguageEnv(tr, False), values, tr, face)
    try:
        bound = bind_document(document, setting)
    except DocumentProblem as problem:
        raise DataError(
            [document.diagnostic(problem.path, problem.message, hint=problem.hint)]
        ) from None
    settle_drafts(loaded, tr, strict, warn)
    return bound


def render_text(document: TextDocument, author: str, output: str, paper: str) -> bytes:
    """A document as Markdown or PDF bytes (A4, or A5 pages imposed as a booklet on A4)."""
    if output == "md":
        return to_markdown(document).encode("utf-8")
    if paper == "a5-booklet":
        return booklet(to_pdf(document, author, "a5")[0])[0]
    return to_pdf(document, author, "a4")[0]
