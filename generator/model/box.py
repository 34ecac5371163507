"""Reading each edition's box (components.yaml): formats, components and where their cards come from.

Everything a component file can get wrong against the rest of the pack is
reported here, located: an unknown format or template, a card list that
does not exist, an id that names no item, a count that disagrees with the
cards the data makes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.core.contexts import TOP_LEVEL_CONTEXT
from generator.core.diagnostics import Diagnostic, Severity
from generator.core.names import slug, why_unsafe
from generator.loading.checks import and_list, duplicates, unknown
from generator.loading.document import Document, PathKey
from generator.loading.items import Card, Item, child_schema
from generator.loading.manifest import COMPONENTS, EditionInfo, Manifest
from generator.loading.schemas import Schemas
from generator.model.pack import Component, EditionBox
from generator.printing.geometry import Size
from generator.templates.model import Located

CLOSED: Mapping[str, Any] = {"type": "object", "additionalProperties": False}
"""The schema of an item that has no fields (a blank card)."""


@dataclass
class Boxes:
    """Each edition's box, and what was wrong in them."""

    editions: dict[str, EditionBox] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def read_boxes(
    manifest: Manifest,
    documents: Mapping[str, Document],
    schemas: Schemas,
    unchecked: Mapping[str, Document] | None = None,
) -> Boxes:
    """The box of every edition whose components.yaml is valid. `unchecked`: data files
    that parsed but failed their schema, whose references are still checked, so that one
    cell's schema error never hides another cell's unknown id."""
    found = Boxes()
    lists = Lists(manifest, documents, schemas, unchecked or {})
    game_schema = schemas.schema("game.schema.json")
    for info in manifest.editions:
        document = documents.get(info.key(COMPONENTS))
        if document is None:
            continue
        raw: dict[str, Any] = next(
            (e for e in documents["game"].value.get("editions", []) if e["id"] == info.id), {}
        )
        edition_item = Item(
            raw,
            "editions",
            schema=child_schema(child_schema(game_schema, "editions"), None) if raw else CLOSED,
        )
        components = list(_components(document, info, lists, schemas, found.diagnostics))
        found.editions[info.id] = EditionBox(info, tuple(components), edition_item)
    return found


def _components(
    document: Document,
    edition: EditionInfo,
    lists: Lists,
    schemas: Schemas,
    problems: list[Diagnostic],
) -> Iterator[Component]:
    value = document.value
    problems += duplicates(document, ("components",))
    if "formats" in value:
        problems += duplicates(document, ("formats",))
    formats = {f["id"]: Size(f["width_mm"], f["height_mm"]) for f in value.get("formats", [])}
    item_schema = child_schema(
        child_schema(schemas.schema("components.schema.json"), "components"), None
    )
    for index, raw in enumerate(value["components"]):
        path: PathKey = ("components", index)
        size = None
        if "format" in raw:
            size = formats.get(raw["format"])
            if size is None:
                problems += unknown(
                    document, (*path, "format"), raw["format"], formats, "format", "formats"
                )
        cards = lists.cards(document, edition, path, raw, problems)
        if not cards and "cards" in raw:
            lists.unchecked_refs(document, edition, path, raw, problems)
        yield Component(
            id=raw["id"],
            name=raw["name"],
            count=raw.get("count", len(cards)),
            size=size,
            front=raw.get("front"),
            back=raw.get("back"),
            cards=cards,
            note=raw.get("note"),
            item=Item(raw, "components", schema=item_schema),
            location=Located(document, path),
        )


def _unsafe_id(box: Document, path: PathKey, item: Item, card: str, why: str) -> Diagnostic:
    """A card id that cannot name the card's files, at the item's id (else the component)."""
    message = f"the card id '{card[:60]}' cannot name the card's pictures: {why}"
    hint = "give the item an id such as sun-1 (the pack's schema may allow more; files do not)"
    if item.origin is not None:
        document, at = item.origin
        return document.diagnostic((*at, "id"), message, hint=hint)
    return box.diagnostic((*path, "cards"), message, hint=hint)


