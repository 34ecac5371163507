"""Every broken edit of the corpus gives its exact, located errors, and never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from tests.broken_edits import apply_edit, load_corpus
from tests.conftest import copy_game

CORPUS = load_corpus()
ONE_PER_FILE = list({e["file"]: e for e in reversed(CORPUS) if e["expect"]}.values())[::-1]
"""The first failing edit of each file: the build refuses them with validate's errors (it
runs validate's very code: one edit per file checks every loader the build goes through)."""


def test_corpus_is_large_and_distinct() -> None:
    names = [edit["name"] for edit in CORPUS]
    assert len(names) >= 30
    assert len(set(names)) == len(names)


@pytest.mark.slow
@pytest.mark.parametrize("edit", CORPUS, ids=[e["name"] for e in CORPUS])
def test_broken_edit(edit: dict[str, Any], project: Path, runner: CliRunner) -> None:
    _with_its_game(project, edit)
    apply_edit(project, edit)
    result = runner.invoke(app, ["validate", "data", "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    report = json.loads(result.stdout)

    def headlines(severity: str) -> list[str]:
        found = [d for d in report["diagnostics"] if d["severity"] == severity]
        return sorted(_headline(d) for d in found)

    assert headlines("error") == sorted(edit["expect"])
    assert headlines("warning") == sorted(edit.get("warnings", []))
    assert result.exit_code == (1 if edit["expect"] else 0)


def _with_its_game(project: Path, edit: dict[str, Any]) -> None:
    """The project holds All-Star Draft; an edit of another game's pack copies that one too."""
    game = Path(edit["file"]).parts[1]
    if not (project / "data" / game).exists():
        copy_game(project, game)


def _headline(d: dict[str, Any]) -> str:
    location = d["file"]
    if d["line"]:
        location += f":{d['line']}"
        if d["column"]:
            location += f":{d['column']}"
    pointer = f" (at {d['pointer']})" if d["pointer"] else ""
    return f"{location}: {d['severity']}: {d['message']}{pointer}"


@pytest.mark.slow
@pytest.mark.parametrize("edit", ONE_PER_FILE, ids=[e["name"] for e in ONE_PER_FILE])
def test_the_build_stops_with_the_same_errors(
    edit: dict[str, Any], project: Path, tmp_path: Path
) -> None:
    """A build refuses bad data before it draws anything, with validate's very errors."""
    from generator.core.errors import DataError
    from generator.services.build import BuildOptions, build

    _with_its_game(project, edit)
    apply_edit(project, edit)
    with pytest.raises(DataError) as failure:
        build(Path("data"), tmp_path / "out", BuildOptions())
    assert sorted(d.headline for d in failure.value.diagnostics) == sorted(edit["expect"])
    assert not (tmp_path / "out").exists()
