"""The `draftdeck` command and its sub-commands."""

from __future__ import annotations

import gc
import importlib
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

GC_THRESHOLDS = (100_000, 50, 100)
"""The collector's thresholds for a command: rare collections (CPython's are 700, 10, 10)."""

COMMANDS: dict[str, str] = {
    "build": "build_command:build",
    "validate": "validate_command:validate",
    "cards": "data_commands:cards",
    "arenas": "data_commands:arenas",
    "preview": "preview_command:preview",
    "summary": "summary_commands:summary",
    "tables": "summary_commands:tables",
    "simulate": "simulate_command:simulate",
}
GROUPS: dict[str, str] = {"rules": "rules_commands:app", "i18n": "i18n_commands:app"}
"""Sub-command groups; like COMMANDS, `module:attribute` in generator.cli, imported when used."""


def _load(target: str) -> Any:
    """The object a `module:attribute` target in generator.cli names."""
    module, attribute = target.split(":")
    return getattr(importlib.import_module(f"generator.cli.{module}"), attribute)


def make_app(only: str | None = None) -> typer.Typer:
    """The command line, with every command or only the one named."""
    import typer

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
            cli.command(name)(_load(command))
    for name, group in GROUPS.items():
        if only in (None, name):
            cli.add_typer(_load(group), name=name)
    return cli


def __getattr__(name: str) -> Any:
    """`app`, the whole command line (for tests and embedding), built on first use."""
    if name == "app":
        globals()["app"] = make_app()
        return globals()["app"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Console-script entry point."""
    # A command is short-lived, and most of what it allocates (modules, the
    # model, documents) lives until it exits: with CPython's thresholds,
    # `validate` runs 55 collections (about 7 ms of 140) that free some
    # 1,100 objects. Collect rarely instead, as mypy does; set before Typer
    # and the command's modules are imported.
    gc.set_threshold(*GC_THRESHOLDS)
    # Typer builds every registered command's parameters at start-up; import
    # and build only the one asked for (all of them for --help or an unknown name).
    first = next((arg for arg in sys.argv[1:] if not arg.startswith("-")), None)
    cli = make_app(first if first in COMMANDS or first in GROUPS else None)
    # Imports are done: keep the collector from re-scanning their objects on
    # every full collection of this short-lived process.
    gc.freeze()
    cli()
