"""Load the documents of a game pack: parse, check the editor modeline, validate."""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from generator.core.diagnostics import Diagnostic, Severity
from generator.core.paths import SCHEMAS_DIR, display_path
from generator.loading import schemas, strict_yaml
from generator.loading.document import Document
from generator.loading.files import not_regular, pack_files, resolved_inside, why_outside
from generator.loading.schemas import SCHEMA, Schemas, schema_files, schemas_in
from generator.loading.sheets import is_sheet, load_sheet_file

_MODELINE = re.compile(r"#\s*yaml-language-server:\s*\$schema=(\S+)")


@dataclass(frozen=True)
class DocumentSpec:
    """A file a game pack is made of."""

    key: str
    """How checks refer to the document, e.g. 'species' or '2025/arenas'."""
    relative: str
    """Path below the pack folder, e.g. 'editions/2025/arenas.yaml'."""
    schema: str
    """Schema path below a schemas folder (the pack's own, then draftdeck's), e.g.
    'arenas.schema.json'."""
    required: bool = True
    separator: str = ";"
    """What separates a list's entries in one cell of a spreadsheet."""


@dataclass(frozen=True)
class LoadedDocuments:
    """The documents that parsed and passed their schema, and every problem found."""

    documents: Mapping[str, Document]
    diagnostics: tuple[Diagnostic, ...]
    unchecked: Mapping[str, Document] = field(default_factory=dict)
    """Documents that parsed but failed their schema: read only for checks that stand on
    their own (an unknown id), so that one mistake never hides another."""


def load_documents(
    root: Path,
    specs: Iterable[DocumentSpec],
    found: Schemas,
    check: bool = True,
    passed: Collection[str] = (),
) -> LoadedDocuments:
    """Load every spec'd file of the pack at `root`; bad files are reported, not raised.
    Without `check`, the files are not held against their schemas (they passed before), nor
    are those `passed` names (paths in the pack)."""
    documents: dict[str, Document] = {}
    unchecked: dict[str, Document] = {}
    diagnostics: list[Diagnostic] = []
    for spec in specs:
        checked = check and spec.relative not in passed
        document, problems = load_one(root, spec, found, checked, unchecked=unchecked)
        diagnostics.extend(problems)
        if document is not None:
            documents[spec.key] = document
    return LoadedDocuments(documents, tuple(diagnostics), unchecked)


def load_one(
    root: Path,
    spec: DocumentSpec,
    found: Schemas,
    check: bool = True,
    unchecked: dict[str, Document] | None = None,
) -> tuple[Document | None, list[Diagnostic]]:
    """Parse and schema-validate one file (without `check`, parse only); the document is None
    if anything failed (one that parsed but failed its schema goes into `unchecked`)."""
    path = root / spec.relative
    display = display_path(path)
    kind = not_regular(path)
    if kind is not None:
        return None, [
            Diagnostic(
                display,
                0,
                0,
                f"the file is {kind}, not a regular file",
                hint=f"put the data itself there as a file; its schema is schemas/{spec.schema}",
            )
        ]
    if not path.is_file() and not path.is_symlink():
        if not spec.required:
            return None, []
        return None, [
            Diagnostic(
                display,
                0,
                0,
                "required file is missing",
                hint=f"create it; its schema is schemas/{spec.schema}",
            )
        ]
    if resolved_inside(root, path) is None or not path.is_file():
        return None, [
            Diagnostic(
                display,
                0,
                0,
                f"the file {why_outside(root, path)}",
                hint="a pack must work wherever it is copied: put the file itself in the pack",
            )
        ]
    if found.file(spec.schema) is None:
        odd = not_regular(root / "schemas" / spec.schema)
        return None, [
            Diagnostic(
                display,
                0,
                0,
                f"its schema schemas/{spec.schema} is {odd}, not a regular file"
                if odd is not None
                else f"its schema {spec.schema} does not exist",
                hint="put the schema in the pack's schemas/ folder, or fix the name in game.yaml",
            )
        ]
    if is_sheet(path):
        document, diagnostics = _load_sheet(path, display, spec, found)
    else:
        document, diagnostics = strict_yaml.load_file(path, display)
    if document is None:
        return document, diagnostics
    diagnostics = [
        *diagnostics,
        *(() if is_sheet(path) else _modeline(document, spec, path, found)),
        *(schemas.validate(document, found, spec.schema) if check else ()),
    ]
    if any(d.severity is Severity.ERROR for d in diagnostics):
        if unchecked is not None:
            unchecked[spec.key] = document
        return None, diagnostics
    return document, diagnostics


def _load_sheet(
    path: Path, display: str, spec: DocumentSpec, found: Schemas
) -> tuple[Document | None, list[Diagnostic]]:
    """A spreadsheet, its cells typed by the file's schema."""
    try:
        schema = found.schema(spec.schema)
    except schemas.schema_problems():  # reported as validation reports a broken schema
        schema = {}
    return load_sheet_file(path, display, schema, spec.separator)


def unexpected_files(root: Path, specs: Iterable[DocumentSpec]) -> list[Diagnostic]:
    """A warning for each YAML file in the pack that no spec reads (often a misnamed file)."""
    known = {spec.relative for spec in specs}
    found = pack_files(root, frozenset({".yaml", ".yml"}))
    warnings = []
    for path in found:
        relative = path.relative_to(root).as_posix()
        if relative in known:
            continue
        folder = relative.rpartition("/")[0]
        siblings = sorted(k.rpartition("/")[2] for k in known if k.rpartition("/")[0] == folder)
        hint = (
            "files read in this folder: " + ", ".join(siblings)
            if siblings
            else "no file is read in this folder"
        )
        warnings.append(
            Diagnostic(
                display_path(path),
                0,
                0,
                "file is not part of the game pack and is ignored",
                severity=Severity.WARNING,
                hint=hint,
            )
        )
    return warnings


def _modeline(
    document: Document, spec: DocumentSpec, path: Path, found: Schemas
) -> list[Diagnostic]:
    """Warn when the first line does not point editors at the file's schema."""
    first = document.lines[0] if document.lines else ""
    match = _MODELINE.match(first)
    wanted = f"schemas/{spec.schema}"
    if match and match.group(1).endswith(wanted):
        return []
    target = found.file(spec.schema)
    expected = Path(os.path.relpath(target, path.parent)).as_posix() if target else wanted
    return [
        document.diagnostic_at(
            1,
            1,
            "first line does not name the file's schema for editors",
            severity=Severity.WARNING,
            hint=f"make the first line: # yaml-language-server: $schema={expected}",
        )
    ]


def pack_schemas(root: Path) -> Schemas:
    """A pack's schemas: its own schemas/ folder, then draftdeck's, which wins."""
    own = root / "schemas"
    ours = schemas_in(SCHEMAS_DIR)
    if not own.is_dir():
        return ours
    files = [
        path
        for path in pack_files(root, frozenset({".json"}))
        if path.is_relative_to(own) and path.name.endswith(SCHEMA)
    ]
    return Schemas(schema_files(own, files) + ours.files)
