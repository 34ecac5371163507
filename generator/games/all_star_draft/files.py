"""The files an All-Star Draft pack is made of."""

from __future__ import annotations

from collections.abc import Sequence

from generator.loading.document import Document
from generator.loading.pack import DocumentSpec

GAME_ID = "all-star-draft"
SHARED_FILES = (
    "attributes",
    "symbols",
    "species",
    "cards",
    "tiebreakers",
    "arena-features",
    "player-colours",
)
"""Files every edition shares, in data/all-star-draft/."""
EDITION_FILES = {
    "arenas": True,
    "playoffs": True,
    "setup": True,
    "components": True,
    "coaches": False,
}
"""Files of each edition in editions/<id>/, and whether each is required."""

MANIFEST = DocumentSpec("game", "game.yaml", f"{GAME_ID}/game.schema.json")


def edition_ids(manifest: Document | None) -> list[str]:
    """The edition ids the manifest lists (none if it is unreadable)."""
    if manifest is None:
        return []
    return [e["id"] for e in manifest.value["editions"]]


def document_specs(manifest: Document | None) -> Sequence[DocumentSpec]:
    """Every file besides the manifest, shared files first."""
    specs = [
        DocumentSpec(name, f"{name}.yaml", f"{GAME_ID}/{name}.schema.json") for name in SHARED_FILES
    ]
    for edition in edition_ids(manifest):
        specs += [
            DocumentSpec(
                f"{edition}/{name}",
                f"editions/{edition}/{name}.yaml",
                f"{GAME_ID}/{name}.schema.json",
                required,
            )
            for name, required in EDITION_FILES.items()
        ]
    return specs


def locales(manifest: Document | None) -> Sequence[str]:
    """The languages the manifest asks for."""
    return list(manifest.value["locales"]) if manifest is not None else []
