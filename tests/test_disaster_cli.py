"""Disaster Draft on the command line: `draftdeck rules battle` and validation of the units."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from tests.conftest import DATA, copy_game, replace_once

pytestmark = pytest.mark.usefixtures("in_snapshot")

PACK = DATA / "disaster-draft"
BATTLE = """\
reward: frost-wyrm
armies:
  Ada: [cinder-drake, banner-knight]
  Ben: [ember-witch]
  Cy: [field-medic, war-drummer, axe-sworn]
"""


def _ask(runner: CliRunner, tmp_path: Path, text: str, *options: str) -> tuple[int, str]:
    question = tmp_path / "battle.yaml"
    question.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["rules", "battle", str(question), *options])
    return result.exit_code, result.output


def test_the_documented_example_is_the_battle_tested_here() -> None:
    example = Path(__file__).parent.parent / "docs" / "examples" / "disaster-battle.yaml"
    lines = example.read_text(encoding="utf-8").splitlines()
    assert "\n".join(line for line in lines if not line.startswith("#")) + "\n" == BATTLE


def test_a_battle_is_answered_step_by_step(runner: CliRunner, tmp_path: Path) -> None:
    code, output = _ask(runner, tmp_path, BATTLE)
    assert code == 0, output
    lines = output.splitlines()
    assert lines[5].startswith("1. Ben's ember-witch (speed 8): -2 strength to enemies")
    assert "the reward 11 -> 9" in lines[5]
    assert "totals: Ada 11, Ben 1, Cy 10 (reward 9)" in output
    assert "winner (strongest-opponent): nobody" in output
    assert "graveyard: Ben sends Cy's axe-sworn" in output


def test_the_json_answer_and_the_other_reading(runner: CliRunner, tmp_path: Path) -> None:
    code, output = _ask(runner, tmp_path, BATTLE + "win-condition: weakest-opponent\n", "--json")
    assert code == 0, output
    answer = json.loads(output)
    assert answer["totals"] == {"Ada": 11, "Ben": 1, "Cy": 10}
    assert answer["winner"] == "Ada"  # 11 > 9 + 1 (Ben)
    assert answer["draws"] == {"Ada": 1, "Ben": 2, "Cy": 0}
    assert len(answer["chain"]) == 3
    assert sum(len(cards) for cards in answer["back_to_hand"].values()) == 3


def test_the_chain_can_be_given(runner: CliRunner, tmp_path: Path) -> None:
    code, output = _ask(runner, tmp_path, BATTLE + "chain: [banner-knight]\n", "--json")
    assert code == 0, output
    assert json.loads(output)["chain"][0] == {
        "chooser": "Ben",
        "unit": "banner-knight",
        "owner": "Ada",
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            BATTLE.replace("[ember-witch]", "[ember-witch, cinder-drake]"),
            ["battle.yaml:4:", "unit 'cinder-drake' is here twice (first on line 3)"],
        ),
        (
            BATTLE.replace("reward: frost-wyrm", "reward: axe-sworn"),
            ["battle.yaml:1:", "unit 'axe-sworn' is here twice (first on line 5)"],
        ),
        (
            BATTLE.replace("ember-witch", "ember-wich"),
            ["battle.yaml:4:", "'ember-wich' is not in the deck"],
        ),
        (
            BATTLE + "chain: [ember-witch]\n",
            ["battle.yaml:6:", "'ember-witch' cannot go to the graveyard here"],
        ),
        (
            BATTLE.replace("[ember-witch]", "[ember-witch, ash-golem, tinker, camp-cook]"),
            ["battle.yaml:4:", "at most 3"],
        ),
        ("armies: {Ada: [ash-golem]}\n", ["battle.yaml:1:", "has 1 entries, must have at least 2"]),
        (
            BATTLE + "  Di: [tinker]\n  Ed: [camp-cook]\n",
            ["battle.yaml:2:", "5 armies, but the game is played by 2 to 4 players (game.yaml)"],
        ),
    ],
)
def test_a_bad_question_is_a_located_error(
    runner: CliRunner, tmp_path: Path, text: str, expected: list[str]
) -> None:
    code, output = _ask(runner, tmp_path, text)
    assert code == 1, output
    assert "Traceback" not in output
    for part in expected:
        assert part in output, (part, output)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("type: c, strength: 9,", "type: c, strength: 21,", ["units.yaml:6:", "at most 20"]),
        (
            "{kind: strength, target: enemies, amount: -1, only: a}], stand-in: true, provisional: true, note: 'Stand-in: the rulebook lists no units.'}\n  - {id: cinder-drake",
            "{kind: heal, target: enemies, amount: -1, only: a}], stand-in: true, provisional: true, note: 'Stand-in: the rulebook lists no units.'}\n  - {id: cinder-drake",
            [
                "units.yaml:7:",
                "'kind' of 'bog-lurker' is text 'heal', not one of: strength, die, draw",
            ],
        ),
        (
            "target: enemies, amount: -2, at-most: 5}",
            "target: friends, amount: -2, at-most: 5}",
            ["units.yaml:8:", "not one of: self, allies, enemies, reward"],
        ),
        (
            "{kind: draw, amount: 1}]",
            "{kind: draw, amount: 1, target: self}]",
            ["unknown key 'target'"],
        ),
        ("{kind: draw, amount: 2}]", "{kind: draw, amount: 7}]", ["at most 3"]),
        (
            "target: enemies, amount: -2, at-most: 5}",
            "target: enemies, amount: -2, at-most: 5, at-least: 8}",
            ["units.yaml:8:", "no strength is at least 8 and at most 5"],
        ),
        ("{id: tinker,", "{id: camp-cook,", ["units.yaml:53:", "id 'camp-cook' is used twice"]),
    ],
)
def test_an_effect_the_vocabulary_cannot_express_is_a_located_error(
    tmp_path: Path, runner: CliRunner, old: str, new: str, expected: list[str]
) -> None:
    pack = copy_game(tmp_path, "disaster-draft")
    replace_once(pack / "units.yaml", old, new)
    result = runner.invoke(app, ["validate", "--data", str(pack)])
    assert result.exit_code == 1
    for part in expected:
        assert part in result.output, (part, result.output)


def test_the_battle_numbers_are_checked(tmp_path: Path, runner: CliRunner) -> None:
    pack = copy_game(tmp_path, "disaster-draft")
    replace_once(pack / "battle.yaml", "reveal-per-player: 5", "reveal-per-player: 10")
    replace_once(pack / "game.yaml", "max: 4", "max: 5")
    replace_once(pack / "battle.yaml", "{units: 3, draw: 0}", "{units: 2, draw: 0}")
    result = runner.invoke(app, ["validate", "--data", str(pack)])
    assert result.exit_code == 1
    assert "5 players reveal 50 units for the opening draft, but units.yaml has 48" in result.output
    assert "draws-after-reveal has no row for 3 units" in result.output
    assert "units '2' is used twice" in result.output


def test_the_number_of_players_comes_from_game_yaml(tmp_path: Path, runner: CliRunner) -> None:
    pack = copy_game(tmp_path, "disaster-draft")
    replace_once(pack / "game.yaml", "max: 4", "max: 5")
    question = tmp_path / "battle.yaml"
    question.write_text(BATTLE + "  Di: [tinker]\n  Ed: [camp-cook]\n", encoding="utf-8")
    result = runner.invoke(app, ["rules", "battle", str(question), "--data", str(pack)])
    assert result.exit_code == 0, result.output
    assert "Ed" in result.output


def test_where_a_reward_that_died_goes_follows_the_data_or_the_question(
    runner: CliRunner, tmp_path: Path
) -> None:
    text = "reward: gloom-moth\narmies:\n  Ada: [grave-caller, ash-golem]\n  Ben: [dune-crawler]\n"
    code, output = _ask(runner, tmp_path, text)
    assert code == 0, output
    assert "(reward 0, died)" in output
    assert "winner (strongest-opponent): Ada\nthe reward goes to Ada's hand\n" in output
    code, output = _ask(runner, tmp_path, text + "dead-reward: graveyard\n")
    assert "the reward goes to the graveyard" in output
    code, output = _ask(runner, tmp_path, text + "chain-counts: all-dead\n", "--json")
    answer = json.loads(output)
    assert answer["chain_counts"] == "all-dead" and answer["dead_reward"] == "winner"
    assert len(answer["chain"]) == 2  # no unit of an army died: both still go
