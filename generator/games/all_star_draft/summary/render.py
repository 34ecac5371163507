"""The summary and the tables of one edition in one language, as finished text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from generator.documents.markdown import to_markdown
from generator.documents.model import Block, TextDocument
from generator.documents.pdf import booklet, to_pdf
from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.printing import hockey_player
from generator.games.all_star_draft.printing.context import PrintContext
from generator.games.all_star_draft.printing.layout import load_layout
from generator.i18n.ui import N_, load_translator
from generator.printing.pen import Pen

from . import content, tables


def summary_document(
    game: Game, edition_id: str | None, locale: str, locales_dir: Path, data_dir: Path
) -> TextDocument:
    """The rules summary as a document; a missing translation raises when it is rendered."""
    tr = load_translator(locales_dir, locale, game.id)
    edition = game.edition(edition_id)
    ctx = PrintContext(game, edition, tr, load_layout(), False, data_dir)

    def faces(card_id: str) -> Callable[[Pen], None]:
        card = game.card(card_id)
        assert card is not None
        return hockey_player.front(ctx, card)

    document = content.summary(tr, game, edition, faces)
    tr.check()
    return document


def summary_markdown(
    game: Game, edition_id: str | None, locale: str, locales_dir: Path, data_dir: Path
) -> str:
    """The rules summary as Markdown."""
    return to_markdown(summary_document(game, edition_id, locale, locales_dir, data_dir))


def tables_markdown(game: Game, edition_id: str | None, locale: str, locales_dir: Path) -> str:
    """Every rulebook table as Markdown."""
    return to_markdown(tables_document(game, edition_id, locale, locales_dir))


def tables_document(
    game: Game, edition_id: str | None, locale: str, locales_dir: Path
) -> TextDocument:
    """Every rulebook table, each under its own heading."""
    tr = load_translator(locales_dir, locale, game.id)
    edition = game.edition(edition_id)
    title = tr.text(N_("{game}: rulebook tables ({edition})")).format(
        game=tr.name("game", game.name), edition=tr.name("editions", edition.name)
    )
    blocks: list[Block] = []
    blocks += tables.all_tables(tr, game, edition)
    tr.check()
    return TextDocument(title, locale, tuple(blocks))


def render_text(document: TextDocument, game: Game, output: str, paper: str) -> bytes:
    """A document as Markdown or PDF bytes."""
    if output == "md":
        return to_markdown(document).encode("utf-8")
    author = ", ".join(game.authors)
    if paper == "a5-booklet":
        return booklet(to_pdf(document, author, "a5")[0])[0]
    return to_pdf(document, author, "a4")[0]
