"""`draftdeck build`: outputs are exact, repeatable and never damaged by a failed build."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.output.atomic import write_atomic
from tests.conftest import PACK, replace_once

ARGS = ["build", "--data", "data", "--out", "output"]


def test_build_writes_each_edition(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ARGS)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "written: output/all-star-draft/2025/data.json",
        "written: output/all-star-draft/2020/data.json",
    ]
    export = json.loads(
        (project / "output/all-star-draft/2025/data.json").read_text(encoding="utf-8")
    )
    assert len(export["cards"]) == 108
    assert export["arenas"][0]["fans"] == [21, 18, 15, 12, 9, 6]
    assert export["playoffs"]["tickets"] == {"2": 2, "3": 1, "4": 0, "5": 0, "6": 0}
    assert export["tiebreakers"]["5"] == ["symbol", "species", "number"]


def test_second_build_changes_nothing_and_is_byte_identical(
    project: Path, runner: CliRunner
) -> None:
    runner.invoke(app, ARGS)
    first = (project / "output/all-star-draft/2025/data.json").read_bytes()
    result = runner.invoke(app, ARGS)
    assert result.stdout.splitlines()[0] == "unchanged: output/all-star-draft/2025/data.json"
    assert (project / "output/all-star-draft/2025/data.json").read_bytes() == first


def test_build_follows_the_data(project: Path, runner: CliRunner) -> None:
    runner.invoke(app, ARGS)
    replace_once(
        Path(PACK) / "editions/2025/arenas.yaml",
        "fans: [13, 10, 7, 5, 3, 1]",
        "fans: [14, 10, 7, 5, 3, 1]",
    )
    result = runner.invoke(app, [*ARGS, "--edition", "2025"])
    assert result.stdout.splitlines() == ["written: output/all-star-draft/2025/data.json"]
    export = json.loads(
        (project / "output/all-star-draft/2025/data.json").read_text(encoding="utf-8")
    )
    assert export["arenas"][-1]["fans"][0] == 14


def test_failed_build_keeps_the_last_good_output(project: Path, runner: CliRunner) -> None:
    runner.invoke(app, ARGS)
    good = (project / "output/all-star-draft/2025/data.json").read_bytes()
    replace_once(
        Path(PACK) / "editions/2025/arenas.yaml",
        "fans: [13, 10, 7, 5, 3, 1]",
        "fans: [13, 10, 7, 5, 3]",
    )
    result = runner.invoke(app, ARGS)
    assert result.exit_code == 1
    assert "fans for rank 1-6 need 6 values, got 5" in result.output
    assert (project / "output/all-star-draft/2025/data.json").read_bytes() == good


def test_unknown_edition_is_a_usage_error(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, [*ARGS, "--edition", "2019"])
    assert result.exit_code == 2
    assert not (project / "output").exists()


def test_atomic_write_leaves_old_content_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.json"
    assert write_atomic(target, b"old")
    assert not write_atomic(target, b"old")

    def broken_fsync(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]
    assert target.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
