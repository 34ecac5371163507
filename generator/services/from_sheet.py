"""`draftdeck new GAME --from cards.xlsx`: a pack made around the spreadsheets a designer has.

Each file is copied into the pack as it is (under a name a pack may use) and stays the
source of truth; each of its lists becomes a component. Its schema is inferred from its
values (services/infer), and its first face is laid out from what the columns hold
(`roles_of`, `layout_for`): a name as the title, a small whole number in the corner, a
short category as the card's colour and a label (its colours in a data file of their own,
colours.yaml), else a colour column as the card's colour, the first long text as rules text with markup, the
next text as flavour. A back, a theme, a glossary, a one-page summary and a table of the
cards complete it. The pack speaks its source language only (`draftdeck i18n add` adds
one). Every file is read before anything is written, and a pack that cannot be finished
is removed, so a failure leaves nothing behind.
"""

from __future__ import annotations

import json
import re
import shutil
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator.core.errors import DataError, UsageError
from generator.core.names import slug
from generator.core.paths import SCHEMAS_DIR, display_path
from generator.core.plain import Plain, SchemaNode
from generator.loading.sheets import DEFAULT_SEPARATOR, SUFFIXES, is_sheet, load_sheet_file
from generator.output.atomic import write_atomic
from generator.services.infer import COLOUR, label, numbers_read, schema_for
from generator.services.starter import EDITOR_SCHEMAS, STARTER, check_game_id, game_name

