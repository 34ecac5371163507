"""`draftdeck rules match`: the rulebook's example lineup, the odds, and refusals that name
the rule, with the Extraliga All-Stars data."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.games.extraliga_all_stars.match import match_odds
from tests.conftest import DATA, copy_game, replace_once

EXAMPLE = "martin-erat,vaclav-prospal,radek-dvorak,filip-hronek,frantisek-pospisil,tuukka-rask"
"""The rulebook's example team: offence 3, defence 5."""
STAND_INS = "stand-in-001,stand-in-002,stand-in-006,stand-in-004,stand-in-007,stand-in-005"


def _match(runner: CliRunner, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["rules", "match", *args, "--data", str(DATA)])
    return result.exit_code, result.output


def test_the_rulebook_example_against_an_opponent(runner: CliRunner) -> None:
    code, output = _match(runner, EXAMPLE, "stand-in-opponent-03", "--json")
    assert code == 0, output
    answer = json.loads(output)
    mine, theirs = answer["sides"]
    assert (mine["offence"], mine["defence"]) == (3, 5)
    assert (theirs["offence"], theirs["defence"]) == (5, 3)
    exact = match_odds(3, 5, 5, 3)
    assert answer["without_bonuses"]["exact"]["win"] == str(exact.win)
    assert answer["without_bonuses"]["points"] == pytest.approx(float(exact.points))


def test_bonuses_change_the_odds_between_two_lineups(runner: CliRunner) -> None:
    code, output = _match(runner, EXAMPLE, STAND_INS, "--bonuses")
    assert code == 0, output
    lines = output.splitlines()
    assert lines[1].endswith("bonuses: reroll, plus, plus, minus, minus, reroll-other")
    # Neighbours link (E1): the stand-ins' offence is 2 and their defence 3.
    assert "offence 2, defence 3" in lines[1]
    assert lines[2].startswith(f"without bonuses: win {float(match_odds(3, 5, 2, 3).win):.1%}")
    assert lines[3].startswith("with bonuses played best (exact): win ")
    assert lines[3] != lines[2].replace("without bonuses", "with bonuses played best")


@pytest.mark.slow
def test_the_rule_of_thumb_is_estimated_only_when_asked_for_by_name(runner: CliRunner) -> None:
    code, output = _match(runner, EXAMPLE, STAND_INS, "--bonus-play", "rule-of-thumb", "--json")
    assert code == 0, output
    estimate = json.loads(output)["with_bonuses"]
    assert estimate["method"] == "estimate" and estimate["precision"] == 0.005
    assert estimate["play"] == "rule-of-thumb"
    n = estimate["matches"]
    for outcome in ("win", "loss"):  # each within ±0.5 points at 95 %
        p = estimate[outcome]
        assert 1.96 * math.sqrt(p * (1 - p) / n) <= 0.0051
    code, text = _match(runner, EXAMPLE, STAND_INS, "--bonus-play", "rule-of-thumb")
    assert f"an estimate from {n:,} matches, 95 % within ±0.5 points" in text
    assert "rule of thumb" in text
    code, exact = _match(runner, EXAMPLE, STAND_INS, "--bonuses", "--json")
    best = json.loads(exact)["with_bonuses"]
    assert best["method"] == "exact" and best["play"] == "best" and best["positions"] > 0


@pytest.mark.slow
def test_one_of_the_largest_matches_is_answered_exactly(runner: CliRunner) -> None:
    """Six dice against six, six bonuses against five: best play, solved, not estimated
    (the answer the solver gave when it took 6 s and the default fell back to an estimate)."""
    code, output = _match(
        runner,
        "stand-in-097,stand-in-001,stand-in-002,stand-in-007,stand-in-004,stand-in-005",
        "stand-in-010,stand-in-011,stand-in-099,stand-in-018,stand-in-013,stand-in-014",
        "--bonuses",
        "--json",
    )
    assert code == 0, output
    best = json.loads(output)["with_bonuses"]
    assert best["method"] == "exact"
    assert best["win"] == pytest.approx(0.4997510870788042, abs=1e-12)
    assert best["loss"] == pytest.approx(0.2019825234607342, abs=1e-12)


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        (
            "martin-erat,vaclav-prospal,radek-dvorak,filip-hronek,frantisek-pospisil,stand-in-101",
            "stand-in-opponent-01",
            "at most one legend may be in the starting lineup",
        ),
        (
            "martin-erat,martin-erat,radek-dvorak,filip-hronek,frantisek-pospisil,tuukka-rask",
            "stand-in-opponent-01",
            "card 'martin-erat' is twice in the lineup; each card fills one slot",
        ),
        (EXAMPLE, "wayne-gretzky", "is 'wayne-gretzky': a lineup is 6 card ids"),
        (
            "martin-erat,vaclav-prospal,radek-dvorak,filip-hronek,frantisek-pospisil,zorro",
            "stand-in-opponent-01",
            "no hockey player 'zorro' in the data",
        ),
        (EXAMPLE, EXAMPLE, "card 'filip-hronek' is in both lineups; a card belongs to one manager"),
        ("stand-in-opponent-01", "stand-in-opponent-02", "a manager's lineup on at least one side"),
    ],
)
def test_impossible_questions_name_the_rule(
    runner: CliRunner, first: str, second: str, message: str
) -> None:
    code, output = _match(runner, first, second)
    assert code == 1, output
    assert message in output
    assert "Traceback" not in output


