"""The little language of template values: `{field.path|filter}` placeholders and colours.

A placeholder names a value of the card being drawn (`{number}`), of an item
one of its fields refers to (`{species.name}`), of a list item (`{fans[0]}`),
or of the game, edition, component or repeat (`{game.name}`, `{item}`,
`{index}`); filters turn it into what is printed (`{species.name|tr}`,
`{index|ordinal}`, `{species.colour.rgb|bg|ink}`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple, Protocol

from generator.grammar.placeholders import (
    COLOUR_FILTERS,
    ExpressionError,
    Placeholder,
    parse_text,
    single_placeholder,
)
from generator.loading.document import PathKey
from generator.loading.items import Item, Origin, child_schema, declared
from generator.loading.manifest import is_translated, sometimes_translated

WHITE = "#FFFFFF"
DARK_INK = "#1B1F2A"
REPEAT_ROOTS = frozenset({"item", "index", "odd", "each"})
"""Names a repeat (or a document's list) gives what it holds, before the card's own fields."""
OTHER_ROOTS = frozenset({"game", "edition", "component"})
"""Names that reach beyond the card when it has no field of that name."""
_HEX = re.compile(r"#[0-9A-Fa-f]{6}")


class Absent(ExpressionError):
    """A field the value at hand does not have."""

    def __init__(self, path: str, known: list[str]) -> None:
        self.path, self.known = path, known
        super().__init__(
            f"'{path}' is not a field here",
            "fields here: " + (", ".join(known) if known else "none"),
        )


AS_WRITTEN = ""
"""The context of a text whose key is translated in some items (stand-ins) but not in this
one (a real person's name): |tr prints it as written."""


class Value(NamedTuple):
    """A looked-up value, and what is known of it.

    `context` is the gettext context of translated text (AS_WRITTEN: one that |tr keeps as
    it is), or the context a mapping or list passes on to what it holds; `schema` is its JSON
    Schema, which tells a field that is merely unset from one that does not exist.
    """

    value: Any
    context: str | None = None
    schema: Any = None
    origin: Origin | None = None
    """Where the value was written, when it comes from a data file."""


class Env(Protocol):
    """What filters need from the language and print settings."""

    @property
    def ink_saver(self) -> bool:
        """Whether backgrounds print white."""

    def translate(self, context: str, text: str) -> str:
        """A data text in this language."""

    def translate_plural(self, context: str, singular: str, plural: str, count: int) -> str:
        """A data text in this language, in the plural form `count` asks for."""

    def number(self, value: float) -> str:
        """A number in this language's format."""

    def ordinal(self, value: int) -> str:
        """1st, 1., 1er..."""

    def joined(self, items: list[str]) -> str:
        """Items joined with this language's "and": A, B and C."""

    def either(self, items: list[str]) -> str:
        """Items joined with this language's "or": 2, 3 or 4."""

    def month(self, date: str) -> str:
        """A YYYY-MM-DD date as its month and year: October 2020."""


class Sayer(Protocol):
    """Says a data item (an effect, a condition) in words: the pack's phrase books."""

    def say(self, found: Value, scope: Scope, env: Env) -> str:
        """The item, or each item of the list, in the language `env` prints."""


_SCOPES: dict[tuple[Any, ...], Scope] = {}
MAX_SCOPES = 100_000
"""Scopes kept before the cache starts afresh (which costs time, never a result)."""


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return a.keys() == b.keys() and all(a[k] is b[k] for k in a)


class Scope:
    """Where a template's paths are looked up: a repeat's names, the card, then the rest."""

    def __init__(
        self,
        card: Item,
        roots: Mapping[str, Any],
        translate: frozenset[str],
        phrases: Sayer | None = None,
    ) -> None:
        self.card, self.roots, self.translate, self.phrases = card, roots, translate, phrases
        self._found: dict[PathKey, Value] = {}

    @classmethod
    def of(
        cls,
        card: Item,
        roots: Mapping[str, Any],
        translate: frozenset[str],
        phrases: Sayer | None = None,
    ) -> Scope:
        """The scope of a card, shared by every binding of it (validation, each language):
        what it looked up does not depend on the language."""
        key = (id(card), *(id(v) for v in roots.values()), translate, id(phrases))
        known = _SCOPES.get(key)
        if (
            known is None
            or known.card is not card
            or known.phrases is not phrases
            or not _same(known.roots, roots)
        ):
            if (
                len(_SCOPES) >= MAX_SCOPES
            ):  # a long `preview --watch` loads the pack again and again
                _SCOPES.clear()
            known = _SCOPES[key] = cls(card, roots, translate, phrases)
        return known

    def within(self, **names: Any) -> Scope:
        """The scope inside a repeat."""
        return Scope(self.card, {**self.roots, **names}, self.translate, self.phrases)

    def lookup(self, path: PathKey) -> Value:
        """The value at a path; raises Absent for a field its schema does not have.

        Every prefix looked up is remembered, so the card's `species`, then
        `species.colour`, then `species.colour.rgb` are each found once.
        """
        found = self._found.get(path)
        if found is not None:
            return found
        if len(path) == 1:
            found = self._root(path)
        else:
            parent = self.lookup(path[:-1])
            key = path[-1]
            walked = [f"[{k}]" if isinstance(k, int) else str(k) for k in path[:-1]]
            found = self._step(parent, key, walked)
        self._found[path] = found
        return found

    def _root(self, path: PathKey) -> Value:
        first = path[0]
        assert isinstance(first, str)
        if first in REPEAT_ROOTS and first in self.roots:
            return _wrap(self.roots[first])
        if first in self.card.fields or declared(self.card.schema, first):
            return self._member(self.card, first)
        if first in self.roots:
            return _wrap(self.roots[first])
        known = sorted({*self.card.fields, *_properties(self.card.schema), *self.roots})
        raise Absent(str(first), known)

    def _step(self, current: Value, key: str | int, walked: list[str]) -> Value:
        value = current.value
        shown = ".".join(walked)
        if isinstance(key, int):
            if isinstance(value, list | tuple) and 0 <= key < len(value):
                return _item_of(value[key], current, key)
            if isinstance(value, list | tuple):
                return Value(None)
            raise ExpressionError(f"'{shown}' is {_kind(value)}, which has no item [{key}]")
        if value is None:
            return Value(None)
        if isinstance(value, Item):
            if key not in value.fields and not declared(value.schema, key):
                raise Absent(f"{shown}.{key}", sorted({*value.fields, *_properties(value.schema)}))
            return self._member(value, key)
        if isinstance(value, dict):  # data is plain dicts: a cheaper test than Mapping
            if key not in value and not declared(current.schema, key):
                known = sorted({*map(str, value), *_properties(current.schema)})
                raise Absent(f"{shown}.{key}", known)
            return self._child(
                value.get(key), key, current.context, current.schema, current.origin, value
            )
        raise ExpressionError(f"'{shown}' is {_kind(value)}, which has no field '{key}'")

    def _member(self, item: Item, key: str) -> Value:
        """A field of an item, its ids followed into the lists the refs name."""
        value = item.fields.get(key)
        targets = item.refs.get(key)
        if targets is not None:
            if isinstance(value, str):
                return Value(targets.get(value))
            if isinstance(value, list):
                return Value(tuple(targets.get(v) for v in value))
        return self._child(value, key, item.context, item.schema, item.origin, item.fields)

    def _child(
        self,
        value: Any,
        key: str,
        context: str | None,
        parent: Any,
        origin: Origin | None,
        container: Mapping[str, Any],
    ) -> Value:
        """A value under `key` of a container with the schema `parent`: translated text keeps
        its container's context; a mapping or list passes its own key on to what it holds
        (as the catalogs' contexts do), and its schema."""
        if isinstance(value, str):
            if context is not None and is_translated(key, container, self.translate):
                return Value(value, context, None, _at(origin, key))
            kept = AS_WRITTEN if sometimes_translated(key, self.translate) else None
            return Value(value, kept, None, _at(origin, key))
        if isinstance(value, dict | list):
            return Value(value, key, child_schema(parent, key), _at(origin, key))
        return Value(value, None, None, _at(origin, key))


def _at(origin: Origin | None, key: str | int) -> Origin | None:
    return (origin[0], (*origin[1], key)) if origin else None


def _item_of(value: Any, container: Value, index: int) -> Value:
    """An item of a list, with the list's context and its items' schema."""
    if isinstance(value, Item):
        return Value(value, value.context)
    context = container.context if isinstance(value, dict) else None
    schema = child_schema(container.schema, None)
    return Value(value, context, schema, _at(container.origin, index))


def items_of(container: Value) -> list[Value]:
    """A list's items as values, for a repeat."""
    value = container.value
    assert isinstance(value, list | tuple)
    return [_item_of(v, container, index) for index, v in enumerate(value)]


def _properties(schema: Any) -> list[str]:
    if not isinstance(schema, Mapping):
        return []
    parts = [schema, *(s for s in schema.get("allOf", []) if isinstance(s, Mapping))]
    return sorted({str(k) for part in parts for k in part.get("properties", {})})


def _wrap(value: Any) -> Value:
    """A root value: a Value as it is, an item with its own context, anything else bare."""
    if isinstance(value, Value):
        return value
    if isinstance(value, Item):
        return Value(value, value.context)
    return Value(value)


def evaluate(placeholder: Placeholder, scope: Scope, env: Env) -> Any:
    """The placeholder's value after its filters."""
    return apply_filters(scope.lookup(placeholder.path), placeholder, env, scope)


def apply_filters(found: Value, placeholder: Placeholder, env: Env, scope: Scope) -> Any:
    """Run the filters left to right."""
    value, context = found.value, found.context
    for index, name in enumerate(placeholder.filters):
        if value is None:
            return None
        if name == "say":
            if index > 0:
                raise ExpressionError(
                    f"{{{placeholder.source}}}: say must be the first filter",
                    "write {effects|say}: the phrases of layouts/phrases.yaml say the "
                    "field's items in words",
                )
            if scope.phrases is None:
                raise ExpressionError(
                    f"{{{placeholder.source}}}: there are no phrases to say it with here",
                    "say works in card templates, with the phrase books of layouts/phrases.yaml",
                )
            value, context = scope.phrases.say(found, scope, env), None
        elif name == "tr":
            if context is None or not isinstance(value, str):
                raise ExpressionError(
                    f"{{{placeholder.source}}}: '{_shown(placeholder.path)}' is not a translated text",
                    "only texts under the keys game.yaml lists in translate: are translated; "
                    "for an id, translate the name of the item it names (e.g. species.name|tr)",
                )
            value, context = (
                (value if context == AS_WRITTEN else env.translate(context, value)),
                None,
            )
        elif name == "number":
            _expect(
                isinstance(value, int | float) and not isinstance(value, bool),
                placeholder,
                "a number",
            )
            value = env.number(value)
        elif name == "signed":
            _expect(
                isinstance(value, int | float) and not isinstance(value, bool),
                placeholder,
                "a number",
            )
            value = signed(value, env)
        elif name == "abs":
            _expect(
                isinstance(value, int | float) and not isinstance(value, bool),
                placeholder,
                "a number",
            )
            value = env.number(abs(value))
        elif name == "ordinal":
            _expect(
                isinstance(value, int) and not isinstance(value, bool),
                placeholder,
                "a whole number",
            )
            value = env.ordinal(value)
        elif name in ("upper", "lower", "initial", "capital", "lower-initial"):
            _expect(isinstance(value, str), placeholder, "text")
            value = (
                value.upper()
                if name == "upper"
                else value.lower()
                if name == "lower"
                else value[:1].upper()
                if name == "initial"
                else value[:1].upper() + value[1:]
                if name == "capital"
                else value[:1].lower() + value[1:]
            )
        elif name == "count":
            _expect(isinstance(value, list | tuple), placeholder, "a list")
            value = len(value)
        elif name == "copies":
            _expect(isinstance(value, list | tuple), placeholder, "a list")
            value = sum(_copies(entry) for entry in value)
        elif name in ("joined", "either"):
            _expect(isinstance(value, list | tuple), placeholder, "a list")
            shown = [
                env.number(v) if isinstance(v, int | float) and not isinstance(v, bool) else str(v)
                for v in value
            ]
            value = env.joined(shown) if name == "joined" else env.either(shown)
        elif name == "month":
            _expect(isinstance(value, str) and len(value) >= 7, placeholder, "a date")
            value = env.month(value)
        else:
            _expect(
                isinstance(value, str) and bool(_HEX.fullmatch(value)),
                placeholder,
                "a #RRGGBB colour",
            )
            value = colour_filter(name, value, env.ink_saver)
    return value


def signed(value: float, env: Env) -> str:
    """A change as printed: +2, \u22122 (a true minus sign), 0."""
    sign = "+" if value > 0 else "\u2212" if value < 0 else ""
    return sign + env.number(abs(value))


def colour_filter(name: str, colour: str, ink_saver: bool) -> str:
    """`bg`: the colour, or white when saving ink; `ink`: black or white, whichever reads on it."""
    if name == "bg":
        return WHITE if ink_saver else colour
    return readable_on(colour)


def readable_on(colour: str) -> str:
    """Dark ink or white, whichever reads better on the colour."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return DARK_INK if luminance > 150 else WHITE


def fill_text(text: str, scope: Scope, env: Env) -> str:
    """A text with every placeholder replaced by its value (nothing for an unset value)."""
    out = []
    for part in parse_text(text):
        if isinstance(part, str):
            out.append(part)
        else:
            value = evaluate(part, scope, env)
            out.append("" if value is None else str(value))
    return "".join(out)


def colour(
    text: str,
    scope: Scope,
    env: Env,
    named: Mapping[str, str],
    resolved: dict[tuple[str, bool], str] | None = None,
) -> str:
    """A colour value: `#RRGGBB`, a theme colour or a `{field}`, each with `|bg` or `|ink` after
    it. A text that names no field is looked up in `resolved` (what the owner of `named` has
    resolved before), and added to it."""
    placeholder = single_placeholder(text) if "{" in text else None
    if placeholder is not None:
        value = evaluate(placeholder, scope, env)
        if not (isinstance(value, str) and _HEX.fullmatch(value)):
            raise ExpressionError(
                f"{{{placeholder.source}}} is {_kind(value)}, not a #RRGGBB colour"
            )
        return value
    if resolved is None:
        return _named_colour(text, env.ink_saver, named)
    key = (text, env.ink_saver)
    found = resolved.get(key)
    if found is None:
        found = resolved[key] = _named_colour(text, env.ink_saver, named)
    return found


def _named_colour(text: str, ink_saver: bool, named: Mapping[str, str]) -> str:
    """A colour that names no field: #RRGGBB or a theme colour, with its filters."""
    base, *filters = (part.strip() for part in text.split("|"))
    if _HEX.fullmatch(base):
        found = base
    elif base in named:
        found = named[base]
    else:
        raise ExpressionError(
            f"unknown colour '{base}'",
            "write #RRGGBB, a colour of layouts/theme.yaml ("
            + (", ".join(sorted(named)) or "none")
            + "), or a {field}",
        )
    for name in filters:
        if name not in COLOUR_FILTERS:
            raise ExpressionError(f"'{name}' is not a colour filter", "colour filters: bg, ink")
        found = colour_filter(name, found, ink_saver)
    return found


def is_set(value: Any) -> bool:
    """What `when:` counts as set: anything but null, false, empty text and empty lists.

    A number is set, 0 too: `when: titles` shows a card's 0 titles."""
    if value is None or value is False:
        return False
    return not (isinstance(value, (str, list, tuple)) and len(value) == 0)


def _expect(ok: bool, placeholder: Placeholder, what: str) -> None:
    if not ok:
        raise ExpressionError(
            f"{{{placeholder.source}}}: a filter of it needs {what}",
            "remove the filter, or name a field that holds " + what,
        )


def _shown(path: PathKey) -> str:
    return ".".join(f"[{p}]" if isinstance(p, int) else p for p in path).replace(".[", "[")


def _kind(value: Any) -> str:
    if value is None:
        return "not set"
    if isinstance(value, Item):
        return "an item"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, list | tuple):
        return "a list"
    return "a mapping"


def _copies(entry: Any) -> int:
    """How many cards a list entry makes: its `copies` (a whole number from 1), else 1."""
    found = entry.get("copies", 1) if isinstance(entry, Mapping) else 1
    return found if isinstance(found, int) and not isinstance(found, bool) and found >= 1 else 1
