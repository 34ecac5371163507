"""The schemas themselves: valid 2020-12, closed, described, and named by every data file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from generator.core.paths import SCHEMAS_DIR
from generator.loading.manifest import MANIFEST, read_manifest
from generator.loading.schemas import schemas_in
from generator.loading.strict_yaml import load_file
from tests.conftest import DATA, PROJECT_ROOT

SCHEMA_FILES = sorted(SCHEMAS_DIR.rglob("*.schema.json"))
_DEFINITION_ONLY = {"$defs"}


def _subschemas(schema: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(schema, dict):
        yield path, schema
        for key, value in schema.items():
            if key in ("properties", "$defs"):
                for name, child in value.items():
                    yield from _subschemas(child, f"{path}/{key}/{name}")
            elif key in ("items", "additionalProperties") and isinstance(value, dict):
                yield from _subschemas(value, f"{path}/{key}")
            elif key in ("allOf", "anyOf", "oneOf"):
                for index, child in enumerate(value):
                    yield from _subschemas(child, f"{path}/{key}/{index}")


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_schema_is_valid_draft_2020_12(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_objects_are_closed(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    for where, sub in _subschemas(schema):
        if "properties" in sub:
            assert sub.get("additionalProperties") is False, f"{path.name}{where} is open"


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_field_has_a_description(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    resolver = schemas_in(SCHEMAS_DIR).registry()
    for where, sub in _subschemas(schema):
        for name, prop in sub.get("properties", {}).items():
            described = "description" in prop or (
                "$ref" in prop and "description" in _target(resolver, path, prop["$ref"])
            )
            assert described, f"{path.name}{where}/properties/{name} has no description"


def _target(resolver: Any, path: Path, ref: str) -> dict[str, Any]:
    base = "https://draftdeck.invalid/schemas/" + path.relative_to(SCHEMAS_DIR).as_posix()
    contents: dict[str, Any] = resolver.resolver(base).lookup(ref).contents
    return contents


def test_a_packs_schemas_reach_draftdecks_shared_definitions_through_ref() -> None:
    own = DATA / "all-star-draft" / "schemas"
    cards = json.loads((own / "cards.schema.json").read_text(encoding="utf-8"))
    assert (
        cards["properties"]["cards"]["items"]["properties"]["id"]["$ref"]
        == "common.schema.json#/$defs/id"
    )
    inlined = schemas_in(own, SCHEMAS_DIR).validator("cards.schema.json").schema
    assert isinstance(inlined, dict)
    card_id = inlined["properties"]["cards"]["items"]["properties"]["id"]
    assert card_id["pattern"] == "^[a-z0-9]+(-[a-z0-9]+)*$"
    assert "$ref" not in json.dumps(inlined)


def test_every_data_file_names_its_schema_for_editors() -> None:
    pack = DATA / "all-star-draft"
    document, _ = load_file(pack / "game.yaml", "game.yaml")
    assert document is not None
    manifest = read_manifest(pack, document)
    for spec in [MANIFEST, *manifest.specs(), *manifest.layout_specs()]:
        path = pack / spec.relative
        if not path.exists():
            continue
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=")
        # As the pack lies in the project: data/all-star-draft/...
        where = PROJECT_ROOT / "data" / "all-star-draft" / spec.relative
        target = (where.parent / first.split("=", 1)[1]).resolve()
        own = PROJECT_ROOT / "data" / "all-star-draft" / "schemas" / spec.schema
        assert target in {own.resolve(), (SCHEMAS_DIR / spec.schema).resolve()}, path


STARTER_SCHEMAS = sorted((Path(__file__).parents[1] / "generator/starter").rglob("*.schema.json"))


def _unbounded(node: Any, where: str = "") -> Iterator[str]:
    """Every place of a schema that accepts a value of any size."""
    if isinstance(node, list):
        for index, child in enumerate(node):
            yield from _unbounded(child, f"{where}/{index}")
        return
    if not isinstance(node, dict):
        return
    types = node.get("type", [])
    types = [types] if isinstance(types, str) else types if isinstance(types, list) else []
    fixed = "enum" in node or "const" in node
    low = {"minimum", "exclusiveMinimum"} & set(node)
    high = {"maximum", "exclusiveMaximum"} & set(node)
    if {"integer", "number"} & set(types) and not fixed and not (low and high):
        yield f"{where}: a number without minimum and maximum"
    if "array" in types and "maxItems" not in node:
        yield f"{where}: a list without maxItems"
    if "string" in types and not fixed and "maxLength" not in node:
        yield f"{where}: a text without maxLength"
    open_mapping = node.get("additionalProperties") not in (None, False)
    if "object" in types and open_mapping and "maxProperties" not in node:
        yield f"{where}: an open mapping without maxProperties"
    if "pattern" in node and "maxLength" not in node:
        yield f"{where}: a pattern without maxLength"
    for key, child in node.items():
        yield from _unbounded(child, f"{where}/{key}")


@pytest.mark.parametrize("path", SCHEMA_FILES + STARTER_SCHEMAS, ids=lambda p: p.name)
def test_every_value_is_bounded(path: Path) -> None:
    """No value a schema accepts can size a drawing, a loop or an allocation without limit."""
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert list(_unbounded(schema)) == []


def test_the_bounds_check_finds_unbounded_values() -> None:
    schema = {
        "type": "object",
        "additionalProperties": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        "properties": {"name": {"type": "string", "pattern": "^a+$"}},
    }
    assert list(_unbounded(schema)) == [
        ": an open mapping without maxProperties",
        "/additionalProperties: a list without maxItems",
        "/additionalProperties/items: a number without minimum and maximum",
        "/properties/name: a text without maxLength",
        "/properties/name: a pattern without maxLength",
    ]
