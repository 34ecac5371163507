"""Rendering a pack: each printable component of an edition in a language, and the combined file.

A component prints when its box entry names a front template. Its cards are
bound to the templates once each (copies and identical backs share one face,
drawn once as a PDF form), imposed on sheets with their backs, or tiled over
several sheets when the card is larger than the paper.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from generator.core.errors import DataError, DraftdeckError
from generator.documents import calibration
from generator.i18n.env import LanguageEnv
from generator.i18n.ui import N_, Translator, drafts_warning, load_translator
from generator.loading.items import Card
from generator.model.pack import Component, EditionBox
from generator.plugins import checked_drawings, checked_icons
from generator.printing.geometry import PrintSettings, impose
from generator.printing.pdf import Rendered, combine, render_part, render_pod
from generator.printing.pen import Pen
from generator.printing.sheets import Deck, Document, Pages, tiled_pages
from generator.services import budget
from generator.services.find import LoadedPack
from generator.templates.faces import Binder, ElementError, Face, Op
from generator.templates.icons import BUILT_IN
from generator.templates.model import Element
from generator.templates.paint import Drawing, Icon, Painter

CALIBRATION = "calibration"


@dataclass(frozen=True)
class Job:
    """One edition in one language, with the user's print choices."""

    edition: str
    locale: str
    settings: PrintSettings
    duplex: bool = True
    ink_saver: bool = False
    pod: bool = False
    strict: bool = False
    """Refuse a text without a finished translation instead of drawing it untranslated."""


@dataclass(frozen=True)
class PartRender:
    """One part's PDF, its print-on-demand version when asked for, and the texts it drew in
    the source language for want of a translation."""

    file: Rendered
    pod: Rendered | None
    drafts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Plan:
    """The parts an edition prints, in box order, and what it leaves out."""

    parts: tuple[str, ...]
    warnings: tuple[str, ...]


def plan(loaded: LoadedPack, edition_id: str) -> Plan:
    """Every component with a front template, then the calibration sheet; warnings for the rest."""
    box = loaded.pack.editions[edition_id]
    prefix = f"{edition_id}: " if edition_id else ""
    parts, warnings = [], []
    for component in box.components:
        if component.front is not None:
            parts.append(component.id)
        else:
            why = component.note or "components.yaml gives it no front template"
            warnings.append(f"{prefix}'{component.id}' is not printed: {why}")
    return Plan((*parts, CALIBRATION), tuple(warnings))


def weight(loaded: LoadedPack, edition_id: str, part: str) -> int:
    """About how much drawing a part is, to start the heaviest first."""
    box = loaded.pack.editions[edition_id]
    component = box.component(part)
    return 0 if component is None else budget.drawn(loaded.pack, box, component)


def translator(loaded: LoadedPack, locale: str) -> Translator:
    """The pack's catalogs and draftdeck's own, in one language."""
    manifest = loaded.pack.manifest
    return load_translator(manifest.catalogs, locale, loaded.pack.id, manifest.source_locale)


Warn = Callable[[str], None]
"""Where a command's warnings go (printed by the command line, shown by the gallery)."""


def settle_drafts(loaded: LoadedPack, tr: Translator, strict: bool, warn: Warn | None) -> None:
    """After drawing: refuse the texts drawn untranslated when `strict`, else warn of them."""
    if strict:
        tr.check()
        return
    drafts = tr.drafts()
    if drafts and warn is not None:
        warn(drafts_warning(tr.locale, drafts, loaded.pack.manifest.source_locale))


def document(loaded: LoadedPack, job: Job, tr: Translator) -> Document:
    """How the PDFs of one edition and language are written."""
    pack = loaded.pack
    box = pack.editions[job.edition]
    kind = tr.text(N_("Print and play"))
    names = [tr.name("game", pack.manifest.name)]
    if box.info.id:
        names.append(tr.name("editions", box.info.name))
    return Document(
        title=" – ".join([*names, kind]),
        author=", ".join(pack.manifest.authors),
        subject=tr.text(N_("Print-and-play cards")),
        locale=job.locale,
        settings=job.settings,
        ink_saver=job.ink_saver,
        duplex=job.duplex,
    )


def render_one(loaded: LoadedPack, job: Job, part: str) -> PartRender:
    """Render one part; text that does not fit raises, as does a missing translation in a
    strict job (otherwise the text is drawn untranslated and listed in `drafts`)."""
    tr = translator(loaded, job.locale)
    built = build_part(loaded, job, tr, part)
    if job.strict:
        tr.check()
    doc = document(loaded, job, tr)
    file = render_part(built, doc)
    pod = render_pod(built, doc) if job.pod and isinstance(built, Deck) else None
    if job.strict:
        tr.check()
    return PartRender(file, pod, tuple(tr.drafts()))


def render_combined(loaded: LoadedPack, job: Job, files: list[Rendered]) -> Rendered:
    """The print-and-play file of all parts, with a bookmark each."""
    tr = translator(loaded, job.locale)
    return combine(files, document(loaded, job, tr))


