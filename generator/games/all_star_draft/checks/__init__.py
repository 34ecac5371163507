"""Consistency checks across the All-Star Draft data, beyond the schemas and draftdeck's own."""

from __future__ import annotations

from collections.abc import Mapping

from generator.diagnostics import Diagnostic
from generator.games.all_star_draft.checks import edition_files, shared_files
from generator.loading.checks import Docs
from generator.loading.document import Document
from generator.loading.manifest import COMPONENTS, Manifest

SHARED_FILES = (
    "attributes",
    "symbols",
    "species",
    "cards",
    "tiebreakers",
    "arena-features",
    "player-colours",
)
"""The files the rules read, listed under documents: in game.yaml."""
EDITION_FILES = ("arenas", "playoffs", "setup")
"""The files the rules read in every edition, listed under edition_documents:."""


def cross_checks(documents: Mapping[str, Document], manifest: Manifest) -> list[Diagnostic]:
    """Run every check whose documents are valid; skip the rest."""
    found = _unlisted(documents["game"], manifest)
    found += shared_files.CHECKS.run(Docs(documents))
    names = frozenset({COMPONENTS, *(spec.key for spec in manifest.edition_documents)})
    for edition in manifest.editions:
        found.extend(edition_files.CHECKS.run(Docs(documents, edition.id, names)))
    return found


def _unlisted(game: Document, manifest: Manifest) -> list[Diagnostic]:
    """A file the rules read that game.yaml does not list, so that it is never loaded."""
    found = []
    for where, wanted, specs in (
        ("documents", SHARED_FILES, manifest.documents),
        ("edition_documents", EDITION_FILES, manifest.edition_documents),
    ):
        listed = {spec.relative.rsplit("/", 1)[-1].removesuffix(".yaml") for spec in specs}
        for name in wanted:
            if name not in listed:
                found.append(
                    game.diagnostic(
                        (where,),
                        f"All-Star Draft's rules read {name}.yaml, but {where} does not list it",
                        hint=f"add {{file: {name}.yaml, schema: "
                        f"all-star-draft/{name}.schema.json}} to {where}",
                    )
                )
    return found
