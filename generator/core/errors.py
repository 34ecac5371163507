"""Errors the CLI knows how to print: no traceback for a user's mistake."""

from __future__ import annotations

from collections.abc import Sequence

from generator.core.diagnostics import Diagnostic


class DraftdeckError(Exception):
    """Base of every error caused by user input (or the machine) rather than a bug."""


class UsageError(DraftdeckError):
    """The command was asked for something that cannot be (exit code 2)."""


class DataError(DraftdeckError):
    """The data is invalid (exit code 1); carries every problem found."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__(f"{len(self.diagnostics)} problem(s) in the data")

    def __reduce__(self) -> tuple[type, tuple[tuple[Diagnostic, ...]]]:
        """Survive the trip between processes."""
        return (DataError, (self.diagnostics,))


class InputError(DraftdeckError):
    """A command's own input (a card id, a scenario file) is wrong (exit code 1)."""
