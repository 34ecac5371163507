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
        ' xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"'
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


def write_raw_xlsx(path: Path, cells: str, name: str = "cards") -> Path:
    """An XLSX workbook of one sheet whose sheetData is `cells` as written (<row><c r=...>),
    for what no spreadsheet program would write: cells far apart, references no sheet has."""
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    relations = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    package = "http://schemas.openxmlformats.org/package/2006/relationships"
    parts = {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8"?>'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
            'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.'
            'openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'
        ),
        "_rels/.rels": (
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{package}">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
            '2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{main}" '
            f'xmlns:r="{relations}"><sheets><sheet name={quoteattr(name)} sheetId="1" '
            'r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{package}">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
            '2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'
        ),
        "xl/worksheets/sheet1.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{main}">'
            f"<sheetData>{cells}</sheetData></worksheet>"
        ),
    }
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, text in parts.items():
            archive.writestr(member, text)
    return path


def xlsx_cell(reference: str, value: object) -> str:
    """One cell of write_raw_xlsx's sheetData: a number, or inline text."""
    if isinstance(value, int | float):
        return f'<c r="{reference}"><v>{value}</v></c>'
    return f'<c r="{reference}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>'


def write_raw_ods(path: Path, rows: str, name: str = "cards") -> Path:
    """An ODS document of one table whose rows are `rows` as written (repeat counts, spans)."""
    write_ods(path, {name: [["id"]]})
    with zipfile.ZipFile(path) as archive:
        parts = {member: archive.read(member) for member in archive.namelist()}
    content = parts["content.xml"].decode()
    start = content.index("<table:table-row>")
    end = content.index("</table:table>")
    parts["content.xml"] = (content[:start] + rows + content[end:]).encode()
    with zipfile.ZipFile(path, "w") as archive:
        for member, data in parts.items():
            kind = zipfile.ZIP_STORED if member == "mimetype" else zipfile.ZIP_DEFLATED
            archive.writestr(member, data, kind)
    return path


def ods_text_cell(text: str, repeat: int = 1, span: int = 1) -> str:
    """One text cell of an ODS row, repeated and spanning as asked."""
    extra = f' table:number-columns-repeated="{repeat}"' if repeat > 1 else ""
    extra += f' table:number-columns-spanned="{span}"' if span > 1 else ""
    return (
        f'<table:table-cell office:value-type="string"{extra}><text:p>{escape(text)}</text:p>'
        "</table:table-cell>"
    )
