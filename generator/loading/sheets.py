"""Data files kept as spreadsheets: CSV, XLSX and ODS, read into the same plain values as
YAML and located by cell (`cards.xlsx:Cards!C12`, `cards.csv:C12`).

Each visible sheet is one list, named by the sheet (a CSV file's list is named by the file);
its first row names the fields, each further row is an item. Sheet and header names are
read as field names are written: lower case, accents dropped, spaces as underscores (`Card
Name` is `card_name`). A dotted header (`cost.gold`) is a field of a nested mapping. Where
the schema names its lists and fields, a sheet it does not know, a column it does not know
and a column every item needs are each one error at the sheet or header cell. Cells are typed by the pack's JSON Schema for their field:
"3" in a number column is 3, a list column is split at the pack's separator, an empty cell
is an absent field; what cannot be typed stays as written, for the schema to report at its
cell. A formula's stored value is read, never evaluated; a date becomes YYYY-MM-DD. Hidden
sheets, empty rows and empty columns are skipped; merged cells are refused. XLSX and ODS
files are zip archives: their members are measured as they are inflated, and refused past
MAX_INFLATED bytes, before the spreadsheet reader sees them.
"""

from __future__ import annotations

import csv
import datetime
import difflib
import io
import math
import re
import unicodedata
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.diagnostics import Diagnostic, Severity
from generator.loading.document import Document, PathKey
from generator.loading.files import not_regular, read_regular
from generator.loading.sheet_extent import ExtentProblem, check_extents

SUFFIXES = frozenset({".csv", ".xlsx", ".ods"})
"""The spreadsheet files a pack may list as data."""
MAX_FILE_BYTES = 1024 * 1024
"""The largest spreadsheet file read, as for YAML."""
MAX_INFLATED = 16 * MAX_FILE_BYTES
"""The most an XLSX or ODS may inflate to: its XML is about ten times the data it holds."""
MAX_CELLS = 200_000
"""The most cells a file's sheets may span (a 1 MiB YAML file holds fewer values)."""
DEFAULT_SEPARATOR = ";"
"""What separates the entries of a list in one cell, unless the pack says otherwise."""
MAX_DEPTH = 32
"""The most fields a dotted header may nest (cost.gold is two), as YAML nesting is bounded."""
MAX_DIGITS = 30
"""The most digits a number in a cell may have: no card prints more."""
_INTEGER = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_BOOLEANS = {"true": True, "false": False, "yes": True, "no": False}


def is_sheet(path: Path | str) -> bool:
    """Whether a data file is a spreadsheet."""
    return Path(path).suffix.lower() in SUFFIXES


def field_name(header: str) -> str:
    """The field a header or sheet names: 'Card Name' -> 'card_name', 'Fähigkeit' -> 'fahigkeit'."""
    folded = unicodedata.normalize("NFKD", header).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9_-]+", "_", folded.strip().lower()).strip("_")


def cell_name(row: int, column: int) -> str:
    """A cell in A1 notation, from 0-based row and column: (11, 2) -> C12."""
    letters = ""
    number = column + 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row + 1}"


@dataclass(frozen=True)
class SheetDocument(Document):
    """A spreadsheet's data, each value located at its cell.

    `locate` answers (n, 0), n the 1-based number of the cell in `cells`, so that every
    check that locates a value and reports it with `diagnostic_at` names the cell."""

    cells: tuple[str, ...] = ()
    """The cells values come from, as 'Sheet!C12' (or 'C12' in a CSV file)."""
    at: Mapping[PathKey, int] = field(default_factory=dict)
    """The index in `cells` of each value's path."""
    missing: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Per list, the fields every item needs that its header row has no column for (each
    reported once, at the header)."""

    def reported_missing(self, path: Sequence[str | int]) -> frozenset[str]:
        if len(path) == 2 and isinstance(path[0], str):
            return self.missing.get(path[0], frozenset())
        return frozenset()

    def locate(self, path: Sequence[str | int]) -> tuple[int, int]:
        key = tuple(path)
        while key not in self.at and key:
            key = key[:-1]
        return (self.at[key] + 1, 0) if key in self.at else (0, 0)

    def diagnostic_at(
        self,
        line: int,
        column: int,
        message: str,
        *,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
        pointer: str | None = None,
    ) -> Diagnostic:
        where = self.display
        if 0 < line <= len(self.cells):
            where += f":{self.cells[line - 1]}"
        return Diagnostic(where, 0, 0, message, severity, pointer, hint)

    def where(self, path: Sequence[str | int]) -> str:
        line, _ = self.locate(path)
        return f"{self.display}:{self.cells[line - 1]}" if line else self.display


@dataclass(frozen=True)
class Sheet:
    """One sheet's cells as read: rows of raw values ('' for an empty cell)."""

    name: str
    """The list it holds."""
    prefix: str
    """How its cells are named: 'Cards!' in a workbook, '' in a CSV file."""
    rows: list[list[Any]]
    merged: list[tuple[int, int, int, int]] = field(default_factory=list)
    """Merged ranges as (first row, first column, last row, last column), 0-based."""
    formulas: Mapping[tuple[int, int], str] = field(default_factory=dict)
    """Formula cells a reader shows empty, by (row, column): the error they hold, or ''
    where their value was never saved."""


