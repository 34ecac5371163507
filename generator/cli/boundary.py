"""The single place where user errors become messages and exit codes."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import typer

from generator.core.diagnostics import format_text, shown_per_file
from generator.core.errors import DataError, DraftdeckError, UsageError
from generator.loading.scenarios import ScenarioError

P = ParamSpec("P")
R = TypeVar("R")

EXIT_DATA = 1
EXIT_USAGE = 2
EXIT_STOPPED = 130
"""As a shell reports a command ended by Ctrl-C."""


def user_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Print draftdeck errors without a traceback and exit non-zero."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except BrokenPipeError:
            raise  # the reader went away (`... | head`): Click ends quietly
        except (DraftdeckError, OSError) as error:
            raise typer.Exit(report(error)) from None
        except KeyboardInterrupt as stop:
            why = str(stop) or "Ctrl-C"
            print(
                f"\nstopped ({why}): the work in progress was dropped and its workers ended; "
                "what was written before stays as it was",
                file=sys.stderr,
            )
            raise typer.Exit(EXIT_STOPPED) from None

    return run


def report(error: DraftdeckError | OSError) -> int:
    """Print a user's error, located where it can be, and return its exit code."""
    if isinstance(error, DataError):
        for diagnostic in shown_per_file(error.diagnostics):
            print(format_text(diagnostic), file=sys.stderr)
        print(
            f"error: {len(error.diagnostics)} problem(s) in the data; run 'draftdeck validate' for details",
            file=sys.stderr,
        )
        return EXIT_DATA
    if isinstance(error, ScenarioError):
        print(format_text(error.diagnostic), file=sys.stderr)
        return EXIT_DATA
    if isinstance(error, UsageError):
        print(f"error: {error}", file=sys.stderr)
        return EXIT_USAGE
    if isinstance(error, OSError):  # the disk or a folder the user named, not the data
        where = f" '{error.filename}'" if error.filename else ""
        print(f"error: {error.strerror or error}{where}", file=sys.stderr)
        print(
            "  hint: check that the folder exists, is a folder, and that you may write to it",
            file=sys.stderr,
        )
        return EXIT_DATA
    print(f"error: {error}", file=sys.stderr)
    return EXIT_DATA
