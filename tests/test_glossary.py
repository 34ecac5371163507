"""Glossaries: one term per concept in each language, on cards, reference cards, tables and
summaries; checked by `draftdeck i18n check`, written into the catalogs for translators."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from generator.cli.app import app
from generator.core.paths import LOCALES_DIR
from generator.i18n.catalogs import catalog_path
from generator.i18n.glossary import Glossary, Term, load_glossary
from generator.loading import strict_yaml
from tests.conftest import DATA, PROJECT_ROOT, copy_game, replace_once

GAMES = {
    "all-star-draft": "generator/games/all_star_draft/",
    "disaster-draft": "generator/games/disaster_draft/",
    "extraliga-all-stars": "generator/games/extraliga_all_stars/",
}
"""Each game and the code of its plug-in (whose interface strings its summary uses)."""


def _text(value: str | Sequence[str] | None) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value or ())


def _entries(path: Path, where: str | None = None) -> list[tuple[str | None, str, str]]:
    """(context, English, translation) of each finished entry of a catalog; with `where`,
    only those whose every use is in that folder of draftdeck's code."""
    with path.open("rb") as file:
        catalog = read_po(file)
    out = []
    for message in catalog:
        if not message.id or (where and not all(w.startswith(where) for w, _ in message.locations)):
            continue
        source = " ".join(_text(message.id))
        out += [(message.context, source, string) for string in _text(message.string) if string]
    return out


@pytest.mark.parametrize("locale", ["de", "fr"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_cards_tables_and_summaries_use_the_glossarys_terms(game: str, locale: str) -> None:
    glossary = load_glossary(DATA / game)
    assert len(glossary.terms) >= 10
    """Cards, labels and tables say each term with its word; the documents' prose (the
    summary's sentences) and the plug-in's own strings may say a sentence without it, but
    never with a word the glossary rules out."""
    entries = _entries(catalog_path(DATA / game / "locales", locale, game))
    assert any(context == "documents" for context, _, _ in entries), "no document texts"
    strays = [
        (s, p)
        for context, s, t in entries
        for p in glossary.problems(s, t, locale, strict=context != "documents")
    ]
    plugin = _entries(catalog_path(LOCALES_DIR, locale, "draftdeck"), GAMES[game])
    strays += [(s, p) for _, s, t in plugin for p in glossary.problems(s, t, locale, strict=False)]
    assert strays == []


PENALTY = Term(("penalty", "penalties", "penalty box"), {"de": ("Straf",)}, {"de": ("Bestrafung",)})
FAN = Term(("fan", "fans"), {"fr": ("Supporter",)}, {})
FAN_ZONE = Term(("fan zone",), {"fr": ("Fan Zone",)}, {})
CARIBOU = Term(("caribou",), {"fr": ("Caribou",)}, {"fr": ("Renne",)})


def test_a_term_must_be_said_with_its_word_and_never_with_one_ruled_out() -> None:
    glossary = Glossary((PENALTY, CARIBOU))
    assert glossary.problems("Penalty", "Strafe", "de") == []
    assert glossary.problems("to the penalty box", "auf die Strafbank", "de") == []
    assert glossary.problems("Penalty", "Sanktion", "de") == [
        "'penalty' is 'Straf' in the glossary, not used here"
    ]
    assert glossary.problems("Penalty", "Bestrafung", "de") == [
        "uses 'Bestrafung', which the glossary rules out for 'penalty'"
    ]
    # words to avoid are found where a word starts: "prennent" holds no "Renne"
    assert glossary.problems("they take their places", "ils prennent place", "fr") == []
    assert glossary.problems("A caribou", "Un Renne", "fr") == [
        "'caribou' is 'Caribou' in the glossary, not used here",
        "uses 'Renne', which the glossary rules out for 'caribou'",
    ]
    # prose is held to the words ruled out only
    assert glossary.problems("Penalty", "Sanktion", "de", strict=False) == []


def test_the_longest_words_are_matched_first_and_placeholders_are_not_words() -> None:
    glossary = Glossary((FAN, FAN_ZONE))
    assert glossary.found_in("Fan Zone card") == [FAN_ZONE]
    assert glossary.found_in("Fans in the fan zone") == [FAN_ZONE, FAN]
    assert glossary.found_in("{fans} points") == []
    assert glossary.problems("Fan Zone", "Fan Zone", "fr") == []


def test_i18n_check_names_the_catalog_line_of_a_translation_that_strays(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = copy_game(tmp_path, "extraliga-all-stars")
    monkeypatch.chdir(tmp_path)
    german = catalog_path(pack / "locales", "de", "extraliga-all-stars")
    replace_once(
        german,
        'msgctxt "events"\nmsgid "Injury"\nmsgstr "Verletzung"',
        'msgctxt "events"\nmsgid "Injury"\nmsgstr "Entfernen"',
    )
    result = runner.invoke(app, ["i18n", "check", "--no-render"])
    assert result.exit_code == 1
    lines = german.read_text(encoding="utf-8").splitlines()
    line = lines.index('msgstr "Entfernen"')  # the msgid's line, 1-based
    where = f"error: data/extraliga-all-stars/locales/de/LC_MESSAGES/extraliga-all-stars.po:{line}"
    assert (
        f"{where}: 'Injury': 'injury' is 'Verletzung' in the glossary, not used here"
    ) in result.output
    assert f"{where}: 'Injury': uses 'Entfernen', which the glossary rules out" in result.output


def test_a_glossary_that_breaks_its_schema_is_located(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = copy_game(tmp_path, "disaster-draft")
    monkeypatch.chdir(tmp_path)
    replace_once(pack / "glossary.yaml", "  - en: [strength]\n", "  - en: strength\n")
    located = "data/disaster-draft/glossary.yaml:11:5: error: 'en' must be a list, got text 'strength' (at /terms/1/en)"
    before = (pack / "locales" / "disaster-draft.pot").read_bytes()
    for command in (["validate"], ["i18n", "check", "--no-render"], ["i18n", "extract"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1, command  # not a check that quietly skips the glossary
        assert located in result.output and "Traceback" not in result.output, command
    assert (pack / "locales" / "disaster-draft.pot").read_bytes() == before


def test_a_glossary_that_leads_out_of_the_pack_is_refused(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = copy_game(tmp_path, "disaster-draft")
    monkeypatch.chdir(tmp_path)
    outside = tmp_path / "elsewhere.yaml"
    (pack / "glossary.yaml").rename(outside)
    (pack / "glossary.yaml").symlink_to(outside)
    result = runner.invoke(app, ["i18n", "check", "--no-render"])
    assert result.exit_code == 1
    assert "data/disaster-draft/glossary.yaml: error: the file is a link that leads out" in (
        result.output
    )


def test_the_catalogs_tell_translators_the_terms_an_entry_uses() -> None:
    pot = DATA / "extraliga-all-stars" / "locales" / "extraliga-all-stars.pot"
    with pot.open("rb") as file:
        catalog = read_po(file)
    injury = catalog.get("Injury", "events")
    assert injury is not None
    assert "glossary: injury = de Verletzung; fr blessure" in injury.auto_comments


def test_the_docs_list_every_term_of_every_glossary() -> None:
    docs = (PROJECT_ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    for game in GAMES:
        path = DATA / game / "glossary.yaml"
        document, problems = strict_yaml.load_file(path, str(path))
        assert document is not None, problems
        for term in document.value["terms"]:
            row = f"| {', '.join(term['en'])} | {', '.join(term.get('de', []))} | "
            assert row + ", ".join(term.get("fr", [])) + " |" in docs, term["en"]
