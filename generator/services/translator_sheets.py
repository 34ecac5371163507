"""Translations in a spreadsheet, as publishers send them to translators
(`draftdeck i18n export --format xlsx`, `draftdeck i18n import FILE`).

The export writes one sheet per language, one row per catalog entry: its context, the
source text (and its plural), the translation (a column per plural form the language has),
whether it needs review (a fuzzy entry), the source it was translated from when that
changed since, and the translator's notes (the catalog's comments: the glossary's terms,
where the text is used). The import merges each row back into its language's catalog.
Every changed entry gets the catalogs' checks (markup and icons, placeholders and plural
forms, the glossary) and the pack is then set in every language with the new catalogs,
so a translation that does not fit its box is refused too; each problem is named at its
cell, and nothing is written unless every row passes. A round trip without edits changes
no byte.
"""

from __future__ import annotations

import datetime
import re
import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

from generator.core.diagnostics import Diagnostic
from generator.core.errors import DataError, UsageError
from generator.core.paths import display_path
from generator.grammar.markup import markup_problem
from generator.i18n.catalogs import LANGUAGE_NAMES, catalog_path, read_catalog
from generator.i18n.glossary import Glossary, load_glossary
from generator.i18n.workflow import catalog_bytes, strays
from generator.loading.sheets import (
    SUFFIXES,
    Sheet,
    cell_name,
    cell_text,
    field_name,
    filled,
    read_sheets,
)
from generator.output.atomic import write_atomic

CONTEXT, SOURCE, PLURAL, TRANSLATION, REVIEW, PREVIOUS, NOTES = (
    "Context",
    "Source text",
    "Source plural",
    "Translation",
    "Needs review",
    "Previous source",
    "Notes",
)
REQUIRED = (CONTEXT, SOURCE, TRANSLATION)
"""The columns an imported sheet must have (by header, in any order)."""
YES = frozenset({"yes", "y", "x", "true", "1", "ja", "oui"})
"""What marks a row as needing review."""
FIXED_TIME = datetime.datetime(2000, 1, 1)
"""The workbook's stamped times: the same catalogs give the same bytes."""


@dataclass(frozen=True)
class Imported:
    """What an import changed: per catalog written, how many entries."""

    catalogs: tuple[tuple[Path, int], ...]


def form_header(form: int) -> str:
    """The header of a plural form's translation column: Translation, Translation form 2…"""
    return TRANSLATION if form == 0 else f"{TRANSLATION} form {form + 1}"


def export_sheets(
    locales_dir: Path, game_id: str, locales: Sequence[str], out: Path
) -> tuple[Path, bool]:
    """Write the translators' workbook of `locales` to `out`; whether its bytes changed."""
    import openpyxl
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    workbook = openpyxl.Workbook()
    for blank in list(workbook.worksheets):
        workbook.remove(blank)
    for locale in locales:
        catalog = _catalog(locales_dir, locale, game_id)
        forms = catalog.num_plurals
        header = [CONTEXT, SOURCE, PLURAL, *map(form_header, range(forms)), REVIEW, PREVIOUS, NOTES]
        sheet = workbook.create_sheet(locale)
        sheet.append(header)
        for message in catalog:
            if not message.id:
                continue
            plural = not isinstance(message.id, str)
            ids = message.id if plural else (message.id, "")
            strings = message.string if plural else (message.string,)
            translations = [*strings, *([""] * forms)][:forms] if plural else [strings[0]]
            translations += [""] * (forms - len(translations))
            previous = message.previous_id
            sheet.append(
                [
                    message.context or "",
                    ids[0],
                    ids[1],
                    *translations,
                    "yes" if message.fuzzy else "",
                    (previous[0] if previous else "") or "",
                    "\n".join([*message.auto_comments, *message.user_comments]),
                ]
            )
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        sheet.freeze_panes = "D2"
        widths = (12, 45, 20, *([45] * forms), 12, 30, 50)
        for number, width in enumerate(widths, 1):
            sheet.column_dimensions[get_column_letter(number)].width = width
        for row in sheet.iter_rows(min_row=2):
            for cell in row:
                cell.alignment = Alignment(wrap_text=True, vertical="top")
    workbook.properties.created = workbook.properties.modified = FIXED_TIME
    workbook.properties.creator = "draftdeck"
    buffer = BytesIO()
    workbook.save(buffer)
    return out, write_atomic(out, _stable_zip(buffer.getvalue()))


