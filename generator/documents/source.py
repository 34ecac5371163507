"""A pack's documents (documents/<name>.yaml) bound to its data in one language.

A document is data: a title and blocks (headings, paragraphs, lists,
numbered steps, terms, tables, notes, cards, the components table, a
figure). Every text is one message the pack's catalogs translate in the
context `documents`; its {placeholders} are filled from the pack, as a
card's are from its fields:

- every data file by its name (`{battle.victory-points}`, `types.types`),
  an edition's own files included (`{setup.hand-size}` is the edition's);
- `game` (game.yaml), `edition` (its entry in game.yaml) and `components`
  (the edition's box, each with its `count`);
- `values`: what the game's rules plug-in computes (odds, worked examples),
  none for a game of data alone;
- over a list, `item` and `index` (from 1), and in a cell that repeats,
  `each`.

`when:` and `unless:` show a block, an item or a row only where paths have
the values they name, so that one document serves every edition and every
reading of the rules the data can set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.contexts import DOCUMENT_CONTEXT
from generator.core.diagnostics import Diagnostic
from generator.documents.cards import card_faces
from generator.documents.model import (
    Block,
    Bullets,
    Figure,
    Gallery,
    Heading,
    Note,
    Paragraph,
    Steps,
    Table,
    TextDocument,
)
from generator.grammar.placeholders import (
    ExpressionError,
    needs_translation,
    parse_path,
    single_placeholder,
)
from generator.i18n.ui import N_, Translator
from generator.loading.document import Document, PathKey
from generator.loading.items import Item
from generator.loading.manifest import COMPONENTS, DOCUMENTS, LAYOUTS
from generator.model.pack import EditionBox, Pack
from generator.printing.pen import Pen
from generator.templates.expressions import Env, Scope, Value, fill_text, is_set, items_of

DrawCard = Callable[[str, str], Callable[[Pen], None]]
"""(component id, card id) -> the card's front as the build prints it."""
KINDS = (
    "heading",
    "paragraph",
    "bullets",
    "steps",
    "terms",
    "table",
    "note",
    "cards",
    "components",
    "figure",
)
"""What a block can be; each block is one of them."""


class DocumentProblem(ExpressionError):
    """A block that cannot be bound, with where in the document it is."""

    def __init__(self, path: PathKey, error: ExpressionError) -> None:
        self.path = path
        super().__init__(error.message, error.hint, error.origin)


@dataclass(frozen=True)
class Setting:
    """What a document is bound with."""

    pack: Pack
    edition: EditionBox
    env: Env
    values: Mapping[str, Any] | None
    """The plug-in's values; None while validating, when they are not computed."""
    tr: Translator | None = None
    """The language's translator, for draftdeck's own words (the components table)."""
    draw_card: DrawCard | None = None
    """None while validating: cards are checked, not drawn."""


def bind_document(document: Document, setting: Setting) -> TextDocument:
    """The document in the setting's language; DocumentProblem at the first block that
    cannot be bound."""
    scope = document_scope(setting)
    value = document.value
    title = _text(value["title"], scope, setting, ("title",))
    blocks: list[Block] = []
    for index, raw in enumerate(value["blocks"]):
        where: PathKey = ("blocks", index)
        if not _shown(raw, scope, where):
            continue
        blocks += _block(raw, scope, setting, where)
    locale = setting.tr.locale if setting.tr is not None else "en"
    return TextDocument(title, locale, tuple(blocks))


def check_document(document: Document, setting: Setting) -> list[Diagnostic]:
    """The problems of a document bound without a language (at their keys)."""
    try:
        bind_document(document, setting)
    except DocumentProblem as problem:
        return [document.diagnostic(problem.path, problem.message, hint=problem.hint)]
    return []


