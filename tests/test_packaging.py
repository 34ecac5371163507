"""The package as a user installs it: the built wheel (not an editable install) in a fresh virtual
environment, run from a folder of its own."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import DATA, PROJECT_ROOT


def test_every_package_of_the_source_tree_is_in_the_wheel() -> None:
    """Every folder of the package that holds files is listed, data folders too (setuptools
    treats them as packages and will stop shipping those it was not told about)."""
    config = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text("utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    mapped = config["tool"]["setuptools"]["package-dir"]
    assert mapped == {"generator.schemas": "schemas", "generator.locales": "locales"}
    roots = {"generator": PROJECT_ROOT / "generator"}
    roots |= {name: PROJECT_ROOT / folder for name, folder in mapped.items()}
    found = {
        ".".join((name, *path.parent.relative_to(root).parts))
        for name, root in roots.items()
        for path in root.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".mo"
    }
    assert found <= listed, sorted(found - listed)


def _run(command: list[str], where: Path) -> str:
    result = subprocess.run(command, cwd=where, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"
    assert "Traceback" not in result.stderr
    return result.stdout + result.stderr


@pytest.mark.slow
@pytest.mark.longest
def test_the_installed_wheel_works_from_a_folder_of_its_own(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(PROJECT_ROOT), "-w", str(wheels)], tmp_path)  # fmt: skip
    [wheel] = wheels.glob("draftdeck-*.whl")
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], tmp_path)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    constraints = str(PROJECT_ROOT / "constraints.txt")
    _run([str(python), "-m", "pip", "install", "-q", "-c", constraints, str(wheel)], tmp_path)
    light = (
        "import importlib.util as u; print([m for m in ('numba', 'distributed') if u.find_spec(m)])"
    )
    assert _run([str(python), "-c", light], tmp_path).strip() == "[]"  # the light install
    draftdeck = str(python.with_name("draftdeck"))
    installed = Path(
        _run([str(python), "-c", "import generator; print(generator.__file__)"], tmp_path).strip()
    ).parent
    assert installed.is_relative_to(venv), installed
    before = _files(installed)
    work = tmp_path / "work"
    work.mkdir()

    # A new game of data alone: made, checked, printed, from inside its folder.
    _run([draftdeck, "new", "tidepool"], work)
    pack = work / "tidepool"
    assert "$schema=schemas/game.schema.json" in (pack / "game.yaml").read_text("utf-8")
    assert (pack / "schemas" / "layout.schema.json").is_file()
    assert "no errors, no warnings" in _run([draftdeck, "validate"], pack)
    _run([draftdeck, "build", "--locale", "en"], pack)
    assert (pack / "output" / "tidepool" / "en" / "print-and-play.pdf").is_file()
    _run([draftdeck, "export", "png", "--locale", "en", "--dpi", "72"], pack)
    assert (pack / "output/tidepool/png/card/en/sun-1.png").read_bytes().startswith(b"\x89PNG")
    _serves_its_page(draftdeck, pack)

    # A game from a spreadsheet, translated in a workbook.
    rows = [
        "Name,Suit,Value,Ability",
        *(f"{s} {v},{s},{v},Gain {v}" for s in ("Sun", "Moon") for v in (1, 2)),
    ]
    (work / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    _run([draftdeck, "new", "sheet-game", "--from", "cards.csv"], work)
    assert "no errors, no warnings" in _run([draftdeck, "validate", "--data", "sheet-game"], work)
    _run([draftdeck, "i18n", "add", "de", "--data", "sheet-game"], work)
    _run([draftdeck, "i18n", "export", "--data", "sheet-game"], work)
    assert (work / "output/sheet-game/sheet-game-translations.xlsx").is_file()

    # The shipped games, copied anywhere: validated, summarised and simulated.
    shutil.copytree(DATA, work / "data")
    assert "no errors" in _run([draftdeck, "validate"], work)
    _run([draftdeck, "summary", "--game", "all-star-draft", "--locale", "de"], work)
    assert (work / "output/all-star-draft/2025/de/summary.pdf").read_bytes().startswith(b"%PDF")
    shown = _run(
        [draftdeck, "simulate", "--game", "all-star-draft", "--games", "10", "--jobs", "1"], work
    )
    assert "win rate" in shown  # played by the kernels as plain Python
    answered = _run([draftdeck, "rules", "battle", str(PROJECT_ROOT / "docs/examples/disaster-battle.yaml")], work)  # fmt: skip
    assert "win" in answered.lower()
    sweep = subprocess.run(
        [draftdeck, "sweep", str(PROJECT_ROOT / "docs/examples/extraliga-sweep.yaml")],
        cwd=work,
        capture_output=True,
        text=True,
        check=False,
    )
    assert sweep.returncode == 2 and "pip install 'draftdeck[play]'" in sweep.stderr, sweep.stderr
    assert _files(installed) == before  # nothing written into the installation


def _serves_its_page(draftdeck: str, pack: Path) -> None:
    """The gallery's page and script come from the installed package."""
    serving = subprocess.Popen(
        [draftdeck, "serve"], cwd=pack, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert serving.stdout is not None
        url = serving.stdout.readline().strip()
        with urllib.request.urlopen(url, timeout=30) as page:
            assert b"gallery.js" in page.read()
        with urllib.request.urlopen(url + "gallery.js", timeout=30) as script:
            assert script.status == 200
    finally:
        serving.kill()
        serving.communicate(timeout=30)


def _files(folder: Path) -> dict[str, int]:
    return {
        str(p.relative_to(folder)): p.stat().st_size
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