def _stable_zip(data: bytes) -> bytes:
    """The workbook's archive with every member's time fixed, and the saving time openpyxl
    stamps into its properties, so that the same catalogs give the same bytes."""
    import zipfile

    source = zipfile.ZipFile(BytesIO(data))
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=(2000, 1, 1, 0, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = info.external_attr
            content = source.read(info)
            if info.filename == "docProps/core.xml":
                content = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                    rb"\g<1>2000-01-01T00:00:00Z\g<2>",
                    content,
                )
            target.writestr(fixed, content)
    return buffer.getvalue()


def import_sheets(
    pack: Path,
    locales_dir: Path,
    game_id: str,
    locales: Sequence[str],
    source_locale: str,
    path: Path,
) -> Imported:
    """Merge the translators' workbook at `path` into the catalogs, or raise DataError with
    every problem at its cell (and write nothing)."""
    if path.suffix.lower() not in SUFFIXES - {".csv"}:
        raise UsageError(f"{display_path(path)} is not a workbook: give an .xlsx or .ods file")
    display = display_path(path)
    sheets, problems = read_sheets(path, display)
    glossary = load_glossary(pack)
    merged: dict[str, tuple[Any, list[tuple[str, Any]]]] = {}
    translated = [code for code in locales if code != source_locale]
    for sheet in sheets:
        if not any(any(filled(c) for c in row) for row in sheet.rows):
            continue
        where = f"{display}:{sheet.prefix}A1"
        if sheet.name not in translated:
            problems.append(
                Diagnostic(
                    where,
                    0,
                    0,
                    f"the sheet '{sheet.name}' names no language {game_id} is translated into",
                    hint="name each sheet by its language's code: "
                    + (", ".join(translated) or "none (draftdeck i18n add adds one)"),
                )
            )
            continue
        catalog = _catalog(locales_dir, sheet.name, game_id)
        changed = list(_merge(sheet, catalog, display, problems))
        problems += _checked(changed, catalog, sheet.name, glossary)
        merged[sheet.name] = (catalog, changed)
    if problems:
        raise DataError(problems, _refused(problems))
    written = {
        catalog_path(locales_dir, locale, game_id): (catalog, changed)
        for locale, (catalog, changed) in merged.items()
        if changed
    }
    _fits(pack, written)
    return Imported(
        tuple(
            (target, len(changed))
            for target, (catalog, changed) in written.items()
            if write_atomic(target, catalog_bytes(catalog))
        )
    )


def _catalog(locales_dir: Path, locale: str, game_id: str) -> Any:
    path = catalog_path(locales_dir, locale, game_id)
    if not path.is_file():
        raise UsageError(
            f"there is no {LANGUAGE_NAMES.get(locale, locale)} catalog ({display_path(path)}): "
            f"draftdeck i18n add {locale} makes it"
        )
    return read_catalog(path, locale)


