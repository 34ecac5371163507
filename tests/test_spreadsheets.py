"""Card data kept in spreadsheets (CSV, XLSX, ODS): typed by the pack's schema, validated and
located by cell as YAML is by line, translated and printed as YAML is; per-card copies; a
first schema inferred from a file."""

from __future__ import annotations

import datetime
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli.app import app
from generator.loading.sheets import MAX_INFLATED, load_sheet_file
from generator.services.starter import write_starter
from tests.conftest import replace_once
from tests.spreadsheets import (
    Formula,
    ods_text_cell,
    write_ods,
    write_raw_ods,
    write_raw_xlsx,
    write_xlsx,
    xlsx_cell,
)

HEADER = ["id", "name", "value", "colour"]


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return write_starter(Path("demo"), "demo")


def _rows(pack: Path) -> list[list[object]]:
    cards = yaml.safe_load((pack / "cards.yaml").read_text(encoding="utf-8"))["cards"]
    return [list(HEADER), *([card[key] for key in HEADER] for card in cards)]


def _use(pack: Path, name: str) -> None:
    replace_once(pack / "game.yaml", "{file: cards.yaml,", f"{{file: {name},")
    (pack / "cards.yaml").unlink()


def _write(pack: Path, suffix: str, rows: list[list[object]]) -> None:
    path = pack / f"cards.{suffix}"
    if suffix == "xlsx":
        write_xlsx(path, {"cards": rows})
    elif suffix == "ods":
        write_ods(path, {"cards": rows})
    else:
        lines = [",".join("" if v is None else str(v) for v in row) for row in rows]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _use(pack, path.name)


def _validate(runner: CliRunner) -> list[str]:
    result = runner.invoke(app, ["validate", "--data", "demo", "--format", "json"])
    report = json.loads(result.stdout)
    return [f"{d['file']}: {d['severity']}: {d['message']}" for d in report["diagnostics"]]


@pytest.mark.slow
@pytest.mark.parametrize("suffix", ["csv", "xlsx", "ods"])
def test_a_spreadsheet_prints_the_cards_its_yaml_would(
    pack: Path, runner: CliRunner, suffix: str
) -> None:
    assert runner.invoke(app, ["build", "--data", "demo", "--locale", "de"]).exit_code == 0
    from_yaml = Path("output/demo/de/card.pdf").read_bytes()
    rows = _rows(pack)
    rows[3][2] = str(rows[3][2])  # a number typed as text is read as the number
    _write(pack, suffix, [*rows, [], ["", "", "", ""]])  # empty trailing rows are nothing
    assert _validate(runner) == []
    built = runner.invoke(app, ["build", "--data", "demo", "--locale", "de"])
    assert built.exit_code == 0, built.output
    assert Path("output/demo/de/card.pdf").read_bytes() == from_yaml


@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_a_wrong_cell_is_named_by_sheet_and_cell(
    pack: Path, runner: CliRunner, suffix: str
) -> None:
    rows = _rows(pack)
    rows[2][2] = "three"
    rows[0].append("valeu")
    rows[4].append(3)
    _write(pack, suffix, rows)
    assert sorted(_validate(runner)) == [
        f"demo/cards.{suffix}:cards!C3: error: 'value' of 'sun-2' must be a whole number, "
        "got text 'three'",
        f"demo/cards.{suffix}:cards!E1: error: the column 'valeu' is not a field of these items",
    ]  # the header's error does not hide the cell's


def test_a_missing_or_misspelt_column_is_one_error_at_the_header(
    pack: Path, runner: CliRunner
) -> None:
    rows = [[cell for n, cell in enumerate(row) if n != 3] for row in _rows(pack)]  # no colour
    rows[0][2] = "valeu"
    rows[4][0] = "sun 4"  # not an id: reported beside the header's errors
    _write(pack, "csv", rows)
    result = runner.invoke(app, ["validate", "--data", "demo", "--format", "json"])
    found = [
        (d["file"], d["message"], d.get("hint")) for d in json.loads(result.stdout)["diagnostics"]
    ]
    found.sort()
    assert found[2][1].startswith("'id' of 'sun 4' ")
    assert found == [
        (
            "demo/cards.csv:A1",
            "the header row has no column 'colour', which every item needs",
            "add a column 'colour' to row 1",
        ),
        (
            "demo/cards.csv:A1",
            "the header row has no column 'value', which every item needs",
            "is 'valeu' meant to be 'value'? add a column 'value' to row 1",
        ),
        (
            "demo/cards.csv:A5",
            found[2][1],
            found[2][2],
        ),
        (
            "demo/cards.csv:C1",
            "the column 'valeu' is not a field of these items",
            "did you mean 'value'? the fields: colour, copies, id, name, value; or add the field "
            "to the schema",
        ),
    ]


