"""Checking templates against every card they will draw, before anything is drawn.

Each element of each template is bound to each card of each component that
uses it (and what --ink-saver alone draws, in that mode too). A field the card does not have, an
unknown filter, icon, drawing, style or font, an image file that is missing
or unusable, a text box that reaches into the safe zone, a repeat whose
items do not fit: each is an error located at the template key (or, for an
image, at the data value that names it), naming the card.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator.core.diagnostics import Diagnostic, Severity
from generator.core.errors import DraftdeckError
from generator.grammar.placeholders import ExpressionError, single_placeholder
from generator.loading.document import Document, PathKey
from generator.loading.files import resolved_inside, why_outside
from generator.loading.items import Card, Origin
from generator.model.pack import Component, EditionBox, Pack
from generator.printing.images import MAX_TOTAL_PIXELS, check_image
from generator.templates.collisions import Collision, collisions, placed
from generator.templates.expressions import OTHER_ROOTS, Scope
from generator.templates.faces import (
    MAX_DRAWN,
    Binder,
    DrawingOp,
    ElementError,
    IconOp,
    ImageOp,
    Op,
    Sheet,
    TextOp,
    _firsts,
    inputs,
    too_much_drawn,
)
from generator.templates.model import Element


@dataclass(frozen=True)
class CheckEnv:
    """Binds without a language: texts stay as written, numbers plain."""

    ink_saver: bool

    def translate(self, context: str, text: str) -> str:
        """The text itself."""
        return text

    def translate_plural(self, context: str, singular: str, plural: str, count: int) -> str:
        """The English form for the count."""
        return singular if count == 1 else plural

    def number(self, value: float) -> str:
        """The number as Python writes it."""
        return str(value)

    def ordinal(self, value: int) -> str:
        """The number with a point."""
        return f"{value}."

    def joined(self, items: list[str]) -> str:
        """The items with commas."""
        return ", ".join(items)

    def either(self, items: list[str]) -> str:
        """The items with commas."""
        return ", ".join(items)

    def month(self, date: str) -> str:
        """The date as written."""
        return date


@dataclass
class _Found:
    """Problems found so far, each reported once."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    seen: set[tuple[str, int, int, str]] = field(default_factory=set)
    images: dict[Path, str | None] = field(default_factory=dict)
    pixels: int = 0
    """Pixels of every distinct image checked so far."""
    bound: dict[tuple[Any, ...], tuple[Op, ...] | None] = field(default_factory=dict)
    """(element, ink saver, values of the card fields it reads) already checked -> its drawing
    (None: it failed, and is reported)."""
    faces: set[tuple[Op, ...]] = field(default_factory=set)
    """Faces already checked for collisions."""
    printable: frozenset[int] = frozenset()
    """What some font of the pack can draw: a character none can is reported at the data's
    line (services.characters), not again here."""
    collisions: dict[tuple[str, str], tuple[Collision, str, int]] = field(default_factory=dict)
    """(text element, other element) -> the deepest collision, where it is, on how many faces."""

    def add(self, diagnostic: Diagnostic) -> None:
        key = (
            diagnostic.file,
            diagnostic.line,
            diagnostic.column,
            diagnostic.message.split(" (card ")[0],
        )
        if key not in self.seen:
            self.seen.add(key)
            self.diagnostics.append(diagnostic)


def check_templates(
    pack: Pack,
    icons: Collection[str],
    drawings: Collection[str],
    languages: Mapping[str, Any] | None = None,
    plugin_drawings: Any = None,
) -> list[Diagnostic]:
    """Every problem of every template, against every card it draws; with `languages`
    (locale -> LanguageEnv), also every text as each language prints it
    (services.language_checks)."""
    from generator.printing.characters import pack_glyphs
    from generator.printing.fonts import FAMILY

    found = _Found(printable=pack_glyphs([*FAMILY, *pack.theme.fonts.values()]))
    for edition in pack.editions.values():
        for component in edition.components:
            for side in ("front", "back"):
                name = getattr(component, side)
                if name is None or component.size is None:
                    continue
                if name not in pack.templates:
                    if (pack.manifest.root / "layouts" / f"{name}.yaml").is_file():
                        continue  # the template is broken: its problems are reported
                    found.add(
                        component.location.document.diagnostic(
                            (*component.location.path, side),
                            f"there is no template layouts/{name}.yaml",
                            hint="templates: " + (", ".join(sorted(pack.templates)) or "none"),
                        )
                    )
                    continue
                _check_sheet(pack, edition, component, name, icons, drawings, found)
    _report_collisions(found)
    if languages and not any(d.severity is Severity.ERROR for d in found.diagnostics):
        from generator.services.language_checks import check_languages

        known = frozenset(found.collisions)
        found.diagnostics += check_languages(pack, languages, known, plugin_drawings)
    return found.diagnostics


