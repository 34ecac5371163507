"""The `draftdeck` command and its sub-commands."""

from __future__ import annotations

import gc

import typer

from generator.cli import build_command, data_commands, rules_commands, validate_command

app = typer.Typer(
    name="draftdeck",
    help="Validate All-Star Draft card data, answer rules questions and build print-and-play PDFs.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.command("build")(build_command.build)
app.command("validate")(validate_command.validate)
app.command("cards")(data_commands.cards)
app.command("arenas")(data_commands.arenas)
app.add_typer(rules_commands.app, name="rules")


def main() -> None:
    """Console-script entry point."""
    # Imports are done: keep the collector from re-scanning their objects on
    # every full collection of this short-lived process.
    gc.freeze()
    app()
