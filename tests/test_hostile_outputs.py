"""Where output goes, whatever the data says: card ids that are paths or too long, ids whose
files would share a name, a pack's output/ that is a link out of it, two builds into one
folder at once, a disk that fills up during a rebuild, many cards on contact sheets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.services.starter import write_starter
from tests.conftest import replace_once

FREE_IDS = '"id": {"type": "string", "maxLength": 1000, "description": "Any text (a designer\'s own schema)."}'


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The starter pack in tmp/work/demo, with a schema that lets an id be any text."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    demo = write_starter(Path("demo"), "demo")
    schema = demo / "schemas" / "cards.schema.json"
    text = schema.read_text(encoding="utf-8")
    start = text.index('"id": {')
    end = text.index("}", start) + 1
    schema.write_text(text[:start] + FREE_IDS + text[end:], encoding="utf-8")
    return demo


def _files(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize(
    "bad",
    ["../../../escaped", "/tmp/draftdeck-absolute", "a/b", "x" * 300, "NUL", "sun 1"],
)
def test_an_id_that_is_no_file_name_is_refused_where_it_is_written(
    pack: Path, runner: CliRunner, bad: str
) -> None:
    outside = _files(pack.resolve().parent.parent)
    replace_once(pack / "cards.yaml", "{id: sun-1,", f"{{id: {json.dumps(bad)},")
    result = runner.invoke(app, ["validate", "--data", "demo"])
    assert result.exit_code == 1
    assert "demo/cards.yaml:7:" in result.output
    assert "cannot name the card's pictures" in result.output
    assert bad[:60] in result.output and bad * 2 not in result.output
    for command in (["export", "png", "--dpi", "36"], ["preview", "sun-2"], ["build"]):
        result = runner.invoke(app, [*command, "--data", "demo"])
        assert result.exit_code == 1, result.output
    assert _files(pack.resolve().parent.parent) == outside  # nothing written anywhere
    assert not Path("/tmp/draftdeck-absolute.png").exists()


def test_two_faces_that_would_share_a_file_name_are_refused(pack: Path, runner: CliRunner) -> None:
    replace_once(pack / "cards.yaml", "{id: sun-2,", "{id: sun-1-back,")
    result = runner.invoke(app, ["export", "png", "--data", "demo", "--dpi", "36"])
    assert result.exit_code == 1
    assert (
        "card sun-1-back and the back of card sun-1 of card would both be written as "
        "sun-1-back.png: rename one of the cards"
    ) in result.output


def test_a_card_named_like_the_contact_sheet_keeps_its_picture(
    pack: Path, runner: CliRunner
) -> None:
    replace_once(pack / "cards.yaml", "{id: sun-2,", "{id: contact-sheet,")
    result = runner.invoke(
        app, ["export", "png", "--data", "demo", "--dpi", "36", "--locale", "en"]
    )
    assert result.exit_code == 0, result.output
    names = {p.name for p in Path("output/demo/png/card/en").iterdir()}
    assert {"contact-sheet.png", "contact-sheet-back.png", "_contact-sheet-1.png"} <= names
    assert "(25 written, 0 unchanged)" in result.output  # 12 fronts, 12 backs, 1 sheet


@pytest.mark.slow
def test_many_cards_make_several_contact_sheets_of_bounded_size(
    pack: Path, runner: CliRunner
) -> None:
    from PIL import Image

    lines = [f'  - {{id: card-{n}, name: Sun, value: 1, colour: "#E8A33D"}}' for n in range(100)]
    (pack / "cards.yaml").write_text("cards:\n" + "\n".join(lines) + "\n", encoding="utf-8")
    replace_once(pack / "components.yaml", "count: 12", "count: 100")
    result = runner.invoke(
        app, ["export", "png", "--data", "demo", "--dpi", "36", "--locale", "en"]
    )
    assert result.exit_code == 0, result.output
    sheets = sorted(Path("output/demo/png/card/en").glob("_contact-sheet-*.png"))
    assert [p.name for p in sheets] == [f"_contact-sheet-{n}.png" for n in (1, 2, 3)]
    for sheet in sheets:
        with Image.open(sheet) as image:
            assert image.width * image.height < 10_000_000


def test_a_packs_output_that_leads_out_of_it_is_refused(
    pack: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = pack.resolve().parent.parent / "elsewhere"
    elsewhere.mkdir()
    (pack / "output").symlink_to(elsewhere, target_is_directory=True)
    monkeypatch.chdir(pack)
    for command in (["build"], ["export", "png", "--dpi", "36"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, result.output
        assert "output is a link that leads out of the pack" in result.output
    assert not list(elsewhere.iterdir())


@pytest.mark.slow
def test_two_builds_into_one_folder_take_turns(tmp_path: Path) -> None:
    """Two packs of one game id built into one --out at once once left a mix (one's data.json,
    the other's PDF); the output folder is locked, so the last build's set is whole."""
    for name in ("a", "b"):
        demo = write_starter(tmp_path / name / "demo", "demo")
        replace_once(
            demo / "cards.yaml", "{id: sun-1, name: Sun,", f"{{id: sun-1, name: Sun{name.upper()},"
        )
    command = [
        sys.executable,
        "-m",
        "generator",
        "build",
        "--out",
        str(tmp_path / "out"),
        "--locale",
        "en",
        "--jobs",
        "1",
    ]
    running = [
        subprocess.Popen(
            [*command, "--data", str(tmp_path / name / "demo")],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("a", "b")
    ]
    for process in running:
        _, errors = process.communicate(timeout=300)
        assert process.returncode == 0, errors
    data = json.loads((tmp_path / "out/demo/data.json").read_text(encoding="utf-8"))
    name = data["files"]["cards"]["cards"][0]["name"]
    from tests.pdf_helpers import reader

    text = " ".join(page.extract_text() for page in reader(tmp_path / "out/demo/en/card.pdf").pages)
    assert name in text and ({"SunA", "SunB"} - {name}).pop() not in text


def test_a_full_disk_during_a_rebuild_leaves_the_last_good_set(
    pack: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["build", "--data", "demo", "--out", "out", "--locale", "en", "--jobs", "1"]
    assert runner.invoke(app, args).exit_code == 0
    good = {p: p.read_bytes() for p in _files(Path("out")) if not p.name.startswith(".")}
    replace_once(pack / "cards.yaml", "{id: sun-1, name: Sun,", "{id: sun-1, name: Sunrise,")
    calls = []
    real = os.fsync

    def fills_up(descriptor: int) -> None:
        calls.append(descriptor)
        if len(calls) > 2:  # a few files are written, then the disk is full
            import errno

            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("generator.output.staging.os.fsync", fills_up)
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert "No space left on device" in result.output
    after = {p: p.read_bytes() for p in _files(Path("out")) if not p.name.startswith(".")}
    assert after == good  # data.json, the PDFs and the stamp: all as they were
    assert not list(Path("out").glob(".draftdeck-staging-*"))
    monkeypatch.setattr("generator.output.staging.os.fsync", real)
    assert (
        runner.invoke(
            app, ["build", "--data", "demo", "--out", "out", "--locale", "en", "--jobs", "1"]
        ).exit_code
        == 0
    )
    assert b"Sunrise" in Path("out/demo/data.json").read_bytes()