def _check_sheet(
    pack: Pack,
    edition: EditionBox,
    component: Component,
    template: str,
    icons: Collection[str],
    drawings: Collection[str],
    found: _Found,
) -> None:
    sheet = pack.sheet(edition, component, template)
    elements = {_origin(e): e for e in _all(sheet.template.elements)}
    cards = list({id(card): card for card in component.cards}.values())
    # What --ink-saver alone draws gets a second look in that mode; the rest binds
    # the same keys either way. A binder binds an element once per distinct value of
    # the card fields it reads, and editions that share a card's data share its check.
    passes = [
        (Binder(sheet, CheckEnv(False)), tuple(enumerate(sheet.template.elements))),
        (
            Binder(sheet, CheckEnv(True)),
            tuple((i, e) for i, e in enumerate(sheet.template.elements) if _saver_only(e)),
        ),
    ]
    roots = tuple(id(value) for value in sheet.roots.values())
    reads_roots = {id(e) for e in sheet.template.elements if _reads_roots(e)}
    for card in cards:
        parts: list[tuple[Element, tuple[Op, ...]]] | None = []
        for binder, chosen in passes:
            for index, element in chosen:
                key = (
                    id(element),
                    component.size,  # a template used by two formats is checked at each size
                    binder.env.ink_saver,
                    roots if id(element) in reads_roots else (),
                    inputs(binder.reads[index], card.item),
                )
                if key[4] is not None and key in found.bound:
                    known = found.bound[key]
                    if known is None:
                        parts = None
                    elif parts is not None and not binder.env.ink_saver:
                        parts.append((element, known))
                    continue
                try:
                    ops = binder.element(index, element, card.item)
                except ElementError as error:
                    found.add(_element_problem(error, card, component))
                    if key[4] is not None:
                        found.bound[key] = None
                    parts = None
                    continue
                if key[4] is not None:
                    found.bound[key] = ops
                if parts is not None and not binder.env.ink_saver:
                    parts.append((element, ops))
                scope = binder.scope(card.item)
                for op in ops:
                    if isinstance(op, TextOp):
                        _safe(sheet, elements[op.origin], op, card, component, found)
                        _room(elements[op.origin], op, card, component, found)
                        _glyphs(elements[op.origin], op, card, component, found)
                        if op.style.markup:
                            _inline_icons(elements[op.origin], op, icons, card, component, found)
                            _unclosed(elements[op.origin], op, card, component, found)
                    elif isinstance(op, IconOp) and op.icon not in icons:
                        _unknown(
                            elements,
                            element,
                            "icon",
                            f"unknown icon '{op.icon}'",
                            icons,
                            card,
                            component,
                            found,
                        )
                    elif isinstance(op, DrawingOp) and op.drawing not in drawings:
                        _unknown(
                            elements,
                            element,
                            "drawing",
                            f"unknown drawing '{op.drawing}'",
                            drawings,
                            card,
                            component,
                            found,
                        )
                    elif isinstance(op, ImageOp):
                        _image(pack.manifest.root, element, scope, op, card, component, found)
        if parts is not None and sum(len(ops) for _, ops in parts) > MAX_DRAWN:
            total = sum(len(ops) for _, ops in parts)
            too_much = ElementError(parts[-1][0], None, too_much_drawn(total))
            found.add(_element_problem(too_much, card, component))
        elif parts is not None:
            _collisions(parts, card, component, found)


def _collisions(
    parts: list[tuple[Element, tuple[Op, ...]]], card: Card, component: Component, found: _Found
) -> None:
    """Text of the face, as the data writes it, that runs into another element."""
    from generator.printing.pen import Setter
    from generator.printing.text import Where

    face = tuple(op for _, ops in parts for op in ops)
    if face in found.faces:
        return
    found.faces.add(face)
    for collision in collisions(parts, Setter(Where(component.id, ""))):
        pair = (_origin(collision.text), _origin(collision.other))
        worst, where, count = found.collisions.get(pair, (collision, "", 0))
        if collision.overlap > worst.overlap or not where:
            worst, where = collision, f"card {card.id} of {component.id}"
        found.collisions[pair] = (worst, where, count + 1)


def _report_collisions(found: _Found) -> None:
    """One error per pair of elements that collide: the deepest case, and how many more."""
    for collision, where, count in found.collisions.values():
        more = f", and {count - 1} more face{'s' if count > 2 else ''}" if count > 1 else ""
        found.add(
            replace(
                placed(collision.text).diagnostic(
                    f"{collision.problem} ({where}{more}): '{collision.short_words}'",
                    hint=collision.hint,
                ),
                printing=True,
            )
        )


def _reads_roots(element: Element) -> bool:
    """Whether an element names the game, edition or component (or a path that cannot be read)."""
    firsts = _firsts(element)
    return firsts is None or not firsts.isdisjoint(OTHER_ROOTS)


