"""`draftdeck new GAME --from cards.xlsx`: from the spreadsheet a designer has to cards on the
table, typing no YAML: the pack made around the sheet validates and prints as it is, a
language is added in one command and translated in a translators' workbook, and the printed
cards, pictures and Tabletop Simulator decks come out of it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlparse
from urllib.request import url2pathname

import openpyxl
import pytest
import yaml
from babel.messages.pofile import read_po
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli.app import app
from generator.core.plain import SchemaNode
from generator.services.find import load_pack
from generator.services.from_sheet import roles_of
from generator.services.layout_editor import Change, apply_change, face_layout
from tests.sheet_games import card_rows, write_cards
from tests.spreadsheets import write_xlsx

GERMAN = {
    "Gain **2** [star] when you play this card.": "Erhalte **2** [star], wenn du diese Karte "
    "ausspielst.",
    "Draw a card, then discard one.": "Ziehe eine Karte und wirf dann eine ab.",
    "Light travels far.": "Licht reicht weit.",
    "Sun": "Sonne",
    "Moon": "Mond",
    "Star": "Stern",
}
"""Whole texts, and words of the rest (names such as Sun 3)."""


OPENING = [
    "draftdeck new stargaze --from cards.xlsx",
    "draftdeck validate --data stargaze",
    "draftdeck cards --data stargaze",
    "draftdeck i18n add de --data stargaze",
    "draftdeck i18n check --data stargaze --locale de",
    "draftdeck build --data stargaze",
    "draftdeck summary --data stargaze",
    "draftdeck export tts --data stargaze",
]
"""The tutorial's opening, from your spreadsheet (docs/tutorial.md runs them in this order)."""


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _step(runner: CliRunner, command: str) -> str:
    """A command of the tutorial's opening, as typed."""
    assert command in OPENING
    return _run(runner, *command.split()[1:])


def _translate(workbook: Path, words: dict[str, str]) -> int:
    """What a translator does in the exported workbook: every German cell filled, whole
    texts from `words`, the rest (names such as Sun 3) word by word; the cells filled."""
    book = openpyxl.load_workbook(workbook)
    sheet = book["de"]
    assert [c.value for c in sheet[1]][1:4] == ["Source text", "Source plural", "Translation"]
    filled = 0
    for row in sheet.iter_rows(min_row=2):
        source, translation = str(row[1].value or ""), row[3]
        if not source or translation.value:
            continue
        text = words.get(source, source)
        if text == source:
            for english, german in words.items():
                text = text.replace(english, german)
        translation.value = text
        filled += 1
    book.save(workbook)
    return filled


@pytest.mark.slow
def test_a_spreadsheet_becomes_a_game_that_prints_and_plays_online(
    here: Path, runner: CliRunner
) -> None:
    write_cards(here / "cards.xlsx", with_ids=False)  # ids made from the names
    _step(runner, OPENING[0])
    pack = here / "stargaze"
    assert (pack / "cards.xlsx").read_bytes() == (here / "cards.xlsx").read_bytes()
    manifest = yaml.safe_load((pack / "game.yaml").read_text(encoding="utf-8"))
    assert manifest["locales"] == ["en"]  # the source language only
    checked = _step(runner, OPENING[1])
    assert checked.endswith("no errors, no warnings\n"), checked
    listed = _step(runner, OPENING[2])
    assert listed.splitlines()[-1] == (
        "cards: 39 cards, 36 of them different, as the data makes them (components.yaml gives "
        "no count)"
    )
    ids = [row["id"] for row in json.loads(_run(runner, "cards", "--data", "stargaze", "--json"))]
    assert ids[:2] == ["sun-1", "sun-2"] and ids[-1] == "star-12"
    schema = json.loads((pack / "schemas/cards.schema.json").read_text(encoding="utf-8"))
    value = schema["properties"]["cards"]["items"]["properties"]["value"]
    assert value["description"] == "The value: a whole number from 0 to 99 (the data has 1 to 12)."

    _step(runner, OPENING[3])
    assert yaml.safe_load((pack / "game.yaml").read_text())["locales"] == ["en", "de"]
    warned = _step(runner, OPENING[1])
    assert (
        warned.splitlines()[0].startswith("stargaze/locales/de/LC_MESSAGES/stargaze.po: warning: ")
        and "texts have no German translation yet" in warned.splitlines()[0]
    )
    assert len(warned.splitlines()) == 3  # one warning, its hint, the summary
    missing = runner.invoke(app, OPENING[4].split()[1:])
    assert missing.exit_code == 1 and "'Sun' has no German translation" in missing.output
    _run(runner, "i18n", "export", "--data", "stargaze", "--locale", "de")
    workbook = here / "output/stargaze/stargaze-translations.xlsx"
    filled = _translate(workbook, GERMAN)
    imported = _run(runner, "i18n", "import", str(workbook), "--data", "stargaze")
    assert imported == (
        f"updated: stargaze/locales/de/LC_MESSAGES/stargaze.po ({filled} entries changed)\n"
    )
    assert "catalogs complete" in _step(runner, OPENING[4])

    built = _step(runner, OPENING[5])
    assert "output/stargaze/de/cards.pdf" in built
    first = PdfReader(here / "output/stargaze/de/cards.pdf").pages[0].extract_text()
    assert "Sonne 1" in first and "Sonne" in first
    _step(runner, OPENING[6])
    summary = PdfReader(here / "output/stargaze/de/summary.pdf").pages[0].extract_text()
    assert "Regelübersicht" in summary and "39" in summary

    _run(runner, "export", "png", "--data", "stargaze", "--locale", "de", "--dpi", "40")
    assert (here / "output/stargaze/png/cards/de/sun-3.png").is_file()
    _step(runner, OPENING[7])
    bag = json.loads((here / "output/stargaze/tts/stargaze-de.json").read_text(encoding="utf-8"))
    (deck,) = bag["ObjectStates"][0]["ContainedObjects"]
    assert deck["ContainedObjects"][0]["Nickname"] == "Sonne 1"
    assert len(deck["ContainedObjects"]) == 39
    for entry in deck["CustomDeck"].values():
        for url in (entry["FaceURL"], entry["BackURL"]):
            assert Path(url2pathname(urlparse(url).path)).is_file(), url


