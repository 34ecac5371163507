"""All-Star Draft: its data files, cross-checks and typed model.

The model is imported only when built, so validating never pays for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from generator.games.all_star_draft.checks import cross_checks
from generator.games.all_star_draft.files import GAME_ID, MANIFEST, document_specs, locales
from generator.loading.document import Document

if TYPE_CHECKING:
    from generator.games.all_star_draft.model import Game


def build_model(documents: Mapping[str, Document]) -> Game:
    """The typed game model of valid documents."""
    from generator.games.all_star_draft.model_builder import build_model as build

    return build(documents)


__all__ = ["GAME_ID", "MANIFEST", "build_model", "cross_checks", "document_specs", "locales"]
