"""A first JSON Schema for a data file, guessed from its values (`draftdeck schema infer`).

The guess is a start to edit, never a judgement: each list becomes an array of objects,
each field gets the type all its values share (whole numbers, numbers, yes/no, text, a list
of those, a nested mapping), ids and names use draftdeck's shared definitions, bounds are
widened to round numbers, a field every item has is required, and every description asks
to be written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from generator.core.errors import DataError, UsageError
from generator.loading import strict_yaml
from generator.loading.sheets import DEFAULT_SEPARATOR, is_sheet, load_sheet_file, typed

SHARED = {
    "id": "common.schema.json#/$defs/id",
    "name": "common.schema.json#/$defs/name",
    "copies": "common.schema.json#/$defs/copies",
}
"""Fields that draftdeck's shared definitions describe."""
NUMBERS = frozenset({"integer", "number"})
COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
LONGEST_TEXT = 500


def infer_schema(path: Path, display: str, separator: str = DEFAULT_SEPARATOR) -> dict[str, Any]:
    """The schema of a data file (YAML, CSV, XLSX or ODS) as its values suggest."""
    if not separator.strip():
        raise UsageError(
            "the list separator must be a character (or a few), not empty or spaces: "
            "--separator ';' splits 'a; b' in a cell into a list"
        )
    value = _read(path, display, separator)
    if not isinstance(value, Mapping) or not value:
        raise UsageError(f"{display} holds no lists to describe: a data file maps names to lists")
    properties = {str(key): _describe(entries, str(key)) for key, entries in value.items()}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{path.name} (inferred by draftdeck schema infer: check every line)",
        "type": "object",
        "additionalProperties": False,
        "required": list(properties),
        "properties": properties,
    }


def schema_text(schema: Mapping[str, Any]) -> str:
    """The schema as the file draftdeck writes."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def _read(path: Path, display: str, separator: str) -> Any:
    if not path.is_file():
        raise UsageError(f"there is no file {display}")
    if is_sheet(path):
        sheet, problems = load_sheet_file(path, display, {}, separator)
        if sheet is None:
            raise DataError(problems)
        return _split_lists(sheet.value, separator)
    if path.suffix.lower() not in (".yaml", ".yml"):
        raise UsageError(f"{display} is not a data file: give a .yaml, .csv, .xlsx or .ods file")
    document, problems = strict_yaml.load_file(path, display)
    if document is None:
        raise DataError(problems)
    return document.value


def _split_lists(value: Any, separator: str) -> Any:
    """Untyped cells that hold the separator are lists."""
    if isinstance(value, Mapping):
        return {k: _split_lists(v, separator) for k, v in value.items()}
    if isinstance(value, list):
        return [_split_lists(v, separator) for v in value]
    if isinstance(value, str) and separator in value:
        return [_number(part.strip()) for part in value.split(separator) if part.strip()]
    return _number(value)


def _number(value: Any) -> Any:
    """A cell's text that reads as a number, as that number."""
    return typed(value, NUMBERS) if isinstance(value, str) else value


def _describe(values: Any, name: str) -> dict[str, Any]:
    """The schema of one value seen as `values` (a list of samples) or of a list."""
    if isinstance(values, list) and values and all(isinstance(v, Mapping) for v in values):
        return {
            "description": f"Every entry of {name}: describe what one is.",
            "type": "array",
            "minItems": 1,
            "maxItems": 10000,
            "items": _object(values, name),
        }
    return _field([values], name)


def _object(samples: Sequence[Mapping[str, Any]], name: str) -> dict[str, Any]:
    keys = list(dict.fromkeys(str(k) for sample in samples for k in sample))
    return {
        "type": "object",
        "additionalProperties": False,
        "required": [k for k in keys if all(k in s for s in samples)],
        "properties": {k: _field([s[k] for s in samples if k in s], k) for k in keys},
    }


def _field(samples: list[Any], key: str) -> dict[str, Any]:
    description = f"The {key.replace('_', ' ').replace('-', ' ')}: describe it."
    if key in SHARED and all(isinstance(s, str | int) for s in samples):
        return {"$ref": SHARED[key], "description": description}
    if samples and all(isinstance(s, Mapping) for s in samples):
        return {"description": description, **_object(samples, key)}
    if samples and all(isinstance(s, list) for s in samples):
        entries = [entry for sample in samples for entry in sample]
        longest = max((len(s) for s in samples), default=1)
        items = _field(entries, key) if entries else {"type": "string", "maxLength": 200}
        items.pop("description", None)
        return {
            "description": description,
            "type": "array",
            "maxItems": _round_up(longest),
            "items": items,
        }
    if samples and all(isinstance(s, bool) for s in samples):
        return {"description": description, "type": "boolean"}
    if samples and all(isinstance(s, int) and not isinstance(s, bool) for s in samples):
        return {
            "description": description,
            "type": "integer",
            "minimum": min(0, *samples),
            "maximum": _round_up(max(samples)),
        }
    if samples and all(isinstance(s, int | float) and not isinstance(s, bool) for s in samples):
        return {
            "description": description,
            "type": "number",
            "minimum": min(0, *samples),
            "maximum": _round_up(max(samples)),
        }
    texts = [str(s) for s in samples]
    found: dict[str, Any] = {"description": description, "type": "string", "minLength": 1}
    if texts and all(COLOUR.fullmatch(t) for t in texts):
        found["pattern"] = "^#[0-9A-Fa-f]{6}$"
    found["maxLength"] = min(LONGEST_TEXT, _round_up(max((len(t) for t in texts), default=1)))
    return found


def _round_up(number: float) -> int:
    """The next round bound at or above a number: 7 -> 9, 12 -> 99, 150 -> 999."""
    whole = max(1, int(abs(number)) + (0 if float(number).is_integer() else 1))
    return int(10 ** len(str(whole)) - 1)