def test_the_columns_are_laid_out_by_what_they_hold() -> None:
    header, *rows = card_rows(with_ids=False)
    keys = [h.lower() for h in header]
    items = [{k: v for k, v in zip(keys, row, strict=True) if v != ""} for row in rows]
    schema: SchemaNode = {"properties": {k: {} for k in keys}}
    roles = roles_of(items, schema)
    assert (roles.name, roles.category, roles.value, roles.rules, roles.flavour) == (
        "name",
        "suit",
        "value",
        "ability",
        "flavour",
    )
    assert roles.categories == ("Sun", "Moon", "Star")
    assert roles.optional == frozenset({"ability", "copies"})


@pytest.mark.slow
def test_a_sheet_without_ids_or_names_is_numbered_with_a_warning(
    here: Path, runner: CliRunner
) -> None:
    rows: list[list[Any]] = [["Strength", "Speed"], *([n, 10 - n] for n in range(1, 7))]
    write_xlsx(here / "units.xlsx", {"units": rows})
    _run(runner, "new", "skirmish", "--from", "units.xlsx")
    checked = runner.invoke(app, ["validate", "--data", "skirmish"])
    assert checked.exit_code == 0, checked.output
    assert (
        "warning: 6 cards of 'units' have neither an id nor a name, so they are numbered by "
        "place (units-1, units-2, units-3, …)" in checked.output
    )
    assert "give units/units a column (or key) 'id'" in checked.output
    quiet = runner.invoke(app, ["validate", "--data", "skirmish", "--quiet"])
    assert quiet.output == "skirmish: 8 files checked, no errors, 1 warning (not shown: --quiet)\n"


def test_what_cannot_become_a_pack_is_refused_and_leaves_nothing(
    here: Path, runner: CliRunner
) -> None:
    (here / "notes.txt").write_text("not a sheet", encoding="utf-8")
    refused = runner.invoke(app, ["new", "g", "--from", "notes.txt"])
    assert refused.exit_code == 2 and "notes.txt is not a spreadsheet" in refused.output
    missing = runner.invoke(app, ["new", "g", "--from", "gone.xlsx"])
    assert missing.exit_code == 2 and "there is no file gone.xlsx" in missing.output
    write_xlsx(here / "cards.xlsx", {"cards": card_rows()}, merged="B3:C3")
    merged = runner.invoke(app, ["new", "g", "--from", "cards.xlsx"])
    assert merged.exit_code == 1 and "cards.xlsx:cards!B3: error: cells B3:C3 are merged" in (
        merged.output
    )
    write_xlsx(here / "dated.xlsx", {"2024 Cards": card_rows()})
    dated = runner.invoke(app, ["new", "g", "--from", "dated.xlsx"])
    assert dated.exit_code == 2 and "the sheet '2024_cards' of dated.xlsx cannot name a list" in (
        dated.output
    )
    write_cards(here / "more.xlsx")
    write_cards(here / "cards.xlsx")
    twice = runner.invoke(app, ["new", "g", "--from", "cards.xlsx", "--from", "more.xlsx"])
    assert twice.exit_code == 2 and "two sheets hold a list 'cards' (cards and more)" in (
        twice.output
    )
    plugin = runner.invoke(app, ["new", "g", "--from", "cards.xlsx", "--plugin"])
    assert plugin.exit_code == 2 and "make the pack with --from, then write its plug-in" in (
        plugin.output
    )
    language = runner.invoke(app, ["new", "g", "--from", "cards.xlsx", "--language", "klingon"])
    assert language.exit_code == 2 and "'klingon' is not a language code" in language.output
    assert not (here / "g").exists()


