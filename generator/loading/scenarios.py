"""Question files for the rules commands: a YAML stream or JSON Lines, read strictly."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from pathlib import Path

from generator.core.errors import InputError, ScenarioError
from generator.core.paths import SCHEMAS_DIR, display_path
from generator.loading import schemas, strict_yaml
from generator.loading.document import Document

MAX_SCENARIO_BYTES = 1024 * 1024
"""About 10,000 questions, answered in a few seconds; split larger batches."""


def read_source(source: str) -> tuple[str, str]:
    """(text, display name) of a file path, or of standard input for '-'."""
    if source == "-":
        raw = sys.stdin.buffer.read(MAX_SCENARIO_BYTES + 1)
        display = "<stdin>"
        if len(raw) > MAX_SCENARIO_BYTES:
            raise InputError("<stdin>: more than 1 MiB of questions; split them over several runs")
        text, problems = strict_yaml.decode_utf8(raw, display)
    else:
        path = Path(source)
        display = display_path(path)
        if not path.is_file():
            raise InputError(
                f"{display}: {'a folder, not a file' if path.is_dir() else 'no such file'}"
            )
        text, problems = strict_yaml.read_text(path, display, MAX_SCENARIO_BYTES)
    if text is None:
        raise ScenarioError(problems[0])
    return text, display


def scenarios(text: str, display: str, schema: Path) -> Iterator[Document]:
    """Each question of the text, checked against the schema file `schema` (a plug-in's, which
    may `$ref` draftdeck's shared definitions); a bad one raises ScenarioError when reached."""
    found = schemas.schemas_in(schema.parent, SCHEMAS_DIR)
    for document in _documents(text, display):
        problems = schemas.validate(document, found, schema.name)
        if problems:
            raise ScenarioError(problems[0])
        yield document


def _documents(text: str, display: str) -> Iterator[Document]:
    lines = text.splitlines()
    filled = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    if len(filled) > 1 and all(line.lstrip().startswith("{") for _, line in filled):
        # JSON Lines: every line is one JSON object, which is also flow YAML.
        for number, line in filled:
            document, problems = strict_yaml.parse_single(line, display)
            if problems:
                raise ScenarioError(dataclasses.replace(problems[0], line=number, source_line=line))
            assert document is not None
            yield _shifted(document, number, lines)
        return
    documents, problems = strict_yaml.parse_stream(text, display)
    if problems:
        raise ScenarioError(problems[0])
    found = [d for d in documents if d.value is not None]
    if not found:
        raise InputError(f"{display}: no question in the file")
    yield from found


def _shifted(document: Document, line: int, lines: list[str]) -> Document:
    """A one-line document placed back on its line of the whole file."""

    def scan() -> tuple[
        dict[tuple[str | int, ...], tuple[int, int]], dict[tuple[str | int, ...], tuple[int, int]]
    ]:
        keys, values = document.key_positions, document.value_positions
        return (
            {path: (line, column) for path, (_, column) in keys.items()},
            {path: (line, column) for path, (_, column) in values.items()},
        )

    return Document(document.display, document.value, tuple(lines), scan)


def located(document: Document, path: tuple[str | int, ...], message: str) -> ScenarioError:
    """A ScenarioError at a value of a question."""
    return ScenarioError(document.diagnostic(path, message))