def document_scope(setting: Setting) -> Scope:
    """Where a document's paths are looked up: the data files by name (the edition's own
    files among them), then game, edition, components and values."""
    pack, edition = setting.pack, setting.edition
    fields: dict[str, Any] = {}
    schemas: dict[str, Any] = {}
    prefix = f"{edition.info.id}/" if edition.info.id else ""
    for key, found in pack.documents.items():
        if key.startswith((f"{LAYOUTS}/", f"{DOCUMENTS}/")) or key in ("game", "glossary"):
            continue
        if "/" in key and not key.startswith(prefix):
            continue  # another edition's file
        name = key.removeprefix(prefix)
        if name == COMPONENTS:
            continue
        fields[name] = found.value
        spec = next(
            (
                s
                for s in (*pack.manifest.documents, *pack.manifest.edition_documents)
                if s.key == name
            ),
            None,
        )
        if spec is not None:
            schemas[name] = pack.schemas.schema(spec.schema)
    root = Item(fields, "documents", schema={"properties": schemas, "additionalProperties": False})
    components = [{"id": c.id, "name": c.name, "count": c.count} for c in edition.components]
    roots: dict[str, Any] = {
        "game": pack.game,
        "edition": edition.item,
        "components": Value(components, "components"),
        "values": Value(dict(setting.values) if setting.values is not None else None),
    }
    return Scope(root, roots, pack.manifest.translate, pack.phrases)


def _block(raw: Mapping[str, Any], scope: Scope, setting: Setting, where: PathKey) -> list[Block]:
    kind = next(k for k in KINDS if k in raw)
    at: PathKey = (*where, kind)
    spec = raw[kind]
    if kind == "heading":
        return [Heading(_text(spec, scope, setting, at), int(raw.get("level", 2)))]
    if kind == "paragraph":
        text = _text(spec, scope, setting, at, raw.get("plural"), raw.get("count"))
        return [Paragraph(text, bool(raw.get("keep-with-next", False)))]
    if kind == "note":
        return [Note(_text(spec, scope, setting, at))]
    if kind in ("bullets", "steps"):
        items = tuple(_items(spec, scope, setting, at))
        if not items:
            return []
        return [Bullets(items) if kind == "bullets" else Steps(items)]
    if kind == "terms":
        terms = tuple(_terms(spec, scope, setting, at))
        return [Bullets(terms)] if terms else []
    if kind == "table":
        return _table(spec, scope, setting, at)
    if kind == "cards":
        return _cards(spec, scope, setting, at)
    if kind == "components":
        return [_components(spec, scope, setting, at)]
    return _figure(spec, scope, setting, at)


def _text(
    text: str,
    scope: Scope,
    setting: Setting,
    at: PathKey,
    plural: str | None = None,
    count: str | None = None,
) -> str:
    """A text translated as one message, then filled from the scope."""
    env = setting.env
    try:
        if plural is not None and count is not None:
            number = scope.lookup(parse_path(count)).value
            if setting.values is None and number is None:
                number = 1  # a count among the plug-in's values, unknown while validating
            if not isinstance(number, int) or isinstance(number, bool):
                raise ExpressionError(
                    f"count: {count} is {number!r}, not a whole number",
                    "name a number that picks the plural form",
                )
            translated = env.translate_plural(DOCUMENT_CONTEXT, text, plural, number)
        elif needs_translation(text):
            translated = env.translate(DOCUMENT_CONTEXT, text)
        else:
            translated = text
        return fill_text(translated, scope, env)
    except ExpressionError as error:
        raise DocumentProblem(at, error) from None


def _cell(text: str, scope: Scope, setting: Setting, at: PathKey) -> str | Figure:
    """A table cell: a text, or the figure a single placeholder names."""
    try:
        placeholder = single_placeholder(text)
        if placeholder is not None and not placeholder.filters:
            found = scope.lookup(placeholder.path).value
            if isinstance(found, Figure):
                return found
    except ExpressionError as error:
        raise DocumentProblem(at, error) from None
    return _text(text, scope, setting, at)


def _shown(raw: Any, scope: Scope, at: PathKey) -> bool:
    """Whether a block, item or row's `when` all hold and none of its `unless`."""
    if not isinstance(raw, Mapping):
        return True
    try:
        when = all(_holds(path, wanted, scope) for path, wanted in raw.get("when", {}).items())
        unless = any(_holds(path, wanted, scope) for path, wanted in raw.get("unless", {}).items())
    except ExpressionError as error:
        raise DocumentProblem((*at, "when" if "when" in raw else "unless"), error) from None
    return when and not unless


def _holds(path: str, wanted: Any, scope: Scope) -> bool:
    value = scope.lookup(parse_path(path)).value
    if wanted is True:
        return is_set(value)
    if wanted is False:
        return not is_set(value)
    choices = wanted if isinstance(wanted, list) else [wanted]
    return any(_same(value, choice) for choice in choices)


def _same(value: Any, wanted: Any) -> bool:
    """Equal, a number and the text of it alike (an edition id is written either way)."""
    return value == wanted or (value is not None and str(value) == str(wanted))


