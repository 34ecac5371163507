"""Card templates: binding, filters, conditions, repeats, extends, and located validation errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.grammar.placeholders import ExpressionError, parse_text
from generator.loading import strict_yaml
from generator.loading.items import Item
from generator.printing.geometry import Rect, Size
from generator.services.starter import write_starter
from generator.services.validate import validate_pack
from generator.templates.faces import (
    CircleOp,
    ElementError,
    Face,
    IconOp,
    RectOp,
    Sheet,
    TextOp,
    bind,
    length,
)
from generator.templates.load import read_templates
from generator.templates.model import Template, Theme
from tests.conftest import error_lines, replace_once

THEME = Theme(colours={"ink": "#1B1F2A", "paper": "#FFFFFF"}, styles={"big": {"size": 20}})


class Env:
    """Filters with a made-up language: translations in guillemets, numbers in brackets."""

    def __init__(self, ink_saver: bool = False) -> None:
        self._ink_saver = ink_saver

    @property
    def ink_saver(self) -> bool:
        return self._ink_saver

    def translate(self, context: str, text: str) -> str:
        return f"«{text}»@{context}"

    def translate_plural(self, context: str, singular: str, plural: str, count: int) -> str:
        return f"«{singular if count == 1 else plural}»@{context}#{count}"

    def number(self, value: float) -> str:
        return f"<{value}>"

    def ordinal(self, value: int) -> str:
        return f"{value}."

    def joined(self, items: list[str]) -> str:
        return " & ".join(items)

    def either(self, items: list[str]) -> str:
        return " | ".join(items)

    def month(self, date: str) -> str:
        return f"month {date[:7]}"


def _templates(**files: str) -> dict[str, Template]:
    documents = {}
    for name, text in files.items():
        document, problems = strict_yaml.parse_single(text, f"layouts/{name}.yaml")
        assert document is not None, problems
        documents[name] = document
    templates, problems = read_templates(documents, THEME)
    assert problems == [], problems
    return templates


SPECIES = {
    "fox": Item({"id": "fox", "name": "Fox", "colour": {"rgb": "#F2C500"}}, "species"),
}


def _card(**fields: Any) -> Item:
    return Item({"id": "c-1", **fields}, "cards", refs={"species": SPECIES})


def _face(template: Template, card: Item, ink_saver: bool = False) -> Face:
    sheet = Sheet(
        template,
        THEME,
        Size(63, 88),
        {"game": Item({"name": "Game"}, "game")},
        frozenset({"name"}),
    )
    return bind(sheet, card, Env(ink_saver))


FACE = """
elements:
  background: {type: rect, box: bleed, fill: "{species.colour.rgb|bg}"}
  frame: {type: rect, box: [1, 1, 61, 86], stroke: "{species.colour.rgb}", ink_saver: only}
  value: {type: text, box: [4, 66, 22, 18], text: "{value|number}", style: big, colour: "{species.colour.rgb|bg|ink}"}
  name: {type: text, box: [4, 4, 55, 9], text: "{species.name|tr}"}
  title: {type: text, box: [4, 20, 55, 9], text: "Power {value}"}
  initial: {type: text, box: [4, 30, 55, 9], text: "{species.name|tr|initial}"}
  mark: {type: icon, icon: "{mark}", box: [45, 67, 14, 14], when: mark}
  plain: {type: circle, centre: [10, 10], radius: 2, fill: ink, unless: mark}
"""


def test_fields_references_and_filters_become_operations() -> None:
    (template,) = _templates(card=FACE).values()
    ops = _face(template, _card(species="fox", value=4, mark=None))
    background, value, name, title, initial, plain = ops
    assert background == RectOp(Rect(-10, -10, 83, 108), "#F2C500", None, 0.3, 0.0)
    assert isinstance(value, TextOp) and value.text == "<4>"
    assert value.style.size == 20 and value.style.colour == "#1B1F2A"  # dark ink on yellow
    assert isinstance(name, TextOp) and name.text == "«Fox»@species"
    assert isinstance(title, TextOp) and title.text == "«Power 4»@layouts"
    assert isinstance(initial, TextOp) and initial.text == "«"
    assert plain == CircleOp((10, 10), 2, "#1B1F2A", None, 0.3)
    assert value.origin == "layouts/card.yaml:5, element 'value'"


def test_when_unless_and_ink_saver_choose_what_is_drawn() -> None:
    (template,) = _templates(card=FACE).values()
    marked = _face(template, _card(species="fox", value=1, mark="star"))
    assert IconOp("star", Rect(45, 67, 14, 14), "#1B1F2A", ()) in marked
    assert not any(isinstance(op, CircleOp) for op in marked)
    saving = _face(template, _card(species="fox", value=1, mark=None), ink_saver=True)
    background, frame = saving[:2]
    assert isinstance(background, RectOp) and background.fill == "#FFFFFF"
    assert isinstance(frame, RectOp) and frame.stroke == "#F2C500"


def test_equal_cards_bind_to_equal_faces() -> None:
    (template,) = _templates(card=FACE).values()
    a = _face(template, _card(species="fox", value=2, mark=None))
    other = {"id": "c-2", "species": "fox", "value": 2, "mark": None}
    b = _face(template, Item(other, "cards", {"species": SPECIES}))
    assert a == b and hash(a) == hash(b)


def test_a_repeat_draws_its_elements_once_per_item() -> None:
    (template,) = _templates(
        card="""
