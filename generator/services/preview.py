"""One card of any component as a PNG, front or back, for a quick look while editing."""

from __future__ import annotations

from pathlib import Path

from generator.core.errors import InputError
from generator.loading.files import pack_files
from generator.loading.items import Card
from generator.model.pack import Component, EditionBox
from generator.printing.geometry import PAPERS, PrintSettings
from generator.printing.pdf import render_pod
from generator.printing.rasterize import png_pages
from generator.printing.sheets import Deck, Document
from generator.services.find import LoadedPack
from generator.services.render import Warn, faces, settle_drafts, translator


def find_card(
    box: EditionBox, card_id: str, component_id: str | None = None
) -> tuple[Component, int]:
    """The printed component that has a card of this id, and the card's position in it."""
    candidates = [c for c in box.components if c.front is not None and c.size is not None]
    if component_id is not None:
        chosen = [c for c in candidates if c.id == component_id]
        if not chosen:
            known = ", ".join(c.id for c in candidates)
            raise InputError(f"no printed component '{component_id}'; components: {known}")
        candidates = chosen
    found = [(c, i) for c in candidates for i, card in enumerate(c.cards) if card.id == card_id]
    owners = list(dict.fromkeys(c.id for c, _ in found))
    if len(owners) > 1:
        raise InputError(
            f"'{card_id}' is a card of {', '.join(owners)}; choose one with --component"
        )
    if not found:
        examples = ", ".join(_examples(candidates))
        raise InputError(f"no card '{card_id}' here; card ids look like: {examples}")
    return found[0]


def holds_card(
    loaded: LoadedPack, card_id: str, edition_id: str | None = None, component_id: str | None = None
) -> bool:
    """Whether the game has a printed card of this id (in that edition and component)."""
    editions = loaded.pack.editions
    key = edition_id if edition_id is not None else loaded.pack.manifest.default_edition
    if key not in editions:
        return False
    return any(
        card.id == card_id
        for component in editions[key].components
        if component.front is not None and component_id in (None, component.id)
        for card in component.cards
    )


def may_hold_card(root: Path, card_id: str) -> bool:
    """Whether a pack folder can have a card of this id, judged from its text: a card's id
    starts with the id of its item or component (cards made per value, or numbered, add
    -<value> or -<n>), so a pack none of whose YAML files holds the id's first word has
    no such card. A pack that may have it is then validated and searched."""
    stem = card_id.split("-", 1)[0]
    for path in pack_files(root, frozenset({".yaml"})):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return True  # let validation say what is wrong with the file
        if stem in text:
            return True
    return False


def _examples(components: list[Component]) -> list[str]:
    seen: dict[str, Card] = {}
    for component in components:
        for card in component.cards[:1]:
            seen.setdefault(card.id, card)
    return list(seen)[:6]


def preview_png(
    loaded: LoadedPack,
    card_id: str,
    locale: str,
    edition_id: str | None = None,
    component_id: str | None = None,
    back: bool = False,
    dpi: int = 200,
    strict: bool = False,
    warn: Warn | None = None,
) -> bytes:
    """PNG of one card's face (or back), with its bleed; a text without a finished
    translation is drawn in the source language, with a warning (refused when `strict`)."""
    box = loaded.edition(edition_id)
    (locale,) = loaded.locales([locale])
    component, position = find_card(box, card_id, component_id)
    template = component.back if back else component.front
    if template is None:
        raise InputError(f"'{component.id}' cards print one-sided: they have no back")
    tr = translator(loaded, locale)
    card = component.cards[position]
    (face,) = faces(loaded, box, component, template, tr, ink_saver=False, cards=[card])
    settle_drafts(loaded, tr, strict, warn)
    assert component.size is not None
    deck = Deck(component.id, card_id, component.size, (face,), None)
    document = Document(
        card_id,
        ", ".join(loaded.pack.manifest.authors),
        "preview",
        locale,
        PrintSettings(PAPERS["a4"]),
    )
    return png_pages(render_pod(deck, document).data, dpi=dpi)[0]
