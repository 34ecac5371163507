"""`draftdeck rules …`: the rules questions every installed rules plug-in answers.

Each game's questions are `draftdeck rules <game> <question>`; a question
only one game asks is also `draftdeck rules <question>`. A question two
games ask is refused without its game, naming both, rather than answered by
whichever plug-in was found first.
"""

from __future__ import annotations

from collections import defaultdict

import typer

from generator.cli.boundary import user_errors
from generator.core.errors import UsageError
from generator.plugins import installed

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


_asked: dict[str, list[tuple[str, typer.models.CommandInfo]]] = defaultdict(list)
for _plugin in sorted(installed().values(), key=lambda p: p.id):
    if _plugin.rules is not None:
        _game = _plugin.hook("rules")
        app.add_typer(_game, name=_plugin.id, help=f"{_plugin.id}'s rules questions.")
        for _command in _game.registered_commands:
            _asked[_name(_command)].append((_plugin.id, _command))
for _question, _by in sorted(_asked.items()):
    if len(_by) == 1:
        app.registered_commands.append(_by[0][1])
    else:
        app.registered_commands.append(_ambiguous(_question, [game for game, _ in _by]))
