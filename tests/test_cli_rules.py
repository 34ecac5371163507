"""`draftdeck rules …`: readable text, JSON, question files and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from tests.conftest import DATA, PROJECT_ROOT

pytestmark = pytest.mark.usefixtures("in_snapshot")

RANK_QUESTIONS = """\
# Emma, Ben, Carine and Denis at Stadium Fall 3
arena: stadium-fall-3
teams:
  Emma: [rabbit-5, eagle-5, penguin-5, shark-5, duck-2]
  Ben: [eagle-3, panda-3, wolf-3, rabbit-1, duck-7]
  Carine: [tiger-3, horse-3, reindeer-3, rabbit-2, duck-8]
  Denis: [polar-bear-1, polar-bear-2, beaver-4, penguin-7, horse-9]
---
edition: 2020
players: 4
teams:
  Sam: [tiger-3, tiger-4, tiger-5, tiger-6, duck-9]
  Jolanda: [rabbit-1, duck-2, eagle-4, panda-5, tiger-8]
"""


def run(runner: CliRunner, args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["rules", *args], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_strength_text_and_json(runner: CliRunner) -> None:
    code, out, _ = run(runner, ["strength", "duck-2", "duck-3", "duck-4", "duck-5", "duck-6"])
    assert (code, out) == (0, "strength 5, shows species duck\nspecials met: run\n")
    code, out, _ = run(
        runner,
        [
            "strength",
            "tiger-1",
            "tiger-3",
            "tiger-5",
            "tiger-7",
            "tiger-9",
            "--json",
            "--arena",
            "combo-stadium-2",
        ],
    )
    assert json.loads(out) == {
        "strength": 5,
        "attribute": "species",
        "value": "tiger",
        "specials": [],
    }


def test_strength_with_the_arenas_special(runner: CliRunner) -> None:
    _, out, _ = run(
        runner,
        [
            "strength",
            "rabbit-5",
            "duck-7",
            "beaver-9",
            "eagle-2",
            "penguin-6",
            "--arena",
            "combo-stadium-1",
            "--json",
        ],
    )
    assert json.loads(out)["specials"] == ["one-of-each"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["duck-1", "duck-2", "duck-3", "duck-4"], "error: the team has 4 cards; a team has 5"),
        (
            ["duck-1", "duck-2", "duck-3", "duck-4", "duck-5", "duck-6"],
            "error: the team has 6 cards; a team has 5",
        ),
        (
            ["duck-1", "duck-1", "duck-3", "duck-4", "duck-5"],
            "error: the team lists card 'duck-1' twice",
        ),
        (
            ["duck-1", "duck-2", "duck-3", "duck-4", "duck-10"],
            "error: unknown card 'duck-10'; card ids are <species>-<number>, e.g. duck-4",
        ),
        (
            ["duck-1", "duck-2", "duck-3", "duck-4", "duck-5", "--players", "7"],
            "error: players must be 2 to 6, got 7",
        ),
        (
            ["duck-1", "duck-2", "duck-3", "duck-4", "duck-5", "--players", "1"],
            "error: players must be 2 to 6, got 1",
        ),
        (
            ["duck-1", "duck-2", "duck-3", "duck-4", "duck-5", "--arena", "moon"],
            "error: unknown arena 'moon' in the 2025 edition",
        ),
        (
            ["duck-1", "duck-2", "duck-3", "duck-4", "duck-5", "--edition", "1999"],
            "error: unknown edition '1999'",
        ),
    ],
)
def test_strength_bad_input_is_one_line_and_exit_1(
    runner: CliRunner, args: list[str], message: str
) -> None:
    code, out, err = run(runner, ["strength", *args])
    assert code == 1 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_best_team(runner: CliRunner) -> None:
    bench = ["rabbit-4", "duck-4", "tiger-4", "eagle-1", "panda-8", "wolf-3"]
    code, out, _ = run(runner, ["best-team", *bench, "--json"])
    answer = json.loads(out)
    assert code == 0 and answer["strength"] == 3 and answer["value"] == 4
    assert {"rabbit-4", "duck-4", "tiger-4"} <= set(answer["team"])
    code, _, err = run(runner, ["best-team", "duck-1", "duck-2", "duck-3", "duck-4"])
    assert code == 1 and err == "error: a bench for best-team has 5 to 18 cards, got 4\n"


def test_rank_answers_a_yaml_stream_in_order(tmp_path: Path, runner: CliRunner) -> None:
    questions = tmp_path / "questions.yaml"
    questions.write_text(RANK_QUESTIONS, encoding="utf-8")
    code, out, _ = run(runner, ["rank", str(questions), "--json"])
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 0
    assert [(r["manager"], r["rank"], r["fans"]) for r in first["results"]] == [
        ("Emma", 1, 13),
        ("Ben", 2, 10),
        ("Carine", 2, 10),
        ("Denis", 4, 5),
    ]
    assert first["results"][0] == {
        "manager": "Emma",
        "strength": 4,
        "attribute": "number",
        "value": 5,
        "special": None,
        "rank": 1,
        "fans": 13,
    }
    assert [(r["manager"], r["fans"]) for r in second["results"]] == [
        ("Sam", None),
        ("Jolanda", None),
    ]


def test_rank_text_output(tmp_path: Path, runner: CliRunner) -> None:
    questions = tmp_path / "q.yaml"
    questions.write_text(RANK_QUESTIONS, encoding="utf-8")
    _, out, _ = run(runner, ["rank", str(questions)])
    lines = out.splitlines()
    assert lines[0] == f"# rank 1 ({questions}:2)"
    assert lines[1].split() == ["rank", "manager", "strength", "shows", "special", "fans"]
    assert lines[3].split() == ["1", "Emma", "4", "number", "5", "-", "13"]


def test_rank_reads_json_lines_from_stdin(runner: CliRunner) -> None:
    lines = [
        {
            "players": 2,
            "teams": {
                "Paul": ["rabbit-7", "beaver-9", "tiger-5", "duck-1", "eagle-2"],
                "Juliette": ["shark-8", "horse-8", "panda-8", "penguin-3", "reindeer-7"],
            },
        },
        {
            "players": 2,
            "teams": {
                "Nathan": ["eagle-2", "penguin-5", "polar-bear-4", "horse-1", "panda-9"],
                "Isa": ["duck-6", "beaver-7", "shark-4", "tiger-5", "rabbit-8"],
            },
        },
    ]
    code, out, _ = run(
        runner, ["rank", "-", "--json"], stdin="\n".join(json.dumps(x) for x in lines) + "\n"
    )
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [[r["manager"] for r in a["results"]] for a in answers] == [
        ["Paul", "Juliette"],
        ["Isa", "Nathan"],
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "teams:\n  A: [duck-1, duck-2, duck-3, duck-4]\n",
            "q.yaml:2:3: error: team 'A' has 4 cards; a team has 5 (at /teams/A)",
        ),
        (
            "teams:\n  A: [duck-1, duck-2, duck-3, duck-4, duck-10]\n",
            "q.yaml:2:39: error: unknown card 'duck-10'; card ids are <species>-<number>, e.g. duck-4 (at /teams/A/4)",
        ),
        (
            "teams:\n  A: [duck-1, duck-2, duck-3, duck-4, duck-1]\n",
            "q.yaml:2:39: error: card 'duck-1' is twice in the team (at /teams/A/4)",
        ),
        (
            "players: 9\nteams:\n  A: [duck-1, duck-2, duck-3, duck-4, duck-5]\n",
            "q.yaml:1:1: error: 'players' is 9, must be at most 6 (at /players)",
        ),
        (
            "players: 4\narena: moon\nteams:\n  A: [duck-1, duck-2, duck-3, duck-4, duck-5]\n",
            "q.yaml:2:1: error: unknown arena 'moon' in the 2025 edition",
        ),
        (
            "teams:\n  A: [duck-1, duck-2, duck-3, duck-4, duck-5]\n  B: [duck-5, duck-6, duck-7, duck-8, duck-9]\n",
            "q.yaml:3:7: error: card 'duck-5' is also in the team of 'A' (at /teams/B/0)",
        ),
        ("team:\n  A: [duck-1]\n", "q.yaml:1:1: error: unknown key 'team' (at /team)"),
        (
            "teams: {A: [duck-1, &x duck-2]}\n",
            "q.yaml:1:21: error: anchor '&x' is not allowed in data files",
        ),
    ],
)
def test_rank_bad_questions_are_located(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, text: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("q.yaml").write_text(text, encoding="utf-8")
    code, _out, err = run(runner, ["rank", "q.yaml", "--data", str(DATA)])
    assert code == 1
    assert err.startswith(message) and "Traceback" not in err
    if "anchor" not in message:  # the line itself, with a caret under the place
        assert f"\n {message.split(':')[1]} | " in err and "^" in err


def test_rank_missing_file(runner: CliRunner) -> None:
    code, _, err = run(runner, ["rank", "nowhere.yaml"])
    assert (code, err) == (1, "error: nowhere.yaml: no such file\n")


def test_playoff_round(tmp_path: Path, runner: CliRunner) -> None:
    questions = tmp_path / "round.yaml"
    questions.write_text(
        """\
