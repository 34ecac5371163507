"""Disaster Draft's rules summary: every number from the data, the win as the data reads it,
in German, French and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.documents.markdown import to_markdown
from generator.services.find import LoadedPack, load_pack
from generator.services.texts import render_text, text_document
from tests.catalog_helpers import english_fragments
from tests.conftest import DATA, copy_game, replace_once
from tests.pdf_helpers import font_names

GAME = "disaster-draft"
LOADED = load_pack(DATA / GAME)


def _markdown(locale: str, loaded: LoadedPack = LOADED) -> str:
    return to_markdown(text_document(loaded, "summary", "", locale))


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A copy of the pack and the catalogs, to edit."""
    return copy_game(tmp_path, GAME)


def test_the_summary_shows_the_data() -> None:
    text = _markdown("en")
    assert "reach 3 victory points" in text
    assert "Shuffle the 48 units and turn up 5 for each player" in text
    assert "refills their hand to 5, and everyone with more than 10 discards down to 10" in text
    assert "| 1 | 2 |\n| 2 | 1 |\n| 3 | 0 |" in text  # the draws after the reveal
    assert "| C | Creature | 10 |" in text and "| S | Support | 9 |" in text
    assert "| Unit card | 48 |" in text and "| Reference card | 4 |" in text
    assert "plus the total of each opponent, taken one at a time" in text  # strongest-opponent
    assert "takes the reward into their hand, even if it died in the battle" in text  # D5
    assert "until as many units have been sent to the graveyard as there are players" in text
    assert "One player may lose several units, another none." in text  # the chain's count
    assert "For 2 to 4 players." in text
    assert "it is the reward. Its own effect does not act." in text
    assert "a card onto your victory pile; each card there is one victory point" in text
    assert "> The deck printed here is a provisional one of 48 stand-in units" in text


def test_an_edit_of_the_data_changes_the_summary(pack: Path) -> None:
    replace_once(pack / "battle.yaml", "victory-points: 3", "victory-points: 5")
    replace_once(pack / "battle.yaml", "refill-to: 5", "refill-to: 6")
    replace_once(pack / "battle.yaml", "{units: 1, draw: 2}", "{units: 1, draw: 3}")
    replace_once(
        pack / "battle.yaml", "win-condition: strongest-opponent", "win-condition: weakest-opponent"
    )
    replace_once(pack / "battle.yaml", "chain-counts: chosen", "chain-counts: all-dead")
    replace_once(pack / "battle.yaml", "dead-reward: winner", "dead-reward: graveyard")
    replace_once(
        pack / "units.yaml",
        "{id: tinker, name: Tinker, type: s,",
        "{id: tinker, name: Tinker, type: a,",
    )
    text = _markdown("en", load_pack(pack))
    assert "reach 5 victory points" in text
    assert "refills their hand to 6" in text
    assert "| 1 | 3 |" in text
    assert "if two of them tie for highest, nobody wins" in text
    assert "taken one at a time" not in text
    assert "a reward that died in the battle stays in the graveyard" in text
    assert "those the effects killed included" in text
    assert "| A | Archer | 10 |" in text and "| S | Support | 8 |" in text


def test_the_example_cards_show_the_vocabulary() -> None:
    text = _markdown("en")
    names = re.search(r"Three cards of the deck: (.*)\*", text)
    assert names is not None
    # the first unit with an army condition, with a type filter (not a creature again), that kills
    assert names.group(1) == "Dune Crawler, Gate Warden, and Grave Caller"


@pytest.mark.parametrize("locale", ["de", "fr"])
def test_no_english_is_left_in_german_or_french(locale: str) -> None:
    text = _markdown(locale)
    leftovers = [
        f
        for f in english_fragments(locale, GAME)
        if re.search(rf"(?<!\w){re.escape(f)}(?!\w)", text)
    ]
    assert leftovers == []


def test_each_language_uses_its_own_terms() -> None:
    german, french = _markdown("de"), _markdown("fr")
    assert "Verbündete: die anderen Einheiten" in german
    assert "| C | Kreatur | 10 |" in german
    assert "Ennemis\u202f: toutes les unités" in french
    assert "Drei Karten des Decks: Dünenkriecher, Torwächter und Grabrufer" in german
    assert "Trois cartes de la pioche\u202f: Rampant des dunes, Gardien de la porte et " in french
    assert " :" not in french and " ;" not in french


@pytest.mark.parametrize("locale", ["de", "fr", "en"])
def test_the_pdf_embeds_its_fonts_and_draws_the_example_cards(locale: str) -> None:
    from io import BytesIO

    from pypdf import PdfReader

    pdf = render_text(text_document(LOADED, "summary", "", locale), "x", "pdf", "a4")
    fonts = font_names(pdf)
    assert fonts and all("+" in name for name in fonts), fonts
    text = " ".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    name = {"de": "Grabrufer", "fr": "Invocateur des", "en": "Grave Caller"}[locale]
    assert name in text  # drawn on its card face (French wraps the name), not only named


@pytest.mark.slow
def test_the_command_writes_each_language(pack: Path, runner: CliRunner) -> None:
    out = pack.parent.parent / "out"
    result = runner.invoke(app, ["summary", "--data", str(pack), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.parent.name for p in (out / GAME).glob("*/summary.pdf")) == ["de", "en", "fr"]
    tables = runner.invoke(app, ["tables", "--data", str(pack), "--out", str(out)])
    assert tables.exit_code == 0, tables.output
    assert sorted(p.parent.name for p in (out / GAME).glob("*/tables.pdf")) == ["de", "en", "fr"]
