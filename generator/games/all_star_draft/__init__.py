"""All-Star Draft: its data files, cross-checks and typed model."""

from generator.games.all_star_draft.checks import cross_checks
from generator.games.all_star_draft.files import GAME_ID, MANIFEST, document_specs, locales
from generator.games.all_star_draft.model_builder import build_model

__all__ = ["GAME_ID", "MANIFEST", "build_model", "cross_checks", "document_specs", "locales"]
