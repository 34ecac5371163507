"""Disaster Draft's printed cards: effect texts from the effects' data, the reference card from
battle.yaml, in every language, through the pack's templates alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.games.disaster_draft.model import Effect, model
from generator.services.build import BuildOptions, build
from generator.services.find import LoadedPack, load_pack
from generator.templates.faces import TextOp
from tests.conftest import DATA, copy_game, replace_once
from tests.face_helpers import front
from tests.pdf_helpers import reader

PACK = DATA / "disaster-draft"


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A copy of the pack, with the catalogs where game.yaml looks for them."""
    return copy_game(tmp_path, "disaster-draft")


def _texts(loaded: LoadedPack, component: str, element: str, locale: str) -> dict[str, str]:
    """The text one element of a component's front prints on each card, by card id."""
    binder, found = front(loaded, component, locale)
    elements = binder.sheet.template.elements
    index = next(i for i, e in enumerate(elements) if e.name == element)
    out = {}
    for card in found.cards:
        ops = binder.element(index, elements[index], card.item)
        out[card.id] = "".join(op.text for op in ops if isinstance(op, TextOp))
    return out


def _english(effect: Effect, title: dict[str, str]) -> list[str]:
    """What an English card must say for an effect (in small letters), read from the engine's
    model of it."""
    words = []
    if effect.army:
        words.append({1: "alone:", 2: "in a pair:", 3: "in a trio:"}[effect.army])
    kind, target = effect.kind.value, effect.target.value if effect.target else None
    if kind == "strength":
        words.append(f"{'gain' if effect.amount > 0 else 'lose'}")
        words.append(f"{abs(effect.amount)} strength")
    elif kind == "die":
        words.append("die")
    else:
        words.append(f"draw {effect.amount} card")
    if target is not None:
        words.append(
            {"self": "this unit", "allies": "all", "enemies": "enem", "reward": "the reward"}[
                target
            ]
        )
    if effect.only:
        words.append(title[effect.only.value].lower())
    words += [
        f"strength {n} or {way}"
        for n, way in ((effect.at_least, "more"), (effect.at_most, "less"))
        if n is not None
    ]
    return words


def test_every_effect_prints_what_the_engine_does() -> None:
    loaded = load_pack(PACK)
    deck = model(loaded.pack)
    title = {t["id"]: t["title"] for t in loaded.pack.values()["types"]["types"]}
    printed = _texts(loaded, "unit", "effect", "en")
    for unit in deck.units.values():
        lines = printed[unit.id].split("\n") if unit.effects else []
        assert len(lines) == len(unit.effects), unit.id
        for line, effect in zip(lines, unit.effects, strict=True):
            said = line.replace("\u00a0", " ").lower()
            assert said.endswith("."), (unit.id, line)
            for words in _english(effect, title):
                assert words in said, (unit.id, words, line)


SUBJECTS = {
    "en": (
        "this unit ", "every ally ", "every allied ", "every enemy ", "the reward ", "draw ",
        "your ally ", "both allies ",
    ),
    "de": (
        "diese einheit ", "alle verbündeten ", "alle feinde ", "alle feindlichen ",
        "die belohnung ", "ziehe ", "dein verbündeter ", "beide verbündeten ",
    ),
    "fr": (
        "cette unité ", "tous vos alliés ", "tous vos ", "toutes vos ", "tous les ennemis ",
        "tous les ", "toutes les ", "la récompense ", "piochez ", "votre allié ", "vos deux alliés ",
    ),
}  # fmt: skip
"""How a line of an effect starts, once its condition (alone, in a pair...) is said: whom it
hits (this unit, its allies, the enemies, the reward), or, to draw, the unit's owner."""


@pytest.mark.parametrize("locale", sorted(SUBJECTS))
def test_every_line_of_every_effect_names_whom_it_hits(locale: str) -> None:
    loaded = load_pack(PACK)
    for unit, text in _texts(loaded, "unit", "effect", locale).items():
        for line in text.split("\n") if text else []:
            said = line.split(": ", 1)[-1] if line.count(":") else line
            assert said.replace("\u00a0", " ").lower().startswith(SUBJECTS[locale]), (unit, line)


def test_the_effects_are_whole_translated_sentences_with_their_numbers_and_types() -> None:
    loaded = load_pack(PACK)
    german = _texts(loaded, "unit", "effect", "de")
    french = _texts(loaded, "unit", "effect", "fr")
    nb = "\u00a0"
    assert (
        german["lantern-bearer"]
        == f"Alle Verbündeten erhalten +1{nb}Stärke.\nZu zweit: Ziehe 1{nb}Karte."
    )
    assert german["camp-cook"] == f"Ziehe 2{nb}Karten."  # the plural form, from the catalog
    assert (
        german["crow-marksman"]
        == f"Alle feindlichen Magier mit Stärke{nb}3{nb}oder weniger sterben."
    )
    assert french["wither-mage"] == f"Seule\u202f: tous les ennemis perdent 4{nb}en{nb}force."
    assert french["bog-lurker"] == f"Tous les Archers ennemis perdent 1{nb}en{nb}force."
    assert french["glass-seer"] == f"Seule\u202f: piochez 2{nb}cartes."
    speed = _texts(loaded, "unit", "speed", "de")
    assert speed["glass-seer"] == "Geschwindigkeit 10"


