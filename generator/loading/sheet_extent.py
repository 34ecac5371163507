"""How far a workbook's sheets reach, read from its XML before any grid is built.

A spreadsheet reader builds each sheet as a dense grid from A1 to the last cell that holds
something, so a 2 KB file with one value at XFD1048576 asks for a grid of 17 billion cells.
This module reads the cell references of an XLSX (and the repeat counts of an ODS) as a
stream, and refuses a sheet whose grid would pass the bound, naming the cell that lies past
it, before the reader is asked for anything. An ODS's merged cells are found here too, and
in both formats the formula cells a reader shows as empty: those holding an error (#REF!)
and those whose value was never computed and saved.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal
from xml.etree.ElementTree import ParseError, iterparse

MAX_COLUMN = 16_384
"""Columns a spreadsheet has (A to XFD)."""
MAX_ROW = 1_048_576
"""Rows a spreadsheet has."""
MAX_FORMULAS = 1000
"""Formula cells without a value noted per sheet: enough to report, bounded for any file."""
_REFERENCE = re.compile(r"\$?([A-Za-z]{1,7})\$?(\d{1,15})")
_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_RELATIONS = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PACKAGE = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_CALCEXT = "{urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}"


class ExtentProblem(Exception):
    """A sheet that cannot be read within the bounds: where (sheet and cell) and why."""

    def __init__(self, sheet: str, cell: str, message: str, hint: str) -> None:
        super().__init__(message)
        self.sheet, self.cell, self.message, self.hint = sheet, cell, message, hint


@dataclass
class Extent:
    """What a sheet holds as far as its grid goes: rows and columns up to its last value."""

    name: str
    rows: int = 0
    columns: int = 0
    merged: list[tuple[int, int, int, int]] = field(default_factory=list)
    """Merged ranges as (first row, first column, last row, last column), 0-based (ODS)."""
    formulas: list[tuple[int, int, str]] = field(default_factory=list)
    """Formula cells without a value: (row, column, 0-based; the error they hold, or '' for
    a value never saved)."""

    @property
    def cells(self) -> int:
        return self.rows * self.columns


def column_number(letters: str) -> int:
    """A column's 1-based number from its letters: A -> 1, XFD -> 16384."""
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def column_letters(number: int) -> str:
    """A column's letters from its 1-based number."""
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def check_extents(archive: zipfile.ZipFile, suffix: str, budget: int) -> list[Extent]:
    """Every sheet's extent, refusing (ExtentProblem) a reference that is no cell and a grid
    that would pass `budget` cells over the whole file."""
    sheets = _xlsx(archive) if suffix == ".xlsx" else _ods(archive)
    found: list[Extent] = []
    total = 0
    try:
        for extent, last in sheets:
            total = _add(found, extent, last, total, budget)
    except KeyError as missing:
        raise ExtentProblem(
            "",
            "",
            f"the file lacks its part {missing}",
            "save it again from your spreadsheet program",
        ) from None
    return found


def _add(
    found: list[Extent], extent: Extent, last: tuple[int, int], total: int, budget: int
) -> int:
    """Count a sheet's cells in, refusing the file past `budget`; the new total."""
    total += extent.cells
    if total > budget:
        cell = f"{column_letters(last[1])}{last[0]}"
        raise ExtentProblem(
            extent.name,
            cell,
            f"the cell {cell} lies far outside the list: the sheets would span {total:,} "
            f"cells, more than a file's sheets may ({budget:,})",
            f"clear {cell} and whatever else lies below or right of your list, or move it "
            "to a file of its own",
        )
    found.append(extent)
    return total


def _xlsx(archive: zipfile.ZipFile) -> Iterator[tuple[Extent, tuple[int, int]]]:
    """(extent, last cell as (row, column), 1-based) of each sheet of an XLSX workbook."""
    for name, member in _xlsx_sheets(archive):
        extent = Extent(name)
        last = (1, 1)
        row, column = 0, 0
        with archive.open(member) as stream:
            for _, element in _parse(stream, name):
                tag = element.tag
                if tag == f"{_MAIN}row":
                    element.clear()
                    continue
                if tag != f"{_MAIN}c":
                    continue
                reference = element.get("r")
                if reference is not None:
                    row, column = _cell(reference, name)
                else:
                    column += 1  # a cell without its reference follows the one before
                _xlsx_formula(element, extent, row, column)
                if any(child.tag in (f"{_MAIN}v", f"{_MAIN}is") for child in element):
                    if row > extent.rows or column > extent.columns:
                        last = (row, column)
                    extent.rows = max(extent.rows, row)
                    extent.columns = max(extent.columns, column)
                element.clear()
        yield extent, last


