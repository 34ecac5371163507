"""Catalogs: extracted by Babel through the project's extractor, complete, and well-formed."""

from __future__ import annotations

import gettext
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from generator.i18n.po_reader import PoSyntaxError, compile_finished, read_finished
from generator.paths import LOCALES_DIR, PROJECT_ROOT
from tests.catalog_helpers import forms, singular

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
    assert len(extracted) == 64


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
    assert set(read_finished(path)) == template


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: p.parent.parent.name)
def test_babel_checkers_find_nothing(path: Path) -> None:
    problems = [(m.id, [str(e) for e in errors]) for m, errors in _catalog(path).check()]
    assert problems == []


def test_german_and_french_use_the_official_terms() -> None:
    de = read_finished(LOCALES_DIR / "de/LC_MESSAGES/all-star-draft.po")
    fr = read_finished(LOCALES_DIR / "fr/LC_MESSAGES/all-star-draft.po")
    assert de[("modes", "Free Agency")] == "Freier Markt"
    assert fr[("modes", "Clash")] == "Duel"
    assert de[("specials", "Run")] == "Zahlenfolge"
    assert fr[("specials", "Three-of-a-Kind + a Pair")] == "Brelan + paire"
    assert de[("species", "Polar Bear")] == "Eisbär"
    assert fr[("symbols", "Puck")] == "Palet"


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: p.parent.parent.name)
def test_po_reader_agrees_with_babel(path: Path) -> None:
    babel = {}
    for m in _catalog(path):
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.id and not m.fuzzy and all(strings):
            babel[(m.context or "", m.id if isinstance(m.id, str) else m.id[0])] = strings[0]
    assert read_finished(path) == babel


def test_po_reader_agrees_with_babel_on_tricky_entries(tmp_path: Path) -> None:
    catalog = Catalog(locale="fr")
    catalog.add("Plain", "Simple")
    catalog.add('Quote "here"', "Guillemets « ici »", context="ctx")
    catalog.add(
        "Two\nlines that are long enough to be wrapped by the writer " * 2, "Deux\nlignes " * 3
    )
    catalog.add("Fuzzy", "Flou", flags=["fuzzy"])
    catalog.add("Untranslated", "")
    catalog.add(("ticket", "tickets"), ("ticket", "tickets"))
    catalog.add(("bus", "buses"), ("bus", ""))
    catalog.obsolete["Gone"] = catalog["Plain"]
    path = tmp_path / "tricky.po"
    with path.open("wb") as handle:
        write_po(handle, catalog, width=40)
    with path.open("rb") as handle:
        parsed = read_po(handle)
    babel = {
        (m.context or "", singular(m.id)): singular(m.string)
        for m in parsed
        if m.id and not m.fuzzy and all(forms(m.string))
    }
    assert read_finished(path) == babel
    assert ("", "Fuzzy") not in babel and ("", "Gone") not in babel


def _babel_translations(path: Path) -> gettext.GNUTranslations:
    """The reference: Babel reads the catalog and writes the .mo, finished entries only."""
    catalog = _catalog(path)
    for message in list(catalog)[1:]:
        if not all(s.strip() for s in forms(message.string)):
            catalog.delete(message.id, message.context)
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_compiled_catalog_translates_like_babels(path: Path) -> None:
    ours, finished = compile_finished(path)
    reference = _babel_translations(path)
    assert finished == set(read_finished(path))
    assert ours.info()["plural-forms"] == reference.info()["plural-forms"]
    checked = 0
    for message in _catalog(path):
        if not message.id:
            continue
        context = message.context
        if isinstance(message.id, tuple):
            one, many = message.id
            for n in range(8):
                if context:
                    pair = (
                        ours.npgettext(context, one, many, n),
                        reference.npgettext(context, one, many, n),
                    )
                else:
                    pair = (
                        ours.ngettext(one, many, n),
                        reference.ngettext(one, many, n),
                    )
                assert pair[0] == pair[1], (message.id, n)
        elif context:
            msgid = singular(message.id)
            assert ours.pgettext(context, msgid) == reference.pgettext(context, msgid)
        else:
            assert ours.gettext(singular(message.id)) == reference.gettext(singular(message.id))
        checked += 1
    assert checked >= 10


def test_compiled_catalog_leaves_out_fuzzy_and_unfinished_entries(tmp_path: Path) -> None:
    catalog = Catalog(locale="fr")
    catalog.add("Plain", "Simple")
    catalog.add("Fuzzy", "Flou", flags=["fuzzy"])
    catalog.add(("bus", "buses"), ("bus", ""))
    catalog.add(("ticket", "tickets"), ("ticket", "tickets"), context="ctx")
    path = tmp_path / "fr.po"
    with path.open("wb") as handle:
        write_po(handle, catalog)
    ours, finished = compile_finished(path)
    assert finished == {("", "Plain"), ("ctx", "ticket")}
    assert ours.gettext("Plain") == "Simple"
    assert ours.gettext("Fuzzy") == "Fuzzy"
    assert ours.ngettext("bus", "buses", 2) == "buses"
    assert ours.npgettext("ctx", "ticket", "tickets", 0) == "ticket"  # French: 0 is singular
    assert ours.npgettext("ctx", "ticket", "tickets", 2) == "tickets"


def test_po_reader_rejects_garbage(tmp_path: Path) -> None:
    path = tmp_path / "bad.po"
    path.write_text('msgid "a"\nmsgstr "b\n', encoding="utf-8")
    with pytest.raises(PoSyntaxError, match=r"bad\.po:2: expected a quoted string"):
        read_finished(path)


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
