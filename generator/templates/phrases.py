"""Phrase books: how items of the data (a card's effects) are said in words, in any language.

A book is named after the card field whose items it says (`{effects|say}`
uses the book `effects`). Its slots are the parts of each item's sentence,
in order; a slot is said by the first of its phrases that matches the item,
or not at all. A phrase matches when the item has the values its `when`
asks for and sets every field its text names. Every field the item sets
must be said by some phrase (in its `when` or its text), so a card can
never print less than the data makes the rules do; an item that is not
fully said is an error at the item.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from generator.diagnostics import Diagnostic
from generator.i18n.data_strings import PHRASE_CONTEXT
from generator.loading.document import Document, PathKey
from generator.packs.items import Item
from generator.templates.expressions import (
    Env,
    ExpressionError,
    Placeholder,
    Scope,
    Value,
    fill_text,
    is_set,
    items_of,
    needs_translation,
    parse_text,
)

Resolve = Callable[[Document, PathKey, str, list[Diagnostic]], Mapping[str, Item] | None]
"""Finds the items of `<file>/<key>` by id, reporting at the place given when it cannot."""


@dataclass(frozen=True)
class Phrase:
    """One way to say part of an item."""

    when: Mapping[str, tuple[Any, ...]]
    text: str
    names: frozenset[str]
    """The item's fields the text names."""

    def matches(self, fields: Mapping[str, Any]) -> bool:
        """Whether the item has the values `when` asks for and every field the text names."""
        return all(fields.get(key) in values for key, values in self.when.items()) and all(
            is_set(fields.get(name)) for name in self.names
        )


@dataclass(frozen=True)
class Book:
    """The phrases that say the items of one field."""

    name: str
    slots: tuple[tuple[str, tuple[Phrase, ...]], ...]
    refs: Mapping[str, Mapping[str, Item]]
    ref_lists: Mapping[str, str]
    """Field -> the list its ids name, for messages."""
    join: str
    between: str
    silent: frozenset[str]


@dataclass(frozen=True)
class Phrases:
    """A pack's phrase books: what `{field|say}` says with."""

    books: Mapping[str, Book]

    def say(self, found: Value, scope: Scope, env: Env) -> str:
        """The item, or each item of the list, in words in the language of `env`."""
        value = found.value
        if isinstance(value, dict):
            items = [found]
        elif isinstance(value, list | tuple) and all(isinstance(v, dict) for v in value):
            items = items_of(found)
        else:
            raise ExpressionError(
                "say needs a field that holds a mapping or a list of mappings",
                "name a field such as effects, whose items the phrase book says",
            )
        book = self.books.get(str(found.context))
        if book is None:
            known = ", ".join(sorted(self.books)) or "none"
            raise ExpressionError(
                f"there is no phrase book '{found.context}' to say it with",
                f"add '{found.context}:' to layouts/phrases.yaml; its books: {known}",
            )
        return book.between.join(_sentence(book, item, scope, env) for item in items)


def _sentence(book: Book, item: Value, outer: Scope, env: Env) -> str:
    fields: Mapping[str, Any] = item.value
    _check_refs(book, fields, item)
    scope = Scope(Item(fields, book.name, book.refs, None, item.origin), {}, outer.translate)
    parts: list[str] = []
    said: set[str] = set(book.silent)
    for _, phrases in book.slots:
        phrase = next((p for p in phrases if p.matches(fields)), None)
        if phrase is None:
            continue
        text = (
            env.translate(PHRASE_CONTEXT, phrase.text)
            if needs_translation(phrase.text)
            else phrase.text
        )
        parts.append(fill_text(text, scope, env))
        said |= {*phrase.when, *phrase.names}
    unsaid = sorted(key for key, v in fields.items() if is_set(v) and key not in said)
    if not parts or unsaid:
        what = "no phrase says it" if not parts else "no phrase says " + ", ".join(unsaid)
        raise ExpressionError(
            f"the {book.name} item {_shown(fields)} cannot be printed: {what}",
            f"add a phrase to the book '{book.name}' of layouts/phrases.yaml whose when or "
            "text names "
            + ("its fields" if not parts else ", ".join(unsaid))
            + ", or change the item",
            item.origin,
        )
    return book.join.join(parts)


def _check_refs(book: Book, fields: Mapping[str, Any], item: Value) -> None:
    for key, targets in book.refs.items():
        value = fields.get(key)
        if value is not None and value not in targets:
            raise ExpressionError(
                f"{key} '{value}' of the {book.name} item {_shown(fields)} names no item of "
                f"{book.ref_lists[key]}",
                "ids there: " + ", ".join(sorted(targets)),
                item.origin,
            )


def _shown(fields: Mapping[str, Any]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in fields.items()) + "}"


def read_phrases(document: Document | None, resolve: Resolve) -> tuple[Phrases, list[Diagnostic]]:
    """The phrase books of a schema-valid phrases.yaml (none without one), and its problems."""
    if document is None:
        return Phrases({}), []
    problems: list[Diagnostic] = []
    books: dict[str, Book] = {}
    for name, raw in document.value.items():
        refs: dict[str, Mapping[str, Item]] = {}
        for key, target in raw.get("refs", {}).items():
            found = resolve(document, (name, "refs", key), target, problems)
            if found is not None:
                refs[key] = found
        slots = tuple(
            (
                slot,
                tuple(
                    _phrase(document, (name, "slots", slot, i), p, problems)
                    for i, p in enumerate(phrases)
                ),
            )
            for slot, phrases in raw["slots"].items()
        )
        books[name] = Book(
            name=name,
            slots=slots,
            refs=refs,
            ref_lists=dict(raw.get("refs", {})),
            join=raw.get("join", " "),
            between=raw.get("between", "\n"),
            silent=frozenset(raw.get("silent", ())),
        )
    return Phrases(books), problems


def _phrase(
    document: Document, path: PathKey, raw: Mapping[str, Any], problems: list[Diagnostic]
) -> Phrase:
    text = raw["text"]
    names: set[str] = set()
    try:
        for part in parse_text(text):
            if isinstance(part, Placeholder):
                if "say" in part.filters:
                    raise ExpressionError(
                        f"{{{part.source}}}: a phrase cannot say another item",
                        "name the item's own fields, e.g. {amount|signed}",
                    )
                names.add(str(part.path[0]))
    except ExpressionError as error:
        problems.append(document.diagnostic((*path, "text"), error.message, hint=error.hint))
    when = {
        key: tuple(value) if isinstance(value, list) else (value,)
        for key, value in raw.get("when", {}).items()
    }
    return Phrase(when, text, frozenset(names))
