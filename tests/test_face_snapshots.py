"""What the pen is told to draw on every card of a component, as bound from the data and the
templates: each shape, text, icon, picture and drawing with its box in millimetres, its
colours and its text style, card by card. A change of a template, of the data or of the
binding shows as a readable diff (pytest --update-golden rewrites them and shows it)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from generator.printing.geometry import Rect
from generator.printing.pen import TextStyle
from generator.services.find import load_pack
from generator.services.render import bound_faces, translator
from generator.templates.faces import (
    CircleOp,
    DrawingOp,
    IconOp,
    ImageOp,
    LineOp,
    Op,
    PolygonOp,
    RectOp,
    TextOp,
)
from tests.conftest import DATA
from tests.golden_files import GOLDEN, check_golden

SNAPSHOTS = [
    ("all-star-draft", "2025", "hockey-player"),
    ("all-star-draft", "2025", "arena"),
    ("all-star-draft", "2025", "fan-marker"),
    ("all-star-draft", "2025", "bus-token"),
    ("extraliga-all-stars", None, "hockey-player"),
    ("disaster-draft", None, "unit"),
]


def _mm(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _box(box: Rect) -> str:
    return f"at {_mm(box.x)},{_mm(box.y)} size {_mm(box.width)}x{_mm(box.height)}"


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    return f"fill {fill or '-'} stroke {stroke or '-'}" + (f" width {_mm(width)}" if stroke else "")


def _style(style: TextStyle) -> str:
    fitted = f"{_mm(style.size)}pt" + (
        f" (down to {_mm(style.minimum)})" if style.minimum != style.size else ""
    )
    flags = [name for name in ("wrap", "markup") if getattr(style, name)]
    return " ".join([style.weight, fitted, str(style.colour), style.align, *flags])


def _args(args: tuple[tuple[str, Any], ...]) -> str:
    return "".join(f" {key}={value!r}" for key, value in args)


def describe(op: Op) -> str:
    """One line of what the pen draws."""
    if isinstance(op, RectOp):
        corner = f" radius {_mm(op.radius)}" if op.radius else ""
        return f"rect {_box(op.box)} {_paint(op.fill, op.stroke, op.width)}{corner}"
    if isinstance(op, LineOp):
        start, end = (f"{_mm(x)},{_mm(y)}" for x, y in (op.start, op.end))
        return f"line {start} to {end} {op.colour} width {_mm(op.width)}"
    if isinstance(op, CircleOp):
        centre = f"{_mm(op.centre[0])},{_mm(op.centre[1])}"
        return f"circle at {centre} radius {_mm(op.radius)} {_paint(op.fill, op.stroke, op.width)}"
    if isinstance(op, PolygonOp):
        points = " ".join(f"{_mm(x)},{_mm(y)}" for x, y in op.points)
        return f"polygon {points} {_paint(op.fill, op.stroke, op.width)}"
    if isinstance(op, TextOp):
        return f"text {op.text!r} {_box(op.box)} {_style(op.style)}"
    if isinstance(op, ImageOp):
        return f"image {Path(op.path).name} {_box(op.box)}"
    if isinstance(op, IconOp):
        return f"icon {op.icon} {_box(op.box)} {op.colour}{_args(op.args)}"
    assert isinstance(op, DrawingOp)
    boxes = "".join(f" {name}:[{_box(box)}]" for name, box in op.boxes)
    return f"drawing {op.drawing} {_box(op.box)}{boxes}{_args(op.args)}"


def snapshot(game: str, edition: str | None, component_id: str) -> str:
    """Every card's front and back as bound in English, a card whose face another card drew
    already named as the same."""
    loaded = load_pack(DATA / game)
    box = loaded.pack.editions[edition or next(iter(loaded.pack.editions))]
    component = box.component(component_id)
    assert component is not None and component.front is not None
    tr = translator(loaded, "en")
    lines: list[str] = []
    for side, template in (("front", component.front), ("back", component.back)):
        if template is None:
            continue
        seen: dict[tuple[Op, ...], str] = {}
        copies: Counter[str] = Counter()
        bound = bound_faces(loaded, box, component, template, tr, False)
        for card, (face, _) in zip(component.cards, bound, strict=True):
            copies[card.id] += 1
            copy = f" (copy {copies[card.id]})" if copies[card.id] > 1 else ""
            name = f"{card.id}{copy} {side}"
            if face in seen:
                lines.append(f"{name}: as {seen[face]}")
                continue
            seen[face] = name
            lines += [f"{name}:", *(f"  {describe(op)}" for op in face)]
    return "\n".join(lines) + "\n"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "edition", "component"), SNAPSHOTS, ids=[f"{g}-{c}" for g, _, c in SNAPSHOTS]
)
def test_what_the_pen_draws_on_every_card(
    game: str, edition: str | None, component: str, update_golden: bool
) -> None:
    name = "-".join(part for part in (game, edition, component) if part)
    check_golden(
        GOLDEN / "faces" / f"{name}.txt", snapshot(game, edition, component), update_golden
    )
