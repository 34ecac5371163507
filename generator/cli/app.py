"""The `draftdeck` command and its sub-commands."""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import typer

COMMANDS: dict[str, str] = {
    "build": "build_command:build",
    "validate": "validate_command:validate",
    "cards": "data_commands:cards",
    "preview": "preview_command:preview",
    "new": "new_command:new",
    "summary": "summary_commands:summary",
    "tables": "summary_commands:tables",
    "simulate": "simulate_command:simulate",
    "sweep": "sweep_command:sweep",
    "serve": "serve_command:serve",
}
GROUPS: dict[str, str] = {
    "rules": "rules_commands:app",
    "i18n": "i18n_commands:app",
    "export": "export_commands:app",
    "schema": "schema_command:app",
}
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
        """Validate card-game data, build print-and-play output, answer rules questions, simulate."""

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
    try:
        from generator.core.lifetime import stop_on_terminate

        stop_on_terminate()  # SIGTERM stops as Ctrl-C does, from the first moment
        # Typer builds every registered command's parameters at start-up; import
        # and build only the one asked for (all of them for --help or an unknown name).
        first = next((arg for arg in sys.argv[1:] if not arg.startswith("-")), None)
        cli = make_app(first if first in COMMANDS or first in GROUPS else None)
        cli()
    except KeyboardInterrupt as stop:  # before a command's own boundary could see it
        print(f"\nstopped ({stop or 'Ctrl-C'}) before anything was done", file=sys.stderr)
        sys.exit(130)
    except Exception as error:  # an error a library raised while handling the interrupt
        from generator.cli.boundary import interrupt_in

        interrupt = interrupt_in(error)
        if interrupt is None:
            raise
        print(f"\nstopped ({interrupt or 'Ctrl-C'}) before anything was done", file=sys.stderr)
        sys.exit(130)
