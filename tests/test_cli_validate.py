"""`draftdeck validate`: exit codes, output formats, strict mode and paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from tests.conftest import PACK, replace_once

ARENAS = Path(PACK) / "editions/2025/arenas.yaml"


@pytest.mark.slow
def test_clean_data_passes_and_counts_provisional_values(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 0
    assert result.stdout.strip() == (
        "data/all-star-draft: 37 files checked, no errors, no warnings; "
        "56 values marked provisional (--strict fails on them)"
    )


@pytest.mark.slow
def test_text_format_shows_the_line_a_caret_and_a_hint(project: Path, runner: CliRunner) -> None:
    replace_once(ARENAS, "fans: [21, 18, 15, 12, 9, 6]", "fans: [21, 18, 15, 12, 9]")
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:4] == [
        "data/all-star-draft/editions/2025/arenas.yaml:7:5: error: "
        "fans for rank 1-6 need 6 values, got 5 (at /arenas/0/fans)",
        " 7 |     fans: [21, 18, 15, 12, 9]",
        "   |     ^",
        "  hint: list the fans of every rank, best rank first",
    ]
    assert "Traceback" not in result.output


def test_every_problem_is_reported_not_just_the_first(project: Path, runner: CliRunner) -> None:
    replace_once(ARENAS, "fans: [21, 18, 15, 12, 9, 6]", "fans: [21, 18, 15, 12, 9]")
    replace_once(
        Path(PACK) / "cards.yaml", "species: tiger, number: 5,", "species: lion, number: 5,"
    )
    result = runner.invoke(app, ["validate", "data", "--format", "json"])
    summary = json.loads(result.stdout)["summary"]
    assert summary["errors"] == 3
    assert result.exit_code == 1


@pytest.mark.slow
def test_json_format(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", "data", "--format", "json"])
    report = json.loads(result.stdout)
    assert report["diagnostics"] == []
    assert report["summary"] == {
        "packs": ["data/all-star-draft"],
        "files": 37,
        "errors": 0,
        "warnings": 0,
        "provisional": 56,
        "strict": False,
        "passed": True,
        "provisional_values": report["summary"]["provisional_values"],
    }
    first = report["summary"]["provisional_values"][0]
    assert set(first) == {"file", "line", "column", "severity", "message", "pointer", "hint"}


@pytest.mark.slow
def test_github_format_annotates_files(project: Path, runner: CliRunner) -> None:
    replace_once(ARENAS, "fans: [21, 18, 15, 12, 9, 6]", "fans: [21, 18, 15, 12, 9]")
    result = runner.invoke(app, ["validate", "data", "--format", "github"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        "::error file=data/all-star-draft/editions/2025/arenas.yaml,line=7,col=5::"
        "fans for rank 1-6 need 6 values, got 5 (at /arenas/0/fans)%0Ahint: list the fans of every rank, best rank first"
    )


@pytest.mark.slow
def test_strict_fails_on_provisional_values(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", "data", "--strict"])
    assert result.exit_code == 1
    assert (
        "data/all-star-draft/species.yaml:14:5: error: provisional value: Printed colour unknown; chosen. (at /species/0/colour)"
        in (result.stdout)
    )
    assert result.stdout.splitlines()[-1] == (
        "data/all-star-draft: 37 files checked, 56 errors, no warnings; 56 values marked provisional"
    )


@pytest.mark.slow
def test_strict_fails_on_warnings(project: Path, runner: CliRunner) -> None:
    for path in Path(PACK).rglob("*.yaml"):
        if path.parent.name in ("documents", "layouts"):
            continue  # their `provisional: true` are conditions, not values
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("provisional: true", "provisional: false"), encoding="utf-8")
    assert runner.invoke(app, ["validate", "data", "--strict"]).exit_code == 0
    (Path(PACK) / "notes.yaml").write_text("a: 1\n", encoding="utf-8")
    assert runner.invoke(app, ["validate", "data"]).exit_code == 0
    assert runner.invoke(app, ["validate", "data", "--strict"]).exit_code == 1


@pytest.mark.slow
def test_path_can_be_a_pack_or_a_file_inside_it(project: Path, runner: CliRunner) -> None:
    for path in ("data", PACK, str(ARENAS)):
        result = runner.invoke(app, ["validate", path])
        assert result.exit_code == 0, path
        assert result.stdout.startswith("data/all-star-draft: 37 files checked")


@pytest.mark.slow
def test_data_option_reads_a_copy(project: Path, runner: CliRunner) -> None:
    copy = project / "copy"
    (copy / "data").mkdir(parents=True)
    (project / "data" / "all-star-draft").rename(copy / "data" / "all-star-draft")
    result = runner.invoke(app, ["validate", "--data", "copy/data"])
    assert result.exit_code == 0
    assert result.stdout.startswith("copy/data/all-star-draft: 37 files checked")


def test_usage_errors_exit_2(project: Path, runner: CliRunner) -> None:
    missing = runner.invoke(app, ["validate", "nowhere"])
    assert missing.exit_code == 2
    assert "error: nowhere: no such file or folder" in missing.output
    empty = project / "empty"
    empty.mkdir()
    no_pack = runner.invoke(app, ["validate", "empty"])
    assert no_pack.exit_code == 2
    assert "error: empty holds no game pack (a folder with a game.yaml)" in no_pack.output
    both = runner.invoke(app, ["validate", "data", "--data", "elsewhere"])
    assert both.exit_code == 2
    bad_format = runner.invoke(app, ["validate", "data", "--format", "xml"])
    assert bad_format.exit_code == 2


def test_a_pack_naming_a_plugin_that_is_not_installed(project: Path, runner: CliRunner) -> None:
    other = project / "data" / "other-game"
    other.mkdir()
    (other / "game.yaml").write_text(
        "id: other-game\nname: Other\nplayers: {min: 2, max: 4}\nlocales: [en]\nplugin: other\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["validate", str(other)])
    assert result.exit_code == 1
    assert (
        "data/other-game/game.yaml:5:1: error: no rules plug-in 'other' is installed (at /plugin)"
        in result.output
    )
    assert (
        "hint: installed plug-ins: all-star-draft, disaster-draft, extraliga-all-stars; or leave plugin out"
        in result.output
    )
