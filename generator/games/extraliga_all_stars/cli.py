"""Extraliga All-Stars' `draftdeck rules` commands."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any

import typer

from generator.plugin_api import DataOption, JsonOption, data_folder, user_errors

app = typer.Typer(
    help="Extraliga All-Stars: match odds.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


class BonusPlay(StrEnum):
    """How both sides play their bonuses (`questions.BONUS_PLAYS`)."""

    BEST = "best"
    RULE_OF_THUMB = "rule-of-thumb"


SideArgument = Annotated[
    str,
    typer.Argument(
        help="Six card ids LW,C,RW,D,D,G joined by commas ('down:' before a face-down "
        "goalie), or an opponent card id."
    ),
]


@app.command("match")
@user_errors
def match(
    first: SideArgument,
    second: SideArgument,
    bonuses: Annotated[
        bool,
        typer.Option("--bonuses", help="Also the odds with bonuses, played as --bonus-play says."),
    ] = False,
    play: Annotated[
        BonusPlay | None,
        typer.Option(
            "--bonus-play",
            help="How both sides play their bonuses: best (exact odds, rulings E7-E9), or "
            "by the simulated managers' rule of thumb (ruling E15; odds estimated from "
            "matches played, 95 % within ±0.5 points). Implies --bonuses. [default: best]",
        ),
    ] = None,
    data: DataOption = None,
    as_json: JsonOption = False,
) -> None:
    """Extraliga All-Stars: the first side's odds of winning a match against the second."""
    from generator.games.extraliga_all_stars.questions import match_answer
    from generator.plugin_api import load_plugin_game

    deck = load_plugin_game(data_folder(data), "extraliga-all-stars").model
    chosen = (play or BonusPlay.BEST).value
    answer = match_answer(deck, first, second, bonuses or play is not None, chosen)
    typer.echo(json.dumps(answer, ensure_ascii=False) if as_json else _match_text(answer))


def _match_text(answer: dict[str, Any]) -> str:
    lines = []
    for n, side in enumerate(answer["sides"], 1):
        who = side.get("name") or "lineup"
        played = ", ".join(side["bonuses"]) or "none"
        lines.append(
            f"side {n} ({who}): offence {side['offence']}, defence {side['defence']}, "
            f"bonuses: {played}"
        )
    lines.append(f"without bonuses: {_odds_text(answer['without_bonuses'])}")
    best = answer.get("with_bonuses")
    if best is not None and best["method"] == "exact":
        lines.append(f"with bonuses played best (exact): {_odds_text(best)}")
    elif best is not None:
        lines.append(
            f"with bonuses played by the simulated managers' rule of thumb (an estimate "
            f"from {best['matches']:,} matches, 95 % within ±{best['precision'] * 100:g} "
            f"points): {_odds_text(best)}"
        )
    return "\n".join(lines)


def _odds_text(odds: dict[str, Any]) -> str:
    from generator.plugin_api import chance

    return (
        f"win {chance(odds['win'])}, overtime win {chance(odds['overtime_win'])}, "
        f"overtime loss {chance(odds['overtime_loss'])}, loss {chance(odds['loss'])}; "
        f"side 1 expects {odds['points']:.2f} points"
    )
