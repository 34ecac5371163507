"""Render one edition of All-Star Draft in one language: every PDF, in memory."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.games.all_star_draft.model import Game
from generator.i18n.ui import N_, load_translator
from generator.printing.geometry import PrintSettings
from generator.printing.pdf import Rendered, combine, render_part, render_pod
from generator.printing.sheets import Deck, Document

from .components import printable
from .context import PrintContext
from .layout import check_safe, load_layout


@dataclass(frozen=True)
class EditionRender:
    """The files of one edition in one language, and what was left out."""

    files: tuple[Rendered, ...]
    """Component PDFs, then print-and-play.pdf."""
    pod: tuple[Rendered, ...]
    warnings: tuple[str, ...]


def render_edition(
    game: Game,
    edition_id: str,
    locale: str,
    settings: PrintSettings,
    *,
    locales_dir: Path,
    data_dir: Path,
    duplex: bool = True,
    ink_saver: bool = False,
    pod: bool = False,
) -> EditionRender:
    """Every printable component of an edition in one language."""
    edition = game.edition(edition_id)
    tr = load_translator(locales_dir, locale, game.id)
    layout = load_layout()
    ctx = PrintContext(game, edition, tr, layout, ink_saver, data_dir)
    title = tr.name("game", game.name)
    kind = tr.text(N_("Print and play"))
    document = Document(
        title=f"{title} – {tr.name('editions', edition.name)} – {kind}",
        author=", ".join(game.authors),
        subject=tr.text(N_("Print-and-play cards")),
        locale=locale,
        settings=settings,
        ink_saver=ink_saver,
        duplex=duplex,
    )
    found = printable(ctx, settings)
    tr.check()
    for part in found.parts:
        if isinstance(part, Deck) and part.component in layout.raw:
            check_safe(layout, part.component, part.size)
    files = [render_part(part, document) for part in found.parts]
    tr.check()
    pod_files = tuple(
        render_pod(part, document) for part in found.parts if pod and isinstance(part, Deck)
    )
    return EditionRender((*files, combine(files, document)), pod_files, found.warnings)
