"""JSON Schema validation of documents, with messages written for people."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.diagnostics import SHOWN_PER_FILE, Diagnostic, more_in_file
from generator.core.paths import display_path
from generator.loading.document import Document
from generator.loading.files import not_regular

if TYPE_CHECKING:  # imported where used: a remembered answer or a rules question never needs them
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry
    from referencing._core import Resolver

BASE_URI = "https://draftdeck.invalid/schemas/"
"""In-memory base of schema URIs; relative `$ref`s resolve against it, never fetched."""


Files = tuple[tuple[Path, str, int, int], ...]
"""Every schema file: (path, its name below its folder, modification time, size)."""


@dataclass(frozen=True)
class Schemas:
    """The schemas a pack is validated against, as the files were when found.

    Several folders are registered under one base URI, so that a pack's own
    schema can `$ref` draftdeck's shared definitions; a later folder's file
    of the same name wins. An edited schema is a new snapshot.
    """

    files: Files

    def file(self, name: str) -> Path | None:
        """The file a schema name resolves to, or None."""
        found = [path for path, relative, _, _ in self.files if relative == name]
        return found[-1] if found else None

    def registry(self) -> Registry[Any]:
        """Every schema, registered under its name."""
        return _registry(self.files)

    def validator(self, name: str) -> Draft202012Validator:
        """A validator for the schema of that name, its `$ref`s inlined."""
        return _validator(self.files, name)

    def schema(self, name: str) -> Mapping[str, Any]:
        """A schema with its `$ref`s inlined."""
        schema = _inlined(self.files, name)
        assert isinstance(schema, Mapping)
        return schema


SCHEMA = ".schema.json"


def schemas_in(*folders: Path) -> Schemas:
    """The schema files below the folders, as they are now."""
    return Schemas(
        tuple(
            entry
            for folder in folders
            for entry in schema_files(folder, sorted(folder.rglob(f"*{SCHEMA}")))
        )
    )


def schema_files(folder: Path, paths: Iterable[Path]) -> Files:
    """The given schema files of a folder, each named by its path below the folder."""
    found = []
    for path in paths:
        if not_regular(path) is not None:
            continue  # a pipe or a folder: never read (validation names it where it is used)
        status = path.stat()
        name = path.relative_to(folder).as_posix()
        found.append((path, name, status.st_mtime_ns, status.st_size))
    return tuple(found)


@cache
def _registry(files: Files) -> Registry[Any]:
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources = {}
    for path, name, _, _ in files:
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources[BASE_URI + name] = Resource.from_contents(
            contents, default_specification=DRAFT202012
        )
    return Registry().with_resources(resources.items())


@cache
def _validator(files: Files, schema_name: str) -> Draft202012Validator:
    validator: Draft202012Validator = _validator_class()(_inlined(files, schema_name))
    return validator


@cache
def _inlined(files: Files, schema_name: str) -> Any:
    uri = BASE_URI + schema_name
    resolver = _registry(files).resolver(uri)
    return inline_refs(resolver.lookup(uri).contents, resolver, memo=_targets(files))


@cache
def _targets(files: Files) -> dict[int, Any]:
    """The `$ref` targets of these schemas inlined so far, by the identity of their contents
    in the registry (a definition many schemas share is inlined once)."""
    return {}


@cache
def _validator_class() -> Any:
    from generator.loading.patterns import validator_class

    return validator_class()


class RefNowhere(ValueError):
    """A schema's `$ref` names nothing draftdeck has (a typo, or a file or web address)."""

    def __init__(self, ref: str) -> None:
        self.ref = ref
        super().__init__(f"$ref '{ref}' leads nowhere")


_ANNOTATIONS = frozenset({"description", "title", "$comment"})


