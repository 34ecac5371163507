"""Validate a game pack end to end: files, schemas, boxes, templates, cross-checks, translations."""

from __future__ import annotations

import os
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.diagnostics import Diagnostic, Severity, format_text
from generator.core.errors import DraftdeckError
from generator.core.paths import SCHEMAS_DIR, display_path
from generator.documents.source import Setting, check_document
from generator.i18n.catalogs import check_translations
from generator.i18n.env import LanguageEnv
from generator.loading.checks import duplicates, item_ids, unknown
from generator.loading.document import Document, PathKey
from generator.loading.files import links_out, resolved_inside, why_outside
from generator.loading.items import Item
from generator.loading.manifest import (
    DOCUMENTS,
    EMBLEMS,
    LAYOUT_SCHEMAS,
    LAYOUTS,
    MANIFEST,
    PHRASES,
    THEME,
    Manifest,
    catalogs_problems,
    read_manifest,
)
from generator.loading.pack import load_documents, load_one, pack_schemas, unexpected_files
from generator.loading.schemas import SCHEMA, Schemas
from generator.model.box import Lists, read_boxes
from generator.model.pack import Pack
from generator.plugins import Plugin, checked_drawings, checked_icons, find_plugin, installed
from generator.printing.characters import pack_glyphs
from generator.printing.fonts import FILE
from generator.services.budget import check_budget
from generator.services.characters import character_problems
from generator.services.language_checks import Drawings
from generator.services.pack_outcome import PackOutcome
from generator.services.template_checks import CheckEnv, check_templates
from generator.templates.emblems import read_emblems
from generator.templates.icons import BUILT_IN
from generator.templates.load import read_templates, read_theme
from generator.templates.phrases import read_phrases


@dataclass(frozen=True)
class Provisional:
    """A value marked `provisional: true`; located only when it is shown."""

    document: Document
    path: PathKey
    note: str

    def diagnostic(self, severity: Severity = Severity.WARNING) -> Diagnostic:
        """The value as a located diagnostic."""
        return self.document.diagnostic(
            self.path,
            f"provisional value: {self.note}",
            severity=severity,
            hint="confirm the value and remove 'provisional: true', or keep it and build without --strict",
        )


@dataclass(frozen=True)
class PackResult:
    """The outcome of validating one game pack."""

    root: Path
    documents: Mapping[str, Document]
    """The documents that parsed and passed their schema."""
    diagnostics: tuple[Diagnostic, ...]
    provisional: tuple[Provisional, ...]
    """Every value marked provisional."""
    pack: Pack | None = None
    """The pack's model, when its manifest was readable."""
    plugin: Plugin[Any] | None = None

    @property
    def ok(self) -> bool:
        """No errors were found."""
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)

    @property
    def files(self) -> int:
        """How many files were read."""
        return len({d.display for d in self.documents.values()})

    def outcome(self) -> PackOutcome:
        """What `validate` reports of the pack."""
        provisional = tuple(p.diagnostic() for p in self.provisional)
        return PackOutcome(self.root, self.diagnostics, provisional, self.files)


def stale_schema_copies(root: Path) -> list[Diagnostic]:
    """A warning for each copy of one of draftdeck's schemas in the pack (written by `draftdeck
    new` for editors) that is not the schema this draftdeck validates against."""
    found = []
    for path in sorted((root / "schemas").glob(f"*{SCHEMA}")):
        ours = SCHEMAS_DIR / path.name
        if (
            ours.is_file()
            and resolved_inside(root, path)
            and path.read_bytes() != ours.read_bytes()
        ):
            found.append(
                Diagnostic(
                    display_path(path),
                    0,
                    0,
                    "this copy of draftdeck's schema differs from the one draftdeck validates "
                    "against (its own); your editor checks against the copy",
                    severity=Severity.WARNING,
                    hint=f"copy draftdeck's over it: {display_path(ours)}",
                )
            )
    return found


def links_leading_out(root: Path, below: Path | None = None) -> list[Diagnostic]:
    """An error for each link in the pack (below `below` if given) that leads out of it, loops
    or points to nothing."""
    return [
        Diagnostic(
            display_path(path),
            0,
            0,
            f"this {why_outside(root, path)}",
            hint="a pack must work wherever it is copied: replace the link with the file "
            "or folder itself",
        )
        for path in links_out(root)
        if below is None or Path(os.path.abspath(path)).is_relative_to(os.path.abspath(below))
    ]