MAX_CARDS = 10_000
"""The most cards a component without a count may make, as a count may say."""
NAME = "name"
"""The field whose text names a card that has no id, unless the component says another."""


def card_ids(items: Sequence[Item], component: str, field: str) -> list[str]:
    """Each item's card id: its id; else its `field` as an id ('Grand Hotel' ->
    grand-hotel), numbered where several share one (sun-1, sun-2); else the component's
    id and the item's place (card-3). An id made never repeats one the list holds."""
    taken = {item.id for item in items if item.id}
    named = [_named(item, field) if not item.id else "" for item in items]
    shared = {name for name, times in Counter(named).items() if name and times > 1}
    found: list[str] = []
    counters: dict[str, int] = {}
    for number, (item, name) in enumerate(zip(items, named, strict=True), 1):
        if item.id:
            found.append(item.id)
            continue
        if name in shared:
            counters[name] = counters.get(name, 0) + 1
            made = f"{name}-{counters[name]}"
        else:
            made = name or f"{component}-{number}"
        unique, again = made, 1
        while unique in taken:
            again += 1
            unique = f"{made}-{again}"
        taken.add(unique)
        found.append(unique)
    return found


def _named(item: Item, field: str) -> str:
    value = item.fields.get(field)
    return slug(value) if isinstance(value, str) else ""


def _numbered_by_place(
    box: Document, where: PathKey, component: str, source: Mapping[str, Any], ids: list[str]
) -> Diagnostic:
    """A warning that cards take their ids from their places in the list."""
    field = source.get("ids", NAME)
    shown = ", ".join(ids[:3]) + (", …" if len(ids) > 3 else "")
    cards = (
        "a card of '{0}' has neither an id nor a {1}, so it is"
        if len(ids) == 1
        else f"{len(ids):,} cards of '{{0}}' have neither an id nor a {{1}}, so they are"
    ).format(component, field)
    return box.diagnostic(
        (*where, "from"),
        f"{cards} numbered by place ({shown}): a row inserted above renumbers it",
        hint=f"give {source['from']} a column (or key) 'id' with an id for each card, such as "
        "sun-1, or a column '" + field + "' to make the ids from",
        severity=Severity.WARNING,
    )


