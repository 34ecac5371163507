"""The summary and the tables of one edition in one language, as documents (the plug-in's hooks)."""

from __future__ import annotations

from collections.abc import Callable

from generator.games.all_star_draft.model import Game
from generator.plugin_api import N_, Block, Pen, TextDocument, Translator

from . import content, tables

HOCKEY_PLAYER = "hockey-player"
"""The component whose card faces the summary's figures show."""


def summary_document(
    game: Game,
    edition_id: str,
    tr: Translator,
    faces: Callable[[str, str], Callable[[Pen], None]],
) -> TextDocument:
    """The rules summary; `faces(component, card_id)` draws a card as the build prints it."""
    edition = game.edition(edition_id)
    return content.summary(tr, game, edition, lambda card_id: faces(HOCKEY_PLAYER, card_id))


def tables_document(game: Game, edition_id: str, tr: Translator) -> TextDocument:
    """Every rulebook table, each under its own heading."""
    edition = game.edition(edition_id)
    title = tr.text(N_("{game}: rulebook tables ({edition})")).format(
        game=tr.name("game", game.name), edition=tr.name("editions", edition.name)
    )
    blocks: list[Block] = []
    blocks += tables.all_tables(tr, game, edition)
    return TextDocument(title, tr.locale, tuple(blocks))
