"""Extraliga All-Stars' rules summary and rulebook tables: from the data and the engine, in
German, French and English."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.documents.markdown import to_markdown
from generator.games.extraliga_all_stars.match import goal_chance, match_odds
from generator.services.find import LoadedPack, load_pack
from generator.services.texts import render_text, text_document
from tests.catalog_helpers import english_fragments
from tests.conftest import DATA, copy_game, replace_once
from tests.pdf_helpers import font_names

LOCALES = ("de", "fr", "en")
GAME = "extraliga-all-stars"
LOADED = load_pack(DATA / GAME)


def _markdown(kind: str, locale: str, loaded: LoadedPack = LOADED) -> str:
    return to_markdown(text_document(loaded, kind, "", locale))


def _tables(markdown: str) -> dict[str, list[list[str]]]:
    """Caption -> rows of cells (header first) of every pipe table."""
    found: dict[str, list[list[str]]] = {}
    caption = None
    for line in markdown.splitlines():
        if line.startswith("*") and line.endswith("*"):
            caption = line.strip("*")
            found[caption] = []
        elif line.startswith("|") and caption is not None and not line.startswith("|---"):
            found[caption].append([cell.strip() for cell in line.strip("|").split(" | ")])
    return found


def _percent(chance: Fraction) -> str:
    """A chance as the English tables print it."""
    shown = float(chance)
    if 0 < chance < 1:
        shown = min(max(shown, 0.01), 0.99)
    return f"{round(shown * 100)}%"


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A copy of the pack and the catalogs, to edit."""
    return copy_game(tmp_path, GAME)


def test_the_tables_show_the_data() -> None:
    tables = _tables(_markdown("tables", "en"))
    deck = LOADED.model
    assert deck.season is not None
    assert tables["The season deck"][1:] == [
        [str(players), str(draws), str(opponents)]
        for players, (draws, opponents) in sorted(deck.season.decks.items())
    ]
    assert tables["The lineup-change die"][1:] == [
        ["1", "1"],
        ["2", "2"],
        ["3", "3"],
        ["4", "4"],
        ["5", "none: change as you like"],
        ["6 (stand-in)", "none: change as you like"],  # the rulebook maps five results only
    ]
    opponents = (
        "Virtual opponents: chance to win with your own offence and defence of 3, no bonuses"
    )
    assert tables[opponents][1:] == [
        [o.name, str(o.attack), str(o.defence), _percent(_win(3, 3, o.attack, o.defence))]
        for o in deck.opponents.values()
    ]
    assert tables["Components"][1:] == [
        ["Hockey player card", "110"],
        ["Opponent card", "17"],
        ["Draw card", "5"],
        ["Event card", "20"],
        ["Coach card", "18"],
        ["First player token", "1"],
        ["Team strength token", "30"],
        ["Scoring token", "5"],
        ["Score sheet", "1"],
        ["Die", "12"],
    ]
    assert tables["Points for a match"][1:] == [
        ["Win", "3"],
        ["Win in overtime", "2"],
        ["Loss in overtime", "1"],
        ["Loss", "0"],
    ]


def _win(offence: int, defence: int, other_offence: int, other_defence: int) -> Fraction:
    odds = match_odds(offence, defence, other_offence, other_defence)
    return odds.win + odds.overtime_win


def test_the_odds_tables_come_from_the_engine() -> None:
    tables = _tables(_markdown("tables", "en"))
    goals = tables["Goals needed by defence"]
    assert goals[1:] == [
        [str(d), "6" if d == 6 else f"{max(d, 1)} to 6", _percent(goal_chance(d))] for d in range(7)
    ]
    grid = tables["Chance to win by offence (rows) and the opponent's defence (columns)"]
    assert grid[0] == ["Offence", "1", "2", "3", "4", "5", "6"]
    for row in grid[1:]:
        offence = int(row[0])
        assert row[1:] == [_percent(_win(offence, 3, 3, d)) for d in range(1, 7)]
    # Worked by hand: one die against defence 1 always scores; the other side's three
    # dice against defence 3 score none with (1/3)^3 and one with 3 (2/3) (1/3)^2.
    assert grid[1][1] == "15%"  # 1/27 + (6/27) / 2 = 4/27


def test_a_chance_shows_100_percent_only_when_certain() -> None:
    grid = _tables(_markdown("tables", "en"))[
        "Chance to win by offence (rows) and the opponent's defence (columns)"
    ]
    for row in grid[1:]:
        for defence, cell in enumerate(row[1:], 1):
            certain = _win(int(row[0]), 3, 3, defence) == 1
            assert (cell == "100%") == certain, (row[0], defence, cell)


def test_the_summary_scores_the_rulebooks_example() -> None:
    text = _markdown("summary", "en")
    assert (
        "| Offence | Martin Erat and Václav Prospal | Václav Prospal – Radek Dvořák | 3 |" in text
    )
    assert (
        "| Defence | František Pospíšil, Filip Hronek, and Tuukka Rask | František Pospíšil – "
        "Filip Hronek and František Pospíšil – Tuukka Rask | 5 |"
    ) in text


