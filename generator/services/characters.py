"""Validation of the characters in a pack's texts: what the cards could not print, at its line."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from generator.core.diagnostics import Diagnostic
from generator.loading.document import Document, PathKey
from generator.printing.characters import unprintable

NOT_DRAWN = frozenset({"note", "authors"})
"""Keys whose texts are never drawn on a card (provenance notes, the PDF's author metadata)."""


def character_problems(
    documents: Mapping[str, Document], more: frozenset[int] = frozenset()
) -> Iterator[Diagnostic]:
    """An error at each text of the documents that holds a character no card can print
    (`more`: the characters the pack's own fonts add)."""
    for document in documents.values():
        for path, text, drawn in _texts(document.value, (), True):
            problem = unprintable(text, drawn, more)
            if problem is not None:
                yield document.diagnostic(
                    path,
                    f"the text {problem}",
                    hint="retype the text, or copy it from a plain source: invisible "
                    "characters often come along with copied text; a symbol prints when a "
                    "font of the theme has it (fonts: in layouts/theme.yaml)",
                )


def _texts(value: Any, path: PathKey, drawn: bool) -> Iterator[tuple[PathKey, str, bool]]:
    if isinstance(value, str):
        yield path, value, drawn
    elif isinstance(value, dict):
        for key, child in value.items():
            yield from _texts(child, (*path, key), drawn and key not in NOT_DRAWN)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _texts(child, (*path, index), drawn)
