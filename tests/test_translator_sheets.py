"""Translations in a spreadsheet: `i18n export` writes a workbook a translator fills in,
`i18n import` merges it back with every check the catalogs get, each problem at its cell,
and nothing written unless every row passes."""

from __future__ import annotations

import time
from pathlib import Path

import openpyxl
import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from generator.cli.app import app
from generator.services.starter import write_starter

WORKBOOK = "output/demo/demo-translations.xlsx"
CATALOG = Path("demo/locales/de/LC_MESSAGES/demo.po")


@pytest.fixture
def exported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner) -> Path:
    monkeypatch.chdir(tmp_path)
    write_starter(Path("demo"), "demo")
    result = runner.invoke(app, ["i18n", "export", "--data", "demo"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"written: {WORKBOOK}\n")
    return tmp_path / WORKBOOK


def _row(sheet: object, source: str) -> int:
    """The row of a source text in a language's sheet."""
    for row in sheet.iter_rows(min_row=2):  # type: ignore[attr-defined]
        if row[1].value == source:
            return int(row[1].row)
    raise AssertionError(source)


def _edit(path: Path, locale: str, edits: dict[str, str]) -> dict[str, str]:
    """A translator's edits of the Translation column; the cell of each."""
    workbook = openpyxl.load_workbook(path)
    sheet = workbook[locale]
    assert [c.value for c in sheet[1]][:4] == [
        "Context",
        "Source text",
        "Source plural",
        "Translation",
    ]
    cells = {}
    for source, translation in edits.items():
        row = _row(sheet, source)
        sheet.cell(row=row, column=4, value=translation)
        cells[source] = f"D{row}"
    workbook.save(path)
    return cells


def _german() -> dict[str, str]:
    with CATALOG.open("rb") as stream:
        return {m.id: str(m.string) for m in read_po(stream) if m.id and isinstance(m.id, str)}


@pytest.mark.slow
def test_a_workbook_holds_a_sheet_per_language_and_comes_back_unchanged(
    exported: Path, runner: CliRunner
) -> None:
    workbook = openpyxl.load_workbook(exported)
    assert workbook.sheetnames == ["de", "fr"]  # English is the source language
    german = workbook["de"]
    assert german.cell(row=_row(german, "Sun"), column=4).value == "Sonne"
    before = {p: p.read_bytes() for p in Path("demo/locales").rglob("*.po")}
    result = runner.invoke(app, ["i18n", "import", WORKBOOK, "--data", "demo"])
    assert result.exit_code == 0, result.output
    assert result.output == "demo: nothing changed\n"
    assert {p: p.read_bytes() for p in Path("demo/locales").rglob("*.po")} == before
    time.sleep(1.1)  # a workbook stamps the time it is saved, to the second
    again = runner.invoke(app, ["i18n", "export", "--data", "demo"])
    assert again.output.startswith(f"unchanged: {WORKBOOK}\n")  # the same bytes


def test_an_edited_cell_changes_one_entry(exported: Path, runner: CliRunner) -> None:
    before = _german()
    _edit(exported, "de", {"Moon": "Mondin"})
    result = runner.invoke(app, ["i18n", "import", WORKBOOK, "--data", "demo"])
    assert result.exit_code == 0, result.output
    assert result.output == f"updated: {CATALOG} (1 entry changed)\n"
    after = _german()
    assert after.pop("Moon") == "Mondin" and before.pop("Moon") == "Mond"
    assert after == before


@pytest.mark.slow
def test_every_problem_is_named_at_its_cell_and_nothing_is_written(
    exported: Path, runner: CliRunner
) -> None:
    before = CATALOG.read_bytes()
    long_name = "Sonne " * 40
    cells = _edit(
        exported,
        "de",
        {
            "Star": "Stern {value}",  # a placeholder the source does not have
            "Draw a card.": "Ziehe ein Kärtchen.",  # a word the glossary avoids
            "{game.name|tr}: rules summary": "{game.title}: Regeln",  # a placeholder lost
        },
    )
    result = runner.invoke(app, ["i18n", "import", WORKBOOK, "--data", "demo"])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if ": error: " in line]
    where = {line.split(": error: ")[0].rsplit("!", 1)[1] for line in lines}
    assert where == {cells["Star"], cells["Draw a card."], cells["{game.name|tr}: rules summary"]}
    assert all(line.startswith(f"{WORKBOOK}:de!") for line in lines)
    assert CATALOG.read_bytes() == before
    fixed = _edit(
        exported,
        "de",
        {
            "Star": long_name,  # reads well, but does not fit the card's title
            "Draw a card.": "Ziehe eine Karte.",
            "{game.name|tr}: rules summary": "{game.name|tr}: Regelübersicht",
        },
    )
    too_long = runner.invoke(app, ["i18n", "import", WORKBOOK, "--data", "demo"])
    assert too_long.exit_code == 1, too_long.output
    assert f"{WORKBOOK}:de!{fixed['Star']}: error: " in too_long.output
    assert "hint: shorten the translation" in too_long.output
    assert CATALOG.read_bytes() == before


def test_a_sheet_of_texts_the_catalog_lacks_is_refused(exported: Path, runner: CliRunner) -> None:
    workbook = openpyxl.load_workbook(exported)
    workbook["de"].cell(row=2, column=2, value="A text no card has")
    workbook["fr"].title = "it"
    workbook.save(exported)
    result = runner.invoke(app, ["i18n", "import", WORKBOOK, "--data", "demo"])
    assert result.exit_code == 1
    assert f"{WORKBOOK}:de!B2: error: 'A text no card has'" in result.output
    assert (
        f"{WORKBOOK}:it!A1: error: the sheet 'it' names no language demo is translated "
        "into" in result.output
    )