class SheetProblem(Exception):
    """A spreadsheet that cannot be read, located as far as can be."""

    def __init__(self, where: str, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.where, self.message, self.hint = where, message, hint


def load_sheet_file(
    path: Path, display: str, schema: Mapping[str, Any], separator: str = DEFAULT_SEPARATOR
) -> tuple[SheetDocument | None, list[Diagnostic]]:
    """A spreadsheet as a document typed by `schema` (its $refs inlined), or its problems."""
    try:
        sheets = _read(path, display)
    except SheetProblem as problem:
        return None, [Diagnostic(problem.where, 0, 0, problem.message, hint=problem.hint)]
    builder = _Builder(display, schema, separator)
    for sheet in sheets:
        builder.add(sheet)
    if builder.problems:
        return None, builder.problems
    return builder.document(), builder.header_problems


def read_sheets(path: Path, display: str) -> tuple[list[Sheet], list[Diagnostic]]:
    """A spreadsheet's visible sheets as read (raw cells), or the problem that stops it."""
    try:
        return _read(path, display), []
    except SheetProblem as problem:
        return [], [Diagnostic(problem.where, 0, 0, problem.message, hint=problem.hint)]


def _read(path: Path, display: str) -> list[Sheet]:
    kind = not_regular(path)
    if kind is not None:
        raise SheetProblem(display, f"the file is {kind}, not a regular file")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise SheetProblem(
            display,
            f"the file is {size / 2**20:.1f} MiB, more than a data file may be "
            f"({MAX_FILE_BYTES // 2**20} MiB)",
            "split the list over several files",
        )
    if path.suffix.lower() == ".csv":
        return [_csv(path, display)]
    _check_inflated(path, display)
    return _workbook(path, display)


def _csv(path: Path, display: str) -> Sheet:
    raw = read_regular(path, MAX_FILE_BYTES)
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in raw[:4096]:
        raise SheetProblem(
            display,
            "the file looks like UTF-16 text (as 'Unicode text' saves it), not UTF-8",
            "save the file as CSV UTF-8 (your spreadsheet program offers it when saving)",
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise SheetProblem(
            f"{display}:{line}",
            f"byte 0x{raw[error.start]:02X} is not valid UTF-8",
            "save the file as CSV UTF-8 (your spreadsheet program offers it when saving)",
        ) from None
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count) if first else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows: list[list[str]] = []
    cells = 0
    try:
        for row in reader:
            rows.append(row)
            cells += len(row)
            if cells > MAX_CELLS:
                raise SheetProblem(
                    f"{display}:{reader.line_num}", f"the file has more than {MAX_CELLS:,} cells"
                )
    except csv.Error as error:
        raise SheetProblem(f"{display}:{reader.line_num}", *_csv_problem(str(error))) from None
    return Sheet(path.stem, "", rows)


def _csv_problem(error: str) -> tuple[str, str]:
    """What a CSV parse error means, and what to do."""
    if "field larger than field limit" in error:
        return (
            f"a cell holds more than {csv.field_size_limit():,} characters",
            "a card's text is far shorter: check for a quote that is never closed",
        )
    if "unexpected end of data" in error or "EOF" in error:
        return (
            "a quoted cell is never closed before the end of the file",
            'close the quote, or write a quote inside a cell as ""',
        )
    return f"the file is not valid CSV ({error})", 'write a quote inside a cell as ""'


def _check_inflated(path: Path, display: str) -> None:
    """Inflate every member of the archive as a stream, refusing it past MAX_INFLATED bytes
    in all (whatever sizes the archive claims), so a zip bomb costs a bounded read."""
    total = 0
    try:
        with zipfile.ZipFile(path) as archive:
            for member in archive.infolist():
                with archive.open(member) as stream:
                    while chunk := stream.read(65536):
                        total += len(chunk)
                        if total > MAX_INFLATED:
                            raise SheetProblem(
                                display,
                                f"the spreadsheet unpacks to more than {MAX_INFLATED // 2**20} "
                                "MiB; a game's card list is far smaller",
                                "check that this is the right file, or split the list",
                            )
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError) as error:
        raise SheetProblem(
            display,
            f"the file is not a readable {path.suffix.lstrip('.').upper()} spreadsheet ({error})",
            "save it again from your spreadsheet program",
        ) from None


