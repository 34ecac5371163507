"""Files that are not files: a named pipe (FIFO) or a folder where a pack has, or names, a
file. Reading a FIFO blocks for ever, so draftdeck reads only regular files; one the pack
names is a located error that says what it is, never "missing". The commands run as users
run them, in a process of their own with a time limit."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.conftest import copy_game
from tests.limits import draftdeck

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="named pipes are POSIX")

GAME = "disaster-draft"


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    return copy_game(tmp_path, GAME)


def _fifo(path: Path) -> None:
    if path.is_dir():
        path.rmdir()
    elif path.exists():
        path.unlink()
    os.mkfifo(path)


def _output(pack: Path, *args: str) -> tuple[int, str]:
    result = draftdeck(*args, cwd=pack.parent.parent)
    output = result.stdout + result.stderr
    assert "Traceback" not in output, output
    return result.returncode, output


@pytest.mark.slow
def test_a_pipe_anywhere_in_a_pack_is_passed_over(pack: Path) -> None:
    """The fingerprint of what validate remembers once opened every file, the pipe too."""
    _fifo(pack / "notes.txt")
    (pack / "art").mkdir()
    _fifo(pack / "art" / "unused.png")
    code, output = _output(pack, "validate")
    assert code == 0, output
    _fifo(pack / "layouts" / "draft.yaml")  # every file of layouts/ is a template
    code, output = _output(pack, "validate")
    assert code == 1
    assert (
        "layouts/draft.yaml: error: the file is a named pipe (FIFO), not a regular file" in output
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("relative", "command", "expected"),
    [
        (
            "battle.yaml",
            "validate",
            "data/disaster-draft/battle.yaml: error: the file is a named pipe (FIFO), not a regular file",
        ),
        (
            "battle.yaml",
            "build",
            "data/disaster-draft/battle.yaml: error: the file is a named pipe (FIFO), not a regular file",
        ),
        (
            "schemas/battle.schema.json",
            "validate",
            "its schema schemas/battle.schema.json is a named pipe (FIFO), not a regular file",
        ),
        (
            "glossary.yaml",
            "build",
            "data/disaster-draft/glossary.yaml: error: the file is a named pipe (FIFO), not a regular file",
        ),
        (
            "locales/de/LC_MESSAGES/disaster-draft.po",
            "validate",
            "disaster-draft.po: error: the German catalog cannot be read: is a named pipe (FIFO), not a regular file",
        ),
    ],
)
def test_a_pipe_where_the_pack_names_a_file_is_a_located_error(
    pack: Path, relative: str, command: str, expected: str
) -> None:
    _fifo(pack / relative)
    code, output = _output(pack, command, *(("--locale", "en") if command == "build" else ()))
    assert code == 1, output
    assert expected in output
    assert "missing" not in output


@pytest.mark.slow
def test_a_folder_where_a_data_file_should_be_is_no_missing_file(pack: Path) -> None:
    (pack / "battle.yaml").unlink()
    (pack / "battle.yaml").mkdir()
    code, output = _output(pack, "validate")
    assert code == 1
    assert (
        "data/disaster-draft/battle.yaml: error: the file is a folder, not a regular file" in output
    )
    assert "missing" not in output


@pytest.mark.slow
def test_a_pipe_for_art_or_a_font_is_a_located_error(pack: Path) -> None:
    from tests.conftest import replace_once

    (pack / "fonts").mkdir()
    _fifo(pack / "fonts" / "Title.ttf")
    theme = pack / "layouts" / "theme.yaml"
    theme.write_text(
        theme.read_text(encoding="utf-8") + "fonts:\n  title: fonts/Title.ttf\n", encoding="utf-8"
    )
    _fifo(pack / "ash.png")
    replace_once(pack / "units.yaml", "{id: ash-golem,", "{id: ash-golem, art: ash.png,")
    code, output = _output(pack, "validate")
    assert code == 1, output
    assert "the font file fonts/Title.ttf is a named pipe (FIFO), not a regular file" in output
    assert "art file 'ash.png' is a named pipe (FIFO), not a regular file" in output
