"""A component's cards as plain rows, for listings and JSON."""

from __future__ import annotations

from generator.core.errors import UsageError
from generator.core.plain import Plain
from generator.model.pack import Component, EditionBox


def card_rows(box: EditionBox, component_id: str | None = None) -> list[dict[str, Plain]]:
    """One row per distinct card: its id and the fields the data gives it (copies once).

    Without a component, the one with the most cards from the data is listed.
    """
    component = listed_component(box, component_id)
    rows: dict[str, dict[str, Plain]] = {}
    for card in component.cards:
        if card.id not in rows:
            row: dict[str, Plain] = {"id": card.id, **card.item.fields}
            row["id"] = card.id  # a card made per value has its own id
            rows[card.id] = row
    return list(rows.values())


def card_count(component: Component) -> str:
    """How many cards a component has, and where the number comes from."""
    distinct = len({card.id for card in component.cards})
    total = len(component.cards)
    made = f"{total:,} cards" + (f", {distinct:,} of them different" if distinct != total else "")
    if "count" in component.item.fields:
        return f"{component.id}: {made} (its count)"
    return f"{component.id}: {made}, as the data makes them (components.yaml gives no count)"


def listed_component(box: EditionBox, component_id: str | None = None) -> Component:
    """The component asked for, else the one with the most cards from the data."""
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
    return component
