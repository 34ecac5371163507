"""Game packs: the game-specific parts kept apart from the generic pipeline."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol, cast

from generator.diagnostics import Diagnostic
from generator.loading.document import Document
from generator.loading.pack import DocumentSpec


class GamePack(Protocol):
    """What the generic pipeline needs from a game's module."""

    GAME_ID: str
    MANIFEST: DocumentSpec

    def document_specs(self, manifest: Document | None) -> Sequence[DocumentSpec]:
        """Every file of the pack besides the manifest."""

    def locales(self, manifest: Document | None) -> Sequence[str]:
        """Languages every data string must be translated into."""

    def cross_checks(self, documents: Mapping[str, Document]) -> list[Diagnostic]:
        """Consistency checks across the pack's documents."""

    def build_model(self, documents: Mapping[str, Document]) -> Any:
        """The typed, immutable model of a valid pack."""


def _all_star_draft() -> ModuleType:
    from generator.games import all_star_draft

    return all_star_draft


_PACKS = {"all-star-draft": _all_star_draft}


def known_games() -> list[str]:
    """Ids of the games this version of draftdeck understands."""
    return sorted(_PACKS)


def game_pack(game_id: str) -> GamePack | None:
    """The module of a game, or None if the game is unknown."""
    factory = _PACKS.get(game_id)
    return cast(GamePack, factory()) if factory else None
