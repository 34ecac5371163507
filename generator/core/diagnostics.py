"""Located problems in data files, and the three ways to print them."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any


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
    """The offending line of the file (around the column, if the line is long), for the caret."""
    source_start: int = 1
    """The column of the file at which `source_line` starts (it is clipped from a long line)."""
    problems: int = 1
    """How many problems this stands for (more than 1 for a line counting those not listed)."""
    at_least: bool = False
    """The problems were counted only so far: there are at least `problems`."""
    printing: bool = False
    """A text the build would refuse to print: it does not fit, or runs into an element."""

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


SOURCE_WIDTH = 100
"""Characters of a source line shown around the column; a longer line is clipped."""
SHOWN_PER_FILE = 30
"""Problems shown per file; the rest are counted."""
SHOWN_IN_ALL = 100
"""Lines of problems one command prints at most, every file together; the rest are counted."""


def source_excerpt(line: str, column: int) -> tuple[str, int]:
    """The part of a source line a message shows, and the column it starts at: the whole
    line when short, else SOURCE_WIDTH characters around `column`, marked with '…'."""
    if len(line) <= SOURCE_WIDTH:
        return line, 1
    start = max(1, min(column - SOURCE_WIDTH // 2, len(line) - SOURCE_WIDTH + 1))
    end = start + SOURCE_WIDTH - 1
    shown = line[start - 1 : end]
    head = "…" if start > 1 else ""
    tail = "…" if end < len(line) else ""
    return f"{head}{shown}{tail}", start - len(head)


def shown_per_file(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics to print: at most SHOWN_PER_FILE per file (in the given order), then
    one line per file counting the others, those already counted together included."""
    shown: list[Diagnostic] = []
    hidden: dict[str, list[Diagnostic]] = {}
    per_file: dict[str, int] = {}
    for diagnostic in diagnostics:
        seen = per_file.get(diagnostic.file, 0)
        if seen < SHOWN_PER_FILE and diagnostic.problems == 1:
            per_file[diagnostic.file] = seen + 1
            shown.append(diagnostic)
        else:
            hidden.setdefault(diagnostic.file, []).append(diagnostic)
    for file, rest in hidden.items():
        worst = Severity.ERROR if count(rest, Severity.ERROR) else Severity.WARNING
        bound = any(d.at_least for d in rest)
        shown.append(more_in_file(file, sum(d.problems for d in rest), worst, bound))
    if len(shown) <= SHOWN_IN_ALL:
        return shown
    rest = shown[SHOWN_IN_ALL - 1 :]
    files = len({d.file for d in rest})
    worst = Severity.ERROR if count(rest, Severity.ERROR) else Severity.WARNING
    more = sum(d.problems for d in rest)
    return [
        *shown[: SHOWN_IN_ALL - 1],
        Diagnostic(
            f"{files} file{'s' if files != 1 else ''}",
            0,
            0,
            f"{'at least ' if any(d.at_least for d in rest) else ''}{more:,} more "
            f"problem{'s' if more != 1 else ''} are not shown",
            worst,
            hint="fix the problems shown first; --format json lists every one",
            problems=more,
            at_least=any(d.at_least for d in rest),
        ),
    ]


def more_in_file(
    file: str, more: int, severity: Severity = Severity.ERROR, at_least: bool = False
) -> Diagnostic:
    """The line that stands for problems of a file not shown one by one."""
    counted = f"at least {more:,}" if at_least else f"{more:,}"
    return Diagnostic(
        file,
        0,
        0,
        f"{counted} more problem{'s' if more != 1 else ''} in this file are not shown",
        severity,
        hint="fix the problems shown first: they are often the same mistake",
        problems=more,
        at_least=at_least,
    )


_CELL = re.compile(r"(?P<file>.*?):(?:(?P<sheet>.+)!)?(?P<column>[A-Z]{1,3})(?P<row>\d+)")
_RUNS = re.compile(r"(\d+)")


def sort_key(diagnostic: Diagnostic) -> tuple[Any, ...]:
    """Order diagnostics by file, then position (a spreadsheet's by sheet, row and column),
    then message; numbers in names count as numbers (E2 before E12, card-2 before card-10)."""
    cell = _CELL.fullmatch(diagnostic.file)
    if cell is not None:
        column = 0
        for letter in cell["column"]:
            column = column * 26 + ord(letter) - 64
        place = (_natural(cell["file"]), _natural(cell["sheet"] or ""), int(cell["row"]), column)
    else:
        place = (_natural(diagnostic.file), (), diagnostic.line, diagnostic.column)
    return (*place, _natural(diagnostic.message))


def _natural(text: str) -> tuple[tuple[int, int | str], ...]:
    """A text as a key in which its runs of digits compare as numbers."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part) for part in _RUNS.split(text) if part
    )


def format_text(diagnostic: Diagnostic) -> str:
    """Headline, the source line with a caret under the column, and the hint; every control
    character escaped, so that nothing in a file can move the cursor or retitle a terminal."""
    lines = [visible(diagnostic.headline)]
    if diagnostic.source_line is not None and diagnostic.line > 0:
        number = str(diagnostic.line)
        gutter = " " * len(number)
        source = diagnostic.source_line.replace("\t", " ")
        lines.append(f" {number} | {visible(source)}")
        caret = diagnostic.column - diagnostic.source_start
        if diagnostic.column > 0 and 0 <= caret <= len(source):
            lines.append(f" {gutter} | {' ' * len(visible(source[:caret]))}^")
    if diagnostic.hint:
        lines.append(f"  hint: {visible(diagnostic.hint)}")
    return "\n".join(lines)


_INVISIBLE = {
    code: f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    for code in [*range(0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
    if code != 0x09
}
"""Control characters (C0, DEL, C1) and direction overrides, each as its escape."""


def visible(text: str) -> str:
    """The text with every control character and direction override written as its escape
    (ESC as \\x1b): safe to print on a terminal, and seen for what it is."""
    return text.translate(_INVISIBLE)


def visible_lines(text: str) -> str:
    """A message of several lines (several problems, one a line), each made visible."""
    return "\n".join(visible(line) for line in text.split("\n"))


def format_github(diagnostic: Diagnostic) -> str:
    """A GitHub Actions workflow command that annotates the file."""
    kind = "error" if diagnostic.severity is Severity.ERROR else "warning"
    props = [f"file={_escape_property(visible(diagnostic.file))}"]
    if diagnostic.line > 0:
        props.append(f"line={diagnostic.line}")
    if diagnostic.column > 0:
        props.append(f"col={diagnostic.column}")
    message = visible(diagnostic.message)
    if diagnostic.pointer:
        message += f" (at {visible(diagnostic.pointer)})"
    if diagnostic.hint:
        message += f"\nhint: {visible(diagnostic.hint)}"
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
    """How many problems of the given severity the diagnostics stand for."""
    return sum(d.problems for d in diagnostics if d.severity is severity)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")
