"""Emblems drawn from data: each kind of card (a unit type, a hockey position, a species) has
its own, told apart at a glance and without colour; art still replaces them."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from generator.core.diagnostics import Severity
from generator.loading import strict_yaml
from generator.printing.geometry import Rect
from generator.services.find import load_pack
from generator.services.starter import write_starter
from generator.services.validate import validate_pack
from generator.templates.emblems import GRID, Emblem, Shape, read_emblems
from tests.conftest import DATA, replace_once
from tests.face_helpers import front

KINDS = [
    ("disaster-draft", "types.yaml", "types"),
    ("extraliga-all-stars", "positions.yaml", "positions"),
    ("all-star-draft", "species.yaml", "species"),
]
"""Each game's list of kinds, whose items name their emblem."""
SIDE = 48
"""Emblems are compared as SIDE x SIDE black-and-white pictures, small as a glance sees them;
any two must differ in a tenth of their pixels."""


class _Recorder:
    """A pen that writes down what it is asked to draw."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: self.calls.append((name, args, kwargs))


def test_an_emblem_fills_the_largest_centred_square_of_its_box() -> None:
    emblem = Emblem(
        "e",
        (
            Shape("circle", ((50.0, 50.0),), 40.0),
            Shape("rect", ((0.0, 0.0), (100.0, 50.0)), paper=True),
            Shape("line", ((0.0, 0.0), (100.0, 100.0)), outline=4.0),
        ),
    )
    pen = _Recorder()
    emblem(pen, Rect(10, 20, 30, 40), "#112233", {"paper": "#FFEEDD"})  # type: ignore[arg-type]
    (circle, rect, line) = pen.calls
    assert circle == (
        "circle",
        (25.0, 40.0, 12.0),
        {"fill": "#112233", "stroke": None, "width": 0.0},
    )
    assert rect[0] == "rect" and rect[1][0] == Rect(10.0, 25.0, 30.0, 15.0)
    assert rect[2]["fill"] == "#FFEEDD"  # paper cuts a shape out of the ones before it
    assert line == ("line", (10.0, 25.0, 40.0, 55.0, "#112233", pytest.approx(1.2)), {})


def _emblems(game: str) -> dict[str, Emblem]:
    path = DATA / game / "layouts" / "emblems.yaml"
    document, problems = strict_yaml.load_file(path, str(path))
    assert document is not None, problems
    return read_emblems(document)


def _picture(emblem: Emblem) -> Image.Image:
    """The emblem in black on white, SIDE pixels square (y down, as images are)."""
    image = Image.new("L", (SIDE, SIDE), 255)
    draw = ImageDraw.Draw(image)

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return point[0] * SIDE / GRID, SIDE - point[1] * SIDE / GRID

    for shape in emblem.shapes:
        ink = 255 if shape.paper else 0
        width = round((shape.outline or 0) * SIDE / GRID) or 1
        fill, outline = (None, ink) if shape.outline else (ink, None)
        if shape.kind == "polygon":
            draw.polygon([at(p) for p in shape.points], fill=fill, outline=outline, width=width)
        elif shape.kind == "circle":
            (x, y), radius = at(shape.points[0]), shape.radius * SIDE / GRID
            box = [x - radius, y - radius, x + radius, y + radius]
            draw.ellipse(box, fill=fill, outline=outline, width=width)
        else:
            (x1, y1), (x2, y2) = at(shape.points[0]), at(shape.points[1])
            box = [min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)]
            if shape.kind == "ellipse":
                draw.ellipse(box, fill=fill, outline=outline, width=width)
            elif shape.kind == "rect":
                draw.rectangle(box, fill=fill, outline=outline, width=width)
            else:
                draw.line([(x1, y1), (x2, y2)], fill=ink, width=width)
    return image


@pytest.mark.parametrize(("game", "file", "key"), KINDS)
def test_every_kind_has_an_emblem_of_its_own_told_apart_without_colour(
    game: str, file: str, key: str
) -> None:
    path = DATA / game / file
    document, problems = strict_yaml.load_file(path, str(path))
    assert document is not None, problems
    named = {item["id"]: item["emblem"] for item in document.value[key]}
    emblems = _emblems(game)
    assert set(named.values()) <= set(emblems), "an emblem the pack does not draw"
    assert len(set(named.values())) == len(named), "two kinds share an emblem"
    pictures = {kind: _picture(emblems[name]) for kind, name in named.items()}
    for (a, first), (b, second) in combinations(pictures.items(), 2):
        pixels = zip(first.tobytes(), second.tobytes(), strict=True)
        differ = sum(1 for x, y in pixels if x != y)
        assert differ >= 0.1 * SIDE * SIDE, f"{a} and {b} look alike ({differ} pixels apart)"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "component", "card", "icon"),
    [
        ("disaster-draft", "unit", "ash-golem", "paw"),
        ("extraliga-all-stars", "hockey-player", "stand-in-005", "goal"),
        ("all-star-draft", "hockey-player", "panda-1", "bars"),
    ],
)
def test_a_card_without_art_shows_its_kinds_emblem(
    game: str, component: str, card: str, icon: str
) -> None:
    from generator.templates.faces import IconOp

    binder, found = front(load_pack(DATA / game), component, "en")
    (item,) = (c.item for c in found.cards if c.id == card)
    icons = [op.icon for op in binder.face(item) if isinstance(op, IconOp)]
    assert icon in icons


# --- the format, in a pack made by `draftdeck new` -----------------------------------------

EMBLEMS = """emblems:
  comet:
    - {circle: [30, 30, 20]}
    - {polygon: [[40, 40], [95, 90], [90, 95]]}