elements:
  rows:
    type: repeat
    over: fans
    box: [4, 20, 60, 30]
    cell: [60, 10]
    elements:
      stripe: {type: rect, box: cell, fill: paper, when: odd}
      rank: {type: text, box: [0, 0, 30, 10], text: "{index|ordinal}"}
      fans: {type: text, box: [30, 0, 30, 10], text: "{item|number}"}
"""
    ).values()
    ops = _face(template, _card(fans=[9, 5, 2]))
    texts = [op.text for op in ops if isinstance(op, TextOp)]
    assert texts == ["1.", "<9>", "2.", "<5>", "3.", "<2>"]
    stripes = [op.box for op in ops if isinstance(op, RectOp)]
    assert stripes == [Rect(4, 40, 60, 10), Rect(4, 20, 60, 10)]  # rows 1 and 3, top down
    with pytest.raises(ElementError, match="4 items of 10 mm do not fit the 30 mm box"):
        _face(template, _card(fans=[1, 2, 3, 4]))


def test_extends_merges_elements_key_by_key() -> None:
    templates = _templates(
        base="""
colours: {back: "#111111"}
elements:
  background: {type: rect, box: bleed, fill: back}
  title: {type: text, box: [5, 36, 53, 16], text: "{game.name|tr}"}
""",
        large="""
extends: base
colours: {back: "#222222"}
elements:
  title: {box: [5, 52, 60, 16]}
  note: {type: text, box: [5, 10, 60, 8], text: "{game.name}"}
