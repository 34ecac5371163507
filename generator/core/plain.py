"""Plain data: a value as YAML and JSON files hold it."""

from __future__ import annotations

from typing import TypeAlias

Plain: TypeAlias = "str | int | float | bool | list[Plain] | dict[str, Plain] | None"
"""A string, number, true or false, null, or a list or mapping of such values."""
