"""The balance report: interval maths, adding games up, and `draftdeck simulate`."""

from __future__ import annotations

import json
import shutil
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.games.all_star_draft.simulation import play_game
from generator.games.all_star_draft.simulation.report import (
    ArenaFacts,
    GameFacts,
    SeatFacts,
    game_facts,
)
from generator.games.all_star_draft.simulation.simulator import SIMULATION
from generator.play.balance import q_values, wilson
from generator.play.simulation import Prepared, play_settings
from generator.play.simulation import report as simulation_report
from generator.plugins.simulation import SimulationSettings
from tests.conftest import PACK
from tests.game_helpers import seated
from tests.pdf_helpers import font_names
from tests.rules_helpers import book
from tests.spawn_helpers import spawning

pytestmark = pytest.mark.usefixtures("in_snapshot")


def test_wilson_interval_matches_known_values() -> None:
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)


def _seat(bot: str, share: float, place: int) -> SeatFacts:
    return SeatFacts(bot, 50, 10, 0, share, place, 1, "duck")


def test_the_report_adds_games_up_and_shares_drawn_wins() -> None:
    arena = ArenaFacts(1, "combo-stadium-1", (3, 2), (1, 2), (21, 18), 1)
    games = [
        GameFacts(
            (_seat("greedy", 1.0, 1), _seat("random", 0.0, 2)), (arena,), ("duck",), ("duck",), (2,)
        ),
        GameFacts(
            (_seat("greedy", 0.5, 1), _seat("random", 0.5, 2)), (arena,), ("duck",), ("wolf",), (2,)
        ),
    ]
    bots = ("greedy", "random")
    played = play_settings(SimulationSettings(players=2, games=2, seed=1, bots=bots))
    table = Prepared("all-star-draft", "All-Star Draft", SIMULATION, None, bots, played, ())
    report = json.loads(json.dumps(simulation_report(table, games).as_json()))
    assert report["games"] == 2
    assert [s["count"] for s in report["win_rate_by_seat"]] == [1.5, 0.5]
    assert report["win_rate_by_bot"]["greedy"]["rate"] == 0.75
    assert report["arenas"]["combo-stadium-1"]["ranks_taken"] == {"1": 2, "2": 2}
    assert report["arenas"]["combo-stadium-1"]["special_met"]["count"] == 2
    assert report["strength_by_round"] == {"1": {"2": 2, "3": 2}}
    assert report["playoffs"]["place_by_bot"]["random"] == {"2": 2}
    assert report["species"]["duck"]["first_pick"]["count"] == 1


def test_game_facts_agree_with_the_game() -> None:
    bots, _ = seated(SIMULATION, None, ["greedy", "random"] * 2, 9)
    record = play_game(book(), 4, 9, bots)
    facts = game_facts(record, book(), 0)
    assert sum(s.win_share for s in facts.seats) == pytest.approx(1.0)
    assert [s.season for s in facts.seats] == [
        next(st.season for st in record.standings if st.manager == m) for m in record.managers
    ]
    order = facts.elimination_order
    assert len(set(order)) == len(order) and set(order) <= {1, 2, 3, 4}
    champion = record.playoffs.winner
    if champion is not None:
        assert record.managers.index(champion) + 1 not in order
    assert len(facts.round_openers) == 4 * 3


def _simulate(runner: CliRunner, out: Path, *extra: str) -> dict[str, Any]:
    args = [
        "simulate",
        "--game",
        "all-star-draft",
        "--players",
        "3",
        "--games",
        "60",
        "--seed",
        "4",
        "--bots",
        "greedy,random",
    ]
    result = runner.invoke(app, [*args, "--out", str(out), *extra])
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout
    [path] = (out / "all-star-draft" / "simulation").glob("*.json")
    assert path.name == "2025-3p-greedy-random-seed4-60games.json"
    report: dict[str, Any] = json.loads(path.read_text())
    report["pdf"] = path.with_suffix(".pdf").read_bytes()
    return report