def test_headers_and_sheets_are_read_as_field_names_and_a_strange_sheet_is_renamed(
    pack: Path, runner: CliRunner
) -> None:
    rows = _rows(pack)
    rows[0] = ["ID", "Name", " Value ", "Colour"]  # as spreadsheet users write them
    write_xlsx(pack / "cards.xlsx", {"Cards": rows})
    _use(pack, "cards.xlsx")
    assert _validate(runner) == []
    write_xlsx(pack / "cards.xlsx", {"Karten": rows})
    result = runner.invoke(app, ["validate", "--data", "demo"])
    assert result.exit_code == 1
    assert (
        "demo/cards.xlsx:Karten!A1: error: the sheet 'Karten' holds a list the schema does "
        "not know; its lists: cards" in result.output
    )
    assert "rename the sheet 'cards'" in result.output


def test_a_csv_file_names_its_cells_without_a_sheet(pack: Path, runner: CliRunner) -> None:
    rows = _rows(pack)
    rows[5][3] = "blue"
    _write(pack, "csv", rows)
    (found,) = _validate(runner)
    assert found.startswith("demo/cards.csv:D6: error: 'colour' of 'moon-1' ")


def test_merged_cells_and_columns_without_names_are_refused_at_their_cells(
    pack: Path, runner: CliRunner
) -> None:
    rows = _rows(pack)
    rows[7].append("stray")
    write_xlsx(pack / "cards.xlsx", {"cards": rows}, merged="B3:C3")
    _use(pack, "cards.xlsx")
    assert sorted(_validate(runner)) == [
        "demo/cards.xlsx:cards!B3: error: cells B3:C3 are merged",
        "demo/cards.xlsx:cards!E8: error: this cell is in a column without a name in row 1",
    ]


def test_hidden_sheets_are_notes_and_formulas_give_their_stored_value(
    pack: Path, runner: CliRunner
) -> None:
    rows = _rows(pack)
    rows[1][2] = Formula("of:=0.5*2", 1)  # the value the spreadsheet program computed
    write_ods(pack / "cards.ods", {"cards": rows, "notes": [["id"], ["not a card"]]}, ["notes"])
    _use(pack, "cards.ods")
    assert _validate(runner) == []


def test_cells_are_typed_by_the_schema(tmp_path: Path) -> None:
    schema = {
        "properties": {
            "cards": {
                "items": {
                    "properties": {
                        "tags": {"type": "array", "items": {"type": "integer"}},
                        "cost": {"properties": {"gold": {"type": "integer"}}},
                        "released": {"type": "string"},
                        "label": {"type": "string"},
                        "rare": {"type": "boolean"},
                    }
                }
            }
        }
    }
    rows: list[list[Any]] = [
        ["tags", "cost.gold", "released", "label", "rare"],
        ["1; 2;3", "4", datetime.date(2026, 11, 25), 7, "yes"],
        ["", 5, "", "", ""],
    ]
    path = write_xlsx(tmp_path / "cards.xlsx", {"cards": rows})
    document, problems = load_sheet_file(path, "cards.xlsx", schema)
    assert problems == [] and document is not None
    assert document.value == {
        "cards": [
            {
                "tags": [1, 2, 3],
                "cost": {"gold": 4},
                "released": "2026-11-25",
                "label": "7",
                "rare": True,
            },
            {"cost": {"gold": 5}},
        ]
    }
    assert document.where(("cards", 1, "cost", "gold")) == "cards.xlsx:cards!B3"
    pipes, _ = load_sheet_file(
        write_xlsx(tmp_path / "pipes.xlsx", {"cards": [["tags"], ["1 | 2"]]}), "p", schema, "|"
    )
    assert pipes is not None and pipes.value == {"cards": [{"tags": [1, 2]}]}


def test_a_zip_bomb_is_refused_before_it_is_inflated(tmp_path: Path) -> None:
    bomb = tmp_path / "cards.xlsx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (MAX_INFLATED + 1))
    assert bomb.stat().st_size < 100_000
    document, (problem,) = load_sheet_file(bomb, "cards.xlsx", {})
    assert document is None
    assert "unpacks to more than 16 MiB" in problem.message


