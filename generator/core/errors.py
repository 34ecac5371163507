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

    def __init__(self, diagnostics: Sequence[Diagnostic], summary: str | None = None) -> None:
        self.diagnostics = tuple(diagnostics)
        self.summary = summary or (
            f"{len(self.diagnostics)} problem(s) in the data; run 'draftdeck validate' for details"
        )
        """The last line said after the problems."""
        super().__init__(f"{len(self.diagnostics)} problem(s) in the data")

    def __reduce__(self) -> tuple[type, tuple[tuple[Diagnostic, ...], str]]:
        """Survive the trip between processes."""
        return (DataError, (self.diagnostics, self.summary))


class InputError(DraftdeckError):
    """A command's own input (a card id, a scenario file) is wrong (exit code 1)."""


class ScenarioError(InputError):
    """A problem in a question file (or a sweep file), with its location."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        self.diagnostic = diagnostic
        super().__init__(diagnostic.headline)