def _saver_only(element: Element) -> bool:
    return any(e.spec.get("ink_saver") == "only" for e in _all((element,)))


def _element_problem(error: ElementError, card: Card, component: Component) -> Diagnostic:
    """At the data value at fault, when the data is; else at the template's key."""
    message = f"{error.message} (card {card.id} of {component.id})"
    if error.error.origin is not None:
        document, path = error.error.origin
        return document.diagnostic(path, message, hint=error.hint)
    return error.element.at(error.key).diagnostic(message, hint=error.hint)


def _safe(
    sheet: Sheet, element: Element, op: TextOp, card: Card, component: Component, found: _Found
) -> None:
    safe, size, box = sheet.theme.safe, sheet.size, op.box
    eps = 1e-6
    inside = (
        box.x >= safe - eps
        and box.y >= safe - eps
        and box.right <= size.width - safe + eps
        and box.top <= size.height - safe + eps
    )
    if not inside:
        found.add(
            replace(
                element.at("box").diagnostic(
                    f"text box [{box.x:g}, {box.y:g}, {box.width:g}, {box.height:g}] reaches "
                    f"within {safe:g} mm of the {size.width:g}x{size.height:g} mm trim "
                    f"(card {card.id} of {component.id})",
                    hint="move or shrink the box; the safe distance is 'safe' in "
                    "layouts/theme.yaml",
                ),
                printing=True,
            )
        )


