"""Consistency checks across the All-Star Draft data, beyond what a schema can say."""

from __future__ import annotations

from collections.abc import Mapping

from generator.diagnostics import Diagnostic
from generator.games.all_star_draft.checks import edition_files, shared_files
from generator.games.all_star_draft.checks.registry import Docs
from generator.games.all_star_draft.files import edition_ids
from generator.loading.document import Document


def cross_checks(documents: Mapping[str, Document]) -> list[Diagnostic]:
    """Run every check whose documents are valid; skip the rest."""
    found = list(shared_files.CHECKS.run(Docs(documents)))
    for edition in edition_ids(documents.get("game")):
        found.extend(edition_files.CHECKS.run(Docs(documents, edition)))
    return found
