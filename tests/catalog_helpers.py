"""Babel's message ids and strings come as text, or as a tuple or list of plural forms."""

from __future__ import annotations

from typing import Any


def forms(value: Any) -> tuple[str, ...]:
    """Every form of a message id or string."""
    if isinstance(value, str):
        return (value,)
    assert isinstance(value, tuple | list) and value, value
    return tuple(str(form) for form in value)


def singular(value: Any) -> str:
    """The singular (first) form of a message id or string."""
    return forms(value)[0]