def _room(element: Element, op: TextOp, card: Card, component: Component, found: _Found) -> None:
    """A text box must hold one line at the smallest size, and its widest character."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from generator.grammar.markup import icons as inline_icons
    from generator.grammar.markup import plain
    from generator.printing.fonts import register
    from generator.printing.rich import ICON_WIDTH
    from generator.printing.text import LEADING, POINTS_PER_MM

    box, style = op.box, op.style
    high = style.minimum * LEADING / POINTS_PER_MM
    font = register()[style.weight]
    text = plain(op.text) if style.markup else op.text
    wide = max((stringWidth(c, font, style.minimum) for c in set(text) - {" ", "\n"}), default=0)
    if style.markup and inline_icons(op.text):
        wide = max(wide, style.minimum * ICON_WIDTH)
    wide /= POINTS_PER_MM
    if box.height + 1e-6 < high or box.width + 1e-6 < wide:
        need = f"{high:.1f} mm high" if box.height + 1e-6 < high else f"{wide:.1f} mm wide"
        found.add(
            replace(
                element.at("box").diagnostic(
                    f"text box [{box.x:g}, {box.y:g}, {box.width:g}, {box.height:g}] is too "
                    f"small for its text at any size: at the smallest, {style.minimum:g} pt, it "
                    f"needs to be {need} (card {card.id} of {component.id})",
                    hint="make the box larger, or lower the style's min in layouts/theme.yaml",
                ),
                printing=True,
            )
        )


def _glyphs(element: Element, op: TextOp, card: Card, component: Component, found: _Found) -> None:
    """Every character of a text must be in the font it is set in (a pack's font may have
    symbols the bundled ones lack, and the other way round)."""
    import unicodedata

    from generator.grammar.markup import pieces
    from generator.printing.fonts import coverage, register

    book = register()
    if op.style.markup:
        weights = op.style.variants or (op.style.weight,) * 4
        runs = [(p.text, weights[p.emphasis]) for p in pieces(op.text) if p is not None]
    else:
        runs = [(op.text, op.style.weight)]
    lacking = next(
        (
            c
            for text, weight in runs
            for c in text
            if ord(c) in found.printable and ord(c) not in coverage(book[weight])
        ),
        None,
    )
    if lacking is None:
        return
    name = unicodedata.name(lacking, "").lower()
    found.add(
        element.at("text").diagnostic(
            f"the font of element '{element.name}' has no glyph for U+{ord(lacking):04X} "
            f"{lacking}{f' ({name})' if name else ''} in '{op.text}' (card {card.id} of "
            f"{component.id})",
            hint="set the text in a font of the theme that has it (fonts: in "
            "layouts/theme.yaml), or replace the character",
        )
    )


def _inline_icons(
    element: Element,
    op: TextOp,
    known: Collection[str],
    card: Card,
    component: Component,
    found: _Found,
) -> None:
    """Every icon a rich text names inline must exist."""
    from generator.grammar.markup import icons as inline_icons

    for name in inline_icons(op.text):
        if name not in known:
            hint = (
                "icons: "
                + ", ".join(sorted(known))
                + "; write \\[ for a bracket that names no icon"
            )
            cell = _field_holding(card, f"[{name}]")
            if cell is not None:  # the data's mistake, at its line or cell
                document, path, key = cell
                found.add(
                    document.diagnostic(
                        path,
                        f"unknown icon '{name}' in '{key}' of {card.id}: '{op.text}'",
                        hint=hint,
                    )
                )
                return
            found.add(
                element.at("text").diagnostic(
                    f"unknown icon '{name}' in the text of element '{element.name}': "
                    f"'{op.text}' (card {card.id} of {component.id})",
                    hint=hint,
                )
            )
            return


def _field_holding(card: Card, piece: str) -> tuple[Document, PathKey, str] | None:
    """The card's own text field that holds `piece` (an icon, a marker), where the card's
    item says where it was written: a mistake in the data is shown in the data."""
    if card.item.origin is None:
        return None
    document, at = card.item.origin
    for key, value in card.item.fields.items():
        if isinstance(value, str) and piece in value:
            return document, (*at, key), key
    return None


def _unclosed(
    element: Element, op: TextOp, card: Card, component: Component, found: _Found
) -> None:
    """A `**` or `*` that opens bold or italic and never closes: the rest prints so."""
    from generator.grammar.markup import unclosed

    marker = unclosed(op.text)
    if marker is None:
        return
    kind = "bold" if marker == "**" else "italic"
    hint = f"close it with another '{marker}', or write \\{marker[0]} for a star itself"
    cell = _field_holding(card, op.text)
    if cell is not None:
        document, path, key = cell
        found.add(
            document.diagnostic(
                path,
                f"'{marker}' opens {kind} in '{key}' of {card.id} and nothing closes it, so "
                f"the rest prints {kind}: '{op.text[:60]}'",
                hint=hint,
                severity=Severity.WARNING,
            )
        )
        return
    found.add(
        element.at("text").diagnostic(
            f"'{marker}' opens {kind} in the text of element '{element.name}' and nothing "
            f"closes it, so the rest prints {kind}: '{op.text[:60]}' (card {card.id} of "
            f"{component.id})",
            hint=hint,
            severity=Severity.WARNING,
        )
    )


def _unknown(
    elements: Mapping[str, Element],
    top: Element,
    key: str,
    message: str,
    known: Collection[str],
    card: Card,
    component: Component,
    found: _Found,
) -> None:
    element = next((e for e in _all((top,)) if e.spec.get("type") == key or key in e.spec), top)
    found.add(
        element.at(key).diagnostic(
            f"{message} (card {card.id} of {component.id})",
            hint=f"{key}s: " + (", ".join(sorted(known)) or "none"),
        )
    )


def _image(
    root: Path,
    element: Element,
    scope: Scope,
    op: ImageOp,
    card: Card,
    component: Component,
    found: _Found,
) -> None:
    image = next((e for e in _all((element,)) if e.spec.get("type") == "image"), element)
    path = root / op.path
    hint = f"put the PNG or JPEG at {path}, or remove it from the data"
    if path not in found.images:
        found.images[path] = _image_problem(root, path, found)
    problem = found.images[path]
    if problem is None:
        return
    if problem == "art file not found":
        problem = "does not exist"
    elif "outside the pack folder" in problem or "leads out of the pack" in problem:
        hint = "copy the image into the pack (an art/ folder, say) and name it from there"
    elif problem.startswith("and the art before it"):
        hint = "use smaller images (a card's art needs about 1,500 x 2,100 pixels at 600 dpi)"
    message = f"art file '{op.path}' {problem}"
    origin = _source(image, scope)
    if origin is not None:
        document, at = origin
        found.add(document.diagnostic(at, message, hint=hint))
    else:
        found.add(
            image.at("src").diagnostic(f"{message} (card {card.id} of {component.id})", hint=hint)
        )


def _image_problem(root: Path, path: Path, found: _Found) -> str | None:
    """Why the art at `path` cannot be printed, or None; counts its pixels."""
    if (path.exists() or path.is_symlink()) and resolved_inside(root, path) is None:
        return f"{why_outside(root, path)}; art must be a file inside the pack folder"
    try:
        found.pixels += check_image(path)
    except DraftdeckError as error:
        return str(error).removeprefix(f"{path}: ")
    if found.pixels > MAX_TOTAL_PIXELS:
        return (
            f"and the art before it come to {found.pixels:,} pixels, more than a pack's "
            f"art may hold ({MAX_TOTAL_PIXELS:,})"
        )
    return None


def _source(element: Element, scope: Scope) -> Origin | None:
    """Where the data names an image, when `src` is a single field."""
    try:
        placeholder = single_placeholder(str(element.spec["src"]))
        if placeholder is None:
            return None
        return scope.lookup(placeholder.path).origin
    except ExpressionError:
        return None


def _all(elements: tuple[Element, ...]) -> Iterator[Element]:
    for element in elements:
        yield element
        yield from _all(element.children)


def _origin(element: Element) -> str:
    return f"{element.at().origin}, element '{element.name}'"