""",
    )
    ops = _face(templates["large"], _card())
    assert [type(op).__name__ for op in ops] == ["RectOp", "TextOp", "TextOp"]
    background, title, note = ops
    assert isinstance(background, RectOp) and background.fill == "#222222"
    assert isinstance(title, TextOp) and title.box == Rect(5, 52, 60, 16)
    assert title.text == "«Game»@game" and isinstance(note, TextOp) and note.text == "Game"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{value|shout}", "unknown filter 'shout' in {value|shout}"),
        ("{value", "unclosed {"),
        ("value}", "a } without its {"),
        ("{Value}", "'Value' is not a field path"),
    ],
)
def test_bad_placeholders_are_refused(text: str, message: str) -> None:
    with pytest.raises(ExpressionError, match=message.replace("{", r"\{").replace("}", r"\}")):
        parse_text(text)


# --- validation of a real pack, made by `draftdeck new` --------------------------------


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return write_starter(Path("demo"), "demo")


def test_the_starter_pack_is_clean(pack: Path) -> None:
    result = validate_pack(pack)
    assert result.diagnostics == ()
    assert result.files == 9  # its two documents (summary, tables) among them


CARD = Path("demo/layouts/card.yaml")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            'text: "{value|number}"',
            'text: "{valeu|number}"',
            "demo/layouts/card.yaml:9:45: error: 'valeu' is not a field here (card sun-1 of card) "
            "(at /elements/value/text)"
            "\n  hint: fields here: colour, component, copies, edition, game, id, name, value",
        ),
        (
            "icon: star",
            "icon: comet",
            "demo/layouts/card.yaml:10:24: error: unknown icon 'comet' (card sun-1 of card) "
            "(at /elements/emblem/icon)\n  hint: icons: arrow, cross, die, disc, shield, star",
        ),
        (
            'text: "{name|tr}"',
            'text: "{value|tr}"',
            "demo/layouts/card.yaml:11:44: error: {value|tr}: 'value' is not a translated text "
            "(card sun-1 of card) (at /elements/name/text)",
        ),
        (
            "box: [8, 12, 47, 12]",
            "box: [1, 12, 47, 12]",
            "demo/layouts/card.yaml:11:22: error: text box [1, 12, 47, 12] reaches within 3 mm of "
            "the 63x88 mm trim (card sun-1 of card) (at /elements/name/box)",
        ),
        (
            "style: title}",
            "style: heading}",
            "demo/layouts/card.yaml:11:63: error: unknown text style 'heading' (card sun-1 of card) "
            "(at /elements/name/style)\n  hint: styles of layouts/theme.yaml: back-title, corner, title",
        ),
        (
            'fill: "{colour|bg}"',
            'fill: "{colour|bg}", radius: 2, text: oops',
            "demo/layouts/card.yaml:7:72: error: a rect element does not use 'text' "
            "(at /elements/background/text)",
        ),
    ],
)
def test_template_mistakes_are_located(pack: Path, old: str, new: str, expected: str) -> None:
    replace_once(CARD, old, new)
    errors = error_lines(pack)
    assert len(errors) == 1 and errors[0].startswith(expected), errors


def test_extends_mistakes_are_located(pack: Path) -> None:
    back = Path("demo/layouts/back.yaml")
    replace_once(back, "elements:", "extends: front\nelements:")
    assert error_lines(pack) == [
        "demo/layouts/back.yaml:4:1: error: there is no template 'front' to extend (at /extends)"
        "\n  hint: templates here: back, card"
    ]
    replace_once(back, "extends: front", "extends: card")
    replace_once(CARD, "elements:", "extends: back\nelements:")
    assert error_lines(pack) == [
        "demo/layouts/back.yaml:4:1: error: templates extend each other in a circle: "
        "back -> card -> back (at /extends)"
    ]


def test_box_mistakes_are_located(pack: Path) -> None:
    box = Path("demo/components.yaml")
    replace_once(box, "count: 12", "count: 13")
    replace_once(box, "back: back", "back: reverse")
    assert sorted(error_lines(pack)) == [
        "demo/components.yaml:10:5: error: count 13 of 'card' disagrees with the 12 cards the data "
        "makes (12 items of cards/cards) (at /components/0/count)"
        "\n  hint: make the count and the data agree",
        "demo/components.yaml:13:5: error: there is no template layouts/reverse.yaml "
        "(at /components/0/back)\n  hint: templates: back, card",
    ]


def test_missing_art_is_located_at_the_data_that_names_it(pack: Path) -> None:
    schema = Path("demo/schemas/cards.schema.json")
    replace_once(
        schema,
        '"colour": {',
        '"art": { "type": "string", "description": "An image." },\n          "colour": {',
    )
    replace_once(
        Path("demo/cards.yaml"),
        "{id: sun-1, name: Sun,",
        "{id: sun-1, art: art/sun.png, name: Sun,",
    )
    replace_once(
        CARD,
        "  emblem:",
        '  art: {type: image, src: "{art}", box: [8, 30, 47, 30], when: art}\n  emblem:',
    )
    assert error_lines(pack) == [
        "demo/cards.yaml:7:17: error: art file 'art/sun.png' does not exist (at /cards/0/art)"
        "\n  hint: put the PNG or JPEG at demo/art/sun.png, or remove it from the data"
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, False),
        (False, False),
        ("", False),
        ([], False),
        ((), False),
        (0, True),
        (0.0, True),
        (True, True),
        ("0", True),
        ([0], True),
    ],
)
def test_when_counts_every_number_as_set(value: object, expected: bool) -> None:
    """A card with 0 titles shows them: only null, false and empty values are unset."""
    from generator.templates.expressions import is_set

    assert is_set(value) is expected


def test_a_template_used_by_two_formats_is_checked_at_each_as_the_build_draws_it(
    pack: Path, runner: CliRunner
) -> None:
    replace_once(
        pack / "components.yaml",
        "  - {id: poker, width_mm: 63, height_mm: 88}\n",
        "  - {id: poker, width_mm: 63, height_mm: 88}\n  - {id: mini, width_mm: 44, height_mm: 63}\n",
    )
    with (pack / "components.yaml").open("a", encoding="utf-8") as box:
        box.write(
            "  - {id: mini-card, name: Card, count: 12, format: mini, front: card, "
            "cards: {from: cards/cards}}\n"
        )
    checked = error_lines(pack)
    assert checked and all("of mini-card" in line for line in checked), checked
    built = runner.invoke(app, ["build", "--data", "demo", "--locale", "en"])
    assert built.exit_code == 1
    headlines = [line.split("\n")[0] for line in checked]
    assert all(headline in built.output for headline in headlines)


@pytest.mark.parametrize("size", [Size(63, 88), Size(44, 63), Size(70, 120)])
def test_places_relative_to_the_card_fit_every_size(size: Size) -> None:
    (template,) = _templates(
        back="""
elements:
  ring: {type: circle, centre: ["50%", "50%"], radius: 17, stroke: ink}
  title: {type: text, box: ["50% - 13", "50% - 8", 26, 16], text: "Back"}
  band: {type: rect, box: [0, "100% - 10", "100%", 10], fill: ink}
"""
    ).values()
    sheet = Sheet(template, THEME, size, {}, frozenset())
    ring, title, band = bind(sheet, _card(), Env())
    assert isinstance(ring, CircleOp) and ring.centre == (size.width / 2, size.height / 2)
    assert isinstance(title, TextOp)
    assert title.box == Rect(size.width / 2 - 13, size.height / 2 - 8, 26, 16)
    assert isinstance(band, RectOp) and band.box == Rect(0, size.height - 10, size.width, 10)


@pytest.mark.parametrize(
    ("value", "whole", "expected"),
    [
        (12, 63, 12.0),
        ("50%", 63, 31.5),
        ("50% - 19", 63, 12.5),
        ("100%-8", 88, 80.0),
        ("25% + 2.5", 40, 12.5),
    ],
)
def test_a_length_is_millimetres_or_a_share_of_the_card(
    value: object, whole: float, expected: float
) -> None:
    assert length(value, whole) == expected


def test_a_relative_place_the_schema_refuses_is_located(pack: Path) -> None:
    replace_once(pack / "layouts/card.yaml", "box: [8, 68, 20, 12]", 'box: ["half", 68, 20, 12]')
    (line,) = error_lines(pack)
    assert line.startswith("demo/layouts/card.yaml:9:")
