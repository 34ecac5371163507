"""The collision check: drawn text that runs into another element, at validate and at build."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.loading import strict_yaml
from generator.loading.items import Item
from generator.printing.geometry import Size
from generator.printing.pen import Setter
from generator.printing.text import Where
from generator.services.starter import write_starter
from generator.services.template_checks import CheckEnv
from generator.templates.collisions import Collision, collisions
from generator.templates.faces import Binder, Op, Sheet
from generator.templates.load import read_templates
from generator.templates.model import Element, Theme
from tests.conftest import DATA, error_lines, replace_once
from tests.face_helpers import front

THEME = Theme(
    colours={"ink": "#1B1F2A", "paper": "#FFFFFF"},
    styles={
        "label": {"size": 12, "min": 6, "font": "bold"},
        "right": {"size": 12, "min": 6, "font": "bold", "align": "right"},
        "line": {"size": 9, "min": 9},
    },
)


def _collisions(elements: str, **fields: object) -> list[Collision]:
    document, problems = strict_yaml.parse_single(f"elements:\n{elements}", "layouts/card.yaml")
    assert document is not None, problems
    templates, problems = read_templates({"card": document}, THEME)
    assert problems == [], problems
    sheet = Sheet(templates["card"], THEME, Size(63, 88), {}, frozenset())
    parts = Binder(sheet, CheckEnv(False)).parts(Item({"id": "c-1", **fields}, "cards"))
    return collisions(parts, Setter(Where("", "")))


RING = "  ring: {type: circle, centre: [31.5, 44], radius: 20, stroke: ink, width: 0.8}\n"


def test_text_inside_a_ring_sits_on_it_and_text_across_its_line_collides() -> None:
    inside = RING + "  title: {type: text, box: [16.5, 40, 30, 8], text: Short, style: label}\n"
    assert _collisions(inside) == []
    across = RING + (
        "  title: {type: text, box: [6, 40, 51, 8], text: A title far wider than the ring, "
        "style: label}\n"
    )
    (found,) = _collisions(across)
    assert (found.text.name, found.other.name) == ("title", "ring")
    assert found.overlap > 1
    assert found.problem.startswith(
        "the text of element 'title' (layouts/card.yaml:3) runs "
    ) and found.problem.endswith("mm into element 'ring' (layouts/card.yaml:2)")
    assert "above: [ring] to element 'title'" in found.hint


def test_text_keeps_a_millimetre_from_a_shape_it_does_not_touch() -> None:
    disc = "  disc: {type: circle, centre: [50, 44], radius: 5, fill: ink}\n"
    # The text's box ends 0.5 mm before the disc; its ink is right-aligned to that end.
    near = disc + "  name: {type: text, box: [10, 40, 34.5, 8], text: Name, style: right}\n"
    (found,) = _collisions(near)
    assert found.overlap <= 0 and "comes 0.5 mm close to element 'disc'" in found.problem
    assert "closer than the 1.0 mm text keeps clear" in found.problem
    assert _collisions(near.replace("34.5", "33.5")) == []


def test_a_number_on_a_disc_sits_on_it_but_one_across_its_edge_does_not() -> None:
    disc = "  disc: {type: circle, centre: [50, 44], radius: 6, fill: ink}\n"
    assert (
        _collisions(disc + "  number: {type: text, box: [46, 41, 8, 6], text: '7', style: label}\n")
        == []
    )
    (found,) = _collisions(
        disc + "  number: {type: text, box: [50, 41, 12, 6], text: '77', style: label}\n"
    )
    assert found.other.name == "disc" and found.overlap > 0


def test_two_texts_collide_where_their_ink_overlaps_not_where_their_boxes_do() -> None:
    boxes_overlap = (
        "  a: {type: text, box: [10, 40, 40, 10], text: Upper, style: line}\n"
        "  b: {type: text, box: [10, 32, 40, 10], text: Lower, style: line}\n"
    )
    assert _collisions(boxes_overlap) == []  # one line each, centred: their ink is apart
    ink_overlaps = boxes_overlap.replace("[10, 32, 40, 10]", "[10, 38.5, 40, 10]")
    found = _collisions(ink_overlaps)
    assert {(c.text.name, c.other.name) for c in found} == {("a", "b"), ("b", "a")}


def test_above_lets_a_text_lie_on_an_element_on_purpose() -> None:
    across = RING + (
        "  title: {type: text, box: [6, 40, 51, 8], text: A title far wider than the ring, "
        "style: label, above: [ring]}\n"
    )
    assert _collisions(across) == []


# --- validation and build of a real pack, made by `draftdeck new` -------------------------

CARD = Path("demo/layouts/card.yaml")
NAME = 'name: {type: text, box: [8, 12, 47, 12], text: "{name|tr}", style: title}'


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return write_starter(Path("demo"), "demo")


def test_validate_locates_a_text_moved_onto_another_element(pack: Path) -> None:
    replace_once(CARD, NAME, NAME.replace("[8, 12, 47, 12]", "[8, 34, 47, 12]"))
    (error,) = error_lines(pack)
    assert error.startswith(
        "demo/layouts/card.yaml:11:22: error: the text of element 'name' "
        "(demo/layouts/card.yaml:11) runs "
    ), error
    assert (
        "mm into element 'emblem' (demo/layouts/card.yaml:10) (card sun-1 of card, "
        "and 11 more faces): 'Sun' (at /elements/name/box)"
    ) in error
    assert "add above: [emblem] to element 'name'" in error


def test_above_names_elements_of_its_own_template(pack: Path) -> None:
    moved = NAME.replace("[8, 12, 47, 12]", "[8, 34, 47, 12]")
    replace_once(CARD, NAME, moved.replace("style: title}", "style: title, above: [emblem]}"))
    assert error_lines(pack) == []
    replace_once(CARD, "above: [emblem]", "above: [emblm]")
    assert error_lines(pack)[0] == (
        "demo/layouts/card.yaml:11:85: error: element 'name' is above 'emblm', which is not an "
        "element of this template (at /elements/name/above/0)"
        "\n  hint: name elements of this template: background, panel, value, emblem"
    )


def test_a_translation_that_runs_into_an_element_is_an_error_of_validate_in_its_language(
    pack: Path, runner: CliRunner
) -> None:
    """English fits beside the dot; the German name is long enough to reach it."""
    dot = "  dot: {type: circle, centre: [51, 18], radius: 2, fill: ink}\n"
    replace_once(CARD, NAME, NAME + "\n" + dot.rstrip())
    catalog = Path("demo/locales/de/LC_MESSAGES/demo.po")
    assert error_lines(pack) == []
    replace_once(catalog, 'msgstr "Sonne"', 'msgstr "Sonnenfinsternisse"')
    (error,) = error_lines(pack)
    assert error.startswith(
        "demo/layouts/card.yaml:11:22: error: the text of element 'name' "
        "(demo/layouts/card.yaml:11) runs "
    ), error
    assert "into element 'dot' (demo/layouts/card.yaml:12) in German" in error, error
    assert "'Sonnenfinsternisse'" in error
    result = runner.invoke(app, ["build", "--data", "demo", "--locale", "de", "--jobs", "1"])
    assert result.exit_code == 1
    assert "into element 'dot' (demo/layouts/card.yaml:12) in German" in result.output
    assert "Traceback" not in result.output


# --- every game's longest names, in every language ------------------------------------------

NAMED = [
    ("all-star-draft", "hockey-player"),
    ("disaster-draft", "unit"),
    ("extraliga-all-stars", "hockey-player"),
    ("extraliga-all-stars", "opponent"),
]
"""The components whose cards carry a name, by game."""


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["de", "fr", "en"])
@pytest.mark.parametrize(("game", "component"), NAMED)
def test_the_longest_name_of_each_game_runs_into_nothing(
    game: str, component: str, locale: str
) -> None:
    from generator.services.find import load_pack
    from generator.templates.faces import TextOp

    binder, found = front(load_pack(DATA / game), component, locale)
    faces = [binder.parts(card.item) for card in found.cards]

    def name(parts: tuple[tuple[Element, tuple[Op, ...]], ...]) -> str:
        return " ".join(
            op.text for e, ops in parts if e.name == "name" for op in ops if isinstance(op, TextOp)
        )

    longest = max(faces, key=lambda parts: len(name(parts)))
    assert name(longest), "no card of the component prints a name"
    assert collisions(longest, Setter(Where("", ""))) == [], name(longest)
