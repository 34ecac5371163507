"""Stand-in cards look provisional: their invented names are translated like other data texts,
real people's names never are, and each stand-in card carries a mark in its language."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from generator.loading.manifest import is_translated, translated_keys
from generator.services.find import LoadedPack, load_pack
from generator.services.starter import write_starter
from generator.services.validate import validate_pack
from generator.templates.faces import TextOp
from tests.conftest import DATA, replace_once
from tests.face_helpers import front


@cache
def _loaded(game: str) -> LoadedPack:
    return load_pack(DATA / game)


def _face(game: str, component: str, card_id: str, locale: str) -> dict[str, str]:
    """What each element of a card's front prints, by element name (drawn elements only)."""
    binder, found = front(_loaded(game), component, locale)
    (card,) = (c for c in found.cards if c.id == card_id)
    return {
        element.name: " ".join(op.text for op in ops if isinstance(op, TextOp))
        for element, ops in binder.parts(card.item)
        if any(isinstance(op, TextOp) for op in ops)
    }


MARK = {"de": "Platzhalterkarte", "fr": "Carte provisoire", "en": "Stand-in card"}


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["de", "fr", "en"])
def test_a_stand_in_player_has_a_translated_name_and_the_mark(locale: str) -> None:
    face = _face("extraliga-all-stars", "hockey-player", "stand-in-001", locale)
    name = {"de": "Fiktiver Spieler 001", "fr": "Joueur fictif 001", "en": "Stand-in Player 001"}
    assert face["name"] == name[locale]
    assert face["stand-in-mark"] == MARK[locale]


@pytest.mark.parametrize("locale", ["de", "fr"])
def test_a_real_player_keeps_his_name_and_shows_nothing_the_rulebook_does_not_print(
    locale: str,
) -> None:
    erat = _face("extraliga-all-stars", "hockey-player", "martin-erat", locale)
    assert erat["name"] == "Martin Erat" and erat["club"] == "Kometa Brno"
    assert "stand-in-mark" not in erat
    assert "seasons" not in erat and "titles" not in erat  # the rulebook prints neither
    hronek = _face("extraliga-all-stars", "hockey-player", "filip-hronek", locale)
    assert "club" not in hronek  # his club is not given
    assert not any("?" in text for text in (*erat.values(), *hronek.values()))


@pytest.mark.parametrize(
    ("game", "component", "card", "names"),
    [
        (
            "extraliga-all-stars",
            "opponent",
            "stand-in-opponent-01",
            {"de": "Fiktiver Gegner 01", "fr": "Adversaire fictif 01"},
        ),
        ("disaster-draft", "unit", "ash-golem", {"de": "Aschegolem", "fr": "Golem de cendre"}),
    ],
)
def test_stand_in_opponents_and_units_are_named_and_marked_in_the_cards_language(
    game: str, component: str, card: str, names: dict[str, str]
) -> None:
    for locale, name in names.items():
        face = _face(game, component, card, locale)
        assert face["name"] == name and face["stand-in-mark"] == MARK[locale]


@pytest.mark.parametrize("component", ["event", "coach"])
def test_stand_in_event_and_coach_cards_are_marked(component: str) -> None:
    face = _face("extraliga-all-stars", component, f"stand-in-{component}-01", "de")
    assert face["stand-in-mark"] == MARK["de"]


def test_the_catalogs_hold_invented_names_and_never_a_real_persons() -> None:
    pot = DATA / "extraliga-all-stars" / "locales" / "extraliga-all-stars.pot"
    with pot.open("rb") as file:
        ids = {(m.context, m.id) for m in read_po(file) if m.id}
    assert ("players", "Stand-in Player 001") in ids
    assert ("clubs", "Stand-in Club 01") in ids
    assert ("opponents", "Stand-in Opponent 17") in ids
    real = {"Martin Erat", "Jaromír Jágr", "Kometa Brno", "Rytíři Kladno", "Tuukka Rask"}
    assert not real & {text for _, text in ids}


def test_a_translate_entry_with_a_flag_translates_only_the_items_that_set_it() -> None:
    keys = translated_keys(["title", {"key": "name", "when": "stand-in"}])
    assert keys == {"title", "name@stand-in"}
    assert is_translated("title", {}, keys)
    assert is_translated("name", {"name": "Stand-in Player 001", "stand-in": True}, keys)
    assert not is_translated("name", {"name": "Martin Erat"}, keys)
    assert not is_translated("name", {"name": "Martin Erat", "stand-in": "yes"}, keys)


def test_tr_prints_a_real_name_as_written_but_still_refuses_a_key_never_translated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a starter pack whose names are translated only for stand-ins, a real name with
    |tr prints as written (no catalog entry needed); |tr on a number is still an error."""
    monkeypatch.chdir(tmp_path)
    pack = write_starter(Path("demo"), "demo")
    replace_once(
        pack / "game.yaml", "locales:", "translate: [{key: name, when: stand-in}]\nlocales:"
    )
    schema = pack / "schemas" / "cards.schema.json"
    replace_once(schema, '"value": {', '"stand-in": {"type": "boolean"}, "value": {')
    replace_once(
        pack / "cards.yaml", "{id: sun-1, name: Sun,", "{id: sun-1, name: Sol, stand-in: false,"
    )
    errors = [d.headline for d in validate_pack(pack).diagnostics]
    assert not any("Sol" in error for error in errors), errors  # a real name: no translation due
    replace_once(pack / "layouts" / "card.yaml", 'text: "{value|number}"', 'text: "{value|tr}"')
    errors = [d.headline for d in validate_pack(pack).diagnostics]
    assert any("{value|tr}: 'value' is not a translated text" in error for error in errors)
