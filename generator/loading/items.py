"""The items of a pack's data lists, as templates see them: fields, references and provenance."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.loading.document import Document, PathKey

Origin = tuple[Document, PathKey]
"""Where a value was written: its document and its path there."""


@dataclass(frozen=True, eq=False)
class Item:
    """One item of a data list (a card, a species, an arena...), with the lists its ids point into."""

    fields: Mapping[str, Any]
    """The item as written in the data."""
    context: str
    """The list it sits in: the gettext context of its translated texts."""
    refs: Mapping[str, Mapping[str, Item]] = field(default_factory=dict)
    """Field -> the items its ids name, by id."""
    schema: Mapping[str, Any] | None = None
    """The JSON Schema of the list's items: which fields it may have. None: any."""
    origin: Origin | None = None
    """Where the item was written."""

    @property
    def id(self) -> str | None:
        """The item's id, when it has one."""
        value = self.fields.get("id")
        return value if isinstance(value, str) else None


@dataclass(frozen=True, eq=False)
class Card:
    """One card of a component: an item (or a blank one), under the id previews know it by."""

    id: str
    item: Item


def declared(schema: Mapping[str, Any] | None, key: str) -> bool | None:
    """Whether a schema lets an object have `key`: True, False, or None when it does not say."""
    if not isinstance(schema, dict):
        return None
    parts = [schema, *(s for s in schema.get("allOf", []) if isinstance(s, dict))]
    if any(key in part.get("properties", {}) for part in parts):
        return True
    if any(part.get("additionalProperties") is False for part in parts):
        return False
    return None


def child_schema(schema: Mapping[str, Any] | None, key: str | None) -> Mapping[str, Any] | None:
    """The schema of a member (`key`) or of a list's items (None)."""
    if not isinstance(schema, dict):
        return None
    for part in (schema, *schema.get("allOf", ())):
        if isinstance(part, dict):
            found = part.get("items") if key is None else part.get("properties", {}).get(key)
            if isinstance(found, dict):
                return found
    return None
