"""Catalogs: extracted by Babel through the project's extractor, complete, and well-formed."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from generator.core.paths import LOCALES_DIR
from generator.i18n.catalogs import CatalogError, compile_catalog, read_translations
from generator.i18n.workflow import data_template, interface_template
from tests.catalog_helpers import catalog_file
from tests.conftest import DATA

GAMES = ["all-star-draft", "extraliga-all-stars", "disaster-draft"]
LOCALES = ["de", "fr", "en"]
PO_FILES = sorted([*LOCALES_DIR.rglob("*.po"), *DATA.rglob("*.po")])


def _catalog(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def _keys(catalog: Catalog) -> set[tuple[str, str]]:
    return {(m.context or "", m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def test_extractor_finds_every_data_name() -> None:
    extracted = _keys(data_template(DATA / "all-star-draft"))
    assert ("species", "Bear") in extracted
    assert ("symbols", "Goal") in extracted
    assert ("arenas", "Combo Stadium 1") in extracted
    assert ("modes", "Free Agency") in extracted
    assert ("words", "travel markers") in extracted  # the 2020 edition's word
    assert ("words", "Regular Season") in extracted  # the 2020 edition's, beside 2025's
    assert ("specials", "A run of five consecutive numbers beats five of a kind.") in extracted
    assert ("layouts", "Fan Zone") in extracted
    assert ("layouts", "Hockey drafting game · {edition.name|tr}") in extracted
    assert ("layouts", "{number|number}") not in extracted  # nothing of its own to translate
    assert ("documents", "Playoff points by final place") in extracted  # the summary's
    assert len(extracted) == 171  # ten of them the editions' own words, 85 the documents'


def test_babel_extracts_the_same_through_the_registered_extractor() -> None:
    # pybabel extract -F babel.cfg finds the data strings through our entry point.
    method_map = [("**.yaml", "draftdeck-data")]
    found = {
        (context or "", message if isinstance(message, str) else message[0])  # plural: singular
        for _, _, message, _, context in extract_from_dir(
            str(DATA / "all-star-draft"), method_map=method_map
        )
    }
    assert found == _keys(data_template(DATA / "all-star-draft"))


@pytest.mark.parametrize("game", GAMES)
def test_each_pack_carries_a_template_up_to_date_with_its_data(game: str) -> None:
    template = _catalog(DATA / game / "locales" / f"{game}.pot")
    assert _keys(template) == _keys(data_template(DATA / game)), (
        f"run: draftdeck i18n extract --game {game}"
    )


@pytest.mark.parametrize("domain", [*GAMES, "draftdeck"])
@pytest.mark.parametrize("locale", LOCALES)
def test_catalog_translates_the_whole_template(locale: str, domain: str) -> None:
    path = catalog_file(locale, domain)
    assert set(read_translations(path)) == _keys(
        _catalog(path.parent.parent.parent / f"{domain}.pot")
    )


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_babel_checkers_find_nothing(path: Path) -> None:
    problems = [(m.id, [str(e) for e in errors]) for m, errors in _catalog(path).check()]
    assert problems == []


def test_german_and_french_use_the_official_terms() -> None:
    de = read_translations(catalog_file("de", "all-star-draft"))
    fr = read_translations(catalog_file("fr", "all-star-draft"))
    assert de[("modes", "Free Agency")] == "Freier Markt"
    assert fr[("modes", "Clash")] == "Duel"
    assert de[("specials", "Run")] == "Zahlenfolge"
    assert fr[("specials", "Three-of-a-Kind + a Pair")] == "Brelan + paire"
    assert de[("species", "Bear")] == "Bär"  # the official 2025 term (game facts)
    assert de[("species", "Caribou")] == "Karibu"
    assert fr[("symbols", "Puck")] == "Palet"


def test_compiled_catalog_leaves_out_fuzzy_and_unfinished_entries(tmp_path: Path) -> None:
    catalog = Catalog(locale="fr")
    catalog.add("Plain", "Simple")
    catalog.add("Fuzzy", "Flou", flags=["fuzzy"])
    catalog.add(("bus", "buses"), ("bus", ""))
    catalog.add(("ticket", "tickets"), ("ticket", "tickets"), context="ctx")
    path = tmp_path / "fr.po"
    with path.open("wb") as handle:
        write_po(handle, catalog)
    ours, finished = compile_catalog(path, "fr")
    assert set(finished) == {("", "Plain"), ("ctx", "ticket")}
    assert ours.gettext("Plain") == "Simple"
    assert ours.gettext("Fuzzy") == "Fuzzy"
    assert ours.ngettext("bus", "buses", 2) == "buses"
    assert ours.npgettext("ctx", "ticket", "tickets", 0) == "ticket"  # French: 0 is singular
    assert ours.npgettext("ctx", "ticket", "tickets", 2) == "tickets"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('msgid "a"\nmsgstr "b"\n\ngarbage here\n', 4),
        ('msgid "a"\nmsgstr "Eisb\u00e4r\n', 2),  # Babel alone would read "Eisbä"
        ('msgid "a"\nmsgstr ""\n"one" "two"\n', 3),
    ],
)
def test_a_malformed_catalog_is_refused_with_its_line(tmp_path: Path, text: str, line: int) -> None:
    path = tmp_path / "bad.po"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError, match=rf"bad\.po:{line}: expected a quoted string"):
        read_translations(path)


def test_a_catalog_that_is_not_utf8_is_refused_at_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "bad.po"
    path.write_bytes('msgid "a"\nmsgstr "b"\nmsgid "c"\nmsgstr "\u00e9t\u00e9"\n'.encode("latin-1"))
    with pytest.raises(CatalogError, match=r"bad\.po:4: byte 0xE9 is not valid UTF-8"):
        read_translations(path)


@pytest.mark.slow
def test_ui_template_is_up_to_date_with_the_code() -> None:
    template = _keys(_catalog(LOCALES_DIR / "draftdeck.pot"))
    assert template == _keys(interface_template()), "run: make catalogs"