def _over(spec: Mapping[str, Any], scope: Scope, at: PathKey) -> Iterator[tuple[Scope, PathKey]]:
    """The scope of each item of the list `over` names that its conditions let through."""
    try:
        container = scope.lookup(parse_path(spec["over"]))
    except ExpressionError as error:
        raise DocumentProblem((*at, "over"), error) from None
    if container.value is None:
        return
    if not isinstance(container.value, list | tuple):
        raise DocumentProblem(
            (*at, "over"),
            ExpressionError(
                f"over: {spec['over']} is not a list",
                "name a list of the data (types.types) or of the plug-in's values",
            ),
        )
    for index, item in enumerate(items_of(container), 1):
        inner = scope.within(item=item, index=index)
        if _shown(spec, inner, at):
            yield inner, at


def _items(spec: Any, scope: Scope, setting: Setting, at: PathKey) -> Iterator[str]:
    if isinstance(spec, Mapping):
        for inner, where in _over(spec, scope, at):
            found = _chosen(spec.get("text"), inner, (*where, "text"), spec.get("plural"))
            if found is not None:
                text, place, plural = found
                yield _text(text, inner, setting, place, plural, spec.get("count"))
        return
    for number, item in enumerate(spec):
        where = (*at, number)
        if isinstance(item, str):
            yield _text(item, scope, setting, where)
        elif _shown(item, scope, where):
            found = _chosen(item["text"], scope, (*where, "text"), item.get("plural"))
            if found is not None:
                text, place, plural = found
                yield _text(text, scope, setting, place, plural, item.get("count"))


def _chosen(
    wording: Any, scope: Scope, at: PathKey, plural: str | None = None
) -> tuple[str, PathKey, str | None] | None:
    """A text, where it is and its plural form: the text itself, or of a choice the first
    whose conditions hold, with its own plural (None when no choice holds)."""
    if wording is None or isinstance(wording, str):
        return (wording, at, plural) if wording is not None else None
    for number, option in enumerate(wording):
        if _shown(option, scope, (*at, number)):
            return option["text"], (*at, number, "text"), option.get("plural")
    return None


def _terms(spec: Any, scope: Scope, setting: Setting, at: PathKey) -> Iterator[str]:
    pairs: list[tuple[Scope, PathKey, str, Any]] = []
    if isinstance(spec, Mapping):
        pairs = [
            (inner, where, spec["term"], spec["means"]) for inner, where in _over(spec, scope, at)
        ]
    else:
        pairs = [
            (scope, (*at, number), item["term"], item["means"])
            for number, item in enumerate(spec)
            if _shown(item, scope, (*at, number))
        ]
    for inner, where, term, means in pairs:
        found = _chosen(means, inner, (*where, "means"))
        if found is None:
            continue
        said = _text(term, inner, setting, (*where, "term"))
        meaning = _text(found[0], inner, setting, found[1])
        yield _term(said, meaning, setting)


def _term(term: str, meaning: str, setting: Setting) -> str:
    if setting.tr is None:
        return f"{term}: {meaning}"
    return setting.tr.term(term, meaning)


def _cells(
    cells: Sequence[Any], scope: Scope, setting: Setting, at: PathKey
) -> tuple[str | Figure, ...]:
    found: list[str | Figure] = []
    for number, cell in enumerate(cells):
        where = (*at, number)
        if not isinstance(cell, Mapping):
            found.append(_chosen_cell(cell, scope, setting, where))
            continue
        try:
            container = scope.lookup(parse_path(cell["each"]))
        except ExpressionError as error:
            raise DocumentProblem((*where, "each"), error) from None
        if not isinstance(container.value, list | tuple):
            continue
        found += (
            _chosen_cell(cell["cell"], scope.within(each=each), setting, (*where, "cell"))
            for each in items_of(container)
        )
    return tuple(found)


def _chosen_cell(wording: Any, scope: Scope, setting: Setting, at: PathKey) -> str | Figure:
    """A cell of a text or a choice of texts (empty when no choice holds)."""
    found = _chosen(wording, scope, at)
    return "" if found is None else _cell(found[0], scope, setting, found[1])