NAMES = ("name", "title", "card", "card_name")
"""Columns that name a card, in the order they are preferred."""
LONG_TEXT = 30
"""A text column with a value longer than this is rules or flavour text, not a label."""
MOST_CATEGORIES = 8
"""A category column has at most this many values, each used at least twice on average."""
PALETTE = ("#D55E00", "#0072B2", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#8C6D1F", "#5A4B8A")
"""Category colours that stay apart for most colour vision (after Okabe and Ito)."""
PALETTE_FILE = "colours"
"""The data file of the category colours, one list per category column."""
RESERVED = frozenset({PALETTE_FILE, "game", "components", "glossary"})
"""Names the pack's own files have, which a copied spreadsheet does not take."""
_KEY = re.compile(r"[a-z][a-z0-9_]*")
"""A field that may be translated, referred to or listed (game.yaml's and components.yaml's
rule for keys)."""


@dataclass(frozen=True)
class Roles:
    """What a list's columns are printed as (field names; '' where no column fits)."""

    name: str = ""
    value: str = ""
    category: str = ""
    colour: str = ""
    rules: str = ""
    flavour: str = ""
    optional: frozenset[str] = frozenset()
    """Columns some rows leave empty: their elements are drawn `when:` they are filled."""
    unprinted: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    """The category's values, in the order they first appear."""


@dataclass(frozen=True)
class SheetList:
    """One list of one spreadsheet: the pack's file it is in, its key, its items, and what
    its columns print as."""

    stem: str
    key: str
    items: list[dict[str, Plain]]
    roles: Roles

    @property
    def component(self) -> str:
        return slug(self.key) or "card"

    @property
    def source(self) -> str:
        return f"{self.stem}/{self.key}"


def write_from_sheets(
    root: Path,
    game_id: str,
    files: Sequence[Path],
    language: str = "en",
    separator: str = DEFAULT_SEPARATOR,
) -> Path:
    """Create the pack `root` around the spreadsheets `files`; refuse an existing folder."""
    check_game_id(game_id)
    if root.exists():
        raise UsageError(f"{display_path(root)} already exists; choose another id or folder")
    copies = _pack_names(files)
    contents = {name: source.read_bytes() for source, name in copies.items()}
    lists: list[SheetList] = []
    schemas: dict[str, SchemaNode] = {}
    for source, name in copies.items():
        value = _read(source, separator)
        stem = Path(name).stem
        schema = schema_for(value, name)
        for key in value:
            if not _KEY.fullmatch(key):
                raise UsageError(
                    f"the sheet '{key}' of {display_path(source)} cannot name a list: a list's "
                    "name starts with a letter (rename the sheet, e.g. cards)"
                )
        found = [
            SheetList(stem, key, items, roles_of(items, schema["properties"][key]["items"]))
            for key, items in value.items()
            if isinstance(items, list) and items
        ]
        for one in found:
            twin = next((other for other in lists if other.component == one.component), None)
            if twin is not None:
                raise UsageError(
                    f"two sheets hold a list '{one.key}' ({twin.stem} and {stem}): rename one, "
                    "as each list becomes a component named after it"
                )
            lists.append(one)
        schemas[stem] = _with_palette(schema, found)
    if not lists:
        raise UsageError(
            "the spreadsheets hold no rows under a header row in a sheet named in lower-case "
            "letters (cards): nothing to make cards of"
        )
    try:
        _write_pack(root, game_id, language, separator, contents, schemas, lists)
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    return root


def _write_pack(
    root: Path,
    game_id: str,
    language: str,
    separator: str,
    contents: Mapping[str, bytes],
    schemas: Mapping[str, SchemaNode],
    lists: list[SheetList],
) -> None:
    name = game_name(game_id)
    for file, data in contents.items():
        write_atomic(root / file, data)
    for stem, schema in schemas.items():
        _json(root / "schemas" / f"{stem}.schema.json", schema)
    for schema_name in EDITOR_SCHEMAS:
        write_atomic(root / "schemas" / schema_name, (SCHEMAS_DIR / schema_name).read_bytes())
    palettes = _palettes(lists)
    if palettes:
        _json(root / "schemas" / f"{PALETTE_FILE}.schema.json", _palette_schema(palettes))
        _yaml(root, f"{PALETTE_FILE}.yaml", _palette(palettes), PALETTE_NOTE, "")
    documents = [
        {"file": file, "schema": f"{Path(file).stem}.schema.json"}
        | ({"separator": separator} if separator != DEFAULT_SEPARATOR else {})
        for file in contents
    ]
    if palettes:
        documents.append({"file": f"{PALETTE_FILE}.yaml", "schema": f"{PALETTE_FILE}.schema.json"})
    translated = list(dict.fromkeys(k for one in lists for k in _translated(one.roles)))
    manifest: dict[str, Plain] = {
        "id": game_id,
        "name": name,
        "authors": ["Your Name"],
        "players": {"min": 2, "max": 4},
        "locales": [language],
        "source_locale": language,
        "translate": [*translated, *(["label"] if palettes else [])] or ["name"],
        "documents": documents,
    }
    _yaml(root, "game.yaml", manifest, MANIFEST_NOTE, "", "game.schema.json")
    _yaml(root, "components.yaml", _components(lists), COMPONENTS_NOTE, "")
    for one in lists:
        _yaml(root, f"layouts/{one.component}.yaml", layout_for(one), _layout_note(one), "../")
    _yaml(root, "layouts/theme.yaml", THEME, THEME_NOTE, "../")
    for starter in ("layouts/back.yaml", "glossary.yaml"):
        text = (STARTER / starter).read_text(encoding="utf-8")
        schemas_at = "../schemas" if "/" in starter else "schemas"
        write_atomic(root / starter, text.replace("@SCHEMAS@", schemas_at).encode("utf-8"))
    _yaml(root, "documents/summary.yaml", _summary(lists), SUMMARY_NOTE, "../")
    tables = _tables(lists)
    if tables is not None:
        _yaml(root, "documents/tables.yaml", tables, TABLES_NOTE, "../")
    from generator.i18n.workflow import extract

    extract(root / "locales", root, game_id)


def _pack_names(files: Sequence[Path]) -> dict[Path, str]:
    """Each spreadsheet and the name it gets in the pack (cards.xlsx, My Cards.csv ->
    my-cards.csv), one name per file."""
    if not files:
        raise UsageError("name a spreadsheet to start from: --from cards.xlsx")
    names: dict[Path, str] = {}
    for source in files:
        if not source.is_file():
            raise UsageError(f"there is no file {display_path(source)}")
        if not is_sheet(source):
            kinds = ", ".join(sorted(s.lstrip(".").upper() for s in SUFFIXES))
            raise UsageError(f"{display_path(source)} is not a spreadsheet: give a {kinds} file")
        stem = slug(source.stem, 50) or "cards"
        name, again = f"{stem}{source.suffix.lower()}", 1
        while name in names.values() or Path(name).stem in RESERVED:
            again += 1
            name = f"{stem}-{again}{source.suffix.lower()}"
        names[source] = name
    return names


def _read(source: Path, separator: str) -> dict[str, Any]:
    """A spreadsheet's lists, numbers read as numbers (a CSV file's cells are all text)."""
    document, problems = load_sheet_file(source, display_path(source), {}, separator)
    if document is None:
        raise DataError(problems)
    value = numbers_read(document.value)
    return value if isinstance(value, dict) else {}


def roles_of(items: list[dict[str, Plain]], schema: SchemaNode) -> Roles:
    """What each column of a list prints as, from what its values hold."""
    properties = schema.get("properties", {})
    columns = list(properties)
    texts = {
        key
        for key in columns
        if all(isinstance(item.get(key), str) for item in items if key in item)
    }
    optional = frozenset(k for k in columns if any(k not in item for item in items))
    used: set[str] = {"id", "copies"}

    def pick(test: Callable[[str], object]) -> str:
        found = next((k for k in columns if k not in used and test(k)), "")
        used.add(found)
        return found

    def values(key: str) -> list[Plain]:
        return [item[key] for item in items if key in item]

    def longest(key: str) -> int:
        return max((len(str(v)) for v in values(key)), default=0)

    def whole(key: str) -> bool:
        found = values(key)
        return bool(found) and all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 999 for v in found
        )

    name = pick(lambda k: k in NAMES and k in texts and _KEY.fullmatch(k))
    colour = pick(lambda k: k in texts and all(COLOUR.fullmatch(str(v)) for v in values(k)))
    category = pick(
        lambda k: (
            k in texts
            and k not in optional
            and _KEY.fullmatch(k)
            and longest(k) <= LONG_TEXT
            and len(set(values(k))) <= min(MOST_CATEGORIES, len(items) / 2)
        )
    )
    if not name:
        name = pick(
            lambda k: (
                k in texts
                and _KEY.fullmatch(k)
                and longest(k) <= 40
                and len(set(values(k))) >= 0.8 * len(values(k))
            )
        )
    value = pick(whole)
    rules = pick(lambda k: k in texts and _KEY.fullmatch(k) and longest(k) > LONG_TEXT)
    flavour = pick(lambda k: k in texts and _KEY.fullmatch(k))
    return Roles(
        name=name,
        value=value,
        category=category,
        colour=colour,
        rules=rules,
        flavour=flavour,
        optional=optional,
        unprinted=tuple(k for k in columns if k not in used),
        categories=tuple(dict.fromkeys(str(v) for v in values(category))) if category else (),
    )


