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

from generator.core.contexts import LAYOUT_CONTEXT, PHRASE_CONTEXT, TOP_LEVEL_CONTEXT
from generator.loading.document import Document, PathKey
from generator.loading.manifest import is_translated
from generator.templates.expressions import ExpressionError, needs_translation

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
) -> Iterator[DataString]:
    """Every translatable string of a document (a template's with `layout`, the phrase
    books' with `phrases`), in document order."""
    if phrases:
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
