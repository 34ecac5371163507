"""`draftdeck rules …`: the rules questions every installed rules plug-in answers.

Each game's questions are `draftdeck rules <game> <question>`; a question
only one game asks is also `draftdeck rules <question>`. A question two
games ask is refused without its game, naming both, rather than answered by
whichever plug-in was found first. A plug-in whose questions cannot be had
(its rules module fails to import, its hook is no Typer app, its entry point
fails to load) fails only its own game: `draftdeck rules <game>` says why,
naming the plug-in, and every other game's questions work.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import typer

from generator.cli.boundary import user_errors
from generator.core.errors import UsageError
from generator.plugins import Plugin, broken_plugins, installed

app = typer.Typer(
    help="Answer rules questions with a game's rules engine.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def _name(command: typer.models.CommandInfo) -> str:
    assert command.callback is not None
    return command.name or command.callback.__name__.replace("_", "-")


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
    """A plug-in's rules questions, or why they cannot be had."""
    hook = f"{type(plugin).__module__}.{type(plugin).__qualname__}.rules"
    try:
        found = plugin.rules()
    except Exception as error:  # any fault of the plug-in's own code, as it is imported
        return f"{hook}: {type(error).__name__}: {error}"
    if not isinstance(found, typer.Typer):
        return f"{hook} returns a {type(found).__name__}, not a typer.Typer of questions"
    return found


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
    if not _plugin.has("rules"):
        continue
    _game = _questions(_plugin)
    if isinstance(_game, str):
        app.registered_commands.append(_unavailable(_plugin.id, _game))
        continue
    app.add_typer(_game, name=_plugin.id, help=f"{_plugin.id}'s rules questions.")
    for _command in _game.registered_commands:
        _asked[_name(_command)].append((_plugin.id, _command))
for _broken, _why in sorted(broken_plugins().items()):
    if _broken not in installed():
        app.registered_commands.append(_unavailable(_broken, _why))
for _question, _by in sorted(_asked.items()):
    if len(_by) == 1:
        app.registered_commands.append(_by[0][1])
    else:
        app.registered_commands.append(_ambiguous(_question, [game for game, _ in _by]))