def _workbook(path: Path, display: str) -> list[Sheet]:
    """The visible sheets, once their extent is known to be bounded (sheet_extent): the
    reader builds each as a dense grid."""
    from python_calamine import CalamineWorkbook, SheetVisibleEnum

    try:
        with zipfile.ZipFile(path) as archive:
            extents = {e.name: e for e in check_extents(archive, path.suffix.lower(), MAX_CELLS)}
    except ExtentProblem as problem:
        where = f"{display}:{_quoted(problem.sheet)}!{problem.cell}" if problem.sheet else display
        raise SheetProblem(where, problem.message, problem.hint) from None
    try:
        workbook = CalamineWorkbook.from_path(str(path))
        sheets = []
        for meta in workbook.sheets_metadata:
            if meta.visible != SheetVisibleEnum.Visible:
                continue  # hidden sheets hold notes and lookups, not data
            sheet = workbook.get_sheet_by_name(meta.name)
            rows = sheet.to_python(skip_empty_area=False)
            merged = [
                (start[0], start[1], end[0], end[1])
                for start, end in (sheet.merged_cell_ranges or [])
            ]
            extent = extents.get(meta.name)
            if not merged and extent is not None:
                merged = extent.merged  # the reader sees no merges in an ODS
            formulas = {(r, c): e for r, c, e in extent.formulas} if extent is not None else {}
            sheets.append(Sheet(meta.name, f"{_quoted(meta.name)}!", rows, merged, formulas))
        workbook.close()
    except (KeyboardInterrupt, SystemExit, GeneratorExit, MemoryError):
        raise
    except BaseException as error:  # the reader's own panics are BaseExceptions too
        raise SheetProblem(
            display,
            f"the file is not a readable spreadsheet ({type(error).__name__}: {str(error)[:200]})",
            "save it again from your spreadsheet program",
        ) from None
    return sheets


def _quoted(name: str) -> str:
    """A sheet's name as a cell reference writes it ('My cards'!A1)."""
    return name if re.fullmatch(r"[A-Za-z0-9_]+", name) else "'" + name.replace("'", "''") + "'"


