"""Consistency checks across the All-Star Draft data, beyond the schemas and draftdeck's own."""

from __future__ import annotations

from collections.abc import Mapping

from generator.games.all_star_draft.checks import edition_files, shared_files
from generator.plugin_api import COMPONENTS, Diagnostic, Docs, Document, Manifest


def cross_checks(documents: Mapping[str, Document], manifest: Manifest) -> list[Diagnostic]:
    """Run every check whose documents are valid; skip the rest."""
    found = list(shared_files.CHECKS.run(Docs(documents)))
    names = frozenset({COMPONENTS, *(spec.key for spec in manifest.edition_documents)})
    for edition in manifest.editions:
        found.extend(edition_files.CHECKS.run(Docs(documents, edition.id, names)))
    return found