"""


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    root = write_starter(Path("demo"), "demo")
    (root / "layouts" / "emblems.yaml").write_text(EMBLEMS, encoding="utf-8")
    return root


def _errors(root: Path) -> list[str]:
    return [d.headline for d in validate_pack(root).diagnostics if d.severity is Severity.ERROR]


def test_a_template_draws_the_packs_emblem_by_name(pack: Path) -> None:
    replace_once(pack / "layouts" / "card.yaml", "icon: star", "icon: comet")
    assert _errors(pack) == []
    replace_once(pack / "layouts" / "card.yaml", "icon: comet", "icon: commet")
    (error,) = [d for d in validate_pack(pack).diagnostics if d.severity is Severity.ERROR]
    assert "unknown icon 'commet'" in error.message
    assert error.hint is not None and "comet" in error.hint


def test_a_shape_with_two_kinds_is_located(pack: Path) -> None:
    replace_once(
        pack / "layouts" / "emblems.yaml",
        "{circle: [30, 30, 20]}",
        "{circle: [30, 30, 20], rect: [0, 0, 5, 5]}",
    )
    assert sorted(_errors(pack)) == [
        "demo/layouts/emblems.yaml: error: this file did not load, so no template was checked "
        "against the cards",
        "demo/layouts/emblems.yaml:3:7: error: item 1 of comet fits more than one of the forms "
        "allowed here (at /emblems/comet/0)",
    ]


def test_a_circle_and_an_ellipse_take_a_centre_and_radius_or_a_box() -> None:
    document, _ = strict_yaml.parse_single(
        "emblems:\n"
        "  both:\n"
        "    - {circle: [0, 0, 40, 40]}\n"
        "    - {ellipse: [50, 50, 10]}\n"
        "    - {circle: [50, 50, 10]}\n"
        "    - {ellipse: [0, 0, 40, 20]}\n",
        "emblems.yaml",
    )
    (emblem,) = read_emblems(document).values()
    assert [(s.kind, s.points, s.radius) for s in emblem.shapes] == [
        ("ellipse", ((0.0, 0.0), (40.0, 40.0)), 0.0),  # the square box a circle fills
        ("circle", ((50.0, 50.0),), 10.0),
        ("circle", ((50.0, 50.0),), 10.0),
        ("ellipse", ((0.0, 0.0), (40.0, 20.0)), 0.0),
    ]


def test_both_forms_pass_validation(pack: Path) -> None:
    replace_once(
        pack / "layouts" / "emblems.yaml",
        "{circle: [30, 30, 20]}",
        "{circle: [10, 10, 40, 40]}\n    - {ellipse: [50, 50, 10]}",
    )
    replace_once(pack / "layouts" / "card.yaml", "icon: star", "icon: comet")
    assert _errors(pack) == []