class _Builder:
    """Turns sheets into one document's value, each value's cell remembered."""

    def __init__(self, display: str, schema: Mapping[str, Any], separator: str) -> None:
        self.display, self.schema, self.separator = display, schema, separator
        self.value: dict[str, Any] = {}
        self.cells: list[str] = []
        self.at: dict[PathKey, int] = {}
        self.problems: list[Diagnostic] = []
        self.header_problems: list[Diagnostic] = []
        """Columns the schema does not know or misses: reported with the cells' problems,
        those columns left out (each would otherwise be an error in every row)."""
        self.missing: dict[str, frozenset[str]] = {}

    def document(self) -> SheetDocument:
        return SheetDocument(
            self.display,
            self.value,
            cells=tuple(self.cells),
            at=dict(self.at),
            missing=dict(self.missing),
        )

    def _remember(self, path: PathKey, where: str) -> None:
        if path not in self.at:
            self.at[path] = len(self.cells)
            self.cells.append(where)

    def _problem(self, where: str, message: str, hint: str | None = None) -> None:
        self.problems.append(Diagnostic(f"{self.display}:{where}", 0, 0, message, hint=hint))

    def add(self, sheet: Sheet) -> None:
        name, prefix = sheet.name, sheet.prefix
        for first_row, first_column, last_row, last_column in sheet.merged:
            self._problem(
                prefix + cell_name(first_row, first_column),
                f"cells {cell_name(first_row, first_column)}:"
                f"{cell_name(last_row, last_column)} are merged",
                "unmerge them: each field of each row needs a cell of its own",
            )
        rows = sheet.rows
        header_at = next((n for n, row in enumerate(rows) if any(filled(c) for c in row)), None)
        if header_at is None:
            return  # an empty sheet holds no list
        name = field_name(name) or name
        if name in self.value:
            self._problem(f"{prefix}A1", f"two sheets hold the list '{name}'")
            return
        if not self._known_list(sheet, name):
            return
        columns = self._header(rows[header_at], header_at, prefix)
        list_schema = _items(_property(self.schema, name))
        skipped = self._known_columns(name, columns, list_schema, header_at, prefix, sheet)
        items: list[dict[str, Any]] = []
        self.value[name] = items
        self._remember((name,), prefix + cell_name(header_at, 0))
        for number in range(header_at + 1, len(rows)):
            row = rows[number]
            if not any(filled(c) for c in row):
                continue  # empty rows (trailing ones, or spacing) hold no item
            index = len(items)
            path: PathKey = (name, index)
            self._remember(path, prefix + cell_name(number, 0))
            item: dict[str, Any] = {}
            for column, raw in enumerate(row):
                if (number, column) in sheet.formulas and column not in skipped:
                    self._formula(
                        prefix + cell_name(number, column), sheet.formulas[number, column]
                    )
                    continue
                if not filled(raw) or column in skipped:
                    continue
                where = prefix + cell_name(number, column)
                keys = columns.get(column)
                if keys is None:
                    self._problem(
                        where,
                        f"this cell is in a column without a name in row {header_at + 1}",
                        "name the column in the header row, or empty the cell",
                    )
                    continue
                node = list_schema
                target = item
                for depth, key in enumerate(keys):
                    node = _property(node, key)
                    if depth < len(keys) - 1:
                        target = target.setdefault(key, {})
                        self._remember((*path, *keys[: depth + 1]), where)
                numeric = not isinstance(raw, str) or bool(_kinds(node) & {"integer", "number"})
                wrong = unprintable_number(raw) if numeric else None
                if wrong is not None:
                    self._problem(
                        where, wrong, "write a number a card can print, or empty the cell"
                    )
                    continue
                value = self._typed(raw, node, (*path, *keys), where)
                target[keys[-1]] = value
            items.append(item)

    def _header(self, row: list[Any], at: int, prefix: str) -> dict[int, tuple[str, ...]]:
        columns: dict[int, tuple[str, ...]] = {}
        seen: dict[tuple[str, ...], str] = {}
        for column, raw in enumerate(row):
            if not filled(raw):
                continue
            where = prefix + cell_name(at, column)
            text = cell_text(raw).strip()
            if text.count(".") >= MAX_DEPTH:
                self._problem(
                    where,
                    f"the header '{text[:60]}…' nests {text.count('.') + 1} fields deep, more "
                    f"than a field may ({MAX_DEPTH})",
                    "name a field, or a field of a field as cost.gold",
                )
                continue
            keys = tuple(field_name(part) for part in text.split("."))
            if not all(keys):
                self._problem(
                    where,
                    f"'{text}' is not a field name",
                    "name a field, or a field of a field as cost.gold",
                )
                continue
            clash = next(
                (
                    other
                    for other in seen
                    if other[: len(keys)] == keys or keys[: len(other)] == other
                ),
                None,
            )
            if clash is not None:
                self._problem(
                    where,
                    f"the column '{text}' repeats or overlaps the column "
                    f"'{'.'.join(clash)}' at {seen[clash]}",
                    "give every field one column",
                )
                continue
            seen[keys] = where
            columns[column] = keys
        return columns

    def _formula(self, where: str, error: str) -> None:
        """A formula cell that holds no value draftdeck can read."""
        if error:
            self._problem(
                where,
                f"the cell's formula gives the error {error}, not a value",
                "fix the formula in your spreadsheet program and save the file",
            )
        else:
            self._problem(
                where,
                "the cell holds a formula whose value was never saved",
                "open the file in your spreadsheet program and save it: draftdeck reads the "
                "value the program computed, never the formula",
            )

    def _known_list(self, sheet: Sheet, name: str) -> bool:
        """Whether the schema, where it names the file's lists, knows the sheet's; else one
        error at the sheet that says to rename it."""
        lists = _names(self.schema)
        if lists is None or name in lists:
            return True
        what = f"the sheet '{sheet.name}'" if sheet.prefix else f"the file (list '{name}')"
        nearest = difflib.get_close_matches(name, sorted(lists), 1, 0.5)
        choices = nearest or sorted(lists)
        rename = f"'{choices[0]}'" if len(choices) == 1 else "one of " + ", ".join(choices)
        hint = (
            f"rename the sheet {rename}"
            if sheet.prefix
            else f"name the file after its list ({rename}), or give it a list the schema knows"
        )
        self._problem(
            f"{sheet.prefix}A1",
            f"{what} holds a list the schema does not know; its lists: {', '.join(sorted(lists))}",
            hint + ", or add the list to the file's schema",
        )
        return False

    def _known_columns(
        self,
        name: str,
        columns: Mapping[int, tuple[str, ...]],
        schema: Mapping[str, Any],
        at: int,
        prefix: str,
        sheet: Sheet,
    ) -> set[int]:
        """Where the schema names its fields, a column that is not one and a field every
        item needs without a column are each one error at the header row, naming the
        nearest header, instead of one a row; the columns whose cells are left out."""
        fields = _names(schema)
        if fields is None:
            return set()
        headers = {keys[0]: column for column, keys in columns.items()}
        skipped = set()
        for key, column in headers.items():
            if key in fields:
                continue
            skipped.add(column)
            spare = sorted(fields - headers.keys()) or sorted(fields)
            nearest = difflib.get_close_matches(key, spare, 1, 0.6)
            hint = f"did you mean '{nearest[0]}'? " if nearest else ""
            self._header_problem(
                prefix + cell_name(at, column),
                f"the column '{cell_text(sheet.rows[at][column]).strip()}' is not a field of these "
                "items",
                hint + f"the fields: {', '.join(sorted(fields))}; or add the field to the schema",
            )
        missing = [key for key in _required(schema) if key not in headers]
        for key in missing:
            nearest = difflib.get_close_matches(key, sorted(headers), 1, 0.6)
            hint = f"is '{nearest[0]}' meant to be '{key}'? " if nearest else ""
            self._header_problem(
                prefix + cell_name(at, 0),
                f"the header row has no column '{key}', which every item needs",
                hint + f"add a column '{key}' to row {at + 1}",
            )
        self.missing[name] = frozenset(missing)
        return skipped

    def _header_problem(self, where: str, message: str, hint: str) -> None:
        self.header_problems.append(Diagnostic(f"{self.display}:{where}", 0, 0, message, hint=hint))

    def _typed(self, raw: Any, node: Mapping[str, Any], path: PathKey, where: str) -> Any:
        self._remember(path, where)
        kinds = _kinds(node)
        if "array" in kinds and isinstance(raw, str):
            parts = [part.strip() for part in raw.split(self.separator)]
            entries = _items(node)
            return [
                self._typed(part, entries, (*path, number), where)
                for number, part in enumerate(p for p in parts if p)
            ]
        return typed(raw, kinds)


