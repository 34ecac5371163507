"""Shared fixtures: a throw-away copy of the project's data and catalogs."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.paths import DATA_DIR, LOCALES_DIR

PACK = "data/all-star-draft"


def pytest_addoption(parser: pytest.Parser) -> None:
    """--update-golden rewrites the golden text snapshots instead of comparing with them."""
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/* from the current output",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """Whether this run rewrites golden files."""
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of All-Star Draft's pack (as data/all-star-draft) and of locales/ in a temporary
    folder, which becomes the working directory: tests of one game see that game alone."""
    shutil.copytree(DATA_DIR / "all-star-draft", tmp_path / "data" / "all-star-draft")
    shutil.copytree(LOCALES_DIR, tmp_path / "locales")
    monkeypatch.chdir(tmp_path)
    yield tmp_path


@pytest.fixture
def runner() -> CliRunner:
    """A Typer CLI runner."""
    return CliRunner()


def copy_game(tmp_path: Path, game: str) -> Path:
    """A copy of a game's pack as tmp_path/data/<game>, with the catalogs beside data/ where
    game.yaml looks for them; the copy's folder."""
    pack = tmp_path / "data" / game
    shutil.copytree(DATA_DIR / game, pack)
    shutil.copytree(LOCALES_DIR, tmp_path / "locales")
    return pack


def replace_once(path: Path, old: str, new: str) -> None:
    """Replace text that must occur exactly once in a file."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")
