"""What rests on a value the rulebooks do not give is printed as such, in its language: every
card, board and table row the data marks provisional (the 2020 arenas, board and playoff
points, Extraliga's draw cards and the lineup die's sixth face), and a real player's card
the rulebook shows only in part. A card whose facts are known carries no mark."""

from __future__ import annotations

import pytest

from generator.services.find import LoadedPack, load_pack
from generator.templates.faces import TextOp
from tests.conftest import DATA
from tests.face_helpers import front
from tests.pdf_helpers import text_runs

ALL_STAR_DRAFT = load_pack(DATA / "all-star-draft")
EXTRALIGA = load_pack(DATA / "extraliga-all-stars")
STAND_IN = {"en": "Stand-in card", "de": "Platzhalterkarte", "fr": "Carte provisoire"}
INCOMPLETE = {
    "en": "Incomplete card: club not known, position and figures provisional",
    "de": "Unvollständige Karte: Klub unbekannt, Position und Werte vorläufig",
    "fr": "Carte incomplète\u202f: club inconnu, poste et valeurs provisoires",
}
PARTIAL = {
    "en": "Incomplete card: position and figures provisional",
    "de": "Unvollständige Karte: Position und Werte vorläufig",
    "fr": "Carte incomplète\u202f: poste et valeurs provisoires",
}
LOCALES = ("en", "de", "fr")


def _printed(
    loaded: LoadedPack, component: str, locale: str, edition: str | None = None
) -> dict[str, list[str]]:
    """Each card's texts, by card id."""
    binder, found = front(loaded, component, locale, edition)
    return {
        card.id: [op.text for op in binder.face(card.item) if isinstance(op, TextOp)]
        for card in found.cards
    }


@pytest.mark.parametrize("locale", LOCALES)
def test_every_2020_arena_says_it_is_a_stand_in_and_no_2025_arena_does(locale: str) -> None:
    old = _printed(ALL_STAR_DRAFT, "arena", locale, "2020")
    assert len(old) == 12
    assert all(STAND_IN[locale] in texts for texts in old.values())
    new = _printed(ALL_STAR_DRAFT, "arena", locale, "2025")
    assert not any(STAND_IN[locale] in texts for texts in new.values())


@pytest.mark.parametrize("locale", LOCALES)
def test_the_draw_cards_say_they_are_stand_ins(locale: str) -> None:
    draws = _printed(EXTRALIGA, "draw", locale)
    assert len(draws) == 5 and all(STAND_IN[locale] in texts for texts in draws.values())


@pytest.mark.parametrize("locale", LOCALES)
def test_a_real_player_whose_club_is_not_known_is_an_incomplete_card(locale: str) -> None:
    players = _printed(EXTRALIGA, "hockey-player", locale)
    marked = {card for card, texts in players.items() if INCOMPLETE[locale] in texts}
    assert marked == {"filip-hronek", "tuukka-rask"}
    assert not any(STAND_IN[locale] in players[card] for card in marked)  # real players


@pytest.mark.parametrize("locale", LOCALES)
def test_every_real_player_the_rulebook_shows_in_part_is_an_incomplete_card(locale: str) -> None:
    """The example's players: positions read from the example, figures not given."""
    players = _printed(EXTRALIGA, "hockey-player", locale)
    partial = {card for card, texts in players.items() if PARTIAL[locale] in texts}
    assert partial == {"martin-erat", "vaclav-prospal", "radek-dvorak", "frantisek-pospisil"}
    assert not any(INCOMPLETE[locale] in players[card] for card in partial)
    assert not any(
        mark in players["jaromir-jagr"] for mark in (PARTIAL[locale], INCOMPLETE[locale])
    )


@pytest.mark.parametrize(
    ("locale", "title"),
    [
        ("en", "Playoff Points – stand-in values"),
        ("de", "Playoff-Punkte – vorläufige Werte"),
        ("fr", "Points des Play-Off – valeurs provisoires"),
    ],
)
def test_the_2020_board_says_its_playoff_points_are_stand_ins(locale: str, title: str) -> None:
    """The board, drawn by the plug-in onto a PDF page and read back."""
    from io import BytesIO

    from reportlab.pdfgen.canvas import Canvas

    from generator.printing.geometry import pt
    from generator.printing.pen import Pen
    from generator.printing.text import Where
    from generator.services.render import faces, translator

    box = ALL_STAR_DRAFT.pack.editions["2020"]
    board = next(c for c in box.components if c.id == "scoring-board")
    assert board.front is not None and board.size is not None
    (draw,) = faces(
        ALL_STAR_DRAFT, box, board, board.front, translator(ALL_STAR_DRAFT, locale), False
    )
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(pt(board.size.width), pt(board.size.height)))
    draw(Pen(canvas, Where("scoring-board", locale)))
    canvas.save()
    text = " ".join(" ".join(t for _, _, _, t in text_runs(buffer.getvalue())).split())
    assert title in text
    new = ALL_STAR_DRAFT.pack.editions["2025"]
    assert not any(c.id == "scoring-board" for c in new.components)  # 2025 prints no board
