"""`draftdeck rules …`: the rules questions every installed rules plug-in answers."""

from __future__ import annotations

import typer

from generator.plugins import installed

app = typer.Typer(
    help="Answer rules questions with a game's rules engine.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

for _plugin in sorted(installed().values(), key=lambda p: p.id):
    if _plugin.rules is not None:
        _game = _plugin.hook("rules")
        app.registered_commands += _game.registered_commands
        app.registered_groups += _game.registered_groups