def validate_pack(
    root: Path,
    printing: bool = True,
    schemas_passed: bool = False,
    passed: Collection[str] = (),
) -> PackResult:
    """Every problem in the pack at `root`, its provisional values and, if readable, its model;
    without `printing`, only what the game's rules read is checked: not the templates against
    the cards, the documents, the characters or the translations (a rules question or a
    simulation prints and translates nothing). With `schemas_passed` (these very files passed
    their schemas before), the files are not held against their schemas again; `passed` names
    files (paths in the pack) of which that is known one by one."""
    found = pack_schemas(root)
    checked = not schemas_passed and MANIFEST.relative not in passed
    manifest_document, diagnostics = load_one(root, MANIFEST, found, checked)
    if manifest_document is None:
        return PackResult(root, {}, tuple(diagnostics), ())
    manifest = read_manifest(root, manifest_document)
    plugin, problems = _plugin(manifest, manifest_document)
    diagnostics += problems
    if plugin is not None:
        diagnostics += _unlisted(plugin, manifest, manifest_document)
    specs = [*manifest.specs(), *manifest.layout_specs(), *manifest.document_specs()]
    loaded = load_documents(root, specs, found, not schemas_passed, passed)
    documents = {**loaded.documents, "game": manifest_document}
    diagnostics += loaded.diagnostics
    diagnostics += unexpected_files(root, [MANIFEST, *specs])
    diagnostics += links_leading_out(root)
    diagnostics += stale_schema_copies(root)
    diagnostics += _manifest_checks(manifest_document)
    outside = catalogs_problems(manifest, manifest_document)
    diagnostics += outside
    pack, problems = _model(manifest, documents, found, loaded.unchecked)
    diagnostics += problems
    icons = {*BUILT_IN, *(checked_icons(plugin) if plugin else ()), *pack.emblems}
    drawings = set(checked_drawings(plugin)) if plugin else set()
    over_budget = list(check_budget(pack))
    diagnostics += over_budget
    cross_checked = []
    if plugin is not None:
        cross_checked = list(plugin.cross_checks(documents, manifest))
    unloaded = _unloaded_layout_files(root, manifest, documents)
    if unloaded:  # every template would be wrong for the file's sake: one line, not dozens
        others = f" (nor {', '.join(unloaded[1:])})" if unloaded[1:] else ""
        diagnostics.append(
            Diagnostic(
                unloaded[0],
                0,
                0,
                f"this file did not load{others}, so no template was checked against the cards",
                hint="fix the file's problems listed with it; validate then checks every template",
            )
        )
    elif printing and not over_budget:  # checking a runaway deck would itself run away
        languages = _languages(pack)
        loaded_cleanly = not any(
            d.severity is Severity.ERROR for d in [*diagnostics, *cross_checked]
        )
        plugin_drawings = _drawings(plugin, pack) if loaded_cleanly else None
        diagnostics += check_templates(pack, icons, drawings, languages, plugin_drawings)
    diagnostics += cross_checked
    if not printing:
        provisional = tuple(p for d in documents.values() for p in provisional_values(d))
        return PackResult(root, documents, _distinct(diagnostics), provisional, pack, plugin)
    if not _unloaded_data(root, manifest, documents):  # a document names every data file:
        diagnostics += _document_problems(pack)  # checked once the file's own problems are fixed
    glyphs = pack_glyphs(f for f in pack.theme.fonts.values() if f.startswith(FILE))
    diagnostics += character_problems(documents, glyphs)
    if not outside:
        diagnostics += check_translations(
            documents,
            manifest.catalogs,
            manifest.id,
            manifest.locales,
            manifest.translate,
            manifest.source_locale,
            glyphs,
        )
    provisional = tuple(p for document in documents.values() for p in provisional_values(document))
    return PackResult(root, documents, _distinct(diagnostics), provisional, pack, plugin)


def _plugin(manifest: Manifest, document: Document) -> tuple[Plugin[Any] | None, list[Diagnostic]]:
    if manifest.plugin is None:
        return None, []
    plugin = find_plugin(manifest.plugin)
    if plugin is not None:
        return plugin, []
    known = ", ".join(sorted(installed())) or "none"
    return None, [
        document.diagnostic(
            ("plugin",),
            f"no rules plug-in '{manifest.plugin}' is installed",
            hint=f"installed plug-ins: {known}; or leave plugin out to use the pack's data alone",
        )
    ]


def _unlisted(plugin: Plugin[Any], manifest: Manifest, document: Document) -> list[Diagnostic]:
    """A file the plug-in reads that game.yaml does not list, so that it is never loaded."""
    found = []
    for where, wanted, specs in (
        ("documents", plugin.documents, manifest.documents),
        ("edition_documents", plugin.edition_documents, manifest.edition_documents),
    ):
        listed = {Path(spec.relative).stem for spec in specs}
        for name in wanted:
            if name not in listed:
                found.append(
                    document.diagnostic(
                        (where,),
                        f"the {plugin.id} rules read {name}.yaml, but {where} does not list it",
                        hint=f"add {{file: {name}.yaml, schema: ...}} to {where}, "
                        "with the schema the pack's other files use",
                    )
                )
    return found


def _manifest_checks(document: Document) -> list[Diagnostic]:
    value = document.value
    found: list[Diagnostic] = []
    players = value["players"]
    if players["min"] > players["max"]:
        found.append(
            document.diagnostic(
                ("players", "min"), f"players min {players['min']} is above max {players['max']}"
            )
        )
    for listed in ("documents", "edition_documents"):
        if listed in value:
            found += duplicates(document, (listed,), "file")
    if "editions" in value:
        found += duplicates(document, ("editions",))
        ids = item_ids(document, "editions")
        found += unknown(
            document, ("default_edition",), value["default_edition"], ids, "edition", "editions"
        )
    return found


