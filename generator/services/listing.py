"""A component's cards as plain rows, for listings and JSON."""

from __future__ import annotations

from typing import Any

from generator.core.errors import UsageError
from generator.model.pack import EditionBox


def card_rows(box: EditionBox, component_id: str | None = None) -> list[dict[str, Any]]:
    """One row per distinct card: its id and the fields the data gives it (copies once).

    Without a component, the one with the most cards from the data is listed.
    """
    sourced = [c for c in box.components if c.cards and c.cards[0].item.fields]
    if component_id is None:
        if not sourced:
            raise UsageError("no component of this edition takes its cards from the data")
        component = max(sourced, key=lambda c: len({card.id for card in c.cards}))
    else:
        found = box.component(component_id)
        if found is None:
            known = ", ".join(c.id for c in box.components)
            raise UsageError(f"unknown component '{component_id}'; components: {known}")
        component = found
    rows: dict[str, dict[str, Any]] = {}
    for card in component.cards:
        if card.id not in rows:
            row = {"id": card.id, **card.item.fields}
            row["id"] = card.id  # a card made per value has its own id
            rows[card.id] = row
    return list(rows.values())
