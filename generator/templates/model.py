"""Templates and themes as loaded: every element with the place each of its keys was written."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.core.diagnostics import Diagnostic, Severity
from generator.loading.document import Document, PathKey

KEYS = {
    "rect": {"box", "fill", "stroke", "width", "radius"},
    "line": {"from", "to", "stroke", "width"},
    "circle": {"centre", "radius", "fill", "stroke", "width"},
    "polygon": {"points", "fill", "stroke", "width"},
    "text": {
        "box",
        "text",
        "style",
        "size",
        "min",
        "font",
        "colour",
        "align",
        "wrap",
        "markup",
        "hyphenate",
    },
    "image": {"box", "src"},
    "icon": {"box", "icon", "colour", "args"},
    "repeat": {"box", "over", "direction", "cell", "elements"},
    "area": {"box", "style", "size", "min", "font", "colour", "align", "wrap", "hyphenate"},
    "drawing": {"box", "drawing", "boxes", "styles", "args"},
}
"""The keys each type of element reads, besides type, when, unless and ink_saver."""
REQUIRED = {
    "rect": ("box",),
    "line": ("from", "to"),
    "circle": ("centre", "radius"),
    "polygon": ("points",),
    "text": ("box", "text"),
    "image": ("box", "src"),
    "icon": ("box", "icon"),
    "repeat": ("box", "over", "cell", "elements"),
    "area": ("box",),
    "drawing": ("box", "drawing"),
}
"""The keys each type of element needs."""
COMMON_KEYS = frozenset({"type", "when", "unless", "ink_saver", "above"})
DEFAULT_SAFE = 3.0


@dataclass(frozen=True)
class Located:
    """Where a value was written."""

    document: Document
    path: PathKey

    def diagnostic(
        self, message: str, hint: str | None = None, severity: Severity = Severity.ERROR
    ) -> Diagnostic:
        """A diagnostic at that place."""
        return self.document.diagnostic(self.path, message, hint=hint, severity=severity)

    @property
    def origin(self) -> str:
        """file:line, for messages that are not diagnostics."""
        line, _ = self.document.locate(self.path)
        return f"{self.document.display}:{line}"


@dataclass(frozen=True)
class Element:
    """One element of a template, with its keys merged along `extends`."""

    name: str
    spec: Mapping[str, Any]
    """Every key but `elements`, as written."""
    where: Mapping[str, Located]
    """Each key -> where it was written; '' -> the element itself."""
    children: tuple[Element, ...] = ()
    """A repeat's elements."""

    @property
    def kind(self) -> str:
        """The element's type."""
        return str(self.spec["type"])

    def at(self, key: str | None = None) -> Located:
        """Where a key (or the element) was written."""
        return self.where.get(key or "", self.where[""])


@dataclass(frozen=True)
class Template:
    """A face: its elements in drawing order, and the colours it sees."""

    name: str
    elements: tuple[Element, ...]
    colours: Mapping[str, str]
    """The theme's colours with this template's changes."""
    location: Located
    """The template file itself."""
    resolved: dict[tuple[str, bool], str] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    """Colour texts that name no field, as `#RRGGBB`, by (text, ink saver): resolved once for
    every card drawn with this template."""


@dataclass(frozen=True)
class Theme:
    """Colours, fonts and text styles shared by a pack's templates."""

    safe: float = DEFAULT_SAFE
    colours: Mapping[str, str] = field(default_factory=dict)
    fonts: Mapping[str, str] = field(default_factory=dict)
    styles: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    document: Document | None = None
    problems: tuple[Diagnostic, ...] = ()
    """What is wrong with the theme's font files (its styles use regular meanwhile)."""