def typed(raw: Any, kinds: frozenset[str]) -> Any:
    """A cell's value as the schema's types ask, as YAML would read it where they allow
    several; what does not convert stays as it is (the schema then says why)."""
    if isinstance(raw, datetime.datetime):
        raw = raw.date().isoformat() if raw.time() == datetime.time() else raw.isoformat()
    elif isinstance(raw, datetime.date | datetime.time):
        raw = raw.isoformat()
    elif isinstance(raw, datetime.timedelta):
        raw = str(raw)
    if isinstance(raw, float) and raw.is_integer() and "number" not in kinds - {"integer"}:
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, str):
        if "string" in kinds and not kinds & {"integer", "number", "boolean"}:
            return cell_text(raw)
        return raw
    text = raw.strip()
    if unprintable_number(text) is not None:
        return text  # the schema then says it is no number
    if "integer" in kinds and _INTEGER.fullmatch(text):
        return int(text)
    if "number" in kinds and _NUMBER.fullmatch(text):
        number = float(text)
        return int(number) if _INTEGER.fullmatch(text) else number
    if "boolean" in kinds and text.lower() in _BOOLEANS:
        return _BOOLEANS[text.lower()]
    return text


def unprintable_number(raw: Any) -> str | None:
    """Why a cell's number cannot be printed (NaN, infinite, too many digits), or None."""
    if isinstance(raw, float) and not math.isfinite(raw):
        return f"the cell holds {'NaN' if math.isnan(raw) else 'an infinite number'}, not a number"
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    if not _NUMBER.fullmatch(text):
        return None
    digits = sum(c.isdigit() for c in text.split("e")[0].split("E")[0])
    if digits > MAX_DIGITS:
        return f"the cell holds a number of {digits:,} digits; a number has at most {MAX_DIGITS}"
    if not math.isfinite(float(text)):
        return "the cell holds a number too large to print"
    return None


