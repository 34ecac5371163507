"""Shared fixtures: the tests work on copies of the project's data, never on data/ itself.

At the start of the session the data folder is copied once (`DATA`); tests
that only read use that snapshot, so editing data/ while the tests run
changes nothing; tests that write copy a game from it. Every test runs in
an empty temporary folder, so that a command that would fall back on the
folder it runs in finds no data rather than the project's.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

PROJECT_ROOT = Path(__file__).resolve().parent.parent
"""The source checkout the tests run in."""
PACK = "data/all-star-draft"
_SNAPSHOT = Path(tempfile.mkdtemp(prefix="draftdeck-tests-"))
DATA = _SNAPSHOT / "data"
"""A copy of the project's data folder (every pack, with its catalogs), made once a session."""
shutil.copytree(
    PROJECT_ROOT / "data", DATA, ignore=shutil.ignore_patterns("output", "*.mo", "__pycache__")
)
os.environ["DRAFTDECK_CACHE_DIR"] = str(_SNAPSHOT / "cache")
"""What validate remembers stays with the session, never in the user's cache folder."""


WARM_UP = (
    "from generator.play.runs import prepared;"
    "from generator.play.simulation import play_game;"
    "from generator.plugins.simulation import SimulationSettings;"
    "from generator.services.find import load_pack;"
    "settings = SimulationSettings(2, 1, 1, ('greedy', 'random'));"
    "play_game(prepared(load_pack(DATA / 'disaster-draft'), settings), 1)",
    "from generator.play.runs import prepared;"
    "from generator.play.simulation import play_game;"
    "from generator.plugins.simulation import SimulationSettings;"
    "from generator.games.extraliga_all_stars.bonus_phase import Bonuses, Side, bonus_odds;"
    "from generator.services.find import load_pack;"
    "settings = SimulationSettings(2, 1, 1, ('greedy', 'random'));"
    "play_game(prepared(load_pack(DATA / 'extraliga-all-stars'), settings), 1);"
    "bonus_odds(Side(1, 0, Bonuses(reroll=1)), Side(0, 4))",
)
"""Games that use every compiled kernel, played before the test workers start."""


def pytest_configure(config: pytest.Config) -> None:
    """Before the workers of `pytest -n` start, compile the kernels once (numba caches them
    in the user's cache folder), so that no two workers compile the same kernel at once."""
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    import subprocess
    import sys

    setup = f"from pathlib import Path; DATA = Path({str(DATA)!r});"
    running = [subprocess.Popen([sys.executable, "-c", setup + code]) for code in WARM_UP]
    for process in running:
        if process.wait() != 0:
            raise pytest.UsageError("warming up the compiled kernels failed (see above)")


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the session's copy of the data."""
    shutil.rmtree(_SNAPSHOT, ignore_errors=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first: started last, one of them would end the run alone."""
    items.sort(key=lambda item: item.get_closest_marker("longest") is None)


def pytest_addoption(parser: pytest.Parser) -> None:
    """--update-golden rewrites the golden text snapshots instead of comparing with them."""
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/* from the current output, warning with what changed",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """Whether this run rewrites golden files."""
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(autouse=True)
def _elsewhere(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run each test in an empty folder of its own, outside the checkout."""
    monkeypatch.chdir(tmp_path_factory.mktemp("cwd"))


@pytest.fixture
def in_snapshot(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run in the folder that holds the session's copy of data/ (for commands that only read)."""
    monkeypatch.chdir(DATA.parent)
    return DATA.parent


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of All-Star Draft's pack (as data/all-star-draft, with its catalogs) in a
    temporary folder, which becomes the working directory: tests of one game see it alone."""
    copy_game(tmp_path, "all-star-draft")
    monkeypatch.chdir(tmp_path)
    yield tmp_path


@pytest.fixture
def runner() -> CliRunner:
    """A Typer CLI runner."""
    return CliRunner()


def copy_game(tmp_path: Path, game: str) -> Path:
    """A copy of a game's pack, catalogs included, as tmp_path/data/<game>; the copy's folder."""
    pack = tmp_path / "data" / game
    shutil.copytree(DATA / game, pack)
    return pack


def own_interface_catalogs(pack: Path) -> None:
    """Give a pack copies of draftdeck's interface catalogs, which then word its interface."""
    from generator.core.paths import LOCALES_DIR

    for path in LOCALES_DIR.rglob("draftdeck.po*"):
        target = pack / "locales" / path.relative_to(LOCALES_DIR)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def new_game(runner: CliRunner, game: str, *options: str) -> None:
    """`draftdeck new` and then German and French added, as the tutorial starts a game."""
    from generator.cli.app import app

    for command in (
        ["new", game, *options],
        ["i18n", "add", "de", "--data", game],
        ["i18n", "add", "fr", "--data", game],
    ):
        result = runner.invoke(app, command)
        assert result.exit_code == 0, result.output


def replace_once(path: Path, old: str, new: str) -> None:
    """Replace text that must occur exactly once in a file."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def error_lines(root: Path) -> list[str]:
    """A pack's validation errors, each with its hint, as validate prints them."""
    from generator.core.diagnostics import Severity
    from generator.services.validate import validate_pack

    result = validate_pack(root)
    return [
        d.headline + (f"\n  hint: {d.hint}" if d.hint else "")
        for d in result.diagnostics
        if d.severity is Severity.ERROR
    ]
