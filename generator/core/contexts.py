"""The gettext contexts of a pack's texts that are not named after a data list.

A data item's texts are translated in the context of the list they sit in
(`species`, `units`); these are the fixed ones every layer agrees on.
"""

from __future__ import annotations

TOP_LEVEL_CONTEXT = "game"
"""game.yaml's own texts: the game's name."""
LAYOUT_CONTEXT = "layouts"
"""The words of a template's texts (layouts/*.yaml)."""
PHRASE_CONTEXT = "phrases"
"""The sentences of the phrase book (layouts/phrases.yaml)."""
DOCUMENT_CONTEXT = "documents"
"""The texts of the pack's documents (documents/*.yaml): its rules summary and tables."""
TEMPLATE_CONTEXTS = frozenset({LAYOUT_CONTEXT, PHRASE_CONTEXT, DOCUMENT_CONTEXT})
"""Contexts of texts whose placeholders a translation must keep."""
