"""Located problems in data files, and the three ways to print them."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum


class Severity(Enum):
    """How bad a problem is."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Diagnostic:
    """One problem, located at file:line:column."""

    file: str
    """The file as shown to the user."""
    line: int
    """1-based line; 0 when the problem concerns the whole file."""
    column: int
    """1-based column in characters; 0 when unknown."""
    message: str
    """What is wrong, in one line."""
    severity: Severity = Severity.ERROR
    pointer: str | None = None
    """JSON pointer of the offending value inside the document, if any."""
    hint: str | None = None
    """How to fix it, when that is not obvious from the message."""
    source_line: str | None = None
    """The offending line of the file, for the caret display."""

    @property
    def location(self) -> str:
        """`file:line:column`, leaving out what is unknown."""
        if self.line <= 0:
            return self.file
        if self.column <= 0:
            return f"{self.file}:{self.line}"
        return f"{self.file}:{self.line}:{self.column}"

    @property
    def headline(self) -> str:
        """The one-line form: location, severity, message and pointer."""
        at = f" (at {self.pointer})" if self.pointer else ""
        return f"{self.location}: {self.severity.value}: {self.message}{at}"


def sort_key(diagnostic: Diagnostic) -> tuple[str, int, int, str]:
    """Order diagnostics by file, then position, then message."""
    return (diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.message)


def format_text(diagnostic: Diagnostic) -> str:
    """Headline, the source line with a caret under the column, and the hint."""
    lines = [diagnostic.headline]
    if diagnostic.source_line is not None and diagnostic.line > 0:
        number = str(diagnostic.line)
        gutter = " " * len(number)
        source = diagnostic.source_line.replace("\t", " ")
        lines.append(f" {number} | {source}")
        if diagnostic.column > 0:
            lines.append(f" {gutter} | {' ' * (diagnostic.column - 1)}^")
    if diagnostic.hint:
        lines.append(f"  hint: {diagnostic.hint}")
    return "\n".join(lines)


def format_github(diagnostic: Diagnostic) -> str:
    """A GitHub Actions workflow command that annotates the file."""
    kind = "error" if diagnostic.severity is Severity.ERROR else "warning"
    props = [f"file={_escape_property(diagnostic.file)}"]
    if diagnostic.line > 0:
        props.append(f"line={diagnostic.line}")
    if diagnostic.column > 0:
        props.append(f"col={diagnostic.column}")
    message = diagnostic.message
    if diagnostic.pointer:
        message += f" (at {diagnostic.pointer})"
    if diagnostic.hint:
        message += f"\nhint: {diagnostic.hint}"
    return f"::{kind} {','.join(props)}::{_escape_data(message)}"


def as_json(diagnostic: Diagnostic) -> dict[str, object]:
    """A JSON-ready dict of the diagnostic."""
    return {
        "file": diagnostic.file,
        "line": diagnostic.line,
        "column": diagnostic.column,
        "severity": diagnostic.severity.value,
        "message": diagnostic.message,
        "pointer": diagnostic.pointer,
        "hint": diagnostic.hint,
    }


def dumps_json(diagnostics: Sequence[Diagnostic], summary: dict[str, object]) -> str:
    """The whole report as one JSON document."""
    report = {"diagnostics": [as_json(d) for d in diagnostics], "summary": summary}
    return json.dumps(report, indent=2, ensure_ascii=False)


def count(diagnostics: Iterable[Diagnostic], severity: Severity) -> int:
    """How many diagnostics have the given severity."""
    return sum(1 for d in diagnostics if d.severity is severity)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")
