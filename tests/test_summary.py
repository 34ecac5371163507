"""Rules summaries and rulebook tables: numbers from the data, every language its own."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from generator.cli.app import app
from generator.documents.markdown import to_markdown
from generator.documents.model import TextDocument
from generator.services.find import LoadedPack, load_pack
from generator.services.texts import render_text, text_document
from tests.catalog_helpers import catalog_file, singular
from tests.conftest import DATA, PACK, replace_once
from tests.pdf_helpers import font_names

LOCALES = ("de", "fr", "en")
LOADED = load_pack(DATA / "all-star-draft")
AUTHORS = ", ".join(LOADED.pack.manifest.authors)


def _document(kind: str, edition: str, locale: str, loaded: LoadedPack = LOADED) -> TextDocument:
    return text_document(loaded, kind, edition, locale)


def _markdown(kind: str, edition: str, locale: str, loaded: LoadedPack = LOADED) -> str:
    return to_markdown(_document(kind, edition, locale, loaded))


def _tables(markdown: str) -> dict[str, list[list[str]]]:
    """Caption -> rows of cells (header first) of every pipe table."""
    found: dict[str, list[list[str]]] = {}
    caption = None
    for line in markdown.splitlines():
        if line.startswith("*") and line.endswith("*"):
            caption, found[line.strip("*")] = line.strip("*"), []
        elif line.startswith("|") and caption is not None and not line.startswith("|---"):
            found[caption].append([cell.strip() for cell in line.strip("|").split(" | ")])
    return found


STAND_IN = re.compile(r" \((?:stand-in|Platzhalter|provisoire)\)$")
"""The mark of a row that rests on a provisional value, in each language."""


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("edition", ["2025", "2020"])
def test_table_cells_match_the_data(locale: str, edition: str) -> None:
    """Every arena row and playoff row shows the data; a row that rests on a provisional
    value (the 2020 arenas and playoff points) says so in its first cell, and only such."""
    text = _markdown("summary", edition, locale)
    tables = list(_tables(text).values())
    data = LOADED.model.edition(edition)
    arenas = {a.name: a for a in data.arenas}
    arena_rows = {
        STAND_IN.sub("", row[0]): row
        for table in tables
        for row in table
        if STAND_IN.sub("", row[0]) in arenas
    }
    for arena in data.arenas:
        row = arena_rows[arena.name]
        assert row[1:7] == [str(f) for f in arena.fans], arena.name
        assert bool(STAND_IN.search(row[0])) == arena.provisional, row[0]
    points = next(
        t
        for t in tables
        if len(t) > 1
        and len(t[0]) == LOADED.model.max_players + 1
        and STAND_IN.sub("", t[1][0]) == "2"
    )
    for row in points[1:]:
        players = int(STAND_IN.sub("", row[0]))
        assert row[1 : players + 1] == [str(v) for v in data.playoffs.points[players]]
        assert bool(STAND_IN.search(row[0])) == data.playoffs.provisional
    tickets = next(t for t in tables if len(t) == 2 and t[0][1:] == [str(n) for n in range(2, 7)])
    assert tickets[1][1:] == [str(data.playoffs.tickets[n]) for n in range(2, 7)]


def _english_fragments(locale: str) -> list[str]:
    """Pieces of English source text that a translation replaced (placeholders cut out)."""
    fragments = []
    for domain in ("draftdeck", "all-star-draft"):
        with catalog_file(locale, domain).open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            source, target = singular(message.id), singular(message.string)
            if not source or source == target or message.context == "arenas":
                continue
            fragments += [
                piece.strip() for piece in re.split(r"\{[^}]*\}", source) if len(piece.strip()) >= 6
            ]
    return fragments


@pytest.mark.parametrize("locale", ["de", "fr"])
def test_no_english_is_left_in_german_or_french(locale: str) -> None:
    text = _markdown("summary", "2025", locale) + _markdown("tables", "2025", locale)
    leftovers = [
        f for f in _english_fragments(locale) if re.search(rf"(?<!\w){re.escape(f)}(?!\w)", text)
    ]
    assert leftovers == []


def test_french_punctuation_uses_narrow_no_break_spaces() -> None:
    text = _markdown("summary", "2025", "fr")
    assert " :" not in text and " ;" not in text
    assert "\u202f:" in text


def test_editions_state_their_own_rules() -> None:
    new = _markdown("summary", "2025", "en")
    old = _markdown("summary", "2020", "en")
    assert "must give up a ticket and has none left is eliminated" in new
    assert "gives up their last ticket is eliminated at once" in old
    assert "Free Agency" in new and "Free Agency" not in old


def test_each_edition_speaks_its_own_rulebooks_words() -> None:
    """The 2020 German rulebook says Hockeyspieler, Reservebank, Reisemarker and Regular
    Season where the 2025 one says Eishockeyspieler, Bank, Busmarker and reguläre Saison (the
    rulebook tables that follow name the components, which both editions share)."""
    new = _markdown("summary", "2025", "de").split("## Tabellen aus der Spielanleitung")[0]
    old = _markdown("summary", "2020", "de").split("## Tabellen aus der Spielanleitung")[0]
    for word in ("Hockeyspieler", "Reservebank", "Reisemarker", "Regular Season"):
        assert re.search(rf"(?<!\w){word}", old), word
        assert not re.search(rf"(?<!\w){word}", new), word
    for word in ("Eishockeyspieler", "Bank", "Busmarker", "reguläre Saison", "Reguläre Saison"):
        assert re.search(rf"(?<!\w){word}(?!\w)", new), word
        assert not re.search(rf"(?<!\w){word}(?!\w)", old), word


@pytest.mark.slow
def test_a_fan_value_changes_the_table_and_the_sentence(project: Path) -> None:
    before = _markdown("summary", "2025", "en", load_pack(Path(PACK)))
    assert "tied in full for place 2 and both score the 10 fans of that place" in before
    replace_once(
        Path(PACK) / "editions/2025/arenas.yaml",
        "fans: [13, 10, 7, 5, 3, 1]",
        "fans: [13, 11, 7, 5, 3, 1]",
    )
    after = _markdown("summary", "2025", "en", load_pack(Path(PACK)))
    assert "| Stadium Fall 3 | 13 | 11 | 7 | 5 | 3 | 1 | – |" in after
    assert "tied in full for place 2 and both score the 11 fans of that place" in after


@pytest.mark.slow
def test_summary_and_tables_commands_write_each_language(project: Path, runner: CliRunner) -> None:
    args = ["--data", "data", "--out", "out"]
    result = runner.invoke(app, ["summary", *args, "--edition", "2025", "--format", "md"])
    assert result.exit_code == 0, result.output
    assert sorted(p.parent.name for p in Path("out/all-star-draft/2025").glob("*/summary.md")) == [
        "de",
        "en",
        "fr",
    ]
    booklet = runner.invoke(app, ["summary", *args, "--locale", "fr", "--paper", "a5-booklet"])
    assert booklet.exit_code == 0, booklet.output
    assert Path("out/all-star-draft/2025/fr/summary.pdf").read_bytes().startswith(b"%PDF")
    result = runner.invoke(app, ["tables", *args, "--locale", "de", "--format", "md"])
    assert result.exit_code == 0
    assert "Playoff-Punkte nach Endplatzierung" in Path(
        "out/all-star-draft/2020/de/tables.md"
    ).read_text(encoding="utf-8")
    assert runner.invoke(app, ["summary", *args, "--locale", "it"]).exit_code == 2


def _killed(state: object, key: tuple[str, str]) -> bytes:
    os.kill(os.getpid(), signal.SIGKILL)
    return b""


@pytest.mark.slow
def test_a_killed_render_process_is_a_message_and_writes_nothing(
    project: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    import generator.cli.summary_commands

    monkeypatch.setattr(generator.cli.summary_commands, "_render_one", _killed)
    result = runner.invoke(app, ["summary", "--data", "data", "--out", "out", "--edition", "2025"])
    assert result.exit_code == 1
    assert "error: a worker process ended early" in result.output
    assert "Traceback" not in result.output
    assert not Path("out").exists()


def _pdf_text(data: bytes) -> str:
    from io import BytesIO

    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(data)).pages)


@pytest.mark.parametrize("locale", LOCALES)
def test_pdf_summary_carries_the_numbers_in_each_language(locale: str) -> None:
    document = _document("summary", "2025", locale)
    text = _pdf_text(render_text(document, AUTHORS, "pdf", "a4"))
    names = {"de": "Karibu", "fr": "Caribou", "en": "Caribou"}
    assert names[locale] in text
    assert "Stadium Fall 3" in text
    for row in ("22 20 17 15 13 11", "50 41 32 23 15 7"):
        assert row in " ".join(text.split())


def test_summary_and_tables_use_only_embedded_font_subsets() -> None:
    documents = [_document("summary", "2025", "fr"), _document("tables", "2025", "fr")]
    for document in documents:
        fonts = font_names(render_text(document, AUTHORS, "pdf", "a4"))
        assert fonts and all("+" in name for name in fonts), fonts  # no Helvetica bullets


def test_a5_booklet_is_imposed_in_folding_order() -> None:
    from io import BytesIO

    from pypdf import PdfReader

    from generator.documents.pdf import booklet, to_pdf

    document = _document("summary", "2025", "en")
    a5, pages = to_pdf(document, "x", "a5")
    sheets, sides = booklet(a5)
    reader = PdfReader(BytesIO(sheets))
    assert len(reader.pages) == sides == -(-pages // 4) * 2
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert (round(width), round(height)) == (842, 595)  # A4 landscape
    first = reader.pages[0].extract_text()
    assert (
        first.strip().endswith("1") or "All-Star Draft" in first
    )  # the cover (page 1) is on the first side


def test_the_rulebook_month_is_formatted_per_language() -> None:
    expected = {
        "de": "Spielanleitung vom Juni 2025",
        "fr": "livret de règles paru en juin 2025",
        "en": "rulebook of June 2025",
    }
    for locale, words in expected.items():
        assert words in _markdown("summary", "2025", locale)
