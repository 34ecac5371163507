"""Catalogs: extracted by Babel through the project's extractor, complete, and well-formed."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from generator.i18n.catalogs import CatalogError, compile_catalog, read_translations
from generator.paths import LOCALES_DIR, PROJECT_ROOT

DOMAIN = "all-star-draft"
LOCALES = ["de", "fr", "en"]
PO_FILES = sorted(LOCALES_DIR.rglob("*.po"))


def _extracted() -> set[tuple[str, str]]:
    """What Babel extracts from data/ with the babel.cfg mapping, through our entry point."""
    found = set()
    method_map = [("data/all-star-draft/**.yaml", "draftdeck-data")]
    for _, _, message, _, context in extract_from_dir(str(PROJECT_ROOT), method_map=method_map):
        assert isinstance(message, str)
        found.add((context or "", message))
    return found


def _catalog(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def test_extractor_finds_every_data_name() -> None:
    extracted = _extracted()
    assert ("species", "Polar Bear") in extracted
    assert ("symbols", "Goal") in extracted
    assert ("arenas", "Combo Stadium 1") in extracted
    assert ("modes", "Free Agency") in extracted
    assert ("specials", "A run of five consecutive numbers beats five of a kind.") in extracted
    assert ("layouts", "Fan Zone") in extracted
    assert ("layouts", "Hockey drafting game · {edition.name|tr}") in extracted
    assert ("layouts", "{number|number}") not in extracted  # nothing of its own to translate
    assert len(extracted) == 76


def test_template_is_up_to_date_with_the_data() -> None:
    template = {(m.context or "", m.id) for m in _catalog(LOCALES_DIR / f"{DOMAIN}.pot") if m.id}
    assert template == _extracted(), (
        "run: pybabel extract -F babel.cfg -o locales/all-star-draft.pot ."
    )


@pytest.mark.parametrize("domain", [DOMAIN, "draftdeck"])
@pytest.mark.parametrize("locale", LOCALES)
def test_catalog_translates_the_whole_template(locale: str, domain: str) -> None:
    template = {
        (m.context or "", m.id if isinstance(m.id, str) else m.id[0])
        for m in _catalog(LOCALES_DIR / f"{domain}.pot")
        if m.id
    }
    path = LOCALES_DIR / locale / "LC_MESSAGES" / f"{domain}.po"
    assert set(read_translations(path)) == template


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: p.parent.parent.name)
def test_babel_checkers_find_nothing(path: Path) -> None:
    problems = [(m.id, [str(e) for e in errors]) for m, errors in _catalog(path).check()]
    assert problems == []


def test_german_and_french_use_the_official_terms() -> None:
    de = read_translations(LOCALES_DIR / "de/LC_MESSAGES/all-star-draft.po")
    fr = read_translations(LOCALES_DIR / "fr/LC_MESSAGES/all-star-draft.po")
    assert de[("modes", "Free Agency")] == "Freier Markt"
    assert fr[("modes", "Clash")] == "Duel"
    assert de[("specials", "Run")] == "Zahlenfolge"
    assert fr[("specials", "Three-of-a-Kind + a Pair")] == "Brelan + paire"
    assert de[("species", "Polar Bear")] == "Eisbär"
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


def test_ui_template_is_up_to_date_with_the_code() -> None:
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    keywords = {**DEFAULT_KEYWORDS, "N_": None, "NP_": (1, 2)}
    found = set()
    for _, _, message, _, context in extract_from_dir(
        str(PROJECT_ROOT / "generator"), method_map=[("**.py", "python")], keywords=keywords
    ):
        found.add((context or "", message if isinstance(message, str) else message[0]))
    template = {
        (m.context or "", m.id if isinstance(m.id, str) else m.id[0])
        for m in _catalog(LOCALES_DIR / "draftdeck.pot")
        if m.id
    }
    assert template == found, (
        "run: pybabel extract -F babel-ui.cfg -k N_ -k NP_:1,2 -o locales/draftdeck.pot ."
    )
