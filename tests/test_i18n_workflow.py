"""`draftdeck i18n extract|update|compile|check` on a copy of the project."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from tests.conftest import DATA, PACK, own_interface_catalogs, replace_once

FR = "data/all-star-draft/locales/fr/LC_MESSAGES"


@pytest.mark.slow
def test_the_shipped_catalogs_pass_the_check(runner: CliRunner) -> None:
    """Every game's catalogs, checked in turn when no --game is given."""
    result = runner.invoke(app, ["i18n", "check", "--data", str(DATA)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "all-star-draft: catalogs complete for de, fr, en; every text fits",
        "disaster-draft: catalogs complete for de, fr, en; every text fits",
        "extraliga-all-stars: catalogs complete for de, fr, en; every text fits",
    ]


def test_a_new_name_flows_from_extract_to_check(project: Path, runner: CliRunner) -> None:
    replace_once(Path(PACK) / "symbols.yaml", "    name: Skate\n", "    name: Ice Skate\n")
    assert runner.invoke(app, ["i18n", "extract", "--data", "data"]).exit_code == 0
    assert 'msgid "Ice Skate"' in Path("data/all-star-draft/locales/all-star-draft.pot").read_text(
        encoding="utf-8"
    )
    assert runner.invoke(app, ["i18n", "update", "--data", "data"]).exit_code == 0
    result = runner.invoke(app, ["i18n", "check", "--data", "data", "--no-render"])
    assert result.exit_code == 1
    assert "error: data/all-star-draft/locales/de/LC_MESSAGES/all-star-draft.po:" in result.stdout
    # The old text's translation is carried over as a suggestion for the translator to review.
    assert "'Ice Skate' is fuzzy: review it and remove the flag" in result.stdout
    german = Path("data/all-star-draft/locales/de/LC_MESSAGES/all-star-draft.po").read_text("utf-8")
    assert (
        '#, fuzzy\n#| msgid "Skate"\nmsgctxt "symbols"\nmsgid "Ice Skate"\nmsgstr "Schlittschuh"'
        in german
    )


def test_fuzzy_and_placeholder_mistakes_are_caught(project: Path, runner: CliRunner) -> None:
    replace_once(
        Path(f"{FR}/all-star-draft.po"),
        'msgstr "Station de Bus"',
        'msgstr "Station de Bus"\n#, fuzzy',
    )
    own_interface_catalogs(project / PACK)  # checked like the pack's own catalogs
    replace_once(Path(f"{FR}/draftdeck.po"), 'msgstr "{n}ᵉʳ"', 'msgstr "{m}er"')
    result = runner.invoke(app, ["i18n", "check", "--data", "data", "--no-render"])
    assert result.exit_code == 1
    assert "'{n}st': placeholders differ from the source: '{m}er' should use {n}" in result.stdout
    assert "is fuzzy: review it and remove the flag" in result.stdout


@pytest.mark.slow
def test_text_that_overflows_in_one_language_fails_the_check(
    project: Path, runner: CliRunner
) -> None:
    replace_once(
        Path(f"{FR}/all-star-draft.po"),
        'msgstr "Station de Bus"',
        'msgstr "' + "Station de Bus des Managers " * 4 + '"',
    )
    result = runner.invoke(app, ["i18n", "check", "--data", "data"])
    assert result.exit_code == 1
    assert (
        "data/all-star-draft/layouts/bus-station.yaml:7:46: error: does not fit its 62.0x12.0 mm "
        "box even at 8.0 pt in French (card bus-station-1 of bus-station)"
    ) in result.stdout


def test_compile_writes_mo_files(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["i18n", "compile", "--data", "data"])
    assert result.exit_code == 0
    assert Path(f"{FR}/all-star-draft.mo").read_bytes()[:4] in (
        b"\xde\x12\x04\x95",
        b"\x95\x04\x12\xde",
    )
