"""The `draftdeck` command and its sub-commands."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from typing import Any

import typer

from generator.cli import (
    build_command,
    data_commands,
    i18n_commands,
    preview_command,
    rules_commands,
    summary_commands,
    validate_command,
)

COMMANDS: dict[str, Callable[..., Any]] = {
    "build": build_command.build,
    "validate": validate_command.validate,
    "cards": data_commands.cards,
    "arenas": data_commands.arenas,
    "preview": preview_command.preview,
    "summary": summary_commands.summary,
    "tables": summary_commands.tables,
}
GROUPS: dict[str, typer.Typer] = {"rules": rules_commands.app, "i18n": i18n_commands.app}


def make_app(only: str | None = None) -> typer.Typer:
    """The command line, with every command or only the one named."""
    cli = typer.Typer(
        name="draftdeck",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )

    @cli.callback()
    def draftdeck() -> None:
        """Validate All-Star Draft card data, answer rules questions and build print-and-play output."""

    for name, command in COMMANDS.items():
        if only in (None, name):
            cli.command(name)(command)
    for name, group in GROUPS.items():
        if only in (None, name):
            cli.add_typer(group, name=name)
    return cli


app = make_app()


def main() -> None:
    """Console-script entry point."""
    # Imports are done: keep the collector from re-scanning their objects on
    # every full collection of this short-lived process.
    gc.freeze()
    # Typer builds every registered command's parameters at start-up; build
    # only the one asked for (all of them for --help or an unknown name).
    first = next((arg for arg in sys.argv[1:] if not arg.startswith("-")), None)
    make_app(first if first in COMMANDS or first in GROUPS else None)()