@pytest.mark.slow
def test_an_edit_of_the_data_changes_the_summary(pack: Path) -> None:
    replace_once(
        pack / "players.yaml",
        "name: Radek Dvořák, position: lw,",
        "name: Radek Dvořák, position: rw,",
    )
    replace_once(pack / "season.yaml", "coaches-each: 3", "coaches-each: 2")
    text = _markdown("summary", "en", load_pack(pack))
    assert "| Offence | Martin Erat, Václav Prospal, and Radek Dvořák | " in text
    assert "Václav Prospal – Radek Dvořák | 4 |" in text
    assert "Deal 2 coach cards to each manager" in text


@pytest.mark.slow
def test_without_the_examples_cards_the_summary_leaves_the_example_out(pack: Path) -> None:
    replace_once(pack / "players.yaml", "id: tuukka-rask,", "id: stand-in-goalie,")
    text = _markdown("summary", "en", load_pack(pack))
    assert "The rulebook's example" not in text
    assert "Goals needed by defence" in text


@pytest.mark.parametrize("locale", ["de", "fr"])
def test_no_english_is_left_in_german_or_french(locale: str) -> None:
    text = _markdown("summary", locale) + _markdown("tables", locale)
    same = {"fr": {"managers"}}.get(locale, set())  # French says "manager" too
    leftovers = [
        f
        for f in english_fragments(locale, GAME)
        if f not in same and re.search(rf"(?<!\w){re.escape(f)}(?!\w)", text)
    ]
    assert leftovers == []


def test_positions_and_bonuses_are_the_languages_own_terms() -> None:
    german, french = _markdown("tables", "de"), _markdown("tables", "fr")
    # German hockey fans read the positions as rosters print them: LW, C, RW, D, G
    assert "| Linker Flügel | LW | Sturmreihe |" in german
    assert "| Torhüter | G | Abwehrreihe |" in german
    assert "| Ailier gauche | AG | Trio d’attaque |" in french
    assert "Neuwurf" in german and "Relance" in french


def test_french_punctuation_uses_narrow_no_break_spaces() -> None:
    text = _markdown("summary", "fr") + _markdown("tables", "fr")
    assert " :" not in text and " ;" not in text and " %" not in text
    assert "\u202f:" in text and "\u00a0%" in text  # Babel's French percent


@pytest.mark.parametrize("locale", LOCALES)
def test_the_pdfs_embed_their_fonts_and_carry_the_numbers(locale: str) -> None:
    from io import BytesIO

    from pypdf import PdfReader

    for kind in ("summary", "tables"):
        document = text_document(LOADED, kind, "", locale)
        pdf = render_text(document, "x", "pdf", "a4")
        fonts = font_names(pdf)
        assert fonts and all("+" in name for name in fonts), fonts
        text = " ".join(
            " ".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages).split()
        )
        opponent = {"de": "Fiktiver Gegner 01", "fr": "Adversaire fictif 01"}
        assert opponent.get(locale, "Stand-in Opponent 01") in text or kind == "summary"
        assert "2 2 2 3 3 2 4 3 0 5 5 0" in text  # the season deck, row by row


@pytest.mark.slow
def test_the_commands_write_each_language(pack: Path, runner: CliRunner) -> None:
    args = ["--data", str(pack), "--out", str(pack.parent.parent / "out")]
    for kind in ("summary", "tables"):
        result = runner.invoke(app, [kind, *args, "--format", "md"])
        assert result.exit_code == 0, result.output
    out = pack.parent.parent / "out" / GAME
    assert sorted(p.parent.name for p in out.glob("*/summary.md")) == ["de", "en", "fr"]
    assert "Regelübersicht" in (out / "de" / "summary.md").read_text(encoding="utf-8")
    booklet = runner.invoke(app, ["summary", *args, "--locale", "fr", "--paper", "a5-booklet"])
    assert booklet.exit_code == 0, booklet.output
    assert (out / "fr" / "summary.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.slow
def test_the_summary_says_which_slots_link(tmp_path: Path) -> None:
    text = _markdown("summary", "en")
    assert "The linked slots are neighbours in the row: LW–C, C–RW, D–D, and D–G." in text
    pack = copy_game(tmp_path, GAME)
    for trio in ("lw, c, rw", "d, d, g"):
        replace_once(
            pack / "trios.yaml",
            f"    slots: [{trio}]\n    links: [[1, 2], [2, 3]]",
            f"    slots: [{trio}]\n    links: [[1, 2], [2, 3], [1, 3]]",
        )
    every = _markdown("summary", "en", load_pack(pack))
    assert "every two players from the same club add 1" in every
    assert "linked slots" not in every
