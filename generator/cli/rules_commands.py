"""`draftdeck rules …`: the rules questions every installed rules plug-in answers.

Each game declares its questions as data (`generator.plugins.questions`);
every game's commands are made here alike: `draftdeck rules <game>
<question>`, the pack read from `--data`, the answer printed as the
question's text or as JSON. A question only one game asks is also
`draftdeck rules <question>`; one two games ask is refused without its game,
naming both. A plug-in whose questions cannot be had (its module fails to
import, its hook gives no questions, a question's answer cannot take what
it declares, its entry point fails to load) fails only its own game:
`draftdeck rules <game>` says why, naming the plug-in, and every other
game's questions work.
"""

from __future__ import annotations

import inspect
import json
from collections import defaultdict
from enum import StrEnum
from typing import Annotated, Any

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import DataOption, JsonOption
from generator.core.errors import UsageError
from generator.plugins import Plugin, broken_plugins, installed
from generator.plugins.questions import Argument, Question

app = typer.Typer(
    help="Answer rules questions with a game's rules engine.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)
SOURCE_HELP = "Question file (YAML stream or JSON Lines); '-' reads stdin."


def _name(command: typer.models.CommandInfo) -> str:
    assert command.name is not None
    return command.name


def _command(plugin_id: str, question: Question[Any, Any]) -> typer.models.CommandInfo:
    """The command that asks `question` of the game whose plug-in is `plugin_id`."""
    choices: dict[str, type[StrEnum]] = {
        a.name: StrEnum(a.name, {c: c for c in a.choices})  # type: ignore[misc]
        for a in question.arguments
        if a.choices
    }

    def ask(**values: Any) -> None:
        from generator.core.workspace import data_folder
        from generator.services.find import load_plugin_game

        data, as_json = values.pop("data"), values.pop("as_json")
        model = load_plugin_game(data_folder(data), plugin_id).model
        if question.schema is None:
            found = {k: v.value if isinstance(v, StrEnum) else v for k, v in values.items()}
            _show(question, question.answer(model, **found), as_json)
            return
        from generator.loading.scenarios import read_source, scenarios

        text, display = read_source(values["source"])
        for number, asked in enumerate(scenarios(text, display, question.schema), 1):
            answer = question.answer(model, asked)
            if not as_json:
                line, _ = asked.locate(())
                typer.echo(
                    ("\n" if number > 1 else "") + f"# {question.name} {number} ({display}:{line})"
                )
            _show(question, answer, as_json)

    parameters = [
        *(
            [_parameter("source", Annotated[str, typer.Argument(help=SOURCE_HELP)])]
            if question.schema is not None
            else [_argument(a, choices.get(a.name)) for a in question.arguments]
        ),
        _parameter("data", DataOption, None),
        _parameter("as_json", JsonOption, False),
    ]
    command = user_errors(ask)
    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    command.__doc__ = question.help
    return typer.models.CommandInfo(name=question.name, callback=command)


def _parameter(
    name: str, annotation: Any, default: Any = inspect.Parameter.empty
) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def _argument(argument: Argument, choices: type[StrEnum] | None) -> inspect.Parameter:
    """A declared value as Typer reads a parameter."""
    kind: Any = choices or argument.type
    if argument.many:
        kind = list[kind]
    shown: bool | str = argument.shown_default or True
    if argument.option is None:
        info: Any = typer.Argument(help=argument.help, show_default=shown)
        default = inspect.Parameter.empty if argument.default is None else argument.default
    else:
        info = typer.Option(argument.option, help=argument.help, show_default=shown)
        default = argument.default
        if default is None:
            kind = kind | None
    return _parameter(argument.name, Annotated[kind, info], default)


def _show(question: Question[Any, Any], answer: Any, as_json: bool) -> None:
    """The one place answers become JSON."""
    typer.echo(json.dumps(answer, ensure_ascii=False) if as_json else question.text(answer))


def _ambiguous(question: str, games: list[str]) -> typer.models.CommandInfo:
    """A command that says which games ask `question`."""

    @user_errors
    def refuse() -> None:
        raise UsageError(
            f"'{question}' is a question of {' and '.join(games)}: ask it as "
            + " or ".join(f"'draftdeck rules {game} {question}'" for game in games)
        )

    refuse.__doc__ = f"Asked by {', '.join(games)}: use 'draftdeck rules GAME {question}'."
    return typer.models.CommandInfo(name=question, callback=refuse)


def _questions(plugin: Plugin[Any]) -> typer.Typer | str:
    """A plug-in's rules questions as a Typer app, or why they cannot be had."""
    hook = f"{type(plugin).__module__}.{type(plugin).__qualname__}.questions"
    try:
        found = list(plugin.questions())
    except Exception as error:  # any fault of the plug-in's own code, as it is imported
        return f"{hook}: {type(error).__name__}: {error}"
    if not found or not all(isinstance(q, Question) for q in found):
        return f"{hook} gives no Questions"
    game = typer.Typer(no_args_is_help=True, add_completion=False, rich_markup_mode=None)
    for question in found:
        why = question.refused()
        if why is not None:
            return f"{hook}: {why}"
        game.registered_commands.append(_command(plugin.id, question))
    return game


def _unavailable(game: str, why: str) -> typer.models.CommandInfo:
    """A game's place among the questions, saying why its plug-in gives none, whatever
    question is asked."""

    @user_errors
    def refuse() -> None:
        raise UsageError(
            f"the rules plug-in of {game} gives no questions ({why}); fix or reinstall the "
            "distribution that provides it: the other games' questions work meanwhile"
        )

    refuse.__doc__ = f"(unavailable: the plug-in of {game} gives no questions)"
    return typer.models.CommandInfo(
        name=game,
        callback=refuse,
        context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
        add_help_option=False,
    )


_asked: dict[str, list[tuple[str, typer.models.CommandInfo]]] = defaultdict(list)
for _plugin in sorted(installed().values(), key=lambda p: p.id):
    if not _plugin.has("questions"):
        continue
    _game = _questions(_plugin)
    if isinstance(_game, str):
        app.registered_commands.append(_unavailable(_plugin.id, _game))
        continue
    _names = ", ".join(_name(info) for info in _game.registered_commands)
    app.add_typer(_game, name=_plugin.id, help=f"{_plugin.id}'s rules questions: {_names}.")
    for _info in _game.registered_commands:
        _asked[_name(_info)].append((_plugin.id, _info))
for _broken, _why in sorted(broken_plugins().items()):
    if _broken not in installed():
        app.registered_commands.append(_unavailable(_broken, _why))
for _question, _by in sorted(_asked.items()):
    if len(_by) == 1:
        app.registered_commands.append(_by[0][1])
    else:
        app.registered_commands.append(_ambiguous(_question, [game for game, _ in _by]))
