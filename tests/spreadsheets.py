"""Spreadsheet files for tests: XLSX by openpyxl, ODS written as the OpenDocument format
describes it (a zip of content.xml, its manifest and its mimetype)."""

from __future__ import annotations

import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

Rows = Sequence[Sequence[Any]]


@dataclass(frozen=True)
class Formula:
    """A cell holding a formula and the value the spreadsheet program stored for it."""

    formula: str
    value: float


def write_xlsx(
    path: Path, sheets: Mapping[str, Rows], hidden: Sequence[str] = (), merged: str = ""
) -> Path:
    """An XLSX workbook with a sheet per entry (the first sheet may get a merged range)."""
    import openpyxl

    workbook = openpyxl.Workbook()
    for number, (name, rows) in enumerate(sheets.items()):
        sheet = workbook.worksheets[0] if number == 0 else workbook.create_sheet(name)
        sheet.title = name
        for row in rows:
            sheet.append(list(row))
        if name in hidden:
            sheet.sheet_state = "hidden"
    if merged:
        workbook.worksheets[0].merge_cells(merged)
    workbook.save(path)
    return path


def write_ods(path: Path, sheets: Mapping[str, Rows], hidden: Sequence[str] = ()) -> Path:
    """An ODS spreadsheet with a table per entry."""
    tables = "".join(
        f"<table:table table:name={quoteattr(name)}"
        + (' table:style-name="hidden"' if name in hidden else "")
        + ">"
        + "".join(
            "<table:table-row>" + "".join(_ods_cell(value) for value in row) + "</table:table-row>"
            for row in rows
        )
        + "</table:table>"
        for name, rows in sheets.items()
    )
    content = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
        ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
        ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
        ' xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" office:version="1.2">'
        '<office:automatic-styles><style:style style:name="hidden" style:family="table">'
        '<style:table-properties table:display="false"/></style:style></office:automatic-styles>'
        f"<office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body>"
        "</office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"'
        ' manifest:version="1.2">'
        '<manifest:file-entry manifest:full-path="/" manifest:version="1.2"'
        ' manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(
            "mimetype", "application/vnd.oasis.opendocument.spreadsheet", zipfile.ZIP_STORED
        )
        archive.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
        archive.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
    return path


def _ods_cell(value: Any) -> str:
    if isinstance(value, Formula):
        return (
            f"<table:table-cell table:formula={quoteattr(value.formula)} "
            f'office:value-type="float" office:value="{value.value}">'
            f"<text:p>{value.value}</text:p></table:table-cell>"
        )
    if value is None or value == "":
        return "<table:table-cell/>"
    if isinstance(value, bool):
        return (
            f'<table:table-cell office:value-type="boolean" office:boolean-value='
            f'"{str(value).lower()}"><text:p>{value}</text:p></table:table-cell>'
        )
    if isinstance(value, int | float):
        return (
            f'<table:table-cell office:value-type="float" office:value="{value}">'
            f"<text:p>{value}</text:p></table:table-cell>"
        )
    return (
        f'<table:table-cell office:value-type="string"><text:p>{escape(str(value))}</text:p>'
        "</table:table-cell>"
    )
