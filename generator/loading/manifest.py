"""A game pack's manifest (game.yaml) and the files it makes the pack of."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from generator.core.diagnostics import Diagnostic
from generator.loading.document import Document
from generator.loading.pack import DocumentSpec
from generator.loading.sheets import DEFAULT_SEPARATOR

MANIFEST = DocumentSpec("game", "game.yaml", "game.schema.json")
COMPONENTS = "components"
"""Every edition (or a pack without editions) has its box in components.yaml."""
GLOSSARY = DocumentSpec("glossary", "glossary.yaml", "glossary.schema.json", required=False)
"""The pack's glossary: one term per concept in each language (generator/i18n/glossary.py)."""
LAYOUTS = "layouts"
"""The folder of the templates and the theme."""
THEME = "theme"
PHRASES = "phrases"
"""layouts/phrases.yaml: how data items are said in words."""
EMBLEMS = "emblems"
"""layouts/emblems.yaml: the pack's own emblems, shapes drawn like icons."""
LAYOUT_SCHEMAS = {
    THEME: "theme.schema.json",
    PHRASES: "phrases.schema.json",
    EMBLEMS: "emblems.schema.json",
}
"""The files of layouts/ that are not templates, and their schemas."""
DOCUMENTS = "documents"
"""The folder of the pack's documents: its rules summary and rulebook tables as data."""


@dataclass(frozen=True)
class EditionInfo:
    """An edition as the manifest lists it; a pack without editions has one, with id ''."""

    id: str
    name: str
    rulebook: str | None = None
    """Date of the rulebook the data follows (YYYY-MM-DD)."""

    def key(self, name: str) -> str:
        """The document key of one of this edition's files, e.g. 2025/arenas."""
        return f"{self.id}/{name}" if self.id else name


@dataclass(frozen=True)
class Manifest:
    """What game.yaml says, with its defaults filled in."""

    root: Path
    """The pack folder."""
    id: str
    name: str
    authors: tuple[str, ...]
    min_players: int
    max_players: int
    locales: tuple[str, ...]
    plugin: str | None
    catalogs: Path
    """The folder of the pack's translation catalogs."""
    translate: frozenset[str]
    """Keys whose texts are translated ('key@flag': only in items that set the flag)."""
    documents: tuple[DocumentSpec, ...]
    """Data files besides the manifest, the boxes and the layouts."""
    edition_documents: tuple[DocumentSpec, ...]
    """Each edition's data files besides its box, keyed by their stem."""
    editions: tuple[EditionInfo, ...]
    default_edition: str
    source_locale: str = "en"
    """The language the data is written in: its texts are their own translation."""

    @property
    def has_editions(self) -> bool:
        """Whether the pack keeps its editions in editions/<id>/."""
        return bool(self.editions[0].id)

    def edition(self, edition_id: str | None = None) -> EditionInfo:
        """An edition by id (the default one for None); KeyError if there is none such."""
        wanted = self.default_edition if edition_id is None else edition_id
        for edition in self.editions:
            if edition.id == wanted:
                return edition
        raise KeyError(wanted)

    def specs(self) -> list[DocumentSpec]:
        """Every file of the pack besides the manifest and the layouts."""
        specs = [*self.documents, GLOSSARY]
        for edition in self.editions:
            folder = f"editions/{edition.id}/" if edition.id else ""
            specs.append(
                DocumentSpec(
                    edition.key(COMPONENTS), f"{folder}{COMPONENTS}.yaml", "components.schema.json"
                )
            )
            specs += (
                DocumentSpec(
                    edition.key(s.key), folder + s.relative, s.schema, s.required, s.separator
                )
                for s in self.edition_documents
            )
        return specs

    def document_specs(self) -> list[DocumentSpec]:
        """Every document in documents/ (summary.yaml, tables.yaml, ...)."""
        folder = self.root / DOCUMENTS
        names = sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []
        return [
            DocumentSpec(f"{DOCUMENTS}/{name}", f"{DOCUMENTS}/{name}.yaml", "document.schema.json")
            for name in names
        ]

    def layout_specs(self) -> list[DocumentSpec]:
        """The theme, the phrase books, the emblems and every template in layouts/."""
        folder = self.root / LAYOUTS
        names = sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []
        return [
            DocumentSpec(
                f"{LAYOUTS}/{name}",
                f"{LAYOUTS}/{name}.yaml",
                LAYOUT_SCHEMAS.get(name, "layout.schema.json"),
            )
            for name in names
        ]


def read_manifest(root: Path, document: Document) -> Manifest:
    """The manifest of a schema-valid game.yaml."""
    value = document.value
    editions = tuple(
        EditionInfo(e["id"], e["name"], e.get("rulebook")) for e in value.get("editions", [])
    ) or (EditionInfo("", value["name"]),)
    return Manifest(
        root=root,
        id=value["id"],
        name=value["name"],
        authors=tuple(value.get("authors", [])),
        min_players=value["players"]["min"],
        max_players=value["players"]["max"],
        locales=tuple(value["locales"]),
        plugin=value.get("plugin"),
        catalogs=root / value.get("catalogs", "locales"),
        translate=translated_keys(value.get("translate", ["name"])),
        documents=_specs(value.get("documents", [])),
        edition_documents=_specs(value.get("edition_documents", [])),
        editions=editions,
        default_edition=value.get("default_edition", editions[0].id),
        source_locale=value.get("source_locale", "en"),
    )


def catalogs_problems(manifest: Manifest, document: Document) -> list[Diagnostic]:
    """An error when the catalogs folder game.yaml names lies outside the pack folder."""
    try:
        inside = manifest.catalogs.resolve().is_relative_to(manifest.root.resolve())
    except (OSError, RuntimeError):  # a link that loops
        inside = False
    if inside:
        return []
    return [
        document.diagnostic(
            ("catalogs",),
            "the catalogs folder lies outside the pack folder",
            hint="a pack carries its own catalogs: move them into the pack (draftdeck i18n "
            "update writes them there) and write catalogs: locales, or leave the key out",
        )
    ]


def _specs(entries: list[dict[str, object]]) -> tuple[DocumentSpec, ...]:
    return tuple(
        DocumentSpec(
            str(e["file"]).rpartition(".")[0],
            str(e["file"]),
            str(e["schema"]),
            bool(e.get("required", True)),
            str(e.get("separator", DEFAULT_SEPARATOR)),
        )
        for e in entries
    )


WHEN = "@"
"""Joins a key and the flag it is translated under, in the manifest's set of translated keys."""


def translated_keys(entries: Collection[Any]) -> frozenset[str]:
    """The manifest's `translate:` as a set: 'key', or 'key@flag' for `{key: k, when: flag}`."""
    return frozenset(
        entry if isinstance(entry, str) else f"{entry['key']}{WHEN}{entry['when']}"
        for entry in entries
    )


def is_translated(key: str, container: Mapping[str, Any], translate: frozenset[str]) -> bool:
    """Whether the text under `key` of this mapping (a data item) is translated."""
    if key in translate:
        return True
    flags = _conditions(translate).get(key)
    return flags is not None and any(container.get(flag) is True for flag in flags)


def sometimes_translated(key: str, translate: frozenset[str]) -> bool:
    """Whether texts under `key` are translated in the items that set a flag (only)."""
    return key in _conditions(translate)


@cache
def _conditions(translate: frozenset[str]) -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for entry in translate:
        key, _, flag = entry.partition(WHEN)
        if flag:
            found.setdefault(key, []).append(flag)
    return {key: tuple(sorted(flags)) for key, flags in found.items()}
