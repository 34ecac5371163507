"""Packs that travel and commands that work where the user works: a copy of data/ or of one
pack, anywhere, answers every command, reads its own catalogs and writes below ./output;
nothing a pack names leads out of it, and nothing is written into draftdeck's installation."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from tests.conftest import DATA, PROJECT_ROOT, copy_game, replace_once

EXAMPLE = "martin-erat,vaclav-prospal,radek-dvorak,filip-hronek,frantisek-pospisil,tuukka-rask"


def _tree(folder: Path) -> dict[str, int]:
    """Every file below a folder with its modification time (to see what a command touched)."""
    if not folder.exists():
        return {}
    return {
        str(path.relative_to(folder)): path.stat().st_mtime_ns
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def _ok(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.slow
def test_a_copy_of_one_pack_answers_every_command_from_inside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    pack = tmp_path / "somewhere" / "my-copy"
    shutil.copytree(DATA / "extraliga-all-stars", pack)
    before = _tree(PROJECT_ROOT / "output"), _tree(PROJECT_ROOT / "locales")
    monkeypatch.chdir(pack / "layouts")  # any folder inside the pack will do
    assert "no errors" in _ok(runner, "validate")
    _ok(runner, "build", "--locale", "fr", "--jobs", "1")
    assert (pack / "output/extraliga-all-stars/fr/print-and-play.pdf").is_file()
    _ok(runner, "preview", "jaromir-jagr", "--locale", "de")
    assert (pack / "output/preview/jaromir-jagr-de.png").is_file()
    _ok(runner, "summary", "--locale", "en", "--format", "md")
    assert (pack / "output/extraliga-all-stars/en/summary.md").is_file()
    assert "offence 3, defence 5" in _ok(runner, "rules", "match", EXAMPLE, "stand-in-opponent-03")
    assert "catalogs complete" in _ok(runner, "i18n", "check", "--no-render")
    # The pack's output is not part of the pack: validating again sees the same files.
    assert "31 files checked, no errors, no warnings" in _ok(runner, "validate")
    assert (_tree(PROJECT_ROOT / "output"), _tree(PROJECT_ROOT / "locales")) == before


@pytest.mark.slow
def test_a_copy_of_data_works_from_a_folder_of_ones_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    shutil.copytree(DATA, tmp_path / "copy" / "data")
    work = tmp_path / "elsewhere"
    work.mkdir()
    monkeypatch.chdir(work)
    before = _tree(PROJECT_ROOT / "output")
    data = str(tmp_path / "copy" / "data")
    _ok(runner, "build", "--data", data, "--game", "disaster-draft", "--locale", "de")
    assert (work / "output/disaster-draft/de/print-and-play.pdf").is_file()
    assert not (tmp_path / "copy" / "output").exists()
    cards = _ok(runner, "cards", "--data", data, "--component", "arena", "--edition", "2020")
    assert "polarena-3" in cards
    edited = tmp_path / "edited"
    shutil.copytree(DATA, edited)
    replace_once(edited / "disaster-draft/battle.yaml", "victory-points: 3", "victory-points: 4")
    compared = _ok(
        runner, "simulate", "--data", data, "--game", "disaster-draft", "--players", "3",
        "--games", "20", "--jobs", "1", "--compare", str(edited),
    )  # fmt: skip
    assert "figures" in compared
    assert list((work / "output/disaster-draft/simulation").glob("*-compare.json"))
    assert _tree(PROJECT_ROOT / "output") == before


def test_without_data_here_a_command_says_where_it_looked(runner: CliRunner) -> None:
    result = runner.invoke(app, ["build"])
    assert result.exit_code == 2
    assert "error: no game here: " in result.output
    assert "has no data/ folder and is not in a game pack" in result.output
    assert "--data DIR" in result.output


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("", "error: --out is empty: name the folder to write into"),
        (str(PROJECT_ROOT / "generator" / "x"), "inside draftdeck's own installation"),
        (str(PROJECT_ROOT / "locales"), "inside draftdeck's own installation"),
    ],
)
def test_out_is_refused_where_nothing_may_be_written(
    project: Path, runner: CliRunner, out: str, message: str
) -> None:
    for command in (["build"], ["summary"], ["preview", "duck-4"]):
        result = runner.invoke(app, [*command, "--out", out])
        assert result.exit_code == 2, result.output
        assert message in result.output
    assert not (PROJECT_ROOT / "generator" / "x").exists()


def test_catalogs_outside_the_pack_are_refused_and_never_written(
    tmp_path: Path, runner: CliRunner
) -> None:
    pack = copy_game(tmp_path, "disaster-draft")
    shutil.move(pack / "locales", tmp_path / "beside")
    manifest = pack / "game.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8") + "catalogs: ../../beside\n", encoding="utf-8"
    )
    result = runner.invoke(app, ["validate", "--data", str(pack)])
    assert result.exit_code == 1
    assert "game.yaml:" in result.output
    assert "error: the catalogs folder lies outside the pack folder (at /catalogs)" in result.output
    before = _tree(tmp_path / "beside")
    for command in ("extract", "update", "compile"):
        refused = runner.invoke(app, ["i18n", command, "--data", str(pack)])
        assert refused.exit_code == 1
        assert "the catalogs folder lies outside the pack folder" in refused.output
    assert _tree(tmp_path / "beside") == before


@pytest.mark.skipif(os.name == "nt", reason="symbolic links need privileges on Windows")
def test_links_out_of_the_pack_are_refused_not_read(tmp_path: Path, runner: CliRunner) -> None:
    pack = copy_game(tmp_path, "disaster-draft")
    secret = tmp_path / "secret.yaml"
    secret.write_text("types: [the secret word is swordfish]\n", encoding="utf-8")
    (pack / "types.yaml").unlink()
    (pack / "types.yaml").symlink_to(secret)
    (pack / "loop.yaml").symlink_to(pack / "loop.yaml")
    (pack / "art").symlink_to(tmp_path)
    result = runner.invoke(app, ["validate", "--data", str(pack)])
    assert result.exit_code == 1
    assert (
        "types.yaml: error: the file is a link that leads out of the pack folder" in result.output
    )
    assert "loop.yaml: error: this is a link that loops back on itself" in result.output
    assert "art: error: this is a link that leads out of the pack folder" in result.output
    assert "swordfish" not in result.output
    extracted = runner.invoke(app, ["i18n", "extract", "--data", str(pack)])
    template = (pack / "locales/disaster-draft.pot").read_text(encoding="utf-8")
    assert "swordfish" not in template + extracted.output


@pytest.mark.slow
def test_extract_and_update_on_a_clean_copy_change_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    shutil.copytree(DATA, tmp_path / "data")
    monkeypatch.chdir(tmp_path)
    before = {p: p.read_bytes() for p in Path("data").rglob("*.po*")}
    extracted = _ok(runner, "i18n", "extract")
    updated = _ok(runner, "i18n", "update")
    assert {p: p.read_bytes() for p in Path("data").rglob("*.po*")} == before
    lines = extracted.splitlines() + updated.splitlines()
    assert len(lines) == len(before) == len(set(lines))  # each file once
    assert all(line.startswith("unchanged: data/") for line in lines)


def test_a_folder_that_cannot_be_written_gets_a_hint_naming_no_option(
    tmp_path: Path, runner: CliRunner
) -> None:
    pack = copy_game(tmp_path, "disaster-draft")
    shutil.rmtree(pack / "locales")
    (pack / "locales").write_text("not a folder", encoding="utf-8")
    for command in (["i18n", "extract"], ["i18n", "update"]):
        result = runner.invoke(app, [*command, "--data", str(pack)])
        assert result.exit_code == 1, result.output
        assert "error: " in result.output and "hint: " in result.output
        assert "--out" not in result.output and "Traceback" not in result.output
    blocked = tmp_path / "blocked"
    blocked.write_text("a file", encoding="utf-8")
    result = runner.invoke(app, ["new", "my-game", "--into", str(blocked)])
    assert result.exit_code != 0 and "--out" not in result.output
    assert "Traceback" not in result.output