def test_odds_never_round_an_uncertain_outcome_to_certain() -> None:
    from generator.games.extraliga_all_stars.answer_types import Odds, _odds_text
    from generator.play.balance import chance

    assert [chance(p) for p in (0.0, 1e-15, 0.0004, 0.0006, 0.5, 0.99952, 1 - 1e-15, 1.0)] == [
        "0%", "0%", "<0.1%", "0.1%", "50.0%", ">99.9%", "100%", "100%",
    ]  # fmt: skip
    odds: Odds = {
        "win": 0.99996,
        "overtime_win": 0.00002,
        "overtime_loss": 0.00002,
        "loss": 0.0,
        "points": 3.0,
    }
    assert _odds_text(odds).startswith(
        "win >99.9%, overtime win <0.1%, overtime loss <0.1%, loss 0%;"
    )


@pytest.mark.slow
def test_draw_cards_list_their_pairings_as_people_write_them(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["cards", "--component", "draw", "--data", str(DATA), "--game", "extraliga-all-stars"]
    )
    assert result.exit_code == 0
    row = next(line for line in result.stdout.splitlines() if line.startswith("draw-3"))
    assert "players: 3, pairs: B–C; players: 4, pairs: A–D, B–C; players: 5, pairs: B–C, A–D" in row
    assert "{" not in result.stdout


def _edited(tmp_path: Path, links: str) -> Path:
    pack = copy_game(tmp_path, "extraliga-all-stars")
    replace_once(
        pack / "trios.yaml",
        "    slots: [d, d, g]\n    links: [[1, 2], [2, 3]]",
        f"    slots: [d, d, g]\n    links: {links}",
    )
    return pack


def test_the_links_of_trios_yaml_decide_who_pairs(runner: CliRunner, tmp_path: Path) -> None:
    # The stand-ins' defence: D (Brno), D (Budějovice), G (Brno): the Brno players are no
    # neighbours, so they pair only when every two players link (E1).
    for links, defence in (("[[1, 2], [2, 3]]", 3), ("[[1, 2], [2, 3], [1, 3]]", 4)):
        pack = _edited(tmp_path / str(defence), links)
        result = runner.invoke(
            app, ["rules", "match", STAND_INS, "stand-in-opponent-03", "--data", str(pack)]
        )
        assert result.exit_code == 0, result.output
        assert f"offence 2, defence {defence}," in result.output.splitlines()[0]


@pytest.mark.parametrize(
    ("first", "message"),
    [
        (
            "martin-erat,vaclav-prospal,radek-dvorak,tuukka-rask,frantisek-pospisil,down:filip-hronek",
            "may lie face down in goal only when the manager has no goalie, and 'tuukka-rask' is a goalie",
        ),
        (
            "martin-erat,vaclav-prospal,radek-dvorak,filip-hronek,frantisek-pospisil,down:tuukka-rask",
            "may lie face down in goal only when the manager has no goalie, and 'tuukka-rask' is a goalie",
        ),
        (
            "martin-erat,vaclav-prospal,radek-dvorak,down:filip-hronek,frantisek-pospisil,tuukka-rask",
            "only the card in goal may lie face down",
        ),
    ],
)
def test_a_face_down_goalie_beside_a_goalie_is_refused(
    runner: CliRunner, first: str, message: str
) -> None:
    code, output = _match(runner, first, "stand-in-opponent-01")
    assert code == 1
    assert message in output and "Traceback" not in output


@pytest.mark.slow
@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("slots: [lw, c, rw]", "slots: [lw, c, d]", "slot 3 of the offence trio is d, a position of the defence trio"),
        ("links: [[1, 2], [2, 3]]\n  - id: defence", "links: [[1, 2], [2, 1]]\n  - id: defence", "slots 1 and 2 of the offence trio are linked twice"),
        ("slots: [d, d, g]", "slots: [d, d, d]", "the defence trio has no slot for g"),
        ("links: [[1, 2], [2, 3]]\n  - id: defence", "links: [[1, 4]]\n  - id: defence", "is 4, must be at most 3"),
    ],
)  # fmt: skip
def test_trios_the_rules_cannot_use_are_located_errors(
    runner: CliRunner, tmp_path: Path, old: str, new: str, message: str
) -> None:
    pack = copy_game(tmp_path, "extraliga-all-stars")
    replace_once(pack / "trios.yaml", old, new)
    result = runner.invoke(app, ["validate", "--data", str(pack)])
    assert result.exit_code == 1
    assert "trios.yaml:" in result.output and message in result.output


@pytest.mark.slow
def test_a_rules_question_does_not_wait_for_the_templates(
    tmp_path: Path, runner: CliRunner
) -> None:
    """A rules answer needs valid data, not printable cards: a template mistake stops
    validate and build, and leaves the rules commands answering."""
    pack = copy_game(tmp_path, "extraliga-all-stars")
    replace_once(pack / "layouts/card-back.yaml", "box: [9, 38, 45, 14]", "box: [1, 38, 45, 14]")
    checked = runner.invoke(app, ["validate", "--data", str(pack)])
    assert checked.exit_code == 1 and "layouts/card-back.yaml:6" in checked.output
    answered = runner.invoke(
        app, ["rules", "match", EXAMPLE, "stand-in-opponent-03", "--data", str(pack)]
    )
    assert answered.exit_code == 0, answered.output