def _translated(roles: Roles) -> list[str]:
    return [key for key in (roles.name, roles.rules, roles.flavour) if key]


def _palettes(lists: list[SheetList]) -> dict[str, list[str]]:
    """Each category column's values, over every list that has it."""
    found: dict[str, list[str]] = {}
    for one in lists:
        if one.roles.category:
            known = found.setdefault(one.roles.category, [])
            known += [v for v in one.roles.categories if v not in known]
    return found


def _with_palette(schema: SchemaNode, lists: list[SheetList]) -> SchemaNode:
    """The inferred schema, a category column described as the palette's ids it holds."""
    for one in lists:
        category = one.roles.category
        if not category:
            continue
        entry = schema["properties"][one.key]["items"]["properties"][category]
        entry.pop("enum", None)
        entry["description"] = (
            f"The {label(category)}: one of the {label(category)} values in "
            f"{PALETTE_FILE}.yaml, which gives each its colour (add a new one there)."
        )
    return schema


def _palette(palettes: Mapping[str, list[str]]) -> dict[str, Plain]:
    return {
        key: [
            {"id": value, "label": value, "colour": PALETTE[number % len(PALETTE)]}
            for number, value in enumerate(values)
        ]
        for key, values in palettes.items()
    }


def _palette_schema(palettes: Mapping[str, list[str]]) -> SchemaNode:
    entry: SchemaNode = {
        "type": "object",
        "additionalProperties": False,
        "required": ["id", "label", "colour"],
        "properties": {
            "id": {
                "type": "string",
                "minLength": 1,
                "maxLength": 100,
                "description": "The value as the spreadsheet's cells write it.",
            },
            "label": {
                "$ref": "common.schema.json#/$defs/name",
                "description": "How a card prints it (translated in the catalogs).",
            },
            "colour": {
                "type": "string",
                "pattern": "^#[0-9A-Fa-f]{6}$",
                "description": "Its colour, #RRGGBB: the ground of its cards.",
            },
        },
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "The colours of each category value",
        "type": "object",
        "additionalProperties": False,
        "required": list(palettes),
        "properties": {
            key: {
                "description": f"Every value of the {label(key)} column, with its colour.",
                "type": "array",
                "minItems": 1,
                "maxItems": 100,
                "items": entry,
            }
            for key in palettes
        },
    }