def _xlsx_formula(element: Any, extent: Extent, row: int, column: int) -> None:
    """Note a formula cell that holds an error or no saved value."""
    if element.find(f"{_MAIN}f") is None or len(extent.formulas) >= MAX_FORMULAS:
        return
    value = element.find(f"{_MAIN}v")
    if element.get("t") == "e":
        error = (value.text or "").strip()[:20] if value is not None else ""
        extent.formulas.append((row - 1, column - 1, error or "#ERROR"))
    elif value is None:
        extent.formulas.append((row - 1, column - 1, ""))


def _cell(reference: str, sheet: str) -> tuple[int, int]:
    match = _REFERENCE.fullmatch(reference)
    row = int(match.group(2)) if match else 0
    column = column_number(match.group(1)) if match else 0
    if not (1 <= row <= MAX_ROW and 1 <= column <= MAX_COLUMN):
        shown = reference[:40]
        raise ExtentProblem(
            sheet,
            "A1",
            f"the file names a cell '{shown}', which no spreadsheet has (columns run from A "
            f"to XFD, rows from 1 to {MAX_ROW:,})",
            "save the file again from your spreadsheet program",
        )
    return row, column


def _xlsx_sheets(archive: zipfile.ZipFile) -> Iterator[tuple[str, str]]:
    """(sheet name, archive member) of each sheet, in the workbook's order."""
    targets: dict[str, str] = {}
    with archive.open("xl/_rels/workbook.xml.rels") as stream:
        for _, element in _parse(stream, "workbook"):
            if element.tag == f"{_PACKAGE}Relationship":
                target = element.get("Target", "")
                member = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
                targets[element.get("Id", "")] = posixpath.normpath(member)
    with archive.open("xl/workbook.xml") as stream:
        for _, element in _parse(stream, "workbook"):
            if element.tag == f"{_MAIN}sheet":
                member = targets.get(element.get(f"{_RELATIONS}id", ""))
                if member is not None and member in archive.NameToInfo:
                    yield element.get("name", "?"), member


def _ods(archive: zipfile.ZipFile) -> Iterator[tuple[Extent, tuple[int, int]]]:
    """(extent, last cell) of each table of an ODS document, counting repeated rows and
    cells; merged (spanned) cells are remembered."""
    extent: Extent | None = None
    last = (1, 1)
    row = 0
    with archive.open("content.xml") as stream:
        for event, element in _parse(stream, "content", ("start", "end")):
            tag = element.tag
            if event == "start":
                if tag == f"{_TABLE}table":
                    extent, last, row = Extent(element.get(f"{_TABLE}name", "?")), (1, 1), 0
                continue
            if extent is None:
                continue
            if tag == f"{_TABLE}table-row":
                rows = _count(element.get(f"{_TABLE}number-rows-repeated"))
                width = _row(element, extent, row)
                if width:
                    extent.rows = row + rows
                    if extent.rows > last[0] or width > last[1]:
                        last = (row + rows, width)
                    extent.columns = max(extent.columns, width)
                row += rows
                element.clear()
            elif tag == f"{_TABLE}table":
                yield extent, last
                extent = None
                element.clear()


def _row(element: Any, extent: Extent, row: int) -> int:
    """The columns a table row fills up to its last value; its merged cells noted."""
    column, width = 0, 0
    for cell in element:
        if cell.tag not in (f"{_TABLE}table-cell", f"{_TABLE}covered-table-cell"):
            continue
        repeat = _count(cell.get(f"{_TABLE}number-columns-repeated"))
        across = _count(cell.get(f"{_TABLE}number-columns-spanned"))
        down = _count(cell.get(f"{_TABLE}number-rows-spanned"))
        if across > 1 or down > 1:
            extent.merged.append((row, column, row + down - 1, column + across - 1))
        formula = cell.get(f"{_TABLE}formula")
        if formula is not None and len(extent.formulas) < MAX_FORMULAS:
            if cell.get(f"{_CALCEXT}value-type") == "error":
                shown = "".join(cell.itertext()).strip()[:20] or "#ERROR"
                extent.formulas.append((row, column, shown))
            elif cell.get(f"{_OFFICE}value-type") is None:
                extent.formulas.append((row, column, ""))
        if cell.get(f"{_OFFICE}value-type") is not None or len(cell):
            width = column + repeat
        column += repeat
        if column > MAX_COLUMN:
            break
    return min(width, MAX_COLUMN)


def _count(value: str | None) -> int:
    """A repeat or span count: 1 when absent, at most a sheet's rows."""
    if value is None or not value.isdigit():
        return 1
    return max(1, min(int(value[:8]), MAX_ROW))


def _parse(
    stream: Any, sheet: str, events: tuple[Literal["start", "end"], ...] = ("end",)
) -> Iterator[Any]:
    try:
        yield from iterparse(stream, events=events)
    except ParseError as error:
        raise ExtentProblem(
            sheet,
            "A1",
            f"the file's XML cannot be read ({error})",
            "save the file again from your spreadsheet program",
        ) from None
