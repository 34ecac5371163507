"""Translations survive an edit, and a draft in one language never blocks another: a changed
text keeps its old translation as a fuzzy suggestion, prints in the source language until it
is reviewed (with a warning; --strict refuses), and the source language needs no catalog."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from generator.cli.app import app
from generator.services.starter import write_starter
from tests.conftest import replace_once
from tests.pdf_helpers import reader


@pytest.fixture
def renamed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner) -> Path:
    """A new game whose "Moon" became "Full Moon", catalogs extracted and updated."""
    monkeypatch.chdir(tmp_path)
    pack = write_starter(Path("demo"), "demo")
    cards = pack / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("name: Moon,", "name: Full Moon,"))
    for step in ("extract", "update"):
        assert runner.invoke(app, ["i18n", step, "--data", "demo"]).exit_code == 0
    return pack


def _entry(pack: Path, locale: str, text: str) -> Any:
    with (pack / f"locales/{locale}/LC_MESSAGES/demo.po").open("rb") as catalog:
        return read_po(catalog).get(text, context="cards")


def test_a_changed_text_keeps_its_old_translation_as_a_fuzzy_suggestion(renamed: Path) -> None:
    german = _entry(renamed, "de", "Full Moon")
    assert german is not None and german.fuzzy and german.string == "Mond"
    catalog = (renamed / "locales/de/LC_MESSAGES/demo.po").read_text(encoding="utf-8")
    assert '#| msgid "Moon"\nmsgctxt "cards"\nmsgid "Full Moon"' in catalog  # the old text


@pytest.mark.slow
def test_the_source_language_prints_at_once_and_the_others_print_it_meanwhile(
    renamed: Path, runner: CliRunner
) -> None:
    english = runner.invoke(app, ["preview", "moon-1", "--data", "demo", "--locale", "en"])
    assert english.exit_code == 0, english.output
    assert "warning" not in english.output
    german = runner.invoke(app, ["preview", "moon-1", "--data", "demo", "--locale", "de"])
    assert german.exit_code == 0, german.output
    assert (
        "warning: German (de): 1 text(s) not translated yet, or only fuzzy, drawn in English: "
        "'Full Moon'"
    ) in german.output
    built = runner.invoke(app, ["build", "--data", "demo"])
    assert built.exit_code == 0, built.output
    sheet = reader(Path("output/demo/de/card.pdf")).pages[0].extract_text()
    assert "Full Moon" in sheet and "Mond" not in sheet  # a fuzzy entry is not printed
    strict = runner.invoke(app, ["build", "--data", "demo", "--strict", "--force"])
    assert strict.exit_code == 1
    assert "the German catalog (de) has no translation for 'cards|Full Moon'" in strict.output


def test_check_lists_the_fuzzy_entries_of_the_other_languages_only(
    renamed: Path, runner: CliRunner
) -> None:
    checked = runner.invoke(app, ["i18n", "check", "--data", "demo", "--no-render"])
    assert checked.exit_code == 1
    fuzzy = [line for line in checked.output.splitlines() if "is fuzzy" in line]
    assert [line.split("/")[2] for line in fuzzy] == ["de", "fr"], checked.output


@pytest.mark.slow
def test_reviewing_the_suggestion_ends_the_warning(renamed: Path, runner: CliRunner) -> None:
    for locale, name in (("de", "Vollmond"), ("fr", "Pleine lune")):
        catalog = renamed / f"locales/{locale}/LC_MESSAGES/demo.po"
        text = catalog.read_text(encoding="utf-8")
        start = text.index('#, fuzzy\n#| msgid "Moon"\nmsgctxt "cards"\nmsgid "Full Moon"\n')
        end = text.index("\n\n", start)
        catalog.write_text(
            text[:start] + f'msgctxt "cards"\nmsgid "Full Moon"\nmsgstr "{name}"' + text[end:],
            encoding="utf-8",
        )
    checked = runner.invoke(app, ["validate", "--data", "demo", "--strict"])
    assert checked.exit_code == 0, checked.output
    built = runner.invoke(app, ["build", "--data", "demo", "--strict"])
    assert built.exit_code == 0 and "warning" not in built.output, built.output
    assert "Vollmond" in reader(Path("output/demo/de/card.pdf")).pages[0].extract_text()


def test_a_game_without_an_english_catalog_prints_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = write_starter(Path("demo"), "demo")
    (pack / "locales/en/LC_MESSAGES/demo.po").unlink()
    checked = runner.invoke(app, ["validate", "--data", "demo", "--strict"])
    assert checked.exit_code == 0, checked.output
    built = runner.invoke(app, ["build", "--data", "demo", "--locale", "en", "--strict"])
    assert built.exit_code == 0, built.output
    assert "Moon" in reader(Path("output/demo/en/card.pdf")).pages[0].extract_text()


def test_a_game_written_in_german_needs_no_german_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = write_starter(Path("demo"), "demo")
    replace_once(
        pack / "game.yaml", "locales: [de, fr, en]\n", "locales: [de, fr, en]\nsource_locale: de\n"
    )
    (pack / "locales/de/LC_MESSAGES/demo.po").unlink()
    checked = runner.invoke(app, ["validate", "--data", "demo"])
    assert checked.exit_code == 0, checked.output
    assert "German" not in checked.output
    built = runner.invoke(app, ["build", "--data", "demo", "--locale", "de", "--strict"])
    assert built.exit_code == 0, built.output