def _components(lists: list[SheetList]) -> dict[str, Plain]:
    components: list[Plain] = []
    for one in lists:
        cards: dict[str, Plain] = {"from": one.source}
        if one.roles.category:
            cards["refs"] = {one.roles.category: f"{PALETTE_FILE}/{one.roles.category}"}
        if one.roles.name and one.roles.name != "name":
            cards["ids"] = one.roles.name
        components.append(
            {
                "id": one.component,
                "name": _singular(label(one.key)).capitalize(),
                "format": "poker",
                "front": one.component,
                "back": "back",
                "cards": cards,
            }
        )
    return {"formats": [{"id": "poker", "width_mm": 63, "height_mm": 88}], "components": components}


def _singular(noun: str) -> str:
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3 else noun


def layout_for(one: SheetList) -> dict[str, Plain]:
    """A first face (63 x 88 mm) for a list, from its columns' roles."""
    roles = one.roles
    if roles.category:
        colour = f"{roles.category}.colour"
    elif roles.colour:
        colour = roles.colour
    else:
        colour = ""
    fill = f"{{{colour}}}" if colour else "accent"
    ground = f"{{{colour}|bg}}" if colour else "accent|bg"
    on_ground = f"{{{colour}|bg|ink}}" if colour else "accent|bg|ink"

    def when(key: str, element: dict[str, Plain]) -> dict[str, Plain]:
        return {**element, "when": key} if key in roles.optional else element

    elements: dict[str, Plain] = {
        "background": {"type": "rect", "box": "bleed", "fill": ground},
    }
    title_box: list[Plain] = [5, 73.5, 53, 11]
    if roles.value:
        elements["value"] = when(
            roles.value,
            {
                "type": "text",
                "box": [5, 73.5, 12, 11],
                "text": f"{{{roles.value}|number}}",
                "style": "corner",
                "colour": on_ground,
            },
        )
        title_box = [18, 73.5, 40, 11]
    if roles.name:
        elements["name"] = when(
            roles.name,
            {
                "type": "text",
                "box": title_box,
                "text": f"{{{roles.name}|tr}}",
                "style": "title",
                "colour": on_ground,
            },
        )
    if roles.category:
        elements["category"] = {
            "type": "text",
            "box": [5, 64.5, 53, 5],
            "text": f"{{{roles.category}.label|tr}}",
            "style": "label",
            "colour": on_ground,
        }
    elements["panel"] = {
        "type": "rect",
        "box": [5, 5, 53, 58],
        "fill": "paper",
        "stroke": fill,
        "width": 0.5,
        "radius": 2,
    }
    rules_box = [8, 24, 47, 36] if roles.flavour else [8, 8, 47, 52]
    if roles.rules:
        elements["rules"] = when(
            roles.rules,
            {"type": "text", "box": rules_box, "text": f"{{{roles.rules}|tr}}", "style": "rules"},
        )
    if roles.flavour:
        box = [8, 8, 47, 14] if roles.rules else [8, 8, 47, 52]
        elements["flavour"] = when(
            roles.flavour,
            {"type": "text", "box": box, "text": f"{{{roles.flavour}|tr}}", "style": "flavour"},
        )
    return {"elements": elements}


THEME: dict[str, Plain] = {
    "safe": 3.0,
    "colours": {
        "ink": "#1B1F2A",
        "paper": "#FFFFFF",
        "back": "#26324A",
        "accent": "#26324A",
        "muted": "#5A6170",
    },
    "styles": {
        "corner": {"size": 22, "min": 12, "font": "black", "align": "centre"},
        "title": {"size": 15, "min": 7, "font": "bold", "wrap": True},
        "label": {"size": 9, "min": 6, "font": "semibold", "align": "centre"},
        "rules": {"size": 10, "min": 5, "wrap": True, "markup": True},
        "flavour": {"size": 8, "min": 5, "wrap": True, "colour": "muted"},
        "back-title": {"size": 22, "min": 10, "font": "black", "wrap": True},
    },
}


def _summary(lists: list[SheetList]) -> dict[str, Plain]:
    blocks: list[Plain] = [
        {"paragraph": "For {game.players.min|number} to {game.players.max|number} players."},
        {"components": {}},
    ]
    if len(lists) == 1:
        blocks.append(
            {"paragraph": f"The deck has {{{lists[0].stem}.{lists[0].key}|copies|number}} cards."}
        )
    blocks += [
        {"heading": "How to play"},
        {
            "note": "This summary is a starting point: write your game's rules in "
            "documents/summary.yaml."
        },
    ]
    return {"title": "{game.name|tr}: rules summary", "blocks": blocks}


