"""`draftdeck cards`: any component's cards as a table or JSON, as the data gives them."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from tests.conftest import DATA, PACK, replace_once


@pytest.mark.slow
def test_cards_json_lists_every_card(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["cards", "--data", "data", "--json"])
    assert result.exit_code == 0
    cards = json.loads(result.stdout)
    assert len(cards) == 108
    assert cards[0] == {"id": "rabbit-1", "species": "rabbit", "number": 1, "symbol": None}
    assert {"id": "polar-bear-4", "species": "polar-bear", "number": 4, "symbol": "glove"} in cards


@pytest.mark.slow
def test_cards_table(project: Path, runner: CliRunner) -> None:
    lines = runner.invoke(app, ["cards", "--data", "data"]).stdout.splitlines()
    assert lines[0].split() == ["id", "species", "number", "symbol"]
    assert lines[2].split() == ["rabbit-1", "rabbit", "1", "-"]
    assert len(lines) == 2 + 108 + 1
    assert lines[-1] == "hockey-player: 108 cards (its count)"


ARENAS = ["cards", "--component", "arena", "--data", "data"]


@pytest.mark.slow
def test_arenas_json_per_edition(project: Path, runner: CliRunner) -> None:
    arenas_2025 = json.loads(runner.invoke(app, [*ARENAS, "--json"]).stdout)
    assert len(arenas_2025) == 15
    assert arenas_2025[1] == {
        "id": "combo-stadium-2",
        "name": "Combo Stadium 2",
        "fans": [22, 20, 17, 15, 13, 11],
        "special": "run",
    }
    arenas_2020 = json.loads(runner.invoke(app, [*ARENAS, "--edition", "2020", "--json"]).stdout)
    assert len(arenas_2020) == 12
    assert all(a["provisional"] for a in arenas_2020)


@pytest.mark.slow
def test_tokens_made_from_each_colour_and_value(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["cards", "--component", "bus-token", "--data", "data", "--json"])
    tokens = json.loads(result.stdout)
    assert len(tokens) == 18
    assert tokens[:2] == [
        {"id": "blue-1", "rgb": "#1E5AA8", "value": 1},
        {"id": "blue-2", "rgb": "#1E5AA8", "value": 2},
    ]


@pytest.mark.slow
def test_arenas_table_follows_the_data(project: Path, runner: CliRunner) -> None:
    replace_once(
        Path(PACK) / "editions/2025/arenas.yaml",
        "fans: [13, 10, 7, 5, 3, 1]",
        "fans: [14, 10, 7, 5, 3, 1]",
    )
    lines = runner.invoke(app, ARENAS).stdout.splitlines()
    assert lines[-2].startswith("stadium-fall-3   Stadium Fall 3   14, 10, 7, 5, 3, 1")


@pytest.mark.slow
def test_unknown_edition_is_a_usage_error(project: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, [*ARENAS, "--edition", "1999"])
    assert result.exit_code == 2
    assert "error: unknown edition '1999'; all-star-draft has: 2025, 2020" in result.output
    result = runner.invoke(app, ["cards", "--component", "unicorn", "--data", "data"])
    assert result.exit_code == 2
    assert "error: unknown component 'unicorn'; components: fan-zone, arena," in result.output


@pytest.mark.slow
def test_listing_broken_data_reports_without_traceback(project: Path, runner: CliRunner) -> None:
    replace_once(
        Path(PACK) / "cards.yaml", "species: tiger, number: 5,", "species: lion, number: 5,"
    )
    result = runner.invoke(app, ["cards", "--data", "data", "--json"])
    assert result.exit_code == 1
    assert "cards.yaml:91:19: error: unknown species 'lion'" in result.output
    assert "run 'draftdeck validate' for details" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="sets a pipe's size (Linux)")
def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    # `draftdeck cards --json | head -c 10`: the pipe closes while the command writes.
    import fcntl
    import subprocess

    read, write = os.pipe()
    fcntl.fcntl(write, 1031, 4096)  # F_SETPIPE_SZ: a small pipe, so that writing blocks
    command = [str(Path(sys.executable).with_name("draftdeck")), "cards", "--json"]
    command += ["--data", str(DATA), "--game", "all-star-draft"]
    process = subprocess.Popen(command, stdout=write, stderr=subprocess.PIPE)
    os.close(write)
    with os.fdopen(read, "rb") as stream:
        assert stream.read(10) == b"[\n  {\n    "
    _, errors = process.communicate(timeout=60)
    assert errors.decode() == ""
    assert process.returncode in (0, 1, 120, -13), process.returncode