players: 5
teams:
  Seb: [eagle-2, penguin-5, rabbit-1, duck-3, beaver-4]
  Clara: [tiger-6, horse-8, wolf-5, shark-1, panda-4]
  Xavier: [duck-1, duck-2, duck-4, duck-5, duck-6]
---
players: 5
teams:
  Seb: [eagle-2, penguin-5, rabbit-1, duck-3, beaver-4]
  Clara: [tiger-6, horse-8, wolf-5, shark-1, panda-4]
  Xavier: [duck-1, duck-2, duck-4, duck-5, duck-6]
shootout: {Seb: horse-3, Clara: reindeer-3}
---
players: 2
tickets: {B: 2}
teams:
  A: [tiger-2, tiger-3, tiger-4, tiger-5, tiger-6]
  B: [rabbit-1, duck-2, beaver-3, eagle-4, penguin-7]
""",
        encoding="utf-8",
    )
    code, out, _ = run(runner, ["playoff-round", str(questions), "--json"])
    pending, decided, ticket = (json.loads(line) for line in out.splitlines())
    assert code == 0
    assert pending == {
        "weakest": ["Seb", "Clara"],
        "shootout_needed": True,
        "loser": None,
        "outcome": None,
        "tickets_left": None,
        "place": None,
        "fans": None,
    }
    assert (decided["loser"], decided["outcome"], decided["place"], decided["fans"]) == (
        "Seb",
        "eliminated",
        3,
        25,
    )
    assert (ticket["loser"], ticket["outcome"], ticket["tickets_left"], ticket["place"]) == (
        "B",
        "ticket",
        1,
        None,
    )
    _, text, _ = run(runner, ["playoff-round", str(questions)])
    assert "Seb is eliminated: place 3, 25 fans" in text
    assert "B gives up a ticket (1 left)" in text


def test_the_documented_playoff_round_runs_as_written(runner: CliRunner) -> None:
    example = PROJECT_ROOT / "docs" / "examples" / "playoff-round.yaml"
    code, out, err = run(runner, ["playoff-round", str(example)])
    assert (code, err) == (0, "")
    assert "Seb is eliminated: place 3, 25 fans" in out
    assert "B gives up a ticket (1 left)" in out
    documented = (PROJECT_ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "examples/playoff-round.yaml" in documented


@pytest.mark.slow
def test_a_question_two_games_ask_is_refused_without_its_game(tmp_path: Path) -> None:
    """Another distribution's game also asks `match`: neither answers for the other."""
    import os
    import subprocess
    import sys

    site = tmp_path / "site"
    (site / "othergame-1.0.dist-info").mkdir(parents=True)
    (site / "othergame-1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: othergame\nVersion: 1.0\n", encoding="utf-8"
    )
    (site / "othergame-1.0.dist-info" / "entry_points.txt").write_text(
        "[draftdeck.games]\nother = othergame_plugin:PLUGIN\n", encoding="utf-8"
    )
    (site / "othergame_plugin.py").write_text(
        "from generator.plugin_api import Plugin, Question\n"
        "def answer(model: object) -> dict[str, str]:\n"
        "    return {'said': 'the other game answers'}\n"
        "MATCH = Question('match', 'A match.', answer, lambda answer: answer['said'])\n"
        "class Other(Plugin[None]):\n"
        "    id = 'other-game'\n"
        "    def questions(self) -> list[Question[None, dict[str, str]]]:\n"
        "        return [MATCH]\n"
        "PLUGIN = Other()\n",
        encoding="utf-8",
    )
    draftdeck = str(Path(sys.executable).with_name("draftdeck"))
    env = {**os.environ, "PYTHONPATH": str(site)}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [draftdeck, "rules", *args]
        return subprocess.run(
            command, cwd=tmp_path, env=env, capture_output=True, text=True, check=False
        )

    made = subprocess.run(
        [draftdeck, "new", "other-game", "--into", "data"], cwd=tmp_path, check=False
    )
    assert made.returncode == 0
    manifest = tmp_path / "data" / "other-game" / "game.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8") + "plugin: other-game\n", encoding="utf-8"
    )
    both = run("match")
    assert both.returncode == 2, both.stderr
    assert "'match' is a question of extraliga-all-stars and other-game" in both.stderr
    assert "draftdeck rules other-game match" in both.stderr
    assert "Traceback" not in both.stderr
    mine = run("other-game", "match")
    assert mine.returncode == 0 and "the other game answers" in mine.stdout
    assert run("battle", "--help").returncode == 0  # asked by one game only: still short


