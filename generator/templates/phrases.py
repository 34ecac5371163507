"""Phrase books: how items of the data (a card's effects) are said in words, in any language.

A book is named after the card field whose items it says (`{effects|say}`
uses the book `effects`). It lists **messages**: each a whole sentence that
says one shape of item, with named placeholders for the item's values, so
that a translator always translates a complete sentence and never a piece
of one (the filter folded into the subject, the condition into the
sentence, the punctuation inside the text). An item is said by the first
message that fits it: the item has the values its `when` asks for (a value,
a list of values, or a range such as `{min: 1}`), sets every field its text
names, and every field the item sets is named by the message (in its `when`
or its text). So a card can never print less than the data makes the rules
do; an item no message says is an error at the item. A message whose
wording depends on a number has a `plural` and a `count`: the catalogs then
hold every plural form the language has (gettext's npgettext).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from generator.core.contexts import PHRASE_CONTEXT
from generator.core.diagnostics import Diagnostic
from generator.grammar.placeholders import (
    ExpressionError,
    Placeholder,
    needs_translation,
    parse_text,
)
from generator.loading.document import Document, PathKey
from generator.loading.items import Item
from generator.templates.expressions import Env, Scope, Value, fill_text, is_set, items_of

Resolve = Callable[[Document, PathKey, str, list[Diagnostic]], Mapping[str, Item] | None]
"""Finds the items of `<file>/<key>` by id, reporting at the place given when it cannot."""


@dataclass(frozen=True)
class Condition:
    """What one field must be for a message to fit: one of `values`, or a number in range."""

    values: tuple[Any, ...] = ()
    least: float | None = None
    most: float | None = None

    def holds(self, value: Any) -> bool:
        """Whether the item's value is as the condition asks."""
        if self.values:
            return value in self.values
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        return (self.least is None or value >= self.least) and (
            self.most is None or value <= self.most
        )


@dataclass(frozen=True)
class Message:
    """One whole sentence that says every item of one shape."""

    when: Mapping[str, Condition]
    text: str
    plural: str | None
    """The English plural form, when the wording depends on the number `count` names."""
    count: str | None
    names: frozenset[str]
    """The item's fields the text names."""
    at: PathKey
    """Where the message is in phrases.yaml."""

    def fits(self, fields: Mapping[str, Any]) -> bool:
        """Whether the item has the values `when` asks for and every field the text names."""
        return all(cond.holds(fields.get(key)) for key, cond in self.when.items()) and all(
            is_set(fields.get(name)) for name in self.names
        )

    def unsaid(self, fields: Mapping[str, Any], silent: frozenset[str]) -> list[str]:
        """The fields the item sets that this message does not name."""
        named = {*self.when, *self.names, *silent}
        return sorted(key for key, value in fields.items() if is_set(value) and key not in named)


@dataclass(frozen=True)
class Book:
    """The messages that say the items of one field."""

    name: str
    messages: tuple[Message, ...]
    refs: Mapping[str, Mapping[str, Item]]
    ref_lists: Mapping[str, str]
    """Field -> the list its ids name, for messages."""
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
    fitting = [m for m in book.messages if m.fits(fields)]
    message = next((m for m in fitting if not m.unsaid(fields, book.silent)), None)
    if message is None:
        nearest = fitting[0].unsaid(fields, book.silent) if fitting else []
        what = (
            f"the nearest message leaves {', '.join(nearest)} unsaid"
            if fitting
            else "no message fits it"
        )
        raise ExpressionError(
            f"the {book.name} item {_shown(fields)} cannot be printed: {what}",
            f"add a message to the book '{book.name}' of layouts/phrases.yaml whose when "
            "matches the item and which names "
            + (", ".join(nearest) if nearest else "every field the item sets")
            + " (in its when or its text), or change the item",
            item.origin,
        )
    if message.plural is not None and message.count is not None:
        count = fields[message.count]
        if not isinstance(count, int) or isinstance(count, bool):
            raise ExpressionError(
                f"the message for {_shown(fields)} picks its plural by {message.count}, "
                f"which is {count!r} here, not a whole number",
                f"in layouts/phrases.yaml, book '{book.name}', message {int(message.at[-1]) + 1}: "
                "name a field that holds a number in count (e.g. count: amount)",
                item.origin,
            )
        text = env.translate_plural(PHRASE_CONTEXT, message.text, message.plural, count)
    elif needs_translation(message.text):
        text = env.translate(PHRASE_CONTEXT, message.text)
    else:
        text = message.text
    return fill_text(text, scope, env)


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
        messages = tuple(
            _message(document, (name, "messages", i), m, problems)
            for i, m in enumerate(raw["messages"])
        )
        books[name] = Book(
            name=name,
            messages=messages,
            refs=refs,
            ref_lists=dict(raw.get("refs", {})),
            between=raw.get("between", "\n"),
            silent=frozenset(raw.get("silent", ())),
        )
    return Phrases(books), problems


def _message(
    document: Document, path: PathKey, raw: Mapping[str, Any], problems: list[Diagnostic]
) -> Message:
    texts = [("text", raw["text"])]
    if "plural" in raw:
        texts.append(("plural", raw["plural"]))
    names: set[str] = set()
    for key, text in texts:
        try:
            for part in parse_text(text):
                if isinstance(part, Placeholder):
                    if "say" in part.filters:
                        raise ExpressionError(
                            f"{{{part.source}}}: a message cannot say another item",
                            "name the item's own fields, e.g. {amount|signed}",
                        )
                    names.add(str(part.path[0]))
        except ExpressionError as error:
            problems.append(document.diagnostic((*path, key), error.message, hint=error.hint))
    count = raw.get("count")
    if ("plural" in raw) != (count is not None):
        problems.append(
            document.diagnostic(
                (*path, "plural" if "plural" in raw else "count"),
                "a message with a plural needs a count, and a count needs a plural",
                hint="give both: the plural's English text and the field whose number picks "
                "the form (count: amount)",
            )
        )
        count = None
    when = {key: _condition(value) for key, value in raw.get("when", {}).items()}
    plural = raw.get("plural") if count is not None else None
    return Message(
        when, raw["text"], plural, count, frozenset(names | ({count} if count else set())), path
    )


def _condition(value: Any) -> Condition:
    if isinstance(value, dict):
        return Condition((), value.get("min"), value.get("max"))
    return Condition(tuple(value) if isinstance(value, list) else (value,))
