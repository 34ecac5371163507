"""`draftdeck export png` and `export tts`, loaded back as a user meets them: the PNGs
opened, the Tabletop Simulator deck's JSON read and each card found on its sheet."""

from __future__ import annotations

import json
from io import BytesIO
from pathlib import Path
from typing import Any
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from PIL import Image, ImageChops, ImageStat
from typer.testing import CliRunner

from generator.cli.app import app
from generator.i18n.env import LanguageEnv
from generator.loading.items import Card
from generator.services.exports import export_png, export_tts, tts_grid
from generator.services.find import LoadedPack, load_pack
from generator.services.pictures import component_pictures, picture_png, printed
from generator.services.render import translator
from generator.services.starter import write_starter
from tests.conftest import DATA

MM = 25.4


@pytest.fixture
def starter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return write_starter(Path("demo"), "demo")


@pytest.mark.slow
def test_png_names_each_card_face_by_its_id_in_every_language(
    starter: Path, runner: CliRunner
) -> None:
    result = runner.invoke(app, ["export", "png", "--data", "demo", "--dpi", "150"])
    assert result.exit_code == 0, result.output
    for locale in ("de", "fr", "en"):
        folder = Path("output/demo/png/card") / locale
        names = sorted(p.name for p in folder.glob("*.png"))
        ids = [f"{s}-{n}" for s in ("moon", "star", "sun") for n in range(1, 5)]
        assert names == sorted(
            [*(f"{i}.png" for i in ids), *(f"{i}-back.png" for i in ids), "_contact-sheet-1.png"]
        )
        with Image.open(folder / "sun-1.png") as image:  # 63 x 88 mm at 150 dpi, no bleed
            assert abs(image.width - 63 / MM * 150) <= 1 and abs(image.height - 88 / MM * 150) <= 1
        with Image.open(folder / "_contact-sheet-1.png") as sheet:
            assert sheet.width > 8 * 200
    again = runner.invoke(app, ["export", "png", "--data", "demo", "--dpi", "150"])
    assert "(0 written, 75 unchanged)" in again.output  # byte-identical for identical input


@pytest.mark.slow
def test_png_with_bleed_and_copies_once(tmp_path: Path) -> None:
    loaded = load_pack(DATA / "disaster-draft")
    written = export_png(loaded, tmp_path, [], ["fr"], dpi=100, bleed=3.0)
    folder = tmp_path / "disaster-draft/png/reference/fr"
    assert sorted(p.name for p in folder.glob("*.png")) == [
        "_contact-sheet-1.png",
        "reference-1-back.png",
        "reference-1.png",
    ]  # four copies of one card, drawn once
    with Image.open(folder / "reference-1.png") as image:
        assert abs(image.width - 69 / MM * 100) <= 1  # 63 mm and 3 mm of bleed each side
    assert len(written) == 2 * 48 + 1 + 2 + 1


def test_a_resolution_out_of_range_is_refused(starter: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["export", "png", "--data", "demo", "--dpi", "100000"])
    assert result.exit_code == 2
    assert "Invalid value for '--dpi': Input should be less than or equal to 1200" in result.output


@pytest.mark.parametrize("cards", [1, 9, 12, 69])
def test_a_sheet_leaves_its_last_slot_for_the_hidden_card(cards: int) -> None:
    columns, rows = tts_grid(cards)
    assert 2 <= columns <= 10 and 2 <= rows <= 7
    assert cards < columns * rows  # the bottom-right slot is free


def _texts(loaded: LoadedPack, locale: str, card: Card) -> set[str]:
    """The card's translated texts in the language, as the catalog has them."""
    env = LanguageEnv(translator(loaded, locale), False)
    return {
        env.translate(card.item.context, value)
        for key, value in card.item.fields.items()
        if key in loaded.pack.manifest.translate and isinstance(value, str)
    }


