"""Error reports stay small: a few dozen problems per file and a count of the rest, long lines
clipped around the column, memory linear in the file; one error per untranslated string."""

from __future__ import annotations

import re
import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.cli.validate_output import validation_report
from generator.core.diagnostics import SHOWN_PER_FILE, SOURCE_WIDTH, source_excerpt
from generator.services.validate import validate_pack
from tests.conftest import copy_game, replace_once

MB = 1024 * 1024


def _flood(pack: Path, values: int) -> None:
    """A score sheet of `values` out-of-range numbers on one line (about 5 bytes each)."""
    sheet = pack / "score-sheet.yaml"
    text = sheet.read_text(encoding="utf-8")
    track = ", ".join(["100"] * values)
    sheet.write_text(re.sub(r"track: \[[^\]]*\]", f"track: [{track}]", text), encoding="utf-8")


@pytest.mark.slow
def test_twenty_thousand_problems_on_one_line_make_a_short_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    pack = copy_game(tmp_path, "extraliga-all-stars")
    _flood(pack, 20_000)
    assert (pack / "score-sheet.yaml").stat().st_size > 100_000
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) < 4 * SHOWN_PER_FILE + 10
    assert max(len(line) for line in lines) < SOURCE_WIDTH + 40
    located = [line for line in lines if "score-sheet.yaml:5:" in line]
    assert len(located) == SHOWN_PER_FILE
    assert "score-sheet.yaml: error: at least 10,000 more problems in this file are not shown" in (
        result.output
    )
    assert lines[-1].startswith("data/extraliga-all-stars: 30 files checked, at least 10,030")


@pytest.mark.slow
def test_the_report_of_a_flooded_file_needs_little_memory(tmp_path: Path) -> None:
    pack = copy_game(tmp_path, "extraliga-all-stars")
    validate_pack(pack)  # schemas and plug-in loaded once, outside the measure
    _flood(pack, 20_000)
    tracemalloc.start()
    try:
        report = validation_report([validate_pack(pack).outcome()], strict=False).render("text")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report
    assert peak < 100 * MB, f"{peak / MB:.0f} MB"


def test_a_long_line_is_clipped_around_the_column_and_the_caret_follows() -> None:
    line = "x" * 500 + "HERE" + "y" * 500
    shown, start = source_excerpt(line, 501)
    assert len(shown) <= SOURCE_WIDTH + 2 and shown.startswith("…") and shown.endswith("…")
    assert shown[501 - start : 501 - start + 4] == "HERE"
    assert source_excerpt("short", 3) == ("short", 1)


@pytest.mark.slow
def test_a_string_many_use_is_one_warning_naming_them_and_the_languages(
    tmp_path: Path, runner: CliRunner
) -> None:
    pack = copy_game(tmp_path, "extraliga-all-stars")
    for locale in ("fr", "de"):
        catalog = pack / f"locales/{locale}/LC_MESSAGES/extraliga-all-stars.po"
        text = catalog.read_text(encoding="utf-8")
        start = text.index('msgctxt "bonuses"\nmsgid "Re-roll"\nmsgstr "')
        end = text.index("\n", start + len('msgctxt "bonuses"\nmsgid "Re-roll"\n'))
        catalog.write_text(
            text[:start] + 'msgctxt "bonuses"\nmsgid "Re-roll"\nmsgstr ""' + text[end:],
            encoding="utf-8",
        )
    result = runner.invoke(app, ["validate", "--data", str(pack)])
    assert result.exit_code == 0
    found = [line for line in result.output.splitlines() if "'Re-roll'" in line]
    assert len(found) == 1, result.output
    assert found[0].endswith(
        "warning: 'Re-roll' has no German or French translation yet; used by reroll, "
        "reroll-other; it prints in English meanwhile (at /bonuses/1/title)"
    )
    assert runner.invoke(app, ["validate", "--data", str(pack), "--strict"]).exit_code == 1


def test_an_item_is_named_by_its_id(tmp_path: Path, runner: CliRunner) -> None:
    pack = copy_game(tmp_path, "extraliga-all-stars")
    replace_once(
        pack / "players.yaml",
        "{id: stand-in-010, name: Stand-in Player 010, position: ",
        "{id: stand-in-010, name: Stand-in Player 010, position: zz, was: ",
    )
    result = runner.invoke(app, ["validate", "--data", str(pack)])
    assert "error: unknown key 'was' (at /players/16/was)" in result.output
    assert "error: 'position' of 'stand-in-010' is text 'zz', not one of" in result.output


def test_an_error_a_library_raises_while_handling_an_interrupt_is_the_interrupt(
    runner: CliRunner,
) -> None:
    """ReportLab catches everything while it reads a font and raises its own TTFError: a SIGTERM
    that lands there ends the command as stopped, not with that error's traceback."""
    from generator.cli.boundary import user_errors
    from generator.core.lifetime import Stopped

    @user_errors
    def reads_a_font() -> None:
        try:
            raise Stopped("SIGTERM")
        except BaseException:
            raise RuntimeError("cannot read Table Directory") from None

    import typer

    app = typer.Typer()
    app.command()(reads_a_font)
    result = runner.invoke(app, [])
    assert result.exit_code == 130
    assert "stopped (SIGTERM)" in result.output and "Table Directory" not in result.output


def test_problems_sort_by_cell_and_number_not_as_text() -> None:
    """E12 once came before E2; card-10 before card-2."""
    from generator.core.diagnostics import Diagnostic, sort_key

    found = [
        Diagnostic("cards.xlsx:cards!E12", 0, 0, "x"),
        Diagnostic("cards.xlsx:cards!E2", 0, 0, "x"),
        Diagnostic("cards.xlsx:cards!AA2", 0, 0, "x"),
        Diagnostic("cards.csv:B10", 0, 0, "x"),
        Diagnostic("cards.csv:C9", 0, 0, "x"),
        Diagnostic("units.yaml", 10, 3, "card-10"),
        Diagnostic("units.yaml", 10, 3, "card-2"),
        Diagnostic("units.yaml", 9, 1, "z"),
    ]
    order = [(d.file, d.message) for d in sorted(found, key=sort_key)]
    assert order == [
        ("cards.csv:C9", "x"),
        ("cards.csv:B10", "x"),
        ("cards.xlsx:cards!E2", "x"),
        ("cards.xlsx:cards!AA2", "x"),
        ("cards.xlsx:cards!E12", "x"),
        ("units.yaml", "z"),
        ("units.yaml", "card-2"),
        ("units.yaml", "card-10"),
    ]