def test_an_effect_no_phrase_says_is_a_located_error(pack: Path, runner: CliRunner) -> None:
    replace_once(
        pack / "layouts" / "phrases.yaml",
        '    - {when: {kind: die, target: enemies}, text: "Every enemy of strength {at-least} or '
        'more dies."}\n',
        "",
    )
    result = runner.invoke(app, ["validate", "--data", str(pack)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    line = next(
        n
        for n, text in enumerate((pack / "units.yaml").read_text().splitlines(), 1)
        if "void-priest" in text
    )
    assert f"units.yaml:{line}:" in result.output
    assert "the nearest message leaves at-least unsaid" in result.output
    assert "void-priest" in result.output


def test_a_translation_that_drops_a_placeholder_is_refused(pack: Path, runner: CliRunner) -> None:
    catalog = pack / "locales" / "fr" / "LC_MESSAGES" / "disaster-draft.po"
    replace_once(
        catalog,
        'msgstr "Tous vos alliés gagnent {amount}\u00a0en\u00a0force."',
        'msgstr "Tous vos alliés gagnent en force."',
    )
    result = runner.invoke(app, ["validate", "--data", str(pack)])
    assert result.exit_code == 1
    assert "phrases.yaml" in result.output
    assert "has the placeholders none, not {amount}" in result.output


def _shown(loaded: LoadedPack, *elements: str) -> dict[str, str]:
    """The reference card's text of each element (empty when the data's reading hides it)."""
    return {e: _texts(loaded, "reference", e, "en")["reference-1"] for e in elements}


STEPS = (
    "s5-strongest-graveyard",
    "s5-strongest-winner",
    "s5-weakest-graveyard",
    "s5-weakest-winner",
    "s6-chosen",
    "s6-all-dead",
)


@pytest.mark.slow
def test_the_reference_card_follows_battle_yaml(pack: Path) -> None:
    loaded = load_pack(pack)
    cards = _texts(loaded, "reference", "s1", "en")
    assert set(cards) == {"reference-1"}
    assert "refills their hand to 5 or discards down to 10" in cards["reference-1"]
    shown = {e for e, text in _shown(loaded, *STEPS).items() if text}
    assert shown == {"s5-strongest-winner", "s6-chosen"}
    replace_once(pack / "battle.yaml", "refill-to: 5", "refill-to: 6")
    replace_once(pack / "battle.yaml", "victory-points: 3", "victory-points: 4")
    replace_once(
        pack / "battle.yaml", "win-condition: strongest-opponent", "win-condition: weakest-opponent"
    )
    replace_once(pack / "battle.yaml", "chain-counts: chosen", "chain-counts: all-dead")
    replace_once(pack / "battle.yaml", "dead-reward: winner", "dead-reward: graveyard")
    changed = load_pack(pack)
    assert "refills their hand to 6" in _texts(changed, "reference", "s1", "en")["reference-1"]
    assert _texts(changed, "reference", "goal", "de")["reference-1"].startswith(
        "Wer zuerst 4 Siegpunkte"
    )
    texts = _shown(changed, *STEPS)
    assert {e for e, text in texts.items() if text} == {"s5-weakest-graveyard", "s6-all-dead"}
    assert "is higher than every other such total" in texts["s5-weakest-graveyard"]
    assert "unless it died" in texts["s5-weakest-graveyard"]
    assert "died in the battle" in texts["s6-all-dead"]


@pytest.mark.slow
def test_the_cards_build_in_every_language(pack: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(pack, out, BuildOptions(locales=("de", "fr", "en")))
    for locale, sentence in (
        ("de", "Alle Verbündeten erhalten"),
        ("fr", "Tous vos alliés gagnent"),
        ("en", "Every ally gains"),
    ):
        folder = out / "disaster-draft" / locale
        units = reader(folder / "unit.pdf")
        text = " ".join(page.extract_text() for page in units.pages)
        assert sentence in text
        assert len(units.pages) == 12  # 48 fronts and their backs, 8 a sheet
        assert len(reader(folder / "reference.pdf").pages) == 2


@pytest.mark.slow
def test_a_units_art_replaces_its_emblem(pack: Path, runner: CliRunner) -> None:
    from PIL import Image

    line = "{id: tinker, name: Tinker, type: s,"
    replace_once(pack / "units.yaml", line, line + " art: art/tinker.png,")
    missing = runner.invoke(app, ["validate", "--data", str(pack)])
    assert missing.exit_code == 1
    assert (
        "units.yaml:" in missing.output
        and "art file 'art/tinker.png' does not exist" in missing.output
    )
    (pack / "art").mkdir()
    Image.new("RGB", (60, 40), "#C04020").save(pack / "art" / "tinker.png")
    binder, units = front(load_pack(pack), "unit", "en")
    kinds = {
        card.id: {type(op).__name__ for op in binder.face(card.item)}
        for card in units.cards
        if card.id in ("tinker", "camp-cook")
    }
    assert "ImageOp" in kinds["tinker"] and "IconOp" not in kinds["tinker"]
    assert "IconOp" in kinds["camp-cook"] and "ImageOp" not in kinds["camp-cook"]
