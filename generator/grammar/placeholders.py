"""The placeholder language of templates and texts: `{path|filter|...}`, parsed.

A text is literal parts and placeholders (`{{` and `}}` stand for braces); a
placeholder is a path of field names and list indexes (`species.colour`,
`fans[0]`) and the filters after it. Parsing needs nothing of the data:
templates evaluate what is parsed here, and the translation checks read it
to tell a text with words of its own from a bare value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from generator.loading.document import PathKey
from generator.loading.items import Origin

TEXT_FILTERS = frozenset(
    {
        "tr",
        "number",
        "signed",
        "abs",
        "ordinal",
        "upper",
        "lower",
        "initial",
        "capital",
        "lower-initial",
        "say",
        "count",
        "copies",
        "joined",
        "either",
        "month",
    }
)
COLOUR_FILTERS = frozenset({"bg", "ink"})
FILTERS = TEXT_FILTERS | COLOUR_FILTERS
_SEGMENT = re.compile(r"([a-z_][a-z0-9_-]*)((?:\[[0-9]+\])*)")
_INDEX = re.compile(r"\[([0-9]+)\]")
_LETTER = re.compile(r"[^\W\d_]")


class ExpressionError(ValueError):
    """A placeholder, path or filter that cannot be evaluated.

    `origin` is where the data holds the value at fault, when the fault is
    the data's (an item no phrase can say), not the template's."""

    def __init__(self, message: str, hint: str | None = None, origin: Origin | None = None) -> None:
        self.message, self.hint, self.origin = message, hint, origin
        super().__init__(message)


@dataclass(frozen=True)
class Placeholder:
    """`{path|filter|...}` inside a text or value."""

    path: PathKey
    filters: tuple[str, ...]
    source: str
    """The text between the braces."""


@lru_cache(maxsize=4096)
def parse_path(text: str) -> PathKey:
    """`species.colour.rgb` or `fans[0]` as a path of keys and indexes."""
    path: list[str | int] = []
    for segment in text.split("."):
        match = _SEGMENT.fullmatch(segment.strip())
        if match is None:
            raise ExpressionError(
                f"'{text}' is not a field path",
                "write field names in lower case joined by dots, e.g. species.name or fans[0]",
            )
        path.append(match[1])
        path += (int(i) for i in _INDEX.findall(match[2]))
    return tuple(path)


@lru_cache(maxsize=4096)
def parse_placeholder(inner: str) -> Placeholder:
    """The `path|filter|...` between braces."""
    head, *filters = (part.strip() for part in inner.split("|"))
    unknown = [f for f in filters if f not in FILTERS]
    if unknown:
        raise ExpressionError(
            f"unknown filter '{unknown[0]}' in {{{inner}}}",
            "filters: " + ", ".join(sorted(FILTERS)),
        )
    return Placeholder(parse_path(head), tuple(filters), inner)


@lru_cache(maxsize=4096)
def parse_text(text: str) -> tuple[str | Placeholder, ...]:
    """A text split into literal parts and placeholders; `{{` and `}}` stand for braces."""
    parts: list[str | Placeholder] = []
    literal: list[str] = []
    position = 0
    while position < len(text):
        char = text[position]
        if text.startswith(("{{", "}}"), position):
            literal.append(char)
            position += 2
        elif char == "{":
            end = text.find("}", position)
            if end < 0 or "{" in text[position + 1 : end]:
                raise ExpressionError(
                    f"unclosed {{ in {text!r}", "close it, or write {{ for a brace"
                )
            if literal:
                parts.append("".join(literal))
                literal = []
            parts.append(parse_placeholder(text[position + 1 : end]))
            position = end + 1
        elif char == "}":
            raise ExpressionError(f"a }} without its {{ in {text!r}", "write }} for a brace")
        else:
            literal.append(char)
            position += 1
    if literal:
        parts.append("".join(literal))
    return tuple(parts)


@lru_cache(maxsize=4096)
def single_placeholder(text: str) -> Placeholder | None:
    """The placeholder when the text is exactly one, so the raw value (a list, a number) is meant."""
    parts = parse_text(text)
    if len(parts) == 1 and isinstance(parts[0], Placeholder):
        return parts[0]
    return None


@lru_cache(maxsize=4096)
def needs_translation(text: str) -> bool:
    """Whether a template text has words of its own (letters outside its placeholders)."""
    return any(isinstance(p, str) and _LETTER.search(p) for p in parse_text(text))
