"""Spreadsheets written to take draftdeck down: cells far apart, references no sheet has,
repeats that multiply, numbers no card prints, headers nested thousands deep, text that is
not UTF-8. Each is one located error, never a traceback, within a memory and time limit
(the commands run as users run them, in a process of their own)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from generator.loading.sheets import MAX_DEPTH, load_sheet_file
from generator.services.starter import write_starter
from tests.conftest import replace_once
from tests.limits import draftdeck
from tests.spreadsheets import (
    ods_text_cell,
    write_raw_ods,
    write_raw_xlsx,
    write_xlsx,
    xlsx_cell,
)

HEADER = (
    '<row r="1">'
    + "".join(
        xlsx_cell(f"{c}1", n)
        for c, n in zip("ABCD", ("id", "name", "value", "colour"), strict=True)
    )
    + "</row>"
)
ROW = (
    '<row r="2">'
    + "".join(
        xlsx_cell(f"{c}2", v) for c, v in zip("ABCD", ("sun-1", "Sun", 1, "#E0A800"), strict=True)
    )
    + "</row>"
)


def _row(number: int, *cells: str) -> str:
    return f'<row r="{number}">' + "".join(cells) + "</row>"


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return write_starter(Path("demo"), "demo")


def _use(pack: Path, name: str) -> None:
    replace_once(pack / "game.yaml", "{file: cards.yaml,", f"{{file: {name},")
    (pack / "cards.yaml").unlink()


def _refused(pack: Path, *args: str) -> str:
    """What `validate` (or the command given) prints for the pack: exit 1, no traceback."""
    started = time.monotonic()
    result = draftdeck(*(args or ("validate", "--data", "demo")), cwd=pack.parent)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "Traceback" not in output and "panicked" not in output, output
    assert time.monotonic() - started < 60
    return output


@pytest.mark.slow
def test_two_cells_far_apart_are_refused_before_a_grid_is_built(pack: Path) -> None:
    """A1 and XFD1048576: a grid of 17 billion cells once aborted the process."""
    far = _row(1048576, xlsx_cell("XFD1048576", "x"))
    write_raw_xlsx(pack / "cards.xlsx", HEADER + ROW + far)
    _use(pack, "cards.xlsx")
    output = _refused(pack)
    assert "demo/cards.xlsx:cards!XFD1048576: error: the cell XFD1048576 lies far outside" in output
    assert "clear XFD1048576" in output


@pytest.mark.slow
def test_one_cell_at_the_bottom_is_refused_at_once(pack: Path) -> None:
    write_raw_xlsx(pack / "cards.xlsx", HEADER + ROW + _row(1048576, xlsx_cell("BL1048576", 1)))
    _use(pack, "cards.xlsx")
    assert "cards!BL1048576: error: the cell BL1048576 lies far outside" in _refused(pack)


@pytest.mark.slow
def test_repeated_cells_of_an_ods_count_as_the_cells_they_make(pack: Path) -> None:
    """1,831 rows of 16,384 repeated non-empty cells: 1 KB that once used 3 GB."""
    rows = (
        '<table:table-row table:number-rows-repeated="1831">'
        + ods_text_cell("x", repeat=16384)
        + "</table:table-row>"
    )
    write_raw_ods(pack / "cards.ods", rows)
    _use(pack, "cards.ods")
    assert "demo/cards.ods:cards!XFD1831: error: the cell XFD1831 lies far outside" in _refused(
        pack
    )


@pytest.mark.slow
def test_a_reference_no_sheet_has_is_a_located_error(pack: Path) -> None:
    """ZZZZZZ99999999999 once made the reader panic (a BaseException) in validate, in
    schema infer and in the gallery's watch."""
    write_raw_xlsx(pack / "cards.xlsx", HEADER + _row(2, xlsx_cell("ZZZZZZ99999999999", 1)))
    _use(pack, "cards.xlsx")
    message = "the file names a cell 'ZZZZZZ99999999999', which no spreadsheet has"
    assert message in _refused(pack)
    assert message in _refused(pack, "schema", "infer", "demo/cards.xlsx")