def test_a_language_is_added_once(here: Path, runner: CliRunner) -> None:
    write_cards(here / "My Cards.xlsx")
    _run(runner, "new", "stargaze", "--from", "My Cards.xlsx", "--language", "de")
    assert (here / "stargaze/my-cards.xlsx").is_file()  # a name a pack may use
    listed = json.loads(_run(runner, "cards", "--data", "stargaze", "--json"))
    assert [row["id"] for row in listed[:2]] == ["sun-1", "sun-2"]  # from the ID column
    assert "ID" not in listed[0] and listed[0]["name"] == "Sun 1"
    manifest = yaml.safe_load((here / "stargaze/game.yaml").read_text(encoding="utf-8"))
    assert (manifest["locales"], manifest["source_locale"]) == (["de"], "de")
    again = runner.invoke(app, ["i18n", "add", "de", "--data", "stargaze"])
    assert again.exit_code == 2 and "stargaze already has German (de)" in again.output
    added = _run(runner, "i18n", "add", "fr", "--data", "stargaze")
    assert "written: stargaze/locales/fr/LC_MESSAGES/stargaze.po" in added
    with (here / "stargaze/locales/fr/LC_MESSAGES/stargaze.po").open("rb") as stream:
        french = {m.id: m.string for m in read_po(stream) if m.id}
    assert french["{game.name|tr}: rules summary"] == "{game.name|tr}\u202f: résumé des règles"
    assert french["Sun"] == ""  # the designer's own texts wait for a translator
    unknown = runner.invoke(app, ["i18n", "check", "--data", "stargaze", "--locale", "it"])
    assert unknown.exit_code == 2 and "stargaze has no language it" in unknown.output
    _run(runner, "i18n", "add", "it", "--data", "stargaze")  # any language Babel knows
    warned = _run(runner, "validate", "--data", "stargaze")
    assert (
        "stargaze/locales/it/LC_MESSAGES/stargaze.po: warning: 52 texts have no Italian "
        "translation yet; they print in German meanwhile"
    ) in warned


def test_a_cell_schema_error_never_hides_another_cells_unknown_reference(
    here: Path, runner: CliRunner
) -> None:
    write_cards(here / "cards.xlsx")
    _run(runner, "new", "stargaze", "--from", "cards.xlsx")
    rows = card_rows()
    rows[3][3] = "three"  # C4: not a whole number
    rows[7][2] = "Sunn"  # C8 (suit): no colour in colours.yaml has this id
    write_xlsx(here / "stargaze/cards.xlsx", {"Cards": rows})
    result = runner.invoke(app, ["validate", "--data", "stargaze", "--format", "json"])
    found = sorted((d["file"], d["message"]) for d in json.loads(result.stdout)["diagnostics"])
    assert [where for where, _ in found] == [
        "stargaze/cards.xlsx:Cards!C8",
        "stargaze/cards.xlsx:Cards!D4",
    ]
    assert found[0][1] == "unknown suit 'Sunn'"


@pytest.mark.slow
def test_the_first_face_is_laid_out_further_in_the_editor(here: Path, runner: CliRunner) -> None:
    write_cards(here / "cards.xlsx")
    _run(runner, "new", "stargaze", "--from", "cards.xlsx")
    root = here / "stargaze"

    def digest() -> str:
        shown = face_layout(load_pack(root, to_view=True), root, "cards", "front")
        return str(shown["files"]["layouts/cards.yaml"])

    change = Change("cards", "front", "name", "box", 0, by=2.0, digest=digest())
    assert apply_change(load_pack(root, to_view=True), root, change).after == 20
    change = Change("cards", "front", "rules", "style", value="flavour", digest=digest())
    apply_change(load_pack(root, to_view=True), root, change)
    layout = yaml.safe_load((root / "layouts/cards.yaml").read_text(encoding="utf-8"))
    assert layout["elements"]["name"]["box"][0] == 20
    assert layout["elements"]["rules"]["style"] == "flavour"
    assert _run(runner, "validate", "--data", "stargaze").endswith("no errors, no warnings\n")