@pytest.mark.processes
def test_simulate_writes_the_same_report_with_one_or_two_processes(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In this process, in two forked workers, and in two spawned ones (as on macOS and
    Windows)."""
    one = _simulate(runner, tmp_path / "one", "--jobs", "1")
    two = _simulate(runner, tmp_path / "two", "--jobs", "2")
    spawned = spawning(monkeypatch)
    spawned_two = _simulate(runner, tmp_path / "spawned", "--jobs", "2")
    assert spawned == [True]  # the games went to spawned workers
    assert one == two == spawned_two  # the PDF bytes too
    assert one["games"] == 60
    seats = one["win_rate_by_seat"]
    assert isinstance(seats, list)
    assert sum(s["count"] for s in seats) == pytest.approx(60)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy,wizard"], "unknown bot wizard; bots: random, greedy"),
        (["--players", "2", "--mode", "duel"], "unknown 2-player mode 'duel'"),
        (["--players", "7"], "All-Star Draft is played by 2 to 6 players (game.yaml), not 7"),
    ],
)
def test_simulate_refuses_bad_settings_clearly(
    runner: CliRunner, tmp_path: Path, args: list[str], message: str
) -> None:
    result = runner.invoke(
        app, ["simulate", "--game", "all-star-draft", "--games", "5", "--out", str(tmp_path), *args]
    )
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "all-star-draft" / "simulation").exists()


def test_q_values_follow_benjamini_hochberg() -> None:
    assert q_values([0.01, 0.02, 0.03, 0.5]) == pytest.approx([0.04, 0.04, 0.04, 0.5])
    assert q_values([0.001, 0.04]) == pytest.approx([0.002, 0.04])


def test_q_values_take_any_order_and_answer_in_it() -> None:
    assert q_values([0.5, 0.01, 0.03, 0.02]) == pytest.approx([0.5, 0.04, 0.04, 0.04])


@pytest.mark.slow
def test_comparing_a_run_with_itself_finds_no_change() -> None:
    from generator.games.all_star_draft.queries import load
    from generator.play.compare import by_figure, compare_runs
    from generator.play.simulation import play_figures, prepare
    from generator.plugins.simulation import SimulationSettings
    from tests.conftest import DATA

    settings = SimulationSettings(3, 30, 1, ("greedy", "random"))
    table = prepare(SIMULATION, load(DATA), settings, ("all-star-draft", "All-Star Draft", 2, 6))
    figures = by_figure(play_figures(table, range(1, 31)))
    changes = compare_runs(figures, [("again", figures)])
    assert changes and not any(c.significant for c in changes)
    assert {c.change.p_value for c in changes} == {1.0}
    assert {"win rate, seat 1", "win rate, bot random", "fans, seat 3"} <= set(figures)


@pytest.mark.slow
def test_compare_finds_the_arena_edit(project: Path, runner: CliRunner) -> None:
    arenas = project / PACK / "editions" / "2025" / "arenas.yaml"
    original = project / "original"
    shutil.copytree(project / "data", original)
    text = arenas.read_text()
    arenas.write_text(
        text.replace("fans: [21, 18, 15, 12, 9, 6]", "fans: [40, 18, 15, 12, 9, 6]", 1)
    )
    args = [
        "simulate",
        "--game",
        "all-star-draft",
        "--games",
        "150",
        "--bots",
        "greedy,random",
        "--jobs",
        "1",
    ]
    result = runner.invoke(
        app, [*args, "--data", str(original), "--compare", "data", "--out", "output"]
    )
    assert result.exit_code == 0, result.output
    assert "fans, bot greedy" in result.stdout
    [path] = (project / "output" / "all-star-draft" / "simulation").glob("*-compare.json")
    assert path.with_suffix(".pdf").read_bytes().startswith(b"%PDF")
    changed = json.loads(path.read_text())["changes"]
    arena = next(c for c in changed if c["figure"] == "fans, bot greedy")
    assert arena["significant"] and arena["after"] > arena["before"]


def _shown(value: float) -> str:
    return f"{value:.1f}" if value % 1 else f"{value:.0f}"


def _has_row(lines: list[str], cells: list[str]) -> bool:
    return any(lines[i : i + len(cells)] == cells for i in range(len(lines)))


@pytest.mark.slow
def test_the_pdf_tables_show_the_json_numbers(runner: CliRunner, tmp_path: Path) -> None:
    from pypdf import PdfReader

    report = _simulate(runner, tmp_path)
    pages = PdfReader(BytesIO(report["pdf"])).pages
    lines = [line.strip() for page in pages for line in page.extract_text().splitlines()]
    for seat in report["win_rate_by_seat"]:
        low, high = seat["ci95"]
        rate = f"{seat['rate'] * 100:.1f}% ({low * 100:.1f}-{high * 100:.1f})"
        assert _has_row(lines, [str(seat["seat"]), seat["bot"], _shown(seat["count"]), rate])
    for arena, figures in report["arenas"].items():
        fans = figures["fans"]
        row = [arena, str(figures["played"]), _shown(fans["mean"]), _shown(fans["median"])]
        assert _has_row(lines, [*row, f"{fans['min']}-{fans['max']}"]), arena
    by_round = report["strength_by_round"]
    strengths = sorted({s for teams in by_round.values() for s in teams}, key=int)
    for number, teams in by_round.items():
        assert _has_row(lines, [number, *(str(teams.get(s, 0)) for s in strengths)])
    for species, figures in report["species"].items():
        assert _has_row(lines, [species, str(figures["games"])])
    fonts = font_names(report["pdf"])
    assert fonts and all("+" in name for name in fonts), fonts  # embedded subsets only


def test_a_short_run_draws_every_chart_even_for_species_never_drafted_most(
    runner: CliRunner, tmp_path: Path
) -> None:
    from pypdf import PdfReader

    args = [
        "simulate",
        "--game",
        "all-star-draft",
        "--players",
        "3",
        "--games",
        "2",
        "--bots",
        "planner",
    ]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    [path] = (tmp_path / "all-star-draft" / "simulation").glob("*.json")
    report = json.loads(path.read_text())
    assert any(s["win_rate_as_main_species"]["rate"] is None for s in report["species"].values())
    pdf = path.with_suffix(".pdf").read_bytes()
    text = " ".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    for title in (
        "Win rate by seat (%)",
        "Teams by strength in each round",
        "Win rate as main species and first-pick rate (%)",
        "Playoff places by bot (games)",
    ):
        assert title in text


@pytest.mark.slow
def test_the_help_is_the_same_wherever_it_is_asked_for(tmp_path: Path) -> None:
    """Building the command line reads no data: --help in a project and in an empty folder."""
    import subprocess
    import sys

    from tests.conftest import DATA

    draftdeck = str(Path(sys.executable).with_name("draftdeck"))
    shown = [
        subprocess.run(
            [draftdeck, "simulate", "--help"], cwd=where, capture_output=True, text=True, check=True
        ).stdout
        for where in (DATA.parent, tmp_path)
    ]
    assert shown[0] == shown[1]
    assert "game.yaml" in shown[0]