def filled(raw: Any) -> bool:
    """Whether a cell as read holds anything (spaces alone are nothing)."""
    return raw is not None and not (isinstance(raw, str) and not raw.strip())


def cell_text(raw: Any) -> str:
    """A cell as text, as its program shows it: 3.0 is 3, '' for an empty cell."""
    if raw is None:
        return ""
    if isinstance(raw, float) and raw.is_integer():
        return str(int(raw))
    if isinstance(raw, bool):
        return "true" if raw else "false"
    return str(raw)


def _alternatives(node: Any) -> Iterator[Mapping[str, Any]]:
    """The node and every schema it combines (allOf, anyOf, oneOf), depth first."""
    if not isinstance(node, Mapping):
        return
    yield node
    for combiner in ("allOf", "anyOf", "oneOf"):
        for part in node.get(combiner, ()):
            yield from _alternatives(part)


def _kinds(node: Mapping[str, Any]) -> frozenset[str]:
    """Every JSON type the node allows."""
    found: set[str] = set()
    for part in _alternatives(node):
        kind = part.get("type")
        found.update([kind] if isinstance(kind, str) else kind or ())
        if "enum" in part or "const" in part:
            values = part.get("enum", [part.get("const")])
            found.update(_json_type(v) for v in values)
    return frozenset(found)


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string" if isinstance(value, str) else "null"


def _property(node: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """The schema of a mapping's member, merged over the node's alternatives."""
    parts = []
    for part in _alternatives(node):
        found = part.get("properties", {}).get(key)
        if found is None:
            extra = part.get("additionalProperties")
            found = extra if isinstance(extra, Mapping) else None
        if found is not None:
            parts.append(found)
    return {"allOf": parts} if parts else {}


def _names(node: Mapping[str, Any]) -> frozenset[str] | None:
    """The member names an object schema allows, or None where it allows others too."""
    names: set[str] = set()
    closed = False
    for part in _alternatives(node):
        names.update(part.get("properties", {}))
        if part.get("additionalProperties") is False:
            closed = True
        elif "additionalProperties" in part or "patternProperties" in part:
            return None
    return frozenset(names) if closed else None


def _required(node: Mapping[str, Any]) -> list[str]:
    """The members an object schema requires (its allOf included)."""
    found = [r for r in node.get("required", ()) if isinstance(r, str)]
    for part in node.get("allOf", ()):
        if isinstance(part, Mapping):
            found += [r for r in _required(part) if r not in found]
    return found


def _items(node: Mapping[str, Any]) -> Mapping[str, Any]:
    """The schema of a list's entries."""
    parts = [
        part["items"] for part in _alternatives(node) if isinstance(part.get("items"), Mapping)
    ]
    return {"allOf": parts} if parts else {}
