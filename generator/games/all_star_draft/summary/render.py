"""The summary and the tables of one edition in one language, as finished text."""

from __future__ import annotations

from pathlib import Path

from generator.documents.markdown import to_markdown
from generator.documents.model import Block, Heading, TextDocument
from generator.games.all_star_draft.model import Game
from generator.i18n.ui import N_, load_translator

from . import content, tables


def summary_markdown(game: Game, edition_id: str | None, locale: str, locales_dir: Path) -> str:
    """The rules summary as Markdown; a missing translation raises."""
    tr = load_translator(locales_dir, locale, game.id)
    text = to_markdown(content.summary(tr, game, game.edition(edition_id)))
    tr.check()
    return text


def tables_markdown(game: Game, edition_id: str | None, locale: str, locales_dir: Path) -> str:
    """Every rulebook table as Markdown; a missing translation raises."""
    tr = load_translator(locales_dir, locale, game.id)
    edition = game.edition(edition_id)
    title = tr.text(N_("{game}: rulebook tables ({edition})")).format(
        game=tr.name("game", game.name), edition=tr.name("editions", edition.name)
    )
    blocks: list[Block] = []
    for table in tables.all_tables(tr, game, edition):
        blocks += [Heading(table.caption), table]
    text = to_markdown(TextDocument(title, locale, tuple(blocks)))
    tr.check()
    return text