@pytest.mark.slow
def test_a_number_of_five_thousand_digits_is_refused_at_its_cell(pack: Path) -> None:
    lines = ["id,name,value,colour", f"sun-1,Sun,{'9' * 5000},#E0A800"]
    (pack / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _use(pack, "cards.csv")
    output = _refused(pack)
    assert "demo/cards.csv:C2: error: the cell holds a number of 5,000 digits" in output
    assert "9" * 100 not in output
    infer = draftdeck("schema", "infer", "demo/cards.csv", cwd=pack.parent)
    assert infer.returncode == 0 and "Exceeds the limit" not in infer.stderr


@pytest.mark.slow
def test_a_header_nested_thousands_deep_is_refused_at_its_cell(pack: Path) -> None:
    header = ".".join(["a"] * 5000)
    (pack / "cards.csv").write_text(f"id,{header}\nsun-1,1\n", encoding="utf-8")
    _use(pack, "cards.csv")
    output = _refused(pack)
    assert "demo/cards.csv:B1: error: the header 'a.a.a" in output
    assert f"nests 5,000 fields deep, more than a field may ({MAX_DEPTH})" in output.replace(
        "5000", "5,000"
    )
    infer = _refused(pack, "schema", "infer", "demo/cards.csv")
    assert "B1: error: the header" in infer and "RecursionError" not in infer


@pytest.mark.parametrize("value", ["NaN", "inf", "-inf"])
def test_a_number_cell_that_is_no_number_is_refused_at_its_cell(tmp_path: Path, value: str) -> None:
    """A NaN or infinity once passed minimum and maximum, printed "NaN" and wrote bare NaN
    into data.json."""
    path = write_raw_xlsx(
        tmp_path / "cards.xlsx",
        HEADER + _row(2, f'<c r="C2"><v>{value}</v></c>'),
    )
    schema = {"properties": {"cards": {"items": {"properties": {"value": {"type": "integer"}}}}}}
    document, problems = load_sheet_file(path, "cards.xlsx", schema)
    assert document is None
    assert [p.file for p in problems] == ["cards.xlsx:cards!C2"]
    assert "not a number" in problems[0].message or "infinite" in problems[0].message


@pytest.mark.slow
def test_schema_infer_refuses_nan_and_an_empty_separator(pack: Path) -> None:
    write_raw_xlsx(
        pack / "numbers.xlsx",
        _row(1, xlsx_cell("A1", "value")) + _row(2, '<c r="A2"><v>NaN</v></c>'),
    )
    nan = draftdeck("schema", "infer", "demo/numbers.xlsx", cwd=pack.parent, memory=False)
    assert nan.returncode == 1
    assert "numbers.xlsx:cards!A2: error: the cell holds NaN" in nan.stdout + nan.stderr
    write_xlsx(pack / "cards.xlsx", {"cards": [["id"], ["sun-1"]]})
    empty = draftdeck(
        "schema", "infer", "demo/cards.xlsx", "--separator", "", cwd=pack.parent, memory=False
    )
    assert empty.returncode == 2
    assert "the list separator must be a character" in empty.stdout + empty.stderr
    assert "Traceback" not in empty.stderr


def test_a_merged_cell_of_an_ods_is_refused_at_its_cell(tmp_path: Path) -> None:
    rows = (
        "<table:table-row>" + ods_text_cell("id") + ods_text_cell("name") + "</table:table-row>"
        "<table:table-row>"
        + ods_text_cell("sun-1 and Sun", span=2)
        + "<table:covered-table-cell/></table:table-row>"
    )
    path = write_raw_ods(tmp_path / "cards.ods", rows)
    document, problems = load_sheet_file(path, "cards.ods", {})
    assert document is None
    assert [(p.file, p.message) for p in problems] == [
        ("cards.ods:cards!A2", "cells A2:B2 are merged")
    ]


def test_a_utf16_csv_is_named_for_what_it_is(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes("id,name\nsun-1,Sun\n".encode("utf-16-le"))
    document, problems = load_sheet_file(path, "cards.csv", {})
    assert document is None
    assert [p.message for p in problems] == [
        "the file looks like UTF-16 text (as 'Unicode text' saves it), not UTF-8"
    ]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('id,name\nsun-1,"Sun\n', 2, "a quoted cell is never closed before the end of the file"),
        (f'id,name\nsun-1,Sun\nsun-2,"{"x" * 200_000}"\n', 3, "a cell holds more than 131,072"),
    ],
)
def test_a_csv_that_cannot_be_parsed_names_its_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = tmp_path / "cards.csv"
    path.write_text(text, encoding="utf-8")
    document, problems = load_sheet_file(path, "cards.csv", {})
    assert document is None
    assert problems[0].file == f"cards.csv:{line}"
    assert problems[0].message.startswith(message)