class Lists:
    """The pack's data lists as items, found by `<file>/<key>` from an edition."""

    def __init__(
        self,
        manifest: Manifest,
        documents: Mapping[str, Document],
        schemas: Schemas,
        unchecked: Mapping[str, Document] | None = None,
    ) -> None:
        self.manifest, self.documents, self.found = manifest, documents, schemas
        self.unchecked = unchecked or {}
        self.schemas = {s.key: s.schema for s in (*manifest.documents, *manifest.edition_documents)}
        self._items: dict[tuple[int, str, tuple[tuple[str, int], ...]], tuple[Item, ...]] = {}
        self._by_id: dict[int, Mapping[str, Item]] = {}
        """Editions that share a data file share its items, so that checks see them once."""

    def cards(
        self,
        box: Document,
        edition: EditionInfo,
        path: PathKey,
        raw: Mapping[str, Any],
        problems: list[Diagnostic],
    ) -> tuple[Card, ...]:
        """The component's cards, copies included; () when its source has problems."""
        source = raw.get("cards")
        if source is None and "count" not in raw:
            problems.append(
                box.diagnostic(
                    path,
                    f"'{raw['id']}' has neither cards from the data nor a count",
                    hint="say how many are in the box (count: 1), or where its cards come from "
                    "(cards: {from: <file>/<list>})",
                )
            )
            return ()
        if source is None:
            blank = Item({}, raw["id"], schema=CLOSED)
            return tuple(Card(f"{raw['id']}-{n}", blank) for n in range(1, raw["count"] + 1))
        where: PathKey = (*path, "cards")
        refs = self._ref_lists(box, edition, where, source, problems)
        if refs is None:
            return ()
        items = self.items(box, edition, (*where, "from"), source["from"], problems, refs)
        if items is None:
            return ()
        if not self._refs_resolve(items, refs, source, edition, problems):
            return ()
        (name, values), *_ = source.get("each", {"": [None]}).items()
        copies = source.get("copies", 1)
        made = sum(map(item_copies, items)) * len(values) * copies
        if "count" not in raw and made > MAX_CARDS:  # before making them
            problems.append(
                box.diagnostic(
                    (*where, "from"),
                    f"the data makes {made:,} cards of '{raw['id']}', more than a component "
                    f"may have ({MAX_CARDS:,})",
                    hint="check the copies, or split the component",
                )
            )
            return ()
        if "count" in raw and made != raw["count"]:  # before making them: may be a million
            how = f"{len(items)} items of {source['from']}"
            if name:
                how += f" x {len(values)} values of {name}"
            if any(item_copies(item) != 1 for item in items):
                how += f", {made // len(values) // copies} cards with their copies"
            if copies > 1:
                how += f" x {copies} copies"
            problems.append(
                box.diagnostic(
                    (*path, "count"),
                    f"count {raw['count']} of '{raw['id']}' disagrees with the {made} cards "
                    f"the data makes ({how})",
                    hint="make the count and the data agree",
                )
            )
            return ()
        cards: list[Card] = []
        field = source.get("ids", NAME)
        bases = card_ids(items, raw["id"], field)
        placed = [b for i, b in zip(items, bases, strict=True) if not i.id and not _named(i, field)]
        if len(items) > 1 and placed:
            problems.append(_numbered_by_place(box, where, raw["id"], source, placed))
        for item, base in zip(items, bases, strict=True):
            for each in values:
                if name:
                    schema = {"allOf": [item.schema or {}], "properties": {name: {}}}
                    fields = {**item.fields, name: each}
                    one = Item(fields, item.context, item.refs, schema, item.origin)
                    card = Card(f"{base}-{each}", one)
                else:
                    card = Card(base, item)
                why = why_unsafe(card.id)
                if why is not None:
                    problems.append(_unsafe_id(box, path, item, card.id, why))
                    return ()
                cards += [card] * (copies * item_copies(item))
        return tuple(cards)

    def unchecked_refs(
        self,
        box: Document,
        edition: EditionInfo,
        path: PathKey,
        raw: Mapping[str, Any],
        problems: list[Diagnostic],
    ) -> None:
        """The references of a component's items whose file failed its schema, checked as
        far as the file can be read: each unknown id at its cell or line."""
        source = raw["cards"]
        stem, _, key = str(source["from"]).partition("/")
        document = self.unchecked.get(edition.key(stem)) or self.unchecked.get(stem)
        if document is None or not key or not source.get("refs"):
            return
        value = document.value.get(key) if isinstance(document.value, dict) else None
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            return
        refs = self._ref_lists(box, edition, (*path, "cards"), source, [])
        if refs is None:
            return  # a list it names has problems of its own, reported with it
        items = tuple(Item(v, key) for v in value)
        self._refs_resolve(items, refs, source, edition, problems, document)

    def _ref_lists(
        self,
        box: Document,
        edition: EditionInfo,
        where: PathKey,
        source: Mapping[str, Any],
        problems: list[Diagnostic],
    ) -> dict[str, Mapping[str, Item]] | None:
        """The items by id of each list the source's `refs` name; None if one is missing."""
        refs: dict[str, Mapping[str, Item]] = {}
        for name, target in source.get("refs", {}).items():
            found = self.items(box, edition, (*where, "refs", name), target, problems)
            if found is None:
                return None
            refs[name] = self.indexed(found)
        return refs

    def indexed(self, items: tuple[Item, ...]) -> Mapping[str, Item]:
        """A list's items by id, made once per list."""
        if id(items) not in self._by_id:
            self._by_id[id(items)] = {item.id: item for item in items if item.id is not None}
        return self._by_id[id(items)]

    def by_id(
        self, document: Document, at: PathKey, target: str, problems: list[Diagnostic]
    ) -> Mapping[str, Item] | None:
        """The items of `<file>/<key>` of the default edition by id, reported at `at` of
        `document` when there are none."""
        found = self.items(document, self.manifest.edition(), at, target, problems)
        return None if found is None else self.indexed(found)

    def items(
        self,
        box: Document,
        edition: EditionInfo,
        at: PathKey,
        target: str,
        problems: list[Diagnostic],
        refs: Mapping[str, Mapping[str, Item]] | None = None,
    ) -> tuple[Item, ...] | None:
        """The items of `<file>/<key>`, or the whole `<file>` as one item; None (and a problem,
        unless the file itself is broken)."""
        stem, _, key = target.partition("/")
        if stem not in self.schemas:
            files = sorted(self.schemas)
            problems.append(
                box.diagnostic(
                    at,
                    f"there is no data file '{stem}' ({stem}.yaml, .csv, .xlsx or .ods) "
                    "in game.yaml",
                    hint="data files: " + (and_list(files) if files else "none"),
                )
            )
            return None
        document = self.documents.get(edition.key(stem)) or self.documents.get(stem)
        if document is None:
            return None  # the file is missing or broken: it is reported on its own
        if not key:
            return self._whole(document, stem)
        value = document.value.get(key) if isinstance(document.value, dict) else None
        if not isinstance(value, list) or not all(isinstance(i, dict) for i in value):
            problems.append(
                box.diagnostic(
                    at,
                    f"{stem}.yaml has no list of items under '{key}'",
                    hint="keys there: " + ", ".join(map(str, document.value)),
                )
            )
            return None
        signature = (id(document), key, tuple(sorted((n, id(m)) for n, m in (refs or {}).items())))
        if signature not in self._items:
            schema = child_schema(child_schema(self.found.schema(self.schemas[stem]), key), None)
            self._items[signature] = tuple(
                Item(raw, key, refs or {}, schema, (document, (key, index)))
                for index, raw in enumerate(value)
            )
        return self._items[signature]

    def _whole(self, document: Document, stem: str) -> tuple[Item, ...]:
        """A data file as one item (a reference card of the game's numbers)."""
        signature = (id(document), "", ())
        if signature not in self._items:
            schema = self.found.schema(self.schemas[stem])
            self._items[signature] = (
                Item(document.value, TOP_LEVEL_CONTEXT, {}, schema, (document, ())),
            )
        return self._items[signature]

    def _refs_resolve(
        self,
        items: tuple[Item, ...],
        refs: Mapping[str, Mapping[str, Item]],
        source: Mapping[str, Any],
        edition: EditionInfo,
        problems: list[Diagnostic],
        document: Document | None = None,
    ) -> bool:
        """Every id a referring field holds names an item of its list (of `document`, else
        of the list's loaded file)."""
        stem, _, key = str(source["from"]).partition("/")
        if document is None:
            document = self.documents.get(edition.key(stem)) or self.documents[stem]
        before = len(problems)
        for index, item in enumerate(items):
            for field_name, targets in refs.items():
                value = item.fields.get(field_name)
                ids = value if isinstance(value, list) else [value]
                for position, one in enumerate(ids):
                    if one is None or one in targets or not isinstance(one, str | int):
                        continue  # what is no id at all is the schema's to say
                    place: PathKey = (key, index, field_name) if key else (field_name,)
                    noun = field_name
                    if isinstance(value, list):  # a list of ids is named in the plural
                        place, noun = (*place, position), field_name.removesuffix("s")
                    where = source["refs"][field_name].rsplit("/", 1)[0] + ".yaml"
                    problems += unknown(document, place, one, targets, noun, where)
        return len(problems) == before


COPIES = "copies"
"""The field of an item that says how many of its card the game has (1 when absent)."""


def item_copies(item: Item) -> int:
    """How many of the item's card the game has: its `copies` field (a whole number from 1,
    as its schema says), else 1."""
    value = item.fields.get(COPIES, 1)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else 1
