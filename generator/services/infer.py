"""A first JSON Schema for a data file, guessed from its values (`draftdeck schema infer`).

The guess is a start to edit, never a judgement: each list becomes an array of objects,
each field gets the type all its values share (whole numbers, numbers, yes/no, text, a list
of those, a nested mapping), ids and names use draftdeck's shared definitions, bounds are
widened to round numbers, a short text column of a few repeated values allows just those,
a field every item has is required, and every description says what the values look like,
in words a validation hint can repeat.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from generator.core.errors import DataError, UsageError
from generator.core.plain import SchemaNode
from generator.loading import strict_yaml
from generator.loading.sheets import DEFAULT_SEPARATOR, is_sheet, load_sheet_file, typed

SHARED = {
    "id": "common.schema.json#/$defs/id",
    "name": "common.schema.json#/$defs/name",
    "copies": "common.schema.json#/$defs/copies",
}
"""Fields that draftdeck's shared definitions describe."""
SHARED_SAYS = {
    "id": "an id of lower-case letters, digits and hyphens, such as sun-1",
    "name": "a name, translated in the catalogs",
    "copies": "how many of this card the game has (left empty: one)",
}
"""What a shared field is, as its description says it."""
NUMBERS = frozenset({"integer", "number"})
CATEGORIES = 8
"""A text column of at most this many values, each used twice or more, allows just those."""
COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
LONGEST_TEXT = 500


def infer_schema(path: Path, display: str, separator: str = DEFAULT_SEPARATOR) -> SchemaNode:
    """The schema of a data file (YAML, CSV, XLSX or ODS) as its values suggest."""
    if not separator.strip():
        raise UsageError(
            "the list separator must be a character (or a few), not empty or spaces: "
            "--separator ';' splits 'a; b' in a cell into a list"
        )
    value = _read(path, display, separator)
    if not isinstance(value, Mapping) or not value:
        raise UsageError(f"{display} holds no lists to describe: a data file maps names to lists")
    return schema_for(value, path.name)


def schema_for(value: Mapping[str, Any], name: str) -> SchemaNode:
    """The schema of a data file's value, for the file `name`."""
    properties = {str(key): _describe(entries, str(key)) for key, entries in value.items()}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{name} (inferred by draftdeck from its values: check every line)",
        "type": "object",
        "additionalProperties": False,
        "required": list(properties),
        "properties": properties,
    }


def schema_text(schema: SchemaNode) -> str:
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


def numbers_read(value: Any) -> Any:
    """A sheet's value with every cell's text that reads as a number as that number (a
    CSV file's cells are all text); lists are left in their cells."""
    if isinstance(value, Mapping):
        return {k: numbers_read(v) for k, v in value.items()}
    if isinstance(value, list):
        return [numbers_read(v) for v in value]
    return _number(value)


def label(key: str) -> str:
    """A field's name as words: card_name -> card name."""
    return key.replace("_", " ").replace("-", " ")


def _describe(values: Any, name: str) -> SchemaNode:
    """The schema of one value seen as `values` (a list of samples) or of a list."""
    if isinstance(values, list) and values and all(isinstance(v, Mapping) for v in values):
        return {
            "description": f"The {label(name)}: one entry per row (or item).",
            "type": "array",
            "minItems": 1,
            "maxItems": 10000,
            "items": _object(values, name),
        }
    return _field([values], name)


def _object(samples: Sequence[Mapping[str, Any]], name: str) -> SchemaNode:
    keys = list(dict.fromkeys(str(k) for sample in samples for k in sample))
    return {
        "type": "object",
        "additionalProperties": False,
        "required": [k for k in keys if all(k in s for s in samples)],
        "properties": {k: _field([s[k] for s in samples if k in s], k) for k in keys},
    }


def _field(samples: list[Any], key: str) -> SchemaNode:
    what = f"The {label(key)}"
    if key in SHARED and all(isinstance(s, str | int) for s in samples):
        return {"$ref": SHARED[key], "description": f"{what}: {SHARED_SAYS[key]}."}
    if samples and all(isinstance(s, Mapping) for s in samples):
        return {"description": f"{what}: a group of fields.", **_object(samples, key)}
    if samples and all(isinstance(s, list) for s in samples):
        entries = [entry for sample in samples for entry in sample]
        longest = max((len(s) for s in samples), default=1)
        items: SchemaNode = (
            _field(entries, key) if entries else {"type": "string", "maxLength": 200}
        )
        items.pop("description", None)
        return {
            "description": f"{what}: a list of at most {_round_up(longest)} entries (in a "
            "spreadsheet, separated in one cell).",
            "type": "array",
            "maxItems": _round_up(longest),
            "items": items,
        }
    if samples and all(isinstance(s, bool) for s in samples):
        return {"description": f"{what}: yes or no.", "type": "boolean"}
    whole = all(isinstance(s, int) and not isinstance(s, bool) for s in samples)
    if samples and all(isinstance(s, int | float) and not isinstance(s, bool) for s in samples):
        low, high = min(0, *samples), _round_up(max(samples))
        kind = "whole number" if whole else "number"
        return {
            "description": f"{what}: a {kind} from {low} to {high} (the data has "
            f"{_plain(min(samples))} to {_plain(max(samples))}).",
            "type": "integer" if whole else "number",
            "minimum": low,
            "maximum": high,
        }
    texts = [str(s) for s in samples]
    longest = min(LONGEST_TEXT, _round_up(max((len(t) for t in texts), default=1)))
    if texts and all(COLOUR.fullmatch(t) for t in texts):
        return {
            "description": f"{what}: a colour, #RRGGBB.",
            "type": "string",
            "pattern": "^#[0-9A-Fa-f]{6}$",
        }
    values = list(dict.fromkeys(texts))
    if _category(texts):
        return {
            "description": f"{what}: one of {', '.join(values)}.",
            "type": "string",
            "enum": values,
        }
    return {
        "description": f"{what}: text of at most {longest} characters.",
        "type": "string",
        "minLength": 1,
        "maxLength": longest,
    }


def _category(texts: list[str]) -> bool:
    """Whether a text column holds a few short values, each used several times."""
    distinct = set(texts)
    return (
        len(texts) >= 4
        and len(distinct) <= min(CATEGORIES, len(texts) / 2)
        and all(len(t) <= 30 for t in distinct)
    )


def _plain(number: float) -> str:
    return str(int(number)) if float(number).is_integer() else str(number)


def _round_up(number: float) -> int:
    """The next round bound at or above a number: 7 -> 9, 12 -> 99, 150 -> 999."""
    whole = max(1, int(abs(number)) + (0 if float(number).is_integer() else 1))
    return int(10 ** len(str(whole)) - 1)