def _merge(
    sheet: Sheet, catalog: Any, display: str, problems: list[Diagnostic]
) -> Iterator[tuple[str, Any]]:
    """Each row's translation set in its entry; (the translation's cell, the entry) of each
    entry the sheet changes. A row the catalog does not have is a problem at its cell."""
    header_at = next(n for n, row in enumerate(sheet.rows) if any(filled(c) for c in row))
    columns = {field_name(str(c)): n for n, c in enumerate(sheet.rows[header_at]) if filled(c)}
    missing = [name for name in REQUIRED if field_name(name) not in columns]
    if missing:
        problems.append(
            Diagnostic(
                f"{display}:{sheet.prefix}{cell_name(header_at, 0)}",
                0,
                0,
                f"the header row has no column {', '.join(repr(m) for m in missing)}",
                hint="keep the header row as draftdeck i18n export wrote it",
            )
        )
        return
    forms = [columns.get(field_name(form_header(n)), -1) for n in range(catalog.num_plurals)]

    def cell(row: list[Any], name: str) -> str:
        at = columns.get(field_name(name), -1)
        return cell_text(row[at]) if 0 <= at < len(row) else ""

    for number in range(header_at + 1, len(sheet.rows)):
        row = sheet.rows[number]
        if not any(filled(c) for c in row):
            continue
        source = cell(row, SOURCE)
        context = cell(row, CONTEXT) or None
        at = f"{display}:{sheet.prefix}{cell_name(number, columns[field_name(TRANSLATION)])}"
        message = catalog.get(source, context=context) if source else None
        if message is None:
            problems.append(
                Diagnostic(
                    f"{display}:{sheet.prefix}{cell_name(number, columns[field_name(SOURCE)])}",
                    0,
                    0,
                    f"'{source[:60]}' ({context or 'no context'}) is not in the "
                    f"{LANGUAGE_NAMES.get(sheet.name, sheet.name)} catalog",
                    hint="the texts changed since this sheet was exported: export it again "
                    "(draftdeck i18n export) and copy the translations over",
                )
            )
            continue
        plural = not isinstance(message.id, str)
        texts = [cell_text(row[n]) if 0 <= n < len(row) else "" for n in forms]
        string: Any = tuple(texts) if plural else texts[0]
        fuzzy = cell(row, REVIEW).strip().lower() in YES
        if string == message.string and fuzzy == message.fuzzy:
            continue
        message.string = string
        if fuzzy:
            message.flags.add("fuzzy")
        else:
            message.flags.discard("fuzzy")
            message.previous_id = []
        yield at, message


def _checked(
    changed: list[tuple[str, Any]], catalog: Any, locale: str, glossary: Glossary
) -> Iterator[Diagnostic]:
    """The catalogs' checks of each changed, finished entry, at its translation's cell."""
    ours = {id(message) for _, message in changed}
    babel = {id(m): errors for m, errors in catalog.check() if id(m) in ours}
    for where, message in changed:
        if message.fuzzy:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        source = message.id if isinstance(message.id, str) else message.id[0]
        found = [str(e) for e in babel.get(id(message), ())]
        found += [p for s in dict.fromkeys(strings) if s for p in [markup_problem(source, s)] if p]
        found += list(strays(glossary, message, locale))
        for problem in dict.fromkeys(found):
            yield Diagnostic(
                where,
                0,
                0,
                f"the {LANGUAGE_NAMES.get(locale, locale)} translation of '{source[:60]}': "
                f"{problem}",
                hint="correct the cell and import again",
            )


def _fits(pack: Path, written: Mapping[Path, tuple[Any, list[Any]]]) -> None:
    """Set the pack in every language with the new catalogs, in a copy; refuse (at the
    cells) a changed translation that no longer fits its box or runs into another."""
    if not written:
        return
    from generator.services.validate import text_problems

    with tempfile.TemporaryDirectory(prefix="draftdeck-import-") as scratch:
        copy = Path(scratch) / pack.name
        shutil.copytree(pack, copy, ignore=shutil.ignore_patterns("output", ".*"))
        for target, (catalog, _) in written.items():
            relative = target.resolve().relative_to(pack.resolve())
            write_atomic(copy / relative, catalog_bytes(catalog))
        problems = text_problems(copy)
    located: list[Diagnostic] = []
    for where, message in (pair for _, changed in written.values() for pair in changed):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for problem in problems:  # a message quotes a text's first 60 characters
            if any(s.strip() and s.strip()[:40] in problem for s in strings):
                first = problem.splitlines()[0].split(": error: ", 1)[-1]
                first = re.sub(r" \(at /[^)]*\)$", "", first)
                located.append(Diagnostic(where, 0, 0, first, hint="shorten the translation"))
    if located:
        raise DataError(located, _refused(located))


def _refused(problems: Sequence[Diagnostic]) -> str:
    return (
        f"{len(problems)} problem(s) in the workbook; no catalog was changed: correct the "
        "cells and import again"
    )
