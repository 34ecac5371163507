"""The single place where user errors become messages and exit codes."""

from __future__ import annotations

import errno
import functools
import sys
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import typer

from generator.core.diagnostics import format_text, shown_per_file, visible, visible_lines
from generator.core.errors import DataError, DraftdeckError, ScenarioError, UsageError

P = ParamSpec("P")
R = TypeVar("R")

EXIT_DATA = 1
EXIT_USAGE = 2
EXIT_STOPPED = 130
"""As a shell reports a command ended by Ctrl-C."""


_OS_HINT = "check that the folder exists, is a folder, and that you may write to it"
_OS_HINTS = {
    errno.ENOSPC: "free some space on that disk, or write elsewhere with --out; the last "
    "good output was left as it was",
    errno.EDQUOT: "your disk quota is full: free some space, or write elsewhere with --out",
    errno.EROFS: "that disk is read-only: write elsewhere with --out",
    errno.ENOENT: "that file or folder does not exist",
    errno.ENOTDIR: "a part of that path is a file, not a folder",
    errno.EISDIR: "that is a folder, not a file",
}
"""What to do about the machine's errors, by errno; the rest get the general hint."""


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
            raise typer.Exit(stopped(stop)) from None
        except Exception as error:
            # A library that catches everything (ReportLab reading a font) turns the interrupt
            # into an error of its own, raised while handling it: still the interrupt.
            interrupt = interrupt_in(error)
            if interrupt is None:
                raise
            raise typer.Exit(stopped(interrupt)) from None

    return run


def interrupt_in(error: BaseException) -> KeyboardInterrupt | None:
    """The interrupt (Ctrl-C, SIGINT, SIGTERM) an error was raised while handling, if any."""
    seen: set[int] = set()
    found: BaseException | None = error
    while found is not None and id(found) not in seen:
        if isinstance(found, KeyboardInterrupt):
            return found
        seen.add(id(found))
        found = found.__cause__ or found.__context__
    return None


def stopped(stop: KeyboardInterrupt) -> int:
    """Say that the command was stopped, and return its exit code."""
    print(
        f"\nstopped ({stop or 'Ctrl-C'}): the work in progress was dropped and its workers "
        "ended; what was written before stays as it was",
        file=sys.stderr,
    )
    return EXIT_STOPPED


def report(error: DraftdeckError | OSError) -> int:
    """Print a user's error, located where it can be, and return its exit code."""
    if isinstance(error, DataError):
        for diagnostic in shown_per_file(error.diagnostics):
            print(format_text(diagnostic), file=sys.stderr)
        print(f"error: {error.summary}", file=sys.stderr)
        return EXIT_DATA
    if isinstance(error, ScenarioError):
        print(format_text(error.diagnostic), file=sys.stderr)
        return EXIT_DATA
    if isinstance(error, UsageError):
        print(f"error: {visible_lines(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    if isinstance(error, OSError):  # the disk or a folder the user named, not the data
        where = f" '{visible(str(error.filename))}'" if error.filename else ""
        print(f"error: {error.strerror or error}{where}", file=sys.stderr)
        print(f"  hint: {_OS_HINTS.get(error.errno or 0, _OS_HINT)}", file=sys.stderr)
        return EXIT_DATA
    print(f"error: {visible_lines(str(error))}", file=sys.stderr)
    return EXIT_DATA