def test_a_file_that_is_no_spreadsheet_is_a_clear_error(tmp_path: Path) -> None:
    fake = tmp_path / "cards.ods"
    fake.write_text("id,name\n", encoding="utf-8")
    document, (problem,) = load_sheet_file(fake, "cards.ods", {})
    assert document is None and "not a readable ODS spreadsheet" in problem.message


def test_the_names_in_a_spreadsheet_are_extracted_for_translation(
    pack: Path, runner: CliRunner
) -> None:
    _write(pack, "xlsx", _rows(pack))
    assert runner.invoke(app, ["i18n", "extract", "--data", "demo"]).exit_code == 0
    template = (pack / "locales/demo.pot").read_text(encoding="utf-8")
    assert "#. cell cards!B6\n#. cards: moon-2" in template
    assert '#: cards.xlsx\nmsgctxt "cards"\nmsgid "Moon"' in template
    assert runner.invoke(app, ["i18n", "update", "--data", "demo"]).exit_code == 0
    catalog = (pack / "locales/de/LC_MESSAGES/demo.po").read_text(encoding="utf-8")
    assert 'msgid "Moon"\nmsgstr "Mond"' in catalog  # kept, not made obsolete


@pytest.mark.slow
def test_copies_make_several_cards_of_one_line(pack: Path, runner: CliRunner) -> None:
    rows = _rows(pack)
    rows[0].append("copies")
    rows[1].append(3)
    _write(pack, "xlsx", rows)
    assert _validate(runner) == [
        "demo/components.yaml: error: count 12 of 'card' disagrees with the 14 cards the data "
        "makes (12 items of cards/cards, 14 cards with their copies)"
    ]
    replace_once(pack / "components.yaml", "count: 12", "count: 14")
    assert _validate(runner) == []
    listed = runner.invoke(app, ["cards", "--data", "demo", "--json"])
    assert json.loads(listed.stdout)[0]["copies"] == 3
    exported = runner.invoke(app, ["export", "tts", "--data", "demo", "--locale", "en"])
    assert exported.exit_code == 0, exported.output
    deck = json.loads(Path("output/demo/tts/demo-card-en.json").read_text(encoding="utf-8"))
    ids = [card["GMNotes"] for card in deck["ObjectStates"][0]["ContainedObjects"]]
    assert ids[:4] == ["sun-1", "sun-1", "sun-1", "sun-2"] and len(ids) == 14
    runner.invoke(app, ["export", "png", "--data", "demo", "--locale", "en", "--dpi", "36"])
    pictures = sorted(p.name for p in Path("output/demo/png/card/en").glob("sun-1*.png"))
    assert pictures == ["sun-1-back.png", "sun-1.png"]  # one picture per card, not per copy
    summary = ["summary", "--data", "demo", "--locale", "en", "--format", "md"]
    assert runner.invoke(app, summary).exit_code == 0
    written = Path("output/demo/en/summary.md").read_text(encoding="utf-8")
    assert "The deck has 14 cards." in written and "| Card | 14 |" in written


def test_schema_infer_starts_a_schema_the_file_passes(pack: Path, runner: CliRunner) -> None:
    _write(pack, "ods", _rows(pack))
    out = pack / "schemas/cards.schema.json"
    refused = runner.invoke(app, ["schema", "infer", "demo/cards.ods", "--out", str(out)])
    assert refused.exit_code == 2 and "add --force" in refused.output
    written = runner.invoke(
        app, ["schema", "infer", "demo/cards.ods", "--out", str(out), "--force"]
    )
    assert written.exit_code == 0, written.output
    schema = json.loads(out.read_text(encoding="utf-8"))
    card = schema["properties"]["cards"]["items"]
    assert card["properties"]["value"] == {
        "description": "The value: a whole number from 0 to 9 (the data has 1 to 4).",
        "type": "integer",
        "minimum": 0,
        "maximum": 9,
    }
    assert card["properties"]["id"]["$ref"] == "common.schema.json#/$defs/id"
    assert _validate(runner) == []
    from_yaml = runner.invoke(app, ["schema", "infer", "demo/documents/summary.yaml"])
    assert from_yaml.exit_code == 0 and '"$schema"' in from_yaml.stdout