def _tables(lists: list[SheetList]) -> dict[str, Plain] | None:
    """The rulebook tables of the lists that have names, if any has."""
    blocks: list[Plain] = [{"components": {}}]
    for one in lists:
        roles = one.roles
        shown = [
            (key, text)
            for key, text in (
                (roles.name, f"{{item.{roles.name}|tr}}"),
                (roles.value, f"{{item.{roles.value}|number}}"),
            )
            if key and key not in roles.optional
        ]
        if not roles.name or roles.name in roles.optional:
            continue
        blocks.append(
            {
                "table": {
                    "caption": label(one.key).capitalize(),
                    "header": [label(key).capitalize() for key, _ in shown],
                    "rows": {"over": f"{one.stem}.{one.key}", "cells": [t for _, t in shown]},
                }
            }
        )
    if not blocks[1:]:
        return None
    return {"title": "{game.name|tr}: rulebook tables", "blocks": blocks}


def _layout_note(one: SheetList) -> str:
    roles = one.roles
    lines = [
        f"The face of a card of {one.source} (63 x 88 mm), laid out from the sheet's columns.",
        "Every box is [x, y, width, height] in millimetres from the card's lower-left trim",
        "corner; {field} prints a field, {field|tr} its translation. Lay it out further in",
        "`draftdeck serve` (press Lay out), or here.",
    ]
    if roles.unprinted:
        lines.append("Columns not printed yet: " + ", ".join(roles.unprinted) + ".")
    return "\n".join(lines)


MANIFEST_NOTE = """Your game pack, made from your spreadsheet: what the game is called, who
plays it, its languages (`draftdeck i18n add de` adds one), the fields whose texts are
translated, and its data files. The spreadsheet stays the source of your cards: edit it
and run `draftdeck validate`."""
COMPONENTS_NOTE = """What is in the box: each list of the spreadsheet is a component, as many
cards as its rows make (a `copies` column repeats a card; write `count:` to have the
number checked). An item without an id takes one from its name."""
PALETTE_NOTE = """The colour of each category value of the cards (the card's ground, with
a white panel on it), and how a card prints the value (translated). A new value
in the spreadsheet needs a line here."""
THEME_NOTE = """Colours and text styles every template can use. Sizes are in points: a
text starts at its size and may shrink down to its min."""
SUMMARY_NOTE = """The rules summary, in your own words: `draftdeck summary` prints it in
every language of the pack. {…} are filled from the data. docs/packs.md#documents lists
every kind of block."""
TABLES_NOTE = """The rulebook tables: `draftdeck tables` prints them in every language of
the pack, every value taken from the data."""


def _yaml(
    root: Path,
    relative: str,
    value: Mapping[str, Plain],
    note: str,
    up: str,
    schema: str | None = None,
) -> None:
    """A YAML file as the starter's are written: a schema line for editors, a note, and
    one line per element, list entry or short mapping."""
    schema = schema or _schema_of(relative)
    lines = [f"# yaml-language-server: $schema={up}schemas/{schema}"]
    lines += [f"# {line}" for line in textwrap.wrap(" ".join(note.split()), 76)]
    for key, member in value.items():
        lines += _block(key, member)
    write_atomic(root / relative, ("\n".join(lines) + "\n").encode("utf-8"))


def _schema_of(relative: str) -> str:
    if relative.startswith("layouts/"):
        return "theme.schema.json" if relative.endswith("theme.yaml") else "layout.schema.json"
    if relative.startswith("documents/"):
        return "document.schema.json"
    return f"{Path(relative).stem}.schema.json"


def _block(key: str, value: Plain) -> list[str]:
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        return [f"{key}:", *(f"  {_flow(k)}: {_flow(v)}" for k, v in value.items())]
    if isinstance(value, list) and value and any(isinstance(v, dict | list) for v in value):
        return [f"{key}:", *(f"  - {_flow(v)}" for v in value)]
    return [f"{key}: {_flow(value)}"]


def _flow(value: Plain) -> str:
    text = yaml.safe_dump(
        value, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10_000
    )
    return text.removesuffix("\n...\n").strip()


def _json(path: Path, value: SchemaNode) -> None:
    write_atomic(path, (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
