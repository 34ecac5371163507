"""A parsed data document that remembers where each value came from."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from generator.core.diagnostics import Diagnostic, Severity, source_excerpt

PathKey = tuple[str | int, ...]
Positions = tuple[Mapping[PathKey, tuple[int, int]], Mapping[PathKey, tuple[int, int]]]
"""(key positions, value positions), each path -> (1-based line, column)."""


def _no_positions() -> Positions:
    return {}, {}


def json_pointer(path: Sequence[str | int]) -> str:
    """The RFC 6901 pointer of a path, e.g. ('arenas', 3, 'fans') -> /arenas/3/fans."""
    parts = (str(p).replace("~", "~0").replace("/", "~1") for p in path)
    return "".join("/" + p for p in parts)


@dataclass(frozen=True)
class Document:
    """One YAML document: its plain value and a map from paths to source positions."""

    display: str
    """The file name shown in messages."""
    value: Any
    """The document as plain dicts, lists, strings, numbers, booleans and None."""
    lines: tuple[str, ...] = ()
    """The source lines, for showing the offending line."""
    scan_positions: Callable[[], Positions] = _no_positions
    """Computes where each key and value starts; called only when a location is needed."""

    @cached_property
    def _positions(self) -> Positions:
        return self.scan_positions()

    @property
    def key_positions(self) -> Mapping[PathKey, tuple[int, int]]:
        """Where the key of each mapping member starts (1-based line, column)."""
        return self._positions[0]

    @property
    def value_positions(self) -> Mapping[PathKey, tuple[int, int]]:
        """Where each value starts (1-based line, column)."""
        return self._positions[1]

    def locate(self, path: Sequence[str | int]) -> tuple[int, int]:
        """The position of the value at `path`: its key if it has one, else its start.

        A path that does not exist (a missing key) falls back to its nearest parent.
        """
        key = tuple(path)
        while True:
            if key in self.key_positions:
                return self.key_positions[key]
            if key in self.value_positions:
                return self.value_positions[key]
            if not key:
                return (1, 1)
            key = key[:-1]

    def reported_missing(self, path: Sequence[str | int]) -> frozenset[str]:
        """Keys the mapping at `path` lacks that were already reported once for all such
        mappings (a spreadsheet's header row without the column), not to be reported again."""
        return frozenset()

    def where(self, path: Sequence[str | int]) -> str:
        """Where the value at `path` is written, as a person names it: file:line."""
        line, _ = self.locate(path)
        return f"{self.display}:{line}"

    def diagnostic(
        self,
        path: Sequence[str | int],
        message: str,
        *,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
        with_pointer: bool = True,
    ) -> Diagnostic:
        """A diagnostic located at the value found at `path`."""
        line, column = self.locate(path)
        return self.diagnostic_at(
            line,
            column,
            message,
            hint=hint,
            severity=severity,
            pointer=json_pointer(path) if with_pointer and path else None,
        )

    def diagnostic_at(
        self,
        line: int,
        column: int,
        message: str,
        *,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
        pointer: str | None = None,
    ) -> Diagnostic:
        """A diagnostic at an explicit 1-based line and column of this file."""
        source, start = None, 1
        if 0 < line <= len(self.lines):
            source, start = source_excerpt(self.lines[line - 1], column)
        return Diagnostic(
            file=self.display,
            line=line,
            column=column,
            message=message,
            severity=severity,
            pointer=pointer,
            hint=hint,
            source_line=source,
            source_start=start,
        )
