"""Which strings of a pack's documents are translated, and in which context.

In data files, texts under the keys the manifest lists in `translate:`
(`name` by default) are translated, in the context of the list they sit in;
an entry `{key: name, when: stand-in}` translates a key only in the items
that set that flag (invented stand-in names are translated, the names of
real people never are).
The game's name and each component's name are translated whatever the list
says: the build prints them itself (PDF titles and bookmarks).
In templates (layouts/), every element's `text` that has words of its own is
translated in the context `layouts`; a text made only of placeholders
(`{number|number}`) needs no translation. The phrases of layouts/phrases.yaml
are translated in the context `phrases`, on the same terms.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any

from generator.core.contexts import (
    DOCUMENT_CONTEXT,
    LAYOUT_CONTEXT,
    PHRASE_CONTEXT,
    TOP_LEVEL_CONTEXT,
)
from generator.grammar.placeholders import ExpressionError, needs_translation
from generator.loading.document import Document, PathKey
from generator.loading.manifest import is_translated

DEFAULT_TRANSLATED = frozenset({"name"})
PRINTED_NAMES = {TOP_LEVEL_CONTEXT: "name", "components": "name"}
"""Context -> key of the names the build prints in every pack: game.yaml's and each component's."""


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
    """The id of the item the string names (or the template element), for translator comments."""
    plural: str | None = None
    """The English plural form, for a text whose wording depends on a number."""


def data_strings(
    document: Document,
    translate: Collection[str] = DEFAULT_TRANSLATED,
    *,
    layout: bool = False,
    phrases: bool = False,
    texts: bool = False,
) -> Iterator[DataString]:
    """Every translatable string of a document (a template's with `layout`, the phrase
    books' with `phrases`, a pack document's with `texts`), in document order."""
    if texts:
        yield from _document_texts(document.value)
    elif phrases:
        yield from _phrase_texts(document.value)
    elif layout:
        yield from _template_texts(document.value.get("elements", {}), ("elements",))
    else:
        yield from _walk(document.value, (), frozenset(translate))


def _walk(value: Any, path: PathKey, translate: frozenset[str]) -> Iterator[DataString]:
    if isinstance(value, dict):
        for key, child in value.items():
            printed = PRINTED_NAMES.get(_context(path)) == key
            if (is_translated(key, value, translate) or printed) and isinstance(child, str):
                item_id = value.get("id")
                yield DataString(
                    _context(path),
                    child,
                    (*path, key),
                    item_id if isinstance(item_id, str) else None,
                )
            else:
                yield from _walk(child, (*path, key), translate)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _walk(child, (*path, index), translate)


def _template_texts(elements: Any, path: PathKey) -> Iterator[DataString]:
    if not isinstance(elements, dict):
        return
    for name, element in elements.items():
        if not isinstance(element, dict):
            continue
        text = element.get("text")
        kind = element.get("type", "text")  # an element changed by `extends` may leave it out
        if kind == "text" and isinstance(text, str) and _worded(text):
            yield DataString(LAYOUT_CONTEXT, text, (*path, name, "text"), str(name))
        yield from _template_texts(element.get("elements"), (*path, name, "elements"))


def _phrase_texts(books: Any) -> Iterator[DataString]:
    if not isinstance(books, dict):
        return
    for name, book in books.items():
        messages = book.get("messages") if isinstance(book, dict) else None
        for index, message in enumerate(messages if isinstance(messages, list) else ()):
            text = message.get("text") if isinstance(message, dict) else None
            if isinstance(text, str) and _worded(text):
                plural = message.get("plural")
                yield DataString(
                    PHRASE_CONTEXT,
                    text,
                    (name, "messages", index, "text"),
                    f"{name}, {_described(message.get('when'))}",
                    plural if isinstance(plural, str) and message.get("count") else None,
                )


_TEXT_KEYS = frozenset(
    {"title", "heading", "paragraph", "note", "text", "term", "means", "caption", "cell"}
)
"""Keys whose value is a text of a pack document (documents/*.yaml)."""
_TEXT_LISTS = frozenset({"bullets", "steps", "header", "cells"})
"""Keys whose value is a list of texts (or of mappings with texts)."""
_NOT_TEXT = frozenset(
    {"when", "unless", "over", "each", "count", "plural", "ids", "value", "component", "level"}
)


def _document_texts(value: Any, path: PathKey = (), block: str = "") -> Iterator[DataString]:
    """The texts of a pack document, each with its plural form where it has one."""
    if isinstance(value, dict):
        for key, child in value.items():
            if key in _NOT_TEXT:
                continue
            where = (*path, key)
            named = block or (
                f"block {int(path[1]) + 1}"
                if path[:1] == ("blocks",) and len(path) > 1
                else "title"
                if key == "title"
                else ""
            )
            if isinstance(child, str) and key in _TEXT_KEYS and _worded(child):
                # A plural's count may be named by the list a choice of texts belongs to.
                plural = value.get("plural") if key in ("paragraph", "text") else None
                yield DataString(
                    DOCUMENT_CONTEXT,
                    child,
                    where,
                    named,
                    plural if isinstance(plural, str) else None,
                )
            elif key in _TEXT_LISTS and isinstance(child, list):
                for index, entry in enumerate(child):
                    if isinstance(entry, str):
                        if _worded(entry):
                            yield DataString(DOCUMENT_CONTEXT, entry, (*where, index), named)
                    else:
                        yield from _document_texts(entry, (*where, index), named)
            elif key == "rows" and isinstance(child, list):
                for index, row in enumerate(child):
                    cells = row if isinstance(row, list) else [row]
                    yield from _document_texts(
                        {"cells": cells} if isinstance(row, list) else row, (*where, index), named
                    )
            else:
                yield from _document_texts(child, where, named)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _document_texts(child, (*path, index), block)


def _described(when: Any) -> str:
    """A message's `when`, for the translator: what the sentence says."""
    if not isinstance(when, dict):
        return "any item"
    parts = []
    for key, value in when.items():
        if isinstance(value, dict):
            low, high = value.get("min"), value.get("max")
            shown = (
                f">= {low}" if high is None else f"<= {high}" if low is None else f"{low}..{high}"
            )
        else:
            shown = str(value)
        parts.append(f"{key} {shown}")
    return ", ".join(parts)


def _worded(text: str) -> bool:
    try:
        return needs_translation(text)
    except ExpressionError:
        return False  # a broken placeholder is reported by the template checks


def _context(path: PathKey) -> str:
    names = [p for p in path if isinstance(p, str)]
    return names[-1] if names else TOP_LEVEL_CONTEXT