def build_part(loaded: LoadedPack, job: Job, tr: Translator, part: str) -> Deck | Pages:
    """One printable part, ready to draw."""
    if part == CALIBRATION:
        return Pages(part, tr.text(N_("Calibration")), calibration.pages(tr))
    box = loaded.pack.editions[job.edition]
    component = box.component(part)
    if component is None or component.front is None or component.size is None:
        raise DraftdeckError(f"'{part}' is not a printable component of this edition")
    title = tr.name("components", component.name)
    fronts = faces(loaded, box, component, component.front, tr, job.ink_saver)
    try:
        impose(component.size, job.settings)
    except ValueError:  # larger than the paper: tiled over several sheets
        label = tr.text(N_("Sheet {number} of {count}"))
        pages = tiled_pages(
            component.size,
            fronts[0],
            partial(_tile_label, label),
            job.settings.paper,
            job.settings.margin,
        )
        return Pages(part, title, pages)
    backs = None
    if component.back is not None:
        backs = faces(loaded, box, component, component.back, tr, job.ink_saver)
    return Deck(part, title, component.size, fronts, backs)


def faces(
    loaded: LoadedPack,
    box: EditionBox,
    component: Component,
    template: str,
    tr: Translator,
    ink_saver: bool,
    cards: Sequence[Card] | None = None,
) -> tuple[Callable[[Pen], None], ...]:
    """One drawing per card (all the component's by default); equal faces share one drawing,
    so it becomes one PDF form."""
    return tuple(
        draw for _, draw in bound_faces(loaded, box, component, template, tr, ink_saver, cards)
    )


def bound_faces(
    loaded: LoadedPack,
    box: EditionBox,
    component: Component,
    template: str,
    tr: Translator,
    ink_saver: bool,
    cards: Sequence[Card] | None = None,
) -> tuple[tuple[Face, Callable[[Pen], None]], ...]:
    """Each card's face as bound (what it draws, comparable: equal faces draw the same) and
    its drawing; equal faces share one drawing."""
    pack = loaded.pack
    sheet = pack.sheet(box, component, template)
    painter = Painter(
        icons=icons(loaded),
        drawings=_Drawings(loaded),
        model=loaded.model,
        edition=box.info.id,
        tr=tr,
        ink_saver=ink_saver,
        size=sheet.size,
        colours=sheet.template.colours,
        pack_root=pack.manifest.root,
    )
    binder = Binder(sheet, LanguageEnv(tr, ink_saver))
    bound: dict[int, Face] = {}
    drawn: dict[Face, Callable[[Pen], None]] = {}
    out = []
    checked: set[Face] = set()
    for card in component.cards if cards is None else cards:
        face = bound.get(id(card))
        if face is None:
            try:
                parts = binder.parts(card.item)
                face = bound[id(card)] = tuple(op for _, ops in parts for op in ops)
                if face not in checked:
                    checked.add(face)
                    _refuse_collisions(parts, card.id, component.id, tr.locale)
            except ElementError as error:  # a translation can break what validation passed
                where = f"card {card.id} of {component.id}, in {tr.locale}"
                at = error.element.at(error.key)
                origin = error.error.origin
                diagnostic = (
                    origin[0].diagnostic(origin[1], f"{error.message} ({where})", hint=error.hint)
                    if origin is not None
                    else at.diagnostic(f"{error.message} ({where})", hint=error.hint)
                )
                raise DataError([diagnostic]) from None
        draw = drawn.get(face)
        if draw is None:
            draw = drawn[face] = painter.face(face, card.id)
        out.append((face, draw))
    return tuple(out)


def _refuse_collisions(
    parts: tuple[tuple[Element, tuple[Op, ...]], ...], card: str, component: str, locale: str
) -> None:
    """Raise a TextProblem for the first text on the face that runs into another element."""
    from generator.printing.pen import Setter
    from generator.printing.text import TextProblem, Where
    from generator.templates.collisions import collisions

    for found in collisions(parts, Setter(Where(component, locale))):
        raise TextProblem(component, locale, found.words, found.problem, found.hint, f"card {card}")


def icons(loaded: LoadedPack) -> dict[str, Icon]:
    """Every icon the pack may use: draftdeck's, its plug-in's and its own emblems (a name
    the pack draws itself wins)."""
    found: dict[str, Icon] = dict(BUILT_IN)
    if loaded.plugin is not None:
        found.update(checked_icons(loaded.plugin))
    found.update(loaded.pack.emblems)
    return found


class _Drawings(dict[str, Drawing]):
    """The plug-in's drawings, imported when one is first drawn."""

    def __init__(self, loaded: LoadedPack) -> None:
        super().__init__()
        self.plugin = loaded.plugin

    def __missing__(self, name: str) -> Drawing:
        assert self.plugin is not None
        self.update(checked_drawings(self.plugin))
        return self[name]


def _tile_label(pattern: str, number: int, count: int) -> str:
    return pattern.format(number=number, count=count)
