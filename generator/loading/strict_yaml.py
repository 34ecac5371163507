"""A YAML reader that refuses the format's pitfalls instead of guessing.

Refused, each with a located message: duplicate keys, anchors and aliases,
explicit tags, non-text keys, YAML 1.1 readings that YAML 1.2 does not share
(`no`/`on` as booleans, `0755` as octal, unquoted dates, base-60 numbers),
invalid UTF-8, files over a size limit and absurd nesting. Plain scalars are
resolved by the YAML 1.2 core schema. The C parser is used when present.
"""

from __future__ import annotations

import math
import re
from functools import partial
from pathlib import Path
from typing import Any

import yaml

from generator.core.diagnostics import Diagnostic
from generator.loading.document import Document, PathKey, Positions
from generator.loading.files import read_regular

MAX_FILE_BYTES = 1024 * 1024
"""Data files are hand-edited: anything larger is a mistake, not data."""
MAX_DEPTH = 32
"""Deepest nesting of mappings and sequences accepted."""

_Parser: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_NULLS = {"", "~", "null", "Null", "NULL"}
_TRUE = {"true", "True", "TRUE"}
_FALSE = {"false", "False", "FALSE"}
_YAML11_BOOLS = {
    word
    for base in ("y", "yes", "n", "no", "on", "off")
    for word in (base, base.capitalize(), base.upper())
}
_MAYBE_NOT_TEXT = frozenset("0123456789+-.~nNtTfFyYoO")
"""First characters of every plain scalar that could read as something other than text."""
_NUMBER_START = frozenset("0123456789+-.")
"""First characters of everything the number and date patterns below can match."""
_INT = re.compile(r"[-+]?[0-9]+")
_INT_OCT = re.compile(r"0o[0-7]+")
_INT_HEX = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_INF = re.compile(r"[-+]?\.(inf|Inf|INF)")
_NAN = re.compile(r"\.(nan|NaN|NAN)")
_DATE = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ].*)?")
_BASE60 = re.compile(r"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?")
_UNDERSCORED = re.compile(r"[-+]?[0-9][0-9_]*_[0-9_]*(\.[0-9_]*)?")

_SYNTAX_HINTS = (
    ("mapping values are not allowed", "quote a value that contains ': ', or fix the indentation"),
    ("could not find expected ':'", "check the indentation, or add the ':' after the key"),
    ("expected ',' or ']'", "close the [ list ] or separate its items with commas"),
    ("expected ',' or '}'", "close the { mapping } or separate its entries with commas"),
    ("found unexpected end of stream", "a quoted text is not closed"),
    ("control characters are not allowed", "remove the invisible control character"),
    ("did not find expected key", "check the indentation of this line against the lines above"),
    ("did not find expected '-' indicator", "list items must line up under each other"),
)


_TAB_HINT = "indent with spaces: YAML does not allow tabs for indentation"


def _char_at(lines: tuple[str, ...], line: int, column: int) -> str:
    return lines[line][column] if line < len(lines) and column < len(lines[line]) else ""


class _Abort(Exception):
    """Stop reading: the problem makes the rest of the file meaningless."""


class _Frame:
    """A mapping or sequence being built."""

    __slots__ = ("first_lines", "key", "skip_value", "value")

    def __init__(self, value: Any) -> None:
        self.value = value
        self.key: str | None = None
        self.skip_value = False
        self.first_lines: dict[str, int] = {}