def test_without_ids_or_a_count_the_cards_take_their_names_and_the_data_its_count(
    pack: Path, runner: CliRunner
) -> None:
    schema = pack / "schemas/cards.schema.json"
    replace_once(schema, '"required": ["id", "name", "value", "colour"]', '"required": ["value"]')
    replace_once(pack / "components.yaml", "    count: 12\n", "")
    rows = [row[1:] for row in _rows(pack)]  # no id column
    rows[9][0] = "Grand Étoile"  # star-1: a name of its own
    rows.append(["", 5, "#2E8B6E", 2])  # no name: numbered by its place
    rows[0].append("copies")
    _write(pack, "csv", rows)
    listed = runner.invoke(app, ["cards", "--data", "demo"])
    assert listed.exit_code == 0, listed.output
    assert listed.output.splitlines()[-1] == (
        "card: 14 cards, 13 of them different, as the data makes them (components.yaml gives "
        "no count)"
    )
    ids = [
        row["id"]
        for row in json.loads(runner.invoke(app, ["cards", "--data", "demo", "--json"]).stdout)
    ]
    assert ids == [
        *(f"sun-{n}" for n in range(1, 5)),
        *(f"moon-{n}" for n in range(1, 5)),
        "grand-etoile",
        *(f"star-{n}" for n in range(1, 4)),
        "card-13",
    ]
    (warning,) = [line for line in _validate(runner) if "numbered" in line]
    assert warning == (
        "demo/components.yaml: warning: a card of 'card' has neither an id nor a name, so it is "
        "numbered by place (card-13): a row inserted above renumbers it"
    )
    replace_once(
        pack / "components.yaml", "    format: poker\n", "    count: 13\n    format: poker\n"
    )
    assert any("count 13 of 'card' disagrees with the 14 cards" in m for m in _validate(runner))


def _formula_cells(pack: Path, suffix: str) -> None:
    """A sheet of two cards whose values are formulas: one gives an error, one was never
    computed (as a program that writes formulas without values leaves it)."""
    rows = _rows(pack)[:3]
    path = pack / f"cards.{suffix}"
    if suffix == "xlsx":
        cells = []
        for number, row in enumerate(rows, 1):
            found = [xlsx_cell(f"{'ABCD'[n]}{number}", v) for n, v in enumerate(row)]
            if number == 2:
                found[2] = '<c r="C2" t="e"><f>A9/0</f><v>#DIV/0!</v></c>'
            if number == 3:
                found[2] = '<c r="C3"><f>C2+1</f></c>'
            cells.append(f'<row r="{number}">{"".join(found)}</row>')
        write_raw_xlsx(path, "".join(cells))
    else:
        lines = []
        for number, row in enumerate(rows, 1):
            found = [ods_text_cell(str(v)) for v in row]
            if number == 2:
                found[2] = (
                    '<table:table-cell table:formula="of:=[.A9]/0" office:value-type="float" '
                    'office:value="0" calcext:value-type="error"><text:p>#DIV/0!</text:p>'
                    "</table:table-cell>"
                )
            if number == 3:
                found[2] = '<table:table-cell table:formula="of:=[.C2]+1"/>'
            lines.append(f"<table:table-row>{''.join(found)}</table:table-row>")
        write_raw_ods(path, "".join(lines))
    _use(pack, path.name)


@pytest.mark.parametrize("suffix", ["xlsx", "ods"])
def test_a_formula_without_a_value_is_named_at_its_cell(
    pack: Path, runner: CliRunner, suffix: str
) -> None:
    _formula_cells(pack, suffix)
    replace_once(pack / "components.yaml", "count: 12", "count: 2")
    assert sorted(_validate(runner)) == [
        f"demo/cards.{suffix}:cards!C2: error: the cell's formula gives the error #DIV/0!, "
        "not a value",
        f"demo/cards.{suffix}:cards!C3: error: the cell holds a formula whose value was never "
        "saved",
    ]


def test_an_unknown_icon_in_a_cell_is_named_at_the_cell(pack: Path, runner: CliRunner) -> None:
    rows = _rows(pack)
    rows[0].append("ability")
    rows[3].append("Gain **2** [starr] at once")
    _write(pack, "xlsx", rows)
    replace_once(pack / "game.yaml", "documents:", "translate: [name, ability]\ndocuments:")
    replace_once(
        pack / "schemas/cards.schema.json",
        '"colour": {',
        '"ability": {"type": "string"}, "colour": {',
    )
    with (pack / "layouts/card.yaml").open("a", encoding="utf-8") as layout:
        layout.write(
            '  ability: {type: text, box: [8, 56, 47, 10], text: "{ability|tr}", size: 10, '
            "min: 6, markup: true, when: ability}\n"
        )
    errors = [line for line in _validate(runner) if ": error: " in line]
    assert errors == [
        "demo/cards.xlsx:cards!E4: error: unknown icon 'starr' in 'ability' of sun-3: "
        "'Gain **2** [starr] at once'"
    ]