def inline_refs(
    schema: Any, resolver: Resolver[Any], depth: int = 0, memo: dict[int, Any] | None = None
) -> Any:
    """The schema with every `$ref` replaced by its target, resolved by `referencing`.

    Our schemas are not recursive, so inlining is finite; it spares the
    validator a URI resolution for every `$ref` of every instance. `memo` keeps the
    targets inlined so far (see `_targets`).
    """
    if depth > 32:
        raise ValueError("schema $ref chain too deep (recursive schema?)")
    if isinstance(schema, list):
        return [inline_refs(item, resolver, depth, memo) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema and isinstance(schema["$ref"], str):
        from referencing.exceptions import Unresolvable

        try:
            resolved = resolver.lookup(schema["$ref"])
        except Unresolvable:
            raise RefNowhere(schema["$ref"]) from None
        known = None if memo is None else memo.get(id(resolved.contents))
        target = (
            known
            if known is not None
            else inline_refs(resolved.contents, resolved.resolver, depth + 1, memo)
        )
        if memo is not None:
            memo[id(resolved.contents)] = target
        siblings = {
            k: inline_refs(v, resolver, depth, memo) for k, v in schema.items() if k != "$ref"
        }
        if isinstance(target, dict) and set(siblings).intersection(target) <= _ANNOTATIONS:
            return {**target, **siblings}
        return {**siblings, "allOf": [target]}
    return {
        k: v if k in ("enum", "const") else inline_refs(v, resolver, depth, memo)
        for k, v in schema.items()
    }


MAX_REPORTED = SHOWN_PER_FILE
"""Schema problems of one document reported one by one; the rest are counted."""
MAX_COUNTED = 10_000
"""Schema problems counted at most: a file of more is counted no further."""


def validate(document: Document, schemas: Schemas, schema_name: str) -> list[Diagnostic]:
    """The schema violations of `document`, located and explained: the first MAX_REPORTED,
    then one line counting the others (so that a file of thousands stays a short report)."""
    try:
        checker = schemas.validator(schema_name)
        errors = [
            error
            for error in _first_errors(checker.iter_errors(document.value))
            if not _reported(document, error)
        ]
    except schema_problems() as broken:  # the schema itself is broken (a pack's own)
        return [_broken_schema(schemas, schema_name, broken)]
    found: list[Diagnostic] = []
    more = 0
    for error, choice in _leaf_errors(iter(errors)):
        if len(found) < MAX_REPORTED:
            found.append(_diagnostic(document, error, choice))
        else:
            more += 1
    if more:
        found.append(more_in_file(document.display, more, at_least=more == MAX_COUNTED))
    return found


def _reported(document: Document, error: ValidationError) -> bool:
    """Whether the error is a missing key the document has already reported for the list."""
    expected = error.validator_value
    if error.validator != "required" or not isinstance(error.instance, dict):
        return False
    if not isinstance(expected, list):
        return False
    missing = {k for k in expected if k not in error.instance}
    return bool(missing) and missing <= document.reported_missing(list(error.absolute_path))


def schema_problems() -> tuple[type[Exception], ...]:
    from jsonschema.exceptions import SchemaError, UnknownType
    from referencing.exceptions import Unresolvable

    from generator.loading.patterns import PatternInvalid, PatternTooSlow

    return (
        RefNowhere,
        Unresolvable,
        PatternTooSlow,
        PatternInvalid,
        SchemaError,
        UnknownType,
        json.JSONDecodeError,
        ValueError,
        TypeError,
    )


def _first_errors(errors: Iterator[ValidationError]) -> Iterator[ValidationError]:
    """The errors up to the most that are reported and counted (no further)."""
    for count, error in enumerate(errors, 1):
        yield error
        if count == MAX_REPORTED + MAX_COUNTED:
            return


def _broken_schema(schemas: Schemas, name: str, error: Exception) -> Diagnostic:
    """What is wrong with a schema that cannot check a document, at the schema's file."""
    from referencing.exceptions import Unresolvable

    from generator.loading.patterns import PatternInvalid, PatternTooSlow

    path = schemas.file(name)
    display = display_path(path) if path is not None else name
    if isinstance(error, RefNowhere | Unresolvable):
        ref = error.ref if isinstance(error, RefNowhere) else f"#{error.ref}"
        return Diagnostic(
            display,
            0,
            0,
            f"$ref '{ref}' leads nowhere",
            hint="a $ref names a definition of this schema (#/$defs/...) or another schema of "
            "the pack or of draftdeck by its file name (common.schema.json#/$defs/id); nothing "
            "outside is ever read",
        )
    if isinstance(error, PatternTooSlow | PatternInvalid):
        return Diagnostic(
            display,
            0,
            0,
            str(error),
            hint="write the pattern so that it cannot try the same text many ways (no "
            "repetition inside a repetition, such as (a+)+)",
        )
    if isinstance(error, json.JSONDecodeError):
        return Diagnostic(
            display, error.lineno, error.colno, f"the schema is not valid JSON: {error.msg}"
        )
    return Diagnostic(
        display,
        0,
        0,
        f"the schema cannot check the data: {error}",
        hint="see https://json-schema.org/draft/2020-12 for what a schema may say",
    )


def _leaf_errors(
    errors: Iterator[ValidationError],
) -> Iterator[tuple[ValidationError, str | None]]:
    """Unwrap `$ref` wrappers so each problem is reported at its own keyword; with each, the
    description of the choice it was one form of (which says what every form is)."""
    for error in errors:
        if error.context and error.validator in ("anyOf", "oneOf"):
            schema = error.schema if isinstance(error.schema, dict) else {}
            leaf = min(error.context, key=lambda e: -len(e.absolute_path))
            yield leaf, schema.get("description")
        else:
            yield error, None


def _diagnostic(
    document: Document, error: ValidationError, choice: str | None = None
) -> Diagnostic:
    path = list(error.absolute_path)
    message, hint, at_key = _explain(error, path, document.value)
    hint = hint or choice
    if at_key is not None:
        path = [*path, at_key]
    return document.diagnostic(path, message, hint=hint)


def _explain(
    error: ValidationError, path: list[str | int], root: Any
) -> tuple[str, str | None, str | None]:
    """(message, hint, key to point at) for one validation error."""
    kind, value = error.validator, error.instance
    expected: Any = error.validator_value
    schema = error.schema if isinstance(error.schema, dict) else {}
    description = schema.get("description")
    what = _name(path, root)
    if kind == "required":
        missing = next((k for k in expected if isinstance(value, dict) and k not in value), "?")
        return f"{what} is missing the required key '{missing}'", _field_hint(error, missing), None
    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = sorted(schema.get("properties", {}))
        extras = sorted(k for k in value if k not in allowed)
        key = extras[0] if extras else None
        from difflib import get_close_matches

        close = get_close_matches(key or "", allowed, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        return f"unknown key '{key}'", f"{hint}allowed keys here: {', '.join(allowed)}", key
    if kind == "type":
        wanted = " or ".join(_TYPE_WORDS.get(t, t) for t in _as_list(expected))
        return f"{what} must be {wanted}, got {_describe(value)}", description, None
    if kind == "enum":
        options = ", ".join("null" if v is None else str(v) for v in expected)
        return f"{what} is {_describe(value)}, not one of: {options}", description, None
    if kind == "pattern":
        return f"{what} has the wrong form: {_describe(value)}", description, None
    if kind in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"):
        word = _BOUND_WORDS[kind]
        return f"{what} is {value}, must be {word} {expected}", description, None
    if kind in ("minItems", "maxItems"):
        word = "at least" if kind == "minItems" else "at most"
        n = len(value) if isinstance(value, list) else 0
        return f"{what} needs {word} {expected} item(s), got {n}", description, None
    if kind == "minLength":
        return f"{what} must not be empty", description, None
    if kind == "maxLength":
        n = len(value) if isinstance(value, str) else 0
        return f"{what} is {n} characters long, must be at most {expected}", description, None
    if kind in ("minProperties", "maxProperties"):
        n = len(value) if isinstance(value, dict) else 0
        word = "at least" if kind == "minProperties" else "at most"
        return f"{what} has {n} entries, must have {word} {expected}", description, None
    if kind == "uniqueItems":
        return f"{what} lists the same item twice", description, None
    if kind == "oneOf":  # matched more than one form (matching none is reported by its parts)
        return f"{what} fits more than one of the forms allowed here", description, None
    if kind == "dependentRequired" and isinstance(value, dict):
        key, missing = next(
            (
                (k, m)
                for k, needed in expected.items()
                if k in value
                for m in needed
                if m not in value
            ),
            ("?", "?"),
        )
        if (key, missing) == ("provisional", "note"):
            return (
                f"{what} is marked provisional but has no note",
                "add a note saying why the value is not confirmed",
                None,
            )
        return (
            f"{what} has '{key}' but not '{missing}', which goes with it",
            _field_hint(error, missing) or f"add '{missing}', or take '{key}' out",
            key,
        )
    return f"{what}: {error.message}", description, None


def _field_hint(error: ValidationError, key: str) -> str | None:
    schema = error.schema if isinstance(error.schema, dict) else {}
    prop = schema.get("properties", {}).get(key, {})
    description = prop.get("description") if isinstance(prop, dict) else None
    return f"{key}: {description}" if description else None


_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping",
    "null": "null",
}
_BOUND_WORDS = {
    "minimum": "at least",
    "exclusiveMinimum": "more than",
    "maximum": "at most",
    "exclusiveMaximum": "less than",
}


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _name(path: list[str | int], root: Any) -> str:
    """How to call the value at `path` in a message: a list item by its id where it has one,
    and a key with the id of the item it belongs to."""
    if not path:
        return "the document"
    last = path[-1]
    owner = _owner(path, root)
    if isinstance(last, int):
        parent = path[-2] if len(path) > 1 else "list"
        if owner is not None and owner[0] == len(path):
            return f"item '{owner[1]}' of {parent}"
        return f"item {last + 1} of {parent}"
    return f"'{last}' of '{owner[1]}'" if owner is not None else f"'{last}'"


def _owner(path: list[str | int], root: Any) -> tuple[int, str] | None:
    """(length of its path, id) of the innermost list item on `path` that has a text id."""
    found = None
    value = root
    for depth, step in enumerate(path, 1):
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(step, int) and isinstance(value, dict) and isinstance(value.get("id"), str):
            found = (depth, value["id"])
    return found


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"text {value!r}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return repr(value)