class _Builder:
    """Turns parser events into plain values, positions and diagnostics."""

    def __init__(self, text: str, display: str, lines: tuple[str, ...]) -> None:
        self.text = text
        self.display = display
        self.lines = lines
        self.diagnostics: list[Diagnostic] = []
        self.documents: list[Document] = []
        self._stack: list[_Frame] = []
        self._root: Any = None
        self._positions = _StreamPositions(text)

    def error(self, mark: Any, message: str, hint: str | None = None) -> None:
        """Record a problem at a parser mark."""
        probe = Document(self.display, None, self.lines)
        self.diagnostics.append(
            probe.diagnostic_at(mark.line + 1, mark.column + 1, message, hint=hint)
        )

    def feed_all(self, text: str) -> None:
        """Consume every parser event of `text`."""
        handlers = {kind: getattr(self, name) for kind, name in _HANDLERS.items()}
        parser = _Parser(text)
        try:
            while True:
                event = parser.get_event()
                kind = type(event)
                if kind is yaml.StreamEndEvent:
                    return
                handler = handlers.get(kind)
                if handler is not None:
                    handler(event)
        finally:
            parser.dispose()

    def _document_start(self, event: Any) -> None:
        self._root = None

    def _document_end(self, event: Any) -> None:
        scan = partial(self._positions.of, len(self.documents))
        self.documents.append(Document(self.display, self._root, self.lines, scan))

    def _alias(self, event: Any) -> None:
        self.error(
            event.start_mark,
            f"alias '*{event.anchor}' is not allowed in data files",
            "write the value out in full; anchors and aliases are refused",
        )
        top = self._stack[-1] if self._stack else None
        if top is not None and isinstance(top.value, dict) and top.key is None:
            top.key, top.skip_value = f"*{event.anchor}", True  # an alias used as a key
            return
        self._add(None)

    def _scalar_event(self, event: Any) -> None:
        if event.anchor is not None or event.tag is not None:
            self._check_node(event, "value")
        self._scalar(event)

    def _mapping_start(self, event: Any) -> None:
        self._check_node(event, "mapping")
        self._open(event)

    def _sequence_start(self, event: Any) -> None:
        self._check_node(event, "list")
        self._open(event)

    def _close(self, event: Any) -> None:
        self._add(self._stack.pop().value)

    def _check_node(self, event: Any, what: str) -> None:
        if event.anchor is not None:
            self.error(
                event.start_mark,
                f"anchor '&{event.anchor}' is not allowed in data files",
                "remove the anchor and write repeated values out in full",
            )
        if event.tag is not None:
            shown = event.tag.replace("tag:yaml.org,2002:", "!!")
            self.error(
                event.start_mark,
                f"tag '{shown}' is not allowed on a {what}",
                "remove the tag; quote the value if it must be read as text",
            )

    def _open(self, event: Any) -> None:
        top = self._stack[-1] if self._stack else None
        if top is not None and isinstance(top.value, dict) and top.key is None:
            self.error(
                event.start_mark,
                "a mapping key must be plain text, not a list or mapping",
                "write the key as text followed by ':'",
            )
            raise _Abort
        if len(self._stack) >= MAX_DEPTH:
            self.error(
                event.start_mark,
                f"nested deeper than {MAX_DEPTH} levels",
                "data files are shallow; check for runaway brackets or indentation",
            )
            raise _Abort
        container: Any = {} if isinstance(event, yaml.MappingStartEvent) else []
        self._stack.append(_Frame(container))

    def _scalar(self, event: Any) -> None:
        top = self._stack[-1] if self._stack else None
        plain = event.style in (None, "") and event.tag is None
        if isinstance(top, _Frame) and isinstance(top.value, dict) and top.key is None:
            self._key(top, event, plain)
            return
        if plain:
            value, problem = resolve_plain(event.value)
            if problem:
                self.error(event.start_mark, problem[0], problem[1])
        else:
            value = event.value
        self._add(value)

    def _key(self, frame: _Frame, event: Any, plain: bool) -> None:
        key: Any = event.value
        if plain:
            key, problem = resolve_plain(event.value)
            if problem:
                self.error(event.start_mark, problem[0], problem[1])
                key = event.value
        if not isinstance(key, str):
            self.error(
                event.start_mark,
                f"mapping key {event.value!r} is not text",
                f'quote the key: "{event.value}"',
            )
            key = event.value
        line = event.start_mark.line + 1
        frame.key, frame.skip_value = key, key in frame.first_lines
        if frame.skip_value:
            self.error(
                event.start_mark,
                f"duplicate key '{key}' (first defined on line {frame.first_lines[key]})",
                "remove one of the two entries; YAML would silently keep only the last",
            )
        else:
            frame.first_lines[key] = line

    def _add(self, value: Any) -> None:
        """Put a finished value into its parent (or make it the root)."""
        if not self._stack:
            self._root = value
            return
        top = self._stack[-1]
        if isinstance(top.value, dict):
            assert top.key is not None
            if not top.skip_value:
                top.value[top.key] = value
            top.key, top.skip_value = None, False
        else:
            top.value.append(value)


_HANDLERS: dict[type, str] = {
    yaml.DocumentStartEvent: "_document_start",
    yaml.DocumentEndEvent: "_document_end",
    yaml.AliasEvent: "_alias",
    yaml.ScalarEvent: "_scalar_event",
    yaml.MappingStartEvent: "_mapping_start",
    yaml.SequenceStartEvent: "_sequence_start",
    yaml.MappingEndEvent: "_close",
    yaml.SequenceEndEvent: "_close",
}


