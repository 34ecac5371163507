"""`draftdeck validate` refuses what the build would refuse, each at its line: characters no card
can print, art that does not decode, a text box too small for any size, a catalog whose
Plural-Forms cannot be read, a data file listed twice, two packs with one id. And a build
clears what a killed build left unfinished."""

from __future__ import annotations

import shutil
import struct
import zlib
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli.app import app
from generator.output.atomic import write_atomic
from tests.conftest import PACK, copy_game, new_game, replace_once

NAME = "{id: moon-2, name: Moon,"


def _validate(runner: CliRunner, data: str = "data") -> tuple[int, str]:
    result = runner.invoke(app, ["validate", "--data", data])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.fixture
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner) -> Path:
    """A starter pack, in the working folder."""
    monkeypatch.chdir(tmp_path)
    new_game(runner, "demo")
    return tmp_path / "demo"


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ('"Mo\\0on"', "holds the control character U+0000"),
        ('"Mo\\u202Eon"', "holds the invisible direction mark U+202E, which turns the text around"),
        (
            '"Moon \\U0001F315"',
            "holds U+1F315 🌕 (full moon symbol), which the cards' fonts cannot draw",
        ),
    ],
)
def test_text_no_card_can_print_is_an_error_at_its_line(
    demo: Path, runner: CliRunner, name: str, problem: str
) -> None:
    replace_once(demo / "cards.yaml", NAME, f"{{id: moon-2, name: {name},")
    code, output = _validate(runner, "demo")
    assert code == 1
    assert f"demo/cards.yaml:12:18: error: the text {problem} (at /cards/5/name)" in output


def test_a_text_never_drawn_may_hold_any_character_but_not_a_direction_mark(
    demo: Path, runner: CliRunner
) -> None:
    # The authors go into the PDFs' metadata, never onto a card.
    replace_once(demo / "game.yaml", "authors: [Your Name]", 'authors: ["Yōko 🌕"]')
    code, output = _validate(runner, "demo")
    assert code == 0, output
    replace_once(demo / "game.yaml", "Yōko 🌕", "Yōko \\u202E")
    code, output = _validate(runner, "demo")
    assert code == 1 and "direction mark U+202E" in output


def test_a_translation_no_card_can_print_is_an_error_at_the_text(
    demo: Path, runner: CliRunner
) -> None:
    catalog = demo / "locales/fr/LC_MESSAGES/demo.po"
    replace_once(catalog, 'msgstr "Lune"', 'msgstr "Lune \x07"')
    code, output = _validate(runner, "demo")
    assert code == 1
    assert "error: the French translation of 'Moon' holds the control character U+0007" in output


def _corrupt_png(path: Path) -> None:
    """A PNG whose chunks and checksums are sound but whose pixels do not decompress."""
    buffer = BytesIO()
    Image.new("RGB", (60, 60), (10, 200, 30)).save(buffer, format="PNG")
    data = bytearray(buffer.getvalue())
    at = data.index(b"IDAT")
    size = struct.unpack(">I", data[at - 4 : at])[0]
    body = bytes(data[at + 4 + 2 : at + 4 + size])  # keep the zlib header, spoil the stream
    spoiled = data[at + 4 : at + 4 + 2] + bytes(b ^ 0x5A for b in body)
    data[at + 4 : at + 4 + size] = spoiled
    data[at + 4 + size : at + 8 + size] = struct.pack(">I", zlib.crc32(b"IDAT" + spoiled))
    path.write_bytes(bytes(data))
    with Image.open(path) as image:
        image.verify()  # what validate checked before: it passes


def test_art_that_does_not_decode_is_an_error_at_validate(project: Path, runner: CliRunner) -> None:
    (Path(PACK) / "art").mkdir()
    _corrupt_png(Path(PACK) / "art" / "rabbit.png")
    replace_once(
        Path(PACK) / "species.yaml",
        "    name: Rabbit\n",
        "    name: Rabbit\n    art: art/rabbit.png\n",
    )
    code, output = _validate(runner)
    assert code == 1
    assert "data/all-star-draft/species.yaml:" in output
    assert "error: art file 'art/rabbit.png' is not a readable image" in output


def test_a_text_box_too_small_for_any_size_is_an_error_at_validate(
    demo: Path, runner: CliRunner
) -> None:
    layout = demo / "layouts" / "card.yaml"
    text = layout.read_text(encoding="utf-8")
    start = text.index("  name: {type: text, box: [")
    end = text.index("]", start)
    layout.write_text(
        text[:start] + "  name: {type: text, box: [8, 12, 47, 1" + text[end:], encoding="utf-8"
    )
    code, output = _validate(runner, "demo")
    assert code == 1
    assert "demo/layouts/card.yaml:" in output
    assert "is too small for its text at any size: at the smallest" in output


def test_a_malformed_plural_forms_header_is_located(demo: Path, runner: CliRunner) -> None:
    catalog = demo / "locales/de/LC_MESSAGES/demo.po"
    text = catalog.read_text(encoding="utf-8")
    start = text.index('"Plural-Forms: ')
    end = text.index("\n", start)
    catalog.write_text(
        text[:start] + '"Plural-Forms: nplurals=2; plural=(n !=;\\n"' + text[end:], encoding="utf-8"
    )
    line = text[:start].count("\n") + 1
    for command in (["validate", "--data", "demo"], ["i18n", "check", "--data", "demo"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1, command
        assert f"demo/locales/de/LC_MESSAGES/demo.po:{line}:" in result.output
        assert "the Plural-Forms header cannot be read" in result.output
        assert "Traceback" not in result.output


def test_a_data_file_listed_twice_is_an_error(demo: Path, runner: CliRunner) -> None:
    manifest = demo / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    listed = next(line for line in text.splitlines() if "file: cards.yaml" in line)
    manifest.write_text(text.replace(listed, f"{listed}\n{listed}"), encoding="utf-8")
    code, output = _validate(runner, "demo")
    assert code == 1
    assert "error: file 'cards.yaml' is used twice" in output


@pytest.mark.slow
def test_two_packs_with_one_id_are_an_error(tmp_path: Path, runner: CliRunner) -> None:
    pack = copy_game(tmp_path, "disaster-draft")
    shutil.copytree(pack, tmp_path / "data" / "copy-of-it")
    for command in (["validate"], ["build", "--jobs", "1"]):
        result = runner.invoke(app, [*command, "--data", str(tmp_path / "data")])
        assert result.exit_code == 1, result.output
        assert "/game.yaml:6:1: error: the game id 'disaster-draft' is also the id of" in (
            result.output
        )


@pytest.mark.slow
def test_a_build_removes_what_a_killed_build_left_unfinished(
    project: Path, runner: CliRunner
) -> None:
    folder = project / "output" / "all-star-draft" / "2025" / "en"
    folder.mkdir(parents=True)
    left = folder / ".arena.pdf.k3j9x_2a.tmp"
    left.write_bytes(b"half a pdf")
    kept = folder / ".notes.tmp"  # not ours
    kept.write_bytes(b"someone's")
    write_atomic(folder / "x.txt", b"x")
    result = runner.invoke(app, ["build", "--edition", "2025", "--locale", "en", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert not left.exists() and kept.exists()
    assert not list(folder.glob(".x.txt.*"))
