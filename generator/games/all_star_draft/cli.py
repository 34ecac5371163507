"""All-Star Draft's `draftdeck rules` commands: strength, best team, ranking, playoff rounds."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from generator.plugin_api import DataOption, EditionOption, JsonOption, data_folder, user_errors

QUESTIONS = Path(__file__).parent / "schemas"
"""The schemas of the questions' files (package data)."""

app = typer.Typer(
    help="All-Star Draft: strength, ranking, playoff rounds, best team.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

PlayersOption = Annotated[
    int,
    typer.Option(
        "--players", help="Managers in the game; 2-4 and 5-6 rank silver and bronze differently."
    ),
]
ArenaOption = Annotated[str | None, typer.Option("--arena", help="Arena id, e.g. combo-stadium-2.")]
SourceArgument = Annotated[
    str, typer.Argument(help="Question file (YAML stream or JSON Lines); '-' reads stdin.")
]


@app.command("strength")
@user_errors
def strength(
    cards: Annotated[list[str], typer.Argument(help="Five card ids, e.g. duck-4.")],
    players: PlayersOption = 4,
    arena: ArenaOption = None,
    edition: EditionOption = None,
    data: DataOption = None,
    as_json: JsonOption = False,
) -> None:
    """The strength of a team, the group it shows and the specials it meets."""
    from generator.games.all_star_draft.queries import load
    from generator.games.all_star_draft.questions import strength_answer
    from generator.games.all_star_draft.rules import rule_book

    answer = strength_answer(rule_book(load(data_folder(data)), edition), cards, players, arena)
    typer.echo(json.dumps(answer) if as_json else _strength_text(answer))


@app.command("best-team")
@user_errors
def best_team(
    cards: Annotated[list[str], typer.Argument(help="The bench: 5 to 18 card ids.")],
    players: PlayersOption = 4,
    arena: ArenaOption = None,
    edition: EditionOption = None,
    data: DataOption = None,
    as_json: JsonOption = False,
) -> None:
    """The strongest team of five the bench can make (exact)."""
    from generator.games.all_star_draft.queries import load
    from generator.games.all_star_draft.questions import best_team_answer
    from generator.games.all_star_draft.rules import rule_book

    answer = best_team_answer(rule_book(load(data_folder(data)), edition), cards, players, arena)
    if as_json:
        typer.echo(json.dumps(answer))
    else:
        typer.echo("team: " + " ".join(answer["team"]) + "\n" + _strength_text(answer))


@app.command("rank")
@user_errors
def rank(source: SourceArgument, data: DataOption = None, as_json: JsonOption = False) -> None:
    """Rank the teams of each question, with the arena's fans when one is named."""
    from generator.games.all_star_draft.questions import rank_answer

    _answer_all(
        source, data, QUESTIONS / "rank-scenario.schema.json", rank_answer, _rank_text, as_json
    )


@app.command("playoff-round")
@user_errors
def playoff_round(
    source: SourceArgument, data: DataOption = None, as_json: JsonOption = False
) -> None:
    """Decide a playoff round: the weakest team, the shootout, the ticket or the place."""
    from generator.games.all_star_draft.questions import playoff_round_answer

    schema = QUESTIONS / "playoff-round-scenario.schema.json"
    _answer_all(source, data, schema, playoff_round_answer, _round_text, as_json)


def _answer_all(
    source: str,
    data: Any,
    schema: Path,
    answer: Callable[[Any, Any], dict[str, Any]],
    text: Callable[[dict[str, Any]], str],
    as_json: bool,
) -> None:
    """Answer each question in order; stop at the first bad one with its location."""
    from generator.games.all_star_draft.queries import load
    from generator.plugin_api import read_source, scenarios

    game = load(data_folder(data))
    content, display = read_source(source)
    for number, question in enumerate(scenarios(content, display, schema), 1):
        result = answer(game, question)
        if as_json:
            typer.echo(json.dumps(result))
        else:
            line, _ = question.locate(())
            typer.echo(
                ("\n" if number > 1 else "")
                + f"# question {number} ({display}:{line})\n"
                + text(result)
            )


def _shown(answer: dict[str, Any]) -> str:
    return f"{answer['attribute']} {answer['value']}"


def _strength_text(answer: dict[str, Any]) -> str:
    specials = ", ".join(answer["specials"]) or "none"
    return f"strength {answer['strength']}, shows {_shown(answer)}\nspecials met: {specials}"


def _rank_text(answer: dict[str, Any]) -> str:
    from generator.plugin_api import render_table

    rows = [
        [r["rank"], r["manager"], r["strength"], _shown(r), r["special"], r["fans"]]
        for r in answer["results"]
    ]
    return render_table(["rank", "manager", "strength", "shows", "special", "fans"], rows)


def _round_text(answer: dict[str, Any]) -> str:
    lines = ["weakest: " + ", ".join(answer["weakest"])]
    if answer["loser"] is None:
        lines.append("a penalty shootout decides: give each tied manager a shootout card")
    elif answer["outcome"] == "ticket":
        lines.append(f"{answer['loser']} gives up a ticket ({answer['tickets_left']} left)")
    else:
        lines.append(
            f"{answer['loser']} is eliminated: place {answer['place']}, {answer['fans']} fans"
        )
    return "\n".join(lines)