def _model(
    manifest: Manifest,
    documents: Mapping[str, Document],
    found: Schemas,
    unchecked: Mapping[str, Document] | None = None,
) -> tuple[Pack, list[Diagnostic]]:
    """The pack's model from whatever is valid, and what was wrong in its boxes and templates."""
    prefix = f"{LAYOUTS}/"
    theme = read_theme(documents.get(f"{LAYOUTS}/{THEME}"), manifest.root)
    others = {f"{prefix}{name}" for name in LAYOUT_SCHEMAS}
    layouts = {
        key.removeprefix(prefix): document
        for key, document in documents.items()
        if key.startswith(prefix) and key not in others
    }
    broken = frozenset(
        spec.key.removeprefix(prefix)
        for spec in manifest.layout_specs()
        if spec.key not in documents and spec.key not in others
    )
    templates, problems = read_templates(layouts, theme, broken)
    boxes = read_boxes(manifest, documents, found, unchecked)
    phrases, wrong = read_phrases(
        documents.get(f"{prefix}{PHRASES}"), Lists(manifest, documents, found).by_id
    )
    game = Item(documents["game"].value, "game", schema=found.schema(MANIFEST.schema))
    emblems = read_emblems(documents.get(f"{prefix}{EMBLEMS}"))
    pack = Pack(
        manifest, documents, boxes.editions, templates, theme, game, found, phrases, emblems
    )
    return pack, [*theme.problems, *problems, *boxes.diagnostics, *wrong]


def _document_problems(pack: Pack) -> list[Diagnostic]:
    """The problems of the pack's documents (documents/*.yaml), bound for every edition
    without a language; what the rules plug-in computes is not known here."""
    found: list[Diagnostic] = []
    for key, document in pack.documents.items():
        if not key.startswith(f"{DOCUMENTS}/"):
            continue
        for edition in pack.editions.values():
            found += check_document(document, Setting(pack, edition, CheckEnv(False), None))
    return list(dict.fromkeys(found))


def _drawings(plugin: Plugin[Any] | None, pack: Pack) -> Drawings | None:
    """The plug-in's drawings and the model they draw, for the language checks; None without
    drawings, or when the model cannot be made (the cross-checks say why). Called only for
    data that loaded without an error: a plug-in's model may assume its schema holds."""
    if plugin is None or not plugin.has("drawings") or not plugin.has("model"):
        return None
    try:
        model = plugin.model(pack)
        by_name = checked_drawings(plugin)
    except DraftdeckError:
        return None
    return Drawings(model, by_name)


def _languages(pack: Pack) -> dict[str, LanguageEnv]:
    """Each language of the pack, as the build prints it (a missing or fuzzy translation in
    the source language); a language whose catalogs cannot be read is left out (their
    problems are reported with the translations)."""
    from generator.i18n.ui import load_translator

    manifest = pack.manifest
    found = {}
    for locale in manifest.locales:
        try:
            tr = load_translator(manifest.catalogs, locale, pack.id, manifest.source_locale)
        except DraftdeckError:
            continue
        found[locale] = LanguageEnv(tr, False)
    return found


def _unloaded_data(root: Path, manifest: Manifest, documents: Mapping[str, Document]) -> bool:
    """Whether a data file of the pack did not load (or a required one is missing)."""
    return any(
        spec.key not in documents and (spec.required or (root / spec.relative).exists())
        for spec in manifest.specs()
    )


def _unloaded_layout_files(
    root: Path, manifest: Manifest, documents: Mapping[str, Document]
) -> list[str]:
    """The files every template depends on (the theme, the emblems, the phrase books) that
    are in the pack but did not load, as shown."""
    return [
        display_path(root / spec.relative)
        for spec in manifest.layout_specs()
        if spec.key.removeprefix(f"{LAYOUTS}/") in LAYOUT_SCHEMAS
        and spec.key not in documents
        and (root / spec.relative).exists()
    ]


def _distinct(diagnostics: list[Diagnostic]) -> tuple[Diagnostic, ...]:
    """Each problem once: a check of draftdeck and one of a plug-in may find the same."""
    return tuple(dict.fromkeys(diagnostics))


def provisional_values(document: Document) -> Iterator[Provisional]:
    """Every mapping of the document marked `provisional: true`."""
    yield from _walk_provisional(document, document.value, ())


def _walk_provisional(document: Document, value: Any, path: PathKey) -> Iterator[Provisional]:
    if isinstance(value, dict):
        if value.get("provisional") is True:
            yield Provisional(document, path, str(value.get("note", "no note given")))
        for key, child in value.items():
            yield from _walk_provisional(document, child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _walk_provisional(document, child, (*path, index))


def text_problems(root: Path) -> list[str]:
    """Each text of the pack that does not fit its box or runs into another element, in
    every language, whether or not its catalogs are complete (what is untranslated is set
    in the source language, as the build prints it); the pack's other errors if it does
    not load."""
    result = validate_pack(root)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    printing = [d for d in errors if d.printing]
    return [format_text(d) for d in (printing if printing or not errors else errors)]
