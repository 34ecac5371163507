"""`draftdeck new GAME --plugin`: a rules plug-in to start from that installs, validates, plays
its random bots and passes its own tests, importing nothing of draftdeck but the plug-in API."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app


def _run(command: list[str], where: Path, env: dict[str, str]) -> str:
    done = subprocess.run(command, cwd=where, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.slow
def test_the_starter_plugin_installs_validates_simulates_and_passes_its_tests(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(app, ["new", "tidepool", "--plugin"])
    assert made.exit_code == 0, made.output
    assert "pip install -e tidepool/plugin" in made.output
    plugin = tmp_path / "tidepool" / "plugin"
    package = plugin / "tidepool_rules"
    for source in package.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("generator"):
                assert node.module == "generator.plugin_api", source.name
    site = tmp_path / "site"  # installed beside draftdeck without touching its environment
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site)]
    env = {**os.environ, "PYTHONPATH": str(site)}
    _run([*pip, str(plugin)], tmp_path, env)
    draftdeck = str(Path(sys.executable).with_name("draftdeck"))
    assert "no errors" in _run([draftdeck, "validate", "--data", "tidepool"], tmp_path, env)
    shown = _run(
        [draftdeck, "simulate", "--data", "tidepool", "--bots", "random", "--games", "40",
         "--jobs", "1"],
        tmp_path,
        env,
    )  # fmt: skip
    assert "40 games" in shown and "win rate" in shown
    asked = _run(
        [draftdeck, "rules", "tidepool", "round", "sun-1", "sun-2", "--data", "tidepool"],
        tmp_path,
        env,
    )
    assert "sun-2 (2): takes the round" in asked and "sun-1 (1): -" in asked
    assert "4 passed" in _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], plugin, env)  # fmt: skip


def test_a_deck_too_small_for_the_largest_table_is_the_plugins_located_error(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The starter plug-in's cross-check, run as validate runs it (without installing it)."""
    from generator.loading.document import Document
    from generator.services.starter import write_plugin, write_starter

    monkeypatch.chdir(tmp_path)
    write_plugin(write_starter(tmp_path / "tidepool", "tidepool"), "tidepool")
    monkeypatch.syspath_prepend(str(tmp_path / "tidepool" / "plugin"))
    from tidepool_rules.checks import cross_checks  # type: ignore[import-not-found]

    cards = Document("cards.yaml", {"cards": [{"id": "sun-1"}]}, ("cards:",), lambda: ({}, {}))
    manifest = type("Manifest", (), {"max_players": 4})()
    [problem] = cross_checks({"cards": cards}, manifest)
    assert "4 players need 12 cards, the deck has 1" in problem.message