@pytest.mark.slow
def test_a_broken_plugin_fails_only_its_own_game(tmp_path: Path) -> None:
    """Three other distributions: one whose questions module does not compile, one whose
    rules hook is a function, one whose entry point fails to load. Each says so when
    asked, naming its plug-in; every other game's questions answer as before."""
    import os
    import subprocess
    import sys

    site = tmp_path / "site"
    games = {
        "syntax": ("syntax_plugin", "from syntax_cli import app"),
        "function": ("function_plugin", "app = [questions]"),
        "missing": ("missing_plugin", ""),
    }
    points = "".join(f"{game} = {module}:PLUGIN\n" for game, (module, _) in games.items())
    (site / "others-1.0.dist-info").mkdir(parents=True)
    (site / "others-1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: others\nVersion: 1.0\n", encoding="utf-8"
    )
    (site / "others-1.0.dist-info" / "entry_points.txt").write_text(
        "[draftdeck.games]\n" + points, encoding="utf-8"
    )
    for game, (module, rules) in games.items():
        body = (
            "import not_a_module_anywhere\n"
            if game == "missing"
            else "from typing import Any\n"
            "from generator.plugin_api import Plugin\n"
            "def questions() -> None: ...\n"
            f"class Game(Plugin[None]):\n    id = '{game}-game'\n"
            f"    def questions(self) -> Any:\n        {rules}\n        return app\n"
            "PLUGIN = Game()\n"
        )
        (site / f"{module}.py").write_text(body, encoding="utf-8")
    (site / "syntax_cli.py").write_text("def broken(:\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(site)}
    draftdeck = str(Path(sys.executable).with_name("draftdeck"))

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [draftdeck, "rules", *args]
        return subprocess.run(
            command, cwd=tmp_path, env=env, capture_output=True, text=True, check=False
        )

    answered = run("battle", "--help")
    assert answered.returncode == 0 and "Traceback" not in answered.stderr, answered.stderr
    assert run("extraliga-all-stars", "match", "--help").returncode == 0
    for game, why in (
        ("syntax-game", "syntax_plugin.Game.questions: SyntaxError"),
        ("function-game", "function_plugin.Game.questions gives no Questions"),
        ("missing", "ModuleNotFoundError: No module named 'not_a_module_anywhere'"),
    ):
        refused = run(game, "anything")
        assert refused.returncode == 2, (game, refused.stderr)
        assert f"error: the rules plug-in of {game} gives no questions (" in refused.stderr
        assert why in refused.stderr and "Traceback" not in refused.stderr, refused.stderr
