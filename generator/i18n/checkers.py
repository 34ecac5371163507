"""A Babel catalog checker for `{name}` placeholders (registered as babel.checkers:braces).

Babel's own checkers look at %-style formats; our strings use str.format
fields, so a translation that drops or renames `{n}` is caught here.
"""

from __future__ import annotations

from string import Formatter
from typing import Any

from babel.messages.catalog import TranslationError


def _fields(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in Formatter().parse(text) if name is not None}
    except ValueError as exc:
        raise TranslationError(f"bad placeholder syntax: {exc}") from None


def braces(catalog: Any, message: Any) -> None:
    """Every translation uses exactly the placeholders of its source string."""
    if not message.string:
        return
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    wanted = set().union(*(_fields(i) for i in ids))
    for string in strings:
        if string and _fields(string) != wanted:
            shown = ", ".join(sorted("{" + f + "}" for f in wanted)) or "none"
            raise TranslationError(
                f"placeholders differ from the source: {string!r} should use {shown}"
            )
