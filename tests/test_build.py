"""`draftdeck build`: what it writes, when it skips, and how it fails without damage."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.output.atomic import write_atomic
from tests.conftest import PACK, own_interface_catalogs, replace_once
from tests.pdf_helpers import reader

ARGS = [
    "build",
    "--data",
    "data",
    "--out",
    "output",
    "--edition",
    "2025",
    "--locale",
    "fr",
    "--jobs",
    "1",
]
FR = "data/all-star-draft/locales/fr/LC_MESSAGES"


@pytest.mark.slow
def test_build_writes_every_file_and_a_table(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ARGS)
    assert result.exit_code == 0, result.output
    table = result.stdout.splitlines()
    assert table[0].split() == ["file", "pages", "size", "state"]
    assert any(
        line.split()[:2] == ["output/all-star-draft/2025/fr/print-and-play.pdf", "53"]
        for line in table
    )
    export = json.loads(
        (project / "output/all-star-draft/2025/data.json").read_text(encoding="utf-8")
    )
    assert len(export["cards"]) == 108 and export["tiebreakers"]["5"] == [
        "symbol",
        "species",
        "number",
    ]


@pytest.mark.slow
def test_second_build_is_up_to_date(project: Path, runner: CliRunner) -> None:
    runner.invoke(app, ARGS)
    before = (project / "output/all-star-draft/2025/fr/print-and-play.pdf").read_bytes()
    again = runner.invoke(app, ARGS)
    assert again.exit_code == 0
    assert "up to date" in again.stdout
    assert (project / "output/all-star-draft/2025/fr/print-and-play.pdf").read_bytes() == before


@pytest.mark.slow
def test_a_changed_or_damaged_output_is_rebuilt(project: Path, runner: CliRunner) -> None:
    runner.invoke(app, ARGS)
    (project / "output/all-star-draft/2025/fr/arena.pdf").write_bytes(b"damaged")
    result = runner.invoke(app, ARGS)
    assert "up to date" not in result.stdout
    assert (project / "output/all-star-draft/2025/fr/arena.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.slow
def test_build_follows_the_data(project: Path, runner: CliRunner) -> None:
    runner.invoke(app, ARGS)
    replace_once(
        Path(PACK) / "editions/2025/arenas.yaml",
        "fans: [13, 10, 7, 5, 3, 1]",
        "fans: [14, 10, 7, 5, 3, 1]",
    )
    result = runner.invoke(app, ARGS)
    assert "up to date" not in result.stdout
    export = json.loads(
        (project / "output/all-star-draft/2025/data.json").read_text(encoding="utf-8")
    )
    assert export["arenas"][-1]["fans"][0] == 14


def _good_output(project: Path, runner: CliRunner) -> dict[str, bytes]:
    assert runner.invoke(app, ARGS).exit_code == 0
    return {
        p.name: p.read_bytes() for p in (project / "output/all-star-draft/2025/fr").glob("*.pdf")
    }


def _unchanged(project: Path, good: dict[str, bytes]) -> bool:
    return {
        p.name: p.read_bytes() for p in (project / "output/all-star-draft/2025/fr").glob("*.pdf")
    } == good


@pytest.mark.slow
def test_bad_data_keeps_the_last_good_output(project: Path, runner: CliRunner) -> None:
    good = _good_output(project, runner)
    replace_once(
        Path(PACK) / "editions/2025/arenas.yaml",
        "fans: [13, 10, 7, 5, 3, 1]",
        "fans: [13, 10, 7, 5, 3]",
    )
    result = runner.invoke(app, ARGS)
    assert result.exit_code == 1
    assert "fans for rank 1-6 need 6 values, got 5" in result.output
    assert _unchanged(project, good)


@pytest.mark.slow
def test_overflowing_text_fails_naming_component_language_and_string(
    project: Path, runner: CliRunner
) -> None:
    good = _good_output(project, runner)
    long_name = "Ours polaire du Grand Nord canadien et de la baie d’Hudson"
    replace_once(Path(f"{FR}/all-star-draft.po"), 'msgstr "Ours"', f'msgstr "{long_name}"')
    result = runner.invoke(app, ARGS)
    assert result.exit_code == 1
    hockey = (
        "data/all-star-draft/layouts/hockey-player.yaml:38:44: error: does not fit its "
        "53.0x9.5 mm box even at 7.0 pt in French (card polar-bear-1 of hockey-player, and 17 "
        f"more): '{long_name}'"
    )
    tiebreaker = (  # drawn by the plug-in; a message quotes 60 characters at most
        "data/all-star-draft/layouts/tiebreaker.yaml:16:3: error: does not fit its 22.7x7.0 mm "
        "box even at 5.0 pt in French (card tiebreaker-1 of tiebreaker, and 11 more): "
        f"'{('1. ' + long_name)[:60]}…'"
    )
    assert hockey in result.output and tiebreaker in result.output
    assert _unchanged(project, good)


@pytest.mark.slow
def test_a_missing_translation_prints_the_source_text_with_a_warning_or_fails_strict(
    project: Path, runner: CliRunner
) -> None:
    own_interface_catalogs(project / PACK)  # the pack words draftdeck's interface its own way
    good = _good_output(project, runner)
    replace_once(Path(f"{FR}/draftdeck.po"), 'msgstr "Bonus des tickets – {bonuses}"', 'msgstr ""')
    strict = runner.invoke(app, [*ARGS, "--strict"])
    assert strict.exit_code == 1
    assert (
        "error: the French catalog (fr) has no translation for 'Ticket bonus – {bonuses}'"
        in strict.output
    )
    assert _unchanged(project, good)
    drafted = runner.invoke(app, ARGS)
    assert drafted.exit_code == 0, drafted.output
    assert (
        "warning: all-star-draft 2025: French (fr): 1 text(s) not translated yet, or only "
        "fuzzy, drawn in English: 'Ticket bonus – {bonuses}'"
    ) in drafted.output
    points = reader(project / "output/all-star-draft/2025/fr/playoff-points.pdf")
    assert "Ticket bonus" in points.pages[0].extract_text()


@pytest.mark.slow
def test_a_template_text_without_translation_is_a_warning_and_prints_in_english(
    project: Path, runner: CliRunner
) -> None:
    replace_once(Path(f"{FR}/all-star-draft.po"), 'msgstr "Station de Bus"', 'msgstr ""')
    result = runner.invoke(app, ARGS)
    assert result.exit_code == 0, result.output
    checked = runner.invoke(app, ["validate", "--data", "data"])
    assert (
        "data/all-star-draft/layouts/bus-station.yaml:7:46: warning: "
        "'Bus Station' has no French translation yet; it prints in English meanwhile"
    ) in checked.output
    station = reader(project / "output/all-star-draft/2025/fr/bus-station.pdf")
    assert "Bus Station" in station.pages[0].extract_text()
    assert runner.invoke(app, ["validate", "--data", "data", "--strict"]).exit_code == 1


@pytest.mark.slow
def test_unknown_edition_or_locale_is_a_usage_error(project: Path, runner: CliRunner) -> None:
    assert runner.invoke(app, [*ARGS, "--edition", "2019"]).exit_code == 2
    result = runner.invoke(app, ["build", "--data", "data", "--out", "output", "--locale", "it"])
    assert result.exit_code == 2
    assert "unknown locale it; all-star-draft has: de, fr, en" in result.output
    assert not (project / "output").exists()


@pytest.mark.slow
def test_2020_warns_about_what_it_leaves_out(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(
        app,
        [
            "build",
            "--data",
            "data",
            "--out",
            "output",
            "--edition",
            "2020",
            "--locale",
            "en",
            "--jobs",
            "1",
        ],
    )
    assert result.exit_code == 0
    assert (
        "warning: 2020: 'coach' is not printed: "
        "the coaches' abilities are not known, so their cards are left out"
    ) in result.output
    assert (
        "warning: 2020: 'all-star-cup' is not printed: a trophy; draftdeck prints no stand-in"
        in result.output
    )


@pytest.mark.slow
def test_preview_writes_a_png(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["preview", "polar-bear-4", "--locale", "de", "--data", "data", "--out", "shots"]
    )
    assert result.exit_code == 0
    assert result.stdout.strip() == "shots/polar-bear-4-de.png"
    assert (project / "shots/polar-bear-4-de.png").read_bytes().startswith(b"\x89PNG")
    assert runner.invoke(app, ["preview", "unicorn-1", "--data", "data"]).exit_code == 1


def test_atomic_write_leaves_old_content_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.json"
    assert write_atomic(target, b"old")
    assert not write_atomic(target, b"old")

    def broken_fsync(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]
    current = os.umask(0)
    os.umask(current)
    assert target.stat().st_mode & 0o777 == 0o666 & ~current


def test_errors_survive_the_trip_from_a_render_process() -> None:
    import pickle

    from generator.core.errors import DataError
    from generator.i18n.ui import MissingTranslation
    from generator.printing.text import TextProblem

    for error in (
        TextProblem("arena", "fr", "x", "too long"),
        MissingTranslation("de", ["Rank"]),
        DataError([]),
    ):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and str(again) == str(error)


@pytest.mark.processes
def test_overflow_in_a_parallel_build_is_reported_without_traceback(
    project: Path, runner: CliRunner
) -> None:
    long_name = "Ours polaire du Grand Nord canadien et de la baie d’Hudson"
    replace_once(Path(f"{FR}/all-star-draft.po"), 'msgstr "Ours"', f'msgstr "{long_name}"')
    args = [a if a != "1" else "2" for a in ARGS]
    result = runner.invoke(app, [*args[:-4], "--locale", "de", "--locale", "fr", "--jobs", "2"])
    assert result.exit_code == 1
    assert "in French (card tiebreaker-1 of tiebreaker" in result.output
    assert "in French (card polar-bear-1 of hockey-player" in result.output
    assert "German" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.slow
def test_a_character_the_font_lacks_fails_with_its_code_point(
    project: Path, runner: CliRunner
) -> None:
    replace_once(Path(f"{FR}/all-star-draft.po"), 'msgstr "Ours"', 'msgstr "Ours 🐻"')
    result = runner.invoke(app, ARGS)
    assert result.exit_code == 1
    # Validation finds it first, at the name the translation is of.
    assert (
        "data/all-star-draft/species.yaml:56:5: error: the French translation of 'Bear' "
        "holds U+1F43B 🐻 (bear face), which the cards' fonts cannot draw" in result.output
    )
