"""One card as a PNG, for a quick look while editing the data."""

from __future__ import annotations

from pathlib import Path

from generator.errors import InputError
from generator.games.all_star_draft.model import Game
from generator.i18n.ui import load_translator
from generator.printing.geometry import PAPERS, PrintSettings
from generator.printing.pdf import render_pod
from generator.printing.rasterize import png_pages
from generator.printing.sheets import Deck, Document

from . import arena, hockey_player
from .context import PrintContext
from .layout import load_layout


def preview_png(
    game: Game,
    card_id: str,
    locale: str,
    edition_id: str | None,
    locales_dir: Path,
    data_dir: Path,
    dpi: int = 200,
) -> bytes:
    """PNG of one hockey-player or arena card, with its bleed."""
    edition = game.edition(edition_id)
    if locale not in game.locales:
        raise InputError(f"unknown locale '{locale}'; this game has: {', '.join(game.locales)}")
    tr = load_translator(locales_dir, locale, game.id)
    ctx = PrintContext(game, edition, tr, load_layout(), False, data_dir)
    card = game.card(card_id)
    if card is not None:
        deck = Deck(
            "hockey-player",
            card_id,
            ctx.size("hockey-player"),
            (hockey_player.front(ctx, card),),
            None,
        )
    elif (place := edition.arena(card_id)) is not None:
        deck = Deck("arena", card_id, ctx.size("arena"), (arena.front(ctx, place),), None)
    else:
        raise InputError(
            f"no hockey-player card or {edition.id} arena called '{card_id}' (e.g. duck-4, combo-stadium-2)"
        )
    tr.check()
    document = Document(
        card_id, ", ".join(game.authors), "preview", locale, PrintSettings(PAPERS["a4"])
    )
    return png_pages(render_pod(deck, document).data, dpi=dpi)[0]
