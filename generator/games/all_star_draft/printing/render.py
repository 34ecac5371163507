"""Render All-Star Draft: one part of one edition in one language, and the combined file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.games.all_star_draft.model import Game
from generator.i18n.ui import N_, load_translator
from generator.printing.geometry import PrintSettings
from generator.printing.pdf import Rendered, combine, render_part, render_pod
from generator.printing.sheets import Deck, Document

from .components import build_part, plan
from .context import PrintContext
from .layout import check_safe, load_layout


@dataclass(frozen=True)
class Job:
    """One edition in one language, with the user's print choices."""

    edition: str
    locale: str
    settings: PrintSettings
    locales_dir: Path
    data_dir: Path
    duplex: bool = True
    ink_saver: bool = False
    pod: bool = False


@dataclass(frozen=True)
class PartRender:
    """One part's PDF, and its print-on-demand version when asked for."""

    file: Rendered
    pod: Rendered | None


def _context(game: Game, job: Job) -> tuple[PrintContext, Document]:
    tr = load_translator(job.locales_dir, job.locale, game.id)
    edition = game.edition(job.edition)
    ctx = PrintContext(game, edition, tr, load_layout(), job.ink_saver, job.data_dir)
    kind = tr.text(N_("Print and play"))
    document = Document(
        title=f"{tr.name('game', game.name)} – {tr.name('editions', edition.name)} – {kind}",
        author=", ".join(game.authors),
        subject=tr.text(N_("Print-and-play cards")),
        locale=job.locale,
        settings=job.settings,
        ink_saver=job.ink_saver,
        duplex=job.duplex,
    )
    return ctx, document


def parts(game: Game, job: Job) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the parts this edition prints, warnings about what it leaves out)."""
    ctx, _ = _context(game, job)
    found = plan(ctx)
    return found.parts, found.warnings


def render_one(game: Game, job: Job, part: str) -> PartRender:
    """Render one part; a missing string or overflowing text raises."""
    ctx, document = _context(game, job)
    built = build_part(ctx, job.settings, part)
    ctx.tr.check()
    if isinstance(built, Deck) and built.component in ctx.layout.raw:
        check_safe(ctx.layout, built.component, built.size)
    file = render_part(built, document)
    pod = render_pod(built, document) if job.pod and isinstance(built, Deck) else None
    ctx.tr.check()
    return PartRender(file, pod)


def render_combined(game: Game, job: Job, files: list[Rendered]) -> Rendered:
    """The print-and-play file of all parts, with a bookmark each."""
    _, document = _context(game, job)
    return combine(files, document)