class _StreamPositions:
    """The positions of every document of a stream, scanned in one pass when first asked for
    (a stream of many questions would otherwise be scanned once per question)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.found: list[Positions] | None = None

    def of(self, index: int) -> Positions:
        """Where each key and value of the document at `index` starts."""
        if self.found is None:
            self.found = scan_positions(self.text)
        return self.found[index]


def scan_positions(text: str) -> list[Positions]:
    """Where each key and value of each document of `text` starts (1-based).

    Called only when a diagnostic needs a location, so that clean data is
    read without this bookkeeping. The text parsed cleanly before.
    """
    found: list[Positions] = []
    keys: dict[PathKey, tuple[int, int]] = {}
    values: dict[PathKey, tuple[int, int]] = {}
    stack: list[list[Any]] = []  # [path, is_mapping, pending key or next index]
    events: Any = yaml.parse(text, Loader=_Parser)
    for event in events:
        kind = type(event)
        if kind is yaml.DocumentStartEvent:
            keys, values, stack = {}, {}, []
            continue
        if kind in (yaml.StreamStartEvent, yaml.StreamEndEvent):
            continue
        if kind is yaml.DocumentEndEvent:
            found.append((keys, values))
            continue
        if kind in (yaml.MappingEndEvent, yaml.SequenceEndEvent):
            stack.pop()
            continue
        position = (event.start_mark.line + 1, event.start_mark.column + 1)
        top = stack[-1] if stack else None
        if top is not None and top[1] and top[2] is None:
            top[2] = event.value
            keys.setdefault((*top[0], event.value), position)
            continue
        if top is None:
            path: PathKey = ()
        elif top[1]:
            path, top[2] = (*top[0], top[2]), None
        else:
            path = (*top[0], top[2])
            top[2] += 1
        values.setdefault(path, position)
        if kind is yaml.MappingStartEvent:
            stack.append([path, True, None])
        elif kind is yaml.SequenceStartEvent:
            stack.append([path, False, 0])
    return found


MAX_DIGITS = 30
"""Longer numbers are mistakes (and Python refuses to read integers of over 4,300 digits)."""
_TOO_LONG = (
    "this number is too long to be meant",
    "every number of the data is small: check the value, or quote it if it is text",
)


def _not_finite(text: str) -> tuple[str, str]:
    return (
        f"'{text}' is not a finite number",
        "no value of the data is infinite or not a number: write the number meant",
    )


def _whole(text: str) -> tuple[Any, tuple[str, str] | None]:
    if len(text) > MAX_DIGITS:
        return text, _TOO_LONG
    return int(text), None


def resolve_plain(text: str) -> tuple[Any, tuple[str, str] | None]:
    """Read an unquoted scalar by the YAML 1.2 core schema.

    Returns the value and, for text that YAML 1.1 would read differently,
    a (message, hint) pair; the value is then the text itself.
    """
    if text[:1] not in _MAYBE_NOT_TEXT and text:
        return text, None
    if text in _NULLS:
        return None, None
    if text in _TRUE:
        return True, None
    if text in _FALSE:
        return False, None
    if text.isascii() and text.isdigit():
        if len(text) > 1 and text[0] == "0":
            return text, (
                f"'{text}' is ambiguous: YAML 1.1 reads a leading zero as octal",
                f'write it without the leading zero, or quote it: "{text}"',
            )
        return _whole(text)
    if text in _YAML11_BOOLS:
        return text, (
            f"'{text}' is ambiguous: YAML 1.1 reads it as a boolean, YAML 1.2 as text",
            f'write true or false, or quote it: "{text}"',
        )
    if text[0] not in _NUMBER_START:
        return text, None
    if _INT.fullmatch(text):
        digits = text.lstrip("+-")
        if len(digits) > 1 and digits.startswith("0"):
            return text, (
                f"'{text}' is ambiguous: YAML 1.1 reads a leading zero as octal",
                f'write it without the leading zero, or quote it: "{text}"',
            )
        return _whole(text)
    if _INT_OCT.fullmatch(text) or _INT_HEX.fullmatch(text):
        if len(text) > MAX_DIGITS:
            return text, _TOO_LONG
        return int(text[2:], 8 if text[1] == "o" else 16), None
    if _FLOAT.fullmatch(text):
        if len(text) > MAX_DIGITS:
            return text, _TOO_LONG
        value = float(text)
        return (value, None) if math.isfinite(value) else (text, _not_finite(text))
    if _INF.fullmatch(text) or _NAN.fullmatch(text):
        return text, _not_finite(text)
    if _DATE.fullmatch(text):
        return text, (
            f"'{text}' is an unquoted date, which YAML 1.1 turns into a date object",
            f'quote it: "{text}"',
        )
    if _BASE60.fullmatch(text) or _UNDERSCORED.fullmatch(text):
        return text, (
            f"'{text}' is ambiguous: YAML 1.1 reads it as a number",
            f'quote it: "{text}"',
        )
    return text, None


def read_text(
    path: Path, display: str, max_bytes: int = MAX_FILE_BYTES
) -> tuple[str | None, list[Diagnostic]]:
    """Read a file as UTF-8 text, refusing files that are too large or not UTF-8."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            return None, [
                Diagnostic(
                    display,
                    0,
                    0,
                    f"file is {_size(size)}, over the {_size(max_bytes)} limit for data files",
                    hint="data files are small hand-edited YAML; check that this is the right file",
                )
            ]
        raw = read_regular(path, max_bytes)
    except OSError as exc:
        return None, [Diagnostic(display, 0, 0, f"cannot read file: {exc.strerror or exc}")]
    return decode_utf8(raw, display)


