"""Which strings of a data document are translated, and in which context."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator.loading.document import Document, PathKey

TRANSLATED_KEYS = frozenset({"name", "ability"})
"""Keys whose text values are shown to players and so go through the catalogs."""
TOP_LEVEL_CONTEXT = "game"


@dataclass(frozen=True)
class DataString:
    """A translatable string found in a data document."""

    context: str
    """The gettext message context: the list the string sits in, e.g. 'species'."""
    text: str
    """The English source text, used as the msgid."""
    path: PathKey
    """Where the string sits in its document."""
    item_id: str | None
    """The id of the item the string names, for translator comments."""


def data_strings(document: Document) -> Iterator[DataString]:
    """Every translatable string of a document, in document order."""
    yield from _walk(document.value, ())


def _walk(value: Any, path: PathKey) -> Iterator[DataString]:
    if isinstance(value, dict):
        for key, child in value.items():
            if key in TRANSLATED_KEYS and isinstance(child, str):
                item_id = value.get("id")
                yield DataString(
                    _context(path),
                    child,
                    (*path, key),
                    item_id if isinstance(item_id, str) else None,
                )
            else:
                yield from _walk(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _walk(child, (*path, index))


def _context(path: PathKey) -> str:
    names = [p for p in path if isinstance(p, str)]
    return names[-1] if names else TOP_LEVEL_CONTEXT
