"""Disaster Draft's `draftdeck rules` commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from generator.plugin_api import DataOption, JsonOption, data_folder, user_errors

QUESTIONS = Path(__file__).parent / "schemas"
"""The schemas of the questions' files (package data)."""

app = typer.Typer(
    help="Disaster Draft: battles.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


@app.command("battle")
@user_errors
def battle(
    source: Annotated[
        str, typer.Argument(help="A YAML file with the armies and the reward ('-' reads stdin).")
    ],
    data: DataOption = None,
    as_json: JsonOption = False,
) -> None:
    """Disaster Draft: a battle step by step: every effect by speed, totals, winner, graveyard chain."""
    from generator.games.disaster_draft.questions import battle_answer
    from generator.plugin_api import load_plugin_game, read_source, scenarios

    deck = load_plugin_game(data_folder(data), "disaster-draft").model
    text, display = read_source(source)
    for number, question in enumerate(
        scenarios(text, display, QUESTIONS / "battle-question.schema.json"), 1
    ):
        answer = battle_answer(deck, question)
        if as_json:
            typer.echo(json.dumps(answer, ensure_ascii=False))
        else:
            line, _ = question.locate(())
            heading = f"# battle {number} ({display}:{line})"
            typer.echo(("\n" if number > 1 else "") + heading + "\n" + battle_text(answer))


def battle_text(answer: dict[str, Any]) -> str:
    """The answer as lines for the terminal."""
    lines = []
    reward = answer["reward"]
    if reward is not None:
        lines.append(f"reward: {reward['id']} (strength {reward['strength']})")
    for name, units in answer["armies"].items():
        shown = ", ".join(f"{u['id']} ({u['strength']}, speed {u['speed']})" for u in units)
        lines.append(f"{name}: {shown}")
    for number, step in enumerate(answer["steps"], 1):
        what = [f"{s['target']} {s['before']} -> {s['after']}" for s in step["strengths"]]
        what += [f"{target} dies" for target in step["died"]]
        if step["drew"]:
            what.append(f"{step['player']} draws {step['drew']}")
        lines.append(
            f"{number}. {step['player']}'s {step['unit']} (speed {step['speed']}): "
            f"{step['effect']}: {'; '.join(what) or 'no effect'}"
        )
    totals = ", ".join(f"{name} {total}" for name, total in answer["totals"].items())
    prize = (
        ""
        if reward is None
        else f" (reward {reward['final']}{'' if reward['alive'] else ', died'})"
    )
    lines.append(f"totals: {totals}{prize}")
    lines.append(f"winner ({answer['win_condition']}): {answer['winner'] or 'nobody'}")
    if reward is not None:
        where = reward["goes_to"]
        lines.append(
            "the reward goes to the graveyard"
            if where == "graveyard"
            else f"the reward goes to {where}'s hand"
        )
    for link in answer["chain"]:
        lines.append(f"graveyard: {link['chooser']} sends {link['owner']}'s {link['unit']}")
    for name, cards in answer["back_to_hand"].items():
        lines.append(
            f"back to {name}'s hand: {', '.join(cards) or 'nothing'}; draws {answer['draws'][name]}"
        )
    return "\n".join(lines)