def decode_utf8(raw: bytes, display: str) -> tuple[str | None, list[Diagnostic]]:
    """Decode bytes as UTF-8 (a leading BOM is allowed), locating the first bad byte."""
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        bad = raw[exc.start]
        line = raw.count(b"\n", 0, exc.start) + 1
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        column = len(raw[line_start : exc.start].decode("utf-8", "replace")) + 1
        lines = tuple(raw.decode("utf-8", "replace").splitlines())
        probe = Document(display, None, lines)
        return None, [
            probe.diagnostic_at(
                line,
                column,
                f"file is not valid UTF-8: byte 0x{bad:02X} cannot be decoded",
                hint="save the file as UTF-8 (it looks like another encoding, e.g. Latin-1)",
            )
        ]


def parse_stream(text: str, display: str) -> tuple[list[Document], list[Diagnostic]]:
    """Parse every document of a YAML stream strictly."""
    lines = tuple(text.splitlines())
    builder = _Builder(text, display, lines)
    try:
        builder.feed_all(text)
    except _Abort:
        pass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "malformed YAML"
        hint = next((h for needle, h in _SYNTAX_HINTS if needle in problem), None)
        if mark is not None and _char_at(lines, mark.line, mark.column) == "\t":
            hint = _TAB_HINT
        if exc.context and exc.problem:
            problem = f"{problem} ({exc.context})"
        if mark is not None:
            builder.error(mark, f"YAML syntax error: {problem}", hint)
        else:
            builder.diagnostics.append(Diagnostic(display, 0, 0, f"YAML syntax error: {problem}"))
    except yaml.reader.ReaderError as exc:  # a character YAML refuses, at its position
        # libyaml counts the position in UTF-8 bytes: find the character itself instead.
        found = text.find(chr(exc.character)) if isinstance(exc.character, int) else -1
        line, column = _line_and_column(text, found if found >= 0 else exc.position)
        document = Document(display, None, lines)
        builder.diagnostics.append(
            document.diagnostic_at(
                line,
                column,
                f"the file holds the control character U+{exc.character:04X}, which YAML does "
                "not allow",
                hint="delete it: it is invisible in most editors (it often comes with text "
                "copied from a terminal or a word processor)",
            )
        )
    except yaml.YAMLError as exc:
        builder.diagnostics.append(Diagnostic(display, 0, 0, f"YAML error: {exc}"))
    return builder.documents, builder.diagnostics


def _line_and_column(text: str, position: int) -> tuple[int, int]:
    """The 1-based line and column of a character position in `text`."""
    before = text[:position]
    line = before.count("\n") + 1
    return line, position - (before.rfind("\n") + 1) + 1


def parse_single(text: str, display: str) -> tuple[Document | None, list[Diagnostic]]:
    """Parse text that must hold exactly one YAML document."""
    documents, diagnostics = parse_stream(text, display)
    if diagnostics:
        return None, diagnostics
    if not documents or (len(documents) == 1 and documents[0].value is None):
        return None, [
            Diagnostic(display, 0, 0, "file is empty", hint="a data file holds one YAML mapping")
        ]
    if len(documents) > 1:
        line, column = documents[1].locate(())
        return None, [
            documents[1].diagnostic_at(
                line,
                column,
                "file holds more than one YAML document",
                hint="remove the '---' separator: a data file holds one document",
            )
        ]
    return documents[0], []


def load_file(path: Path, display: str) -> tuple[Document | None, list[Diagnostic]]:
    """Read and strictly parse a one-document data file."""
    text, diagnostics = read_text(path, display)
    if text is None:
        return None, diagnostics
    return parse_single(text, display)


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):.1f} MiB"
    if n >= 1024:
        return f"{n / 1024:.1f} KiB"
    return f"{n} bytes"