def _table(spec: Mapping[str, Any], scope: Scope, setting: Setting, at: PathKey) -> list[Block]:
    caption = _text(spec["caption"], scope, setting, (*at, "caption"))
    header = _cells(spec["header"], scope, setting, (*at, "header"))
    rows: list[tuple[str | Figure, ...]] = []
    raw = spec["rows"]
    if isinstance(raw, Mapping):
        for inner, where in _over(raw, scope, (*at, "rows")):
            rows.append(_cells(raw.get("cells", ()), inner, setting, (*where, "cells")))
    else:
        for number, row in enumerate(raw):
            where = (*at, "rows", number)
            if isinstance(row, Mapping):
                if _shown(row, scope, where):
                    rows.append(_cells(row["cells"], scope, setting, (*where, "cells")))
            else:
                rows.append(_cells(row, scope, setting, where))
    if not rows:
        return []
    texts = tuple(h if isinstance(h, str) else h.alt for h in header)
    width = max(len(texts), *(len(row) for row in rows))
    texts += ("",) * (width - len(texts))
    filled = tuple(row + ("–",) * (width - len(row)) for row in rows)
    return [Table(caption, texts, filled)]


MAX_CARDS = 8
"""Most cards one cards block draws (as the schema bounds a list written out)."""


def _card_ids(spec: Mapping[str, Any], scope: Scope, at: PathKey) -> list[str] | None:
    ids = spec["ids"]
    if isinstance(ids, list):
        return [str(i) for i in ids]
    try:
        found = scope.lookup(parse_path(ids)).value
    except ExpressionError as error:
        raise DocumentProblem((*at, "ids"), error) from None
    if found is None:
        return None
    if not isinstance(found, list | tuple) or not all(isinstance(i, str) for i in found):
        raise DocumentProblem(
            (*at, "ids"), ExpressionError(f"ids: {ids} is not a list of card ids")
        )
    if len(found) > MAX_CARDS:
        raise DocumentProblem(
            (*at, "ids"),
            ExpressionError(
                f"ids: {ids} names {len(found)} cards; a document shows at most {MAX_CARDS}"
            ),
        )
    return list(found)


def _cards(spec: Mapping[str, Any], scope: Scope, setting: Setting, at: PathKey) -> list[Block]:
    component = setting.edition.component(spec["component"])
    if component is None or component.size is None or component.front is None:
        known = ", ".join(c.id for c in setting.edition.components if c.front) or "none"
        raise DocumentProblem(
            (*at, "component"),
            ExpressionError(
                f"there is no printed component '{spec['component']}' in this edition",
                f"printed components: {known}",
            ),
        )
    ids = _card_ids(spec, scope, at)
    caption = _text(spec["caption"], scope, setting, (*at, "caption"))
    if ids is None:
        return []
    known_ids = {card.id for card in component.cards}
    unknown = [i for i in ids if i not in known_ids]
    if unknown:
        raise DocumentProblem(
            (*at, "ids"),
            ExpressionError(f"'{unknown[0]}' is not a card of {component.id}"),
        )
    if setting.draw_card is None:
        return []
    draw = setting.draw_card
    size = (component.size.width, component.size.height)
    faces = card_faces(
        ids, lambda card: draw(component.id, card), ids, size, float(spec.get("scale", 1.0))
    )
    return [Gallery(caption, faces)]


def _components(spec: Mapping[str, Any], scope: Scope, setting: Setting, at: PathKey) -> Table:
    tr = setting.tr
    env = setting.env
    caption = (
        _text(spec["caption"], scope, setting, (*at, "caption"))
        if "caption" in spec
        else (tr.text(N_("Components")) if tr else "Components")
    )
    header = (tr.text(N_("Component")), tr.text(N_("Count"))) if tr else ("Component", "Count")
    rows = tuple(
        (env.translate("components", c.name), env.number(c.count))
        for c in setting.edition.components
    )
    return Table(caption, header, rows)


def _figure(spec: Mapping[str, Any], scope: Scope, setting: Setting, at: PathKey) -> list[Block]:
    caption = _text(spec["caption"], scope, setting, (*at, "caption"))
    if setting.values is None:
        return []
    found = setting.values.get(spec["value"])
    if not isinstance(found, Figure):
        names = ", ".join(k for k, v in setting.values.items() if isinstance(v, Figure)) or "none"
        raise DocumentProblem(
            (*at, "value"),
            ExpressionError(
                f"the rules plug-in draws no figure '{spec['value']}'",
                f"its figures: {names}",
            ),
        )
    return [Figure(found.alt, found.width, found.height, found.draw, caption)]