def _cell(sheet: Image.Image, deck: dict[str, Any], slot: int) -> Image.Image:
    columns, rows = deck["NumWidth"], deck["NumHeight"]
    width, height = sheet.width // columns, sheet.height // rows
    assert sheet.width == columns * width and sheet.height == rows * height
    row, column = divmod(slot, columns)
    assert row < rows
    return sheet.crop((column * width, row * height, (column + 1) * width, (row + 1) * height))


def _file(url: str, base_url: str, folder: Path) -> Path:
    """The written file an address names: below the base URL, or a file:// address."""
    if base_url:
        assert url.startswith(base_url), url
        return folder / url.removeprefix(base_url)
    assert url.startswith("file://"), url
    return Path(url2pathname(urlparse(url).path))


def _check_deck(
    deck: dict[str, Any],
    folder: Path,
    base_url: str,
    pictures: dict[str, Any],
    every: int = 1,
) -> list[str]:
    """Every sheet the deck names is a written file, and each card (every `every`th) sits
    in its cell as its own picture shows it; the deck's addresses."""
    sheets: dict[str, Image.Image] = {}
    for card in deck["ContainedObjects"][::every]:
        number, slot = divmod(card["CardID"], 100)
        entry = deck["CustomDeck"][str(number)]
        name = entry["FaceURL"]
        if name not in sheets:
            sheets[name] = Image.open(_file(name, base_url, folder)).convert("RGB")
        cell = _cell(sheets[name], entry, slot)
        alone = Image.open(BytesIO(picture_png(pictures[card["GMNotes"]], 100))).convert("RGB")
        difference = ImageChops.difference(cell, alone.resize(cell.size))
        assert max(ImageStat.Stat(difference).mean) < 12, card["GMNotes"]  # the same card
    addresses = []
    for entry in deck["CustomDeck"].values():
        assert _file(entry["BackURL"], base_url, folder).is_file()
        addresses += [entry["FaceURL"], entry["BackURL"]]
    return addresses


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "edition", "component", "locale"),
    [
        ("all-star-draft", "2025", "hockey-player", "de"),  # two sheets of 69 and 39
        ("disaster-draft", "", "unit", "fr"),
    ],
)
def test_tts_loads_as_a_deck_in_data_order_each_card_on_its_sheet(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    edition: str,
    component: str,
    locale: str,
) -> None:
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 4096 * 4096)  # a sheet TTS loads
    loaded = load_pack(DATA / game)
    export_tts(loaded, tmp_path, [edition] if edition else [], [locale], "", components=[component])
    folder = tmp_path / game / edition / "tts"
    stem = "-".join(p for p in (game, edition, component, locale) if p)
    saved = json.loads((folder / f"{stem}.json").read_text(encoding="utf-8"))
    (deck,) = saved["ObjectStates"]
    box = loaded.edition(edition or None)
    found = box.component(component)
    assert found is not None
    assert deck["Name"] == "DeckCustom"
    assert [card["GMNotes"] for card in deck["ContainedObjects"]] == [c.id for c in found.cards]
    assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]
    pictures = {s.card.id: s.front for s in component_pictures(loaded, box, found, locale)}
    _check_deck(deck, folder, "", pictures, every=max(1, len(found.cards) // 12))
    bag = "-".join(p for p in (game, edition, locale) if p) + ".json"
    assert all(p.name.startswith(stem) or p.name == bag for p in folder.iterdir())


@pytest.mark.slow
def test_every_deck_of_two_sizes_and_two_languages_loads_from_its_own_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 4096 * 4096)
    loaded = load_pack(DATA / "extraliga-all-stars")
    url = "https://example.org/extraliga/"
    components = ["draw", "scoring-token"]  # a poker card and a 25 mm token
    export_tts(loaded, tmp_path, [], ["de", "fr"], url, components=components)
    folder = tmp_path / "extraliga-all-stars" / "tts"
    box = loaded.edition(None)
    addresses: dict[str, str] = {}
    scales = {}
    for locale in ("de", "fr"):
        bag = json.loads((folder / f"extraliga-all-stars-{locale}.json").read_text("utf-8"))
        (whole,) = bag["ObjectStates"]
        assert whole["Name"] == "Bag" and len(whole["ContainedObjects"]) == 2
        for component, in_bag in zip(components, whole["ContainedObjects"], strict=True):
            alone = folder / f"extraliga-all-stars-{component}-{locale}.json"
            (deck,) = json.loads(alone.read_text("utf-8"))["ObjectStates"]
            assert deck == in_bag
            found = box.component(component)
            assert found is not None
            pictures = {s.card.id: s.front for s in component_pictures(loaded, box, found, locale)}
            for address in set(_check_deck(deck, folder, url, pictures)):
                assert addresses.setdefault(address, component + locale) == component + locale
            scales[component] = deck["Transform"]["scaleX"]
            for card, placed in zip(found.cards, deck["ContainedObjects"], strict=True):
                names = _texts(loaded, locale, card)  # a token is "Blau", not team-blue
                assert placed["Nickname"] in (names or {card.id})
    assert scales == {"draw": round(63 / 63.5, 4), "scoring-token": round(25 / 63.5, 4)}


def test_tts_names_its_images_below_a_base_url(tmp_path: Path) -> None:
    loaded = load_pack(DATA / "disaster-draft")
    export_tts(loaded, tmp_path, [], ["de"], "https://example.org/decks/", components=["reference"])
    folder = tmp_path / "disaster-draft/tts"
    saved = json.loads((folder / "disaster-draft-reference-de.json").read_text("utf-8"))
    (deck,) = saved["ObjectStates"]
    entry = deck["CustomDeck"]["1"]
    assert entry["FaceURL"] == "https://example.org/decks/disaster-draft-reference-de-sheet-1.png"
    assert entry["BackURL"] == "https://example.org/decks/disaster-draft-reference-de-back.png"
    assert deck["DeckIDs"] == [100, 100, 100, 100]  # four copies of one card
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == ["reference-1"] * 4  # no name
    assert sorted(p.name for p in folder.iterdir()) == [
        "disaster-draft-de.json",
        "disaster-draft-reference-de-back.png",
        "disaster-draft-reference-de-sheet-1.png",
        "disaster-draft-reference-de.json",
    ]


@pytest.mark.slow
def test_every_printed_component_of_a_new_pack_exports_in_every_language(
    starter: Path, runner: CliRunner
) -> None:
    result = runner.invoke(app, ["export", "tts", "--data", "demo"])
    assert result.exit_code == 0, result.output
    box = load_pack(starter).edition(None)
    for component in printed(box):
        for locale in ("de", "fr", "en"):
            saved = Path(f"output/demo/tts/demo-{component.id}-{locale}.json")
            names = [
                c["Nickname"]
                for c in json.loads(saved.read_text())["ObjectStates"][0]["ContainedObjects"]
            ]
            assert len(names) == len(component.cards)
    german = json.loads(Path("output/demo/tts/demo-card-de.json").read_text())
    assert german["ObjectStates"][0]["ContainedObjects"][0]["Nickname"] == "Sonne"


@pytest.mark.parametrize(
    "url", ["javascript:alert(1)", "https://x.example/a\nb", "cards/", "ftp://x"]
)
def test_a_base_url_tabletop_simulator_cannot_load_is_refused(
    starter: Path, runner: CliRunner, url: str
) -> None:
    result = runner.invoke(app, ["export", "tts", "--data", "demo", "--base-url", url])
    assert result.exit_code == 2
    assert "--base-url" in result.output and not Path("output").exists()


def test_one_component_is_exported_alone_and_an_unknown_one_is_named(
    starter: Path, runner: CliRunner
) -> None:
    args = ["export", "png", "--data", "demo", "--dpi", "40", "--locale", "en"]
    result = runner.invoke(app, [*args, "--component", "card"])
    assert result.exit_code == 0, result.output
    assert {p.name for p in Path("output/demo/png").iterdir()} == {"card"}
    wrong = runner.invoke(app, [*args, "--component", "cards"])
    assert wrong.exit_code == 2
    assert "demo has no component cards to export; its components: card" in wrong.output
