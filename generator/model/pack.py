"""A valid game pack as the printing pipeline sees it: boxes, components, cards, templates."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.loading.document import Document
from generator.loading.items import Card, Item
from generator.loading.manifest import EditionInfo, Manifest
from generator.loading.schemas import Schemas
from generator.printing.geometry import Size
from generator.templates.emblems import Emblem
from generator.templates.faces import Sheet
from generator.templates.model import Located, Template, Theme
from generator.templates.phrases import Phrases


@dataclass(frozen=True)
class Component:
    """A kind of component in the box, and its cards when it prints."""

    id: str
    name: str
    count: int
    size: Size | None
    """Trim size; None for what is not printed."""
    front: str | None
    """Template of the face; None: not printed."""
    back: str | None
    """Template of the back; None: printed one-sided."""
    cards: tuple[Card, ...]
    """One per physical card, copies included."""
    note: str | None
    item: Item
    """The component as written in components.yaml, for {component.name}."""
    location: Located


@dataclass(frozen=True)
class EditionBox:
    """One edition's box."""

    info: EditionInfo
    components: tuple[Component, ...]
    item: Item
    """The edition as written in game.yaml, for {edition.name}."""

    def component(self, component_id: str) -> Component | None:
        """A component by id, or None."""
        return next((c for c in self.components if c.id == component_id), None)


@dataclass(frozen=True)
class Pack:
    """A game pack that passed validation."""

    manifest: Manifest
    documents: Mapping[str, Document]
    editions: Mapping[str, EditionBox]
    """By edition id ('' for a pack without editions)."""
    templates: Mapping[str, Template]
    theme: Theme
    game: Item
    """game.yaml, for {game.name}."""
    schemas: Schemas
    phrases: Phrases = field(default_factory=lambda: Phrases({}))
    """layouts/phrases.yaml: how {field|say} says data items in words."""
    emblems: Mapping[str, Emblem] = field(default_factory=dict)
    """layouts/emblems.yaml: the pack's own emblems, drawn like icons."""

    @property
    def id(self) -> str:
        """The game's id."""
        return self.manifest.id

    def values(self) -> dict[str, Any]:
        """Every document's plain value by key."""
        return {key: document.value for key, document in self.documents.items()}

    def sheet(self, edition: EditionBox, component: Component, template: str) -> Sheet:
        """What binding a template needs for the cards of a component."""
        assert component.size is not None
        roots = {"game": self.game, "edition": edition.item, "component": component.item}
        return Sheet(
            self.templates[template],
            self.theme,
            component.size,
            roots,
            self.manifest.translate,
            self.phrases,
        )
