"""Plain data: a value as YAML and JSON files hold it, and a JSON Schema draftdeck writes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias, TypedDict

Plain: TypeAlias = "str | int | float | bool | Sequence[Plain] | Mapping[str, Plain] | None"
"""A string, number, true or false, null, or a list or mapping of such values."""

SchemaNode = TypedDict(
    "SchemaNode",
    {
        "$schema": str,
        "$ref": str,
        "title": str,
        "description": str,
        "type": str,
        "properties": dict[str, "SchemaNode"],
        "additionalProperties": bool,
        "required": list[str],
        "items": "SchemaNode",
        "minItems": int,
        "maxItems": int,
        "enum": list[str],
        "minLength": int,
        "maxLength": int,
        "pattern": str,
        "minimum": float,
        "maximum": float,
    },
    total=False,
)
"""A JSON Schema as draftdeck writes one (inferred from a spreadsheet, a palette's): the
keywords it uses ("$schema" and "$ref" are not names, hence this form)."""
