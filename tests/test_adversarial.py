"""Bad input and faults that are not a single edit of the data (tests/fixtures/broken-edits.yaml
holds those): control characters in what is printed, output among a pack's sources, a full
disk, art and catalogs outside the pack, faces too large to check, and many broken files."""

from __future__ import annotations

import errno
import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from typer.testing import CliRunner

from generator.cli.app import app
from generator.printing.pen import Setter
from generator.printing.text import Where
from generator.templates.collisions import Collision
from generator.templates.faces import Op
from generator.templates.model import Element
from tests.conftest import PACK, replace_once

Parts = list[tuple[Element, tuple[Op, ...]]]


@pytest.mark.slow
def test_no_control_character_of_a_file_reaches_the_terminal(
    project: Path, runner: CliRunner
) -> None:
    """A line that is not UTF-8 and holds escape sequences (a title, a screen clear) is shown
    with every control character escaped, the caret still under the bad byte."""
    path = Path(PACK) / "attributes.yaml"
    path.write_bytes(path.read_bytes() + b"# \xff \x1b]0;pwned\x07\x1b[2J here\n")
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "\\x1b]0;pwned\\x07\\x1b[2J here" in result.output
    lines = result.output.splitlines()
    source = next(n for n, line in enumerate(lines) if "pwned" in line)
    assert lines[source + 1].index("^") == lines[source].index("\ufffd")


def test_a_control_character_in_a_message_is_escaped_too(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "--data", str(tmp_path / "no\x1b[2Jpack")])
    assert result.exit_code != 0
    assert "\x1b" not in result.output and "\\x1b[2J" in result.output


@pytest.mark.parametrize("out", ["data/all-star-draft/layouts", "data/all-star-draft"])
def test_output_among_a_packs_sources_is_refused(
    project: Path, runner: CliRunner, out: str
) -> None:
    before = sorted(p.name for p in (project / out).iterdir())
    result = runner.invoke(app, ["build", "--data", "data", "--out", out, "--locale", "en"])
    assert result.exit_code == 2
    assert f"{out} is inside the game pack data/all-star-draft" in result.output
    assert "write below data/all-star-draft/output or outside the pack" in result.output
    assert sorted(p.name for p in (project / out).iterdir()) == before


@pytest.mark.slow
def test_the_packs_own_output_folder_is_where_it_writes(project: Path, runner: CliRunner) -> None:
    pack = project / PACK
    os.chdir(pack)
    result = runner.invoke(app, ["build", "--locale", "en", "--edition", "2025", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert (pack / "output" / "all-star-draft" / "2025" / "en" / "print-and-play.pdf").is_file()


@pytest.mark.slow
def test_a_full_disk_names_the_file_and_says_what_to_do(
    project: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("generator.output.atomic.os.fsync", full)
    args = ["build", "--data", "data", "--out", "out", "--locale", "en", "--jobs", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert "error: No space left on device 'out/all-star-draft/" in result.output
    assert "free some space on that disk, or write elsewhere with --out" in result.output
    assert "permission" not in result.output and "may write" not in result.output
    left = [p for p in Path("out").rglob("*") if p.is_file() and p.name != ".draftdeck.lock"]
    assert not left  # no half-written file left


def test_art_outside_the_pack_is_not_called_a_link(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Image.new("RGB", (40, 36)).save(tmp_path / "elsewhere.png")
    _demo(runner, "  art: {type: image, box: [10, 40, 20, 20], src: ../elsewhere.png}\n")
    result = runner.invoke(app, ["validate", "demo"])
    assert result.exit_code == 1
    assert "art file '../elsewhere.png' lies outside the pack folder" in result.output
    assert "is a link" not in result.output
    assert "copy the image into the pack" in result.output


@pytest.mark.parametrize("command", ["update", "compile", "check", "extract"])
def test_a_catalog_that_leads_out_of_the_pack_is_read_by_no_command(
    project: Path, runner: CliRunner, command: str
) -> None:
    secret = project / "secret.po"
    secret.write_text('msgid ""\nmsgstr ""\n\nmsgid "the secret"\nmsgstr "le secret"\n')
    catalog = Path(PACK) / "locales" / "fr" / "LC_MESSAGES" / "all-star-draft.po"
    catalog.unlink()
    catalog.symlink_to(secret)
    result = runner.invoke(app, ["i18n", command, "--data", "data"])
    assert result.exit_code == 1, result.output
    assert "is a link that leads out of the pack folder" in result.output
    assert "Traceback" not in result.output
    kept = [p for p in Path(PACK).rglob("*.po*") if not p.is_symlink()]
    assert kept and not any("the secret" in p.read_text("utf-8") for p in kept)


def _demo(runner: CliRunner, template: str) -> Path:
    assert runner.invoke(app, ["new", "demo"]).exit_code == 0
    layout = Path("demo/layouts/card.yaml")
    layout.write_text(layout.read_text("utf-8") + template, "utf-8")
    return layout


def test_a_chain_of_templates_may_not_draw_more_than_one_may(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each file holds at most 100 elements; three that extend each other would draw 240."""
    monkeypatch.chdir(tmp_path)
    _demo(runner, "")
    parent = "card"
    for step in range(3):
        name = f"more-{step}"
        elements = "".join(
            f"  t{step}-{n}: {{type: rect, box: [1, 1, 2, 2], fill: '#FFFFFF'}}\n"
            for n in range(80)
        )
        Path(f"demo/layouts/{name}.yaml").write_text(
            f"extends: {parent}\nelements:\n{elements}", "utf-8"
        )
        parent = name
    replace_once(Path("demo/components.yaml"), "front: card", "front: more-2")
    result = runner.invoke(app, ["validate", "demo"])
    assert result.exit_code == 1
    assert (
        "demo/layouts/more-2.yaml:1:1: error: the template has 2" in result.output
        and "elements with those it extends, more than a template may (100)" in result.output
    )
    assert "Traceback" not in result.output


def test_a_face_that_draws_too_much_is_refused(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    layout = _demo(runner, "")
    items = ", ".join(str(n) for n in range(200))
    cards = Path("demo/cards.yaml")
    cards.write_text(
        cards.read_text("utf-8").replace(
            'colour: "#E8A33D"}', f'colour: "#E8A33D", many: [{items}]}}', 1
        ),
        "utf-8",
    )
    schema = Path("demo/schemas/cards.schema.json")
    schema.write_text(
        schema.read_text("utf-8").replace(
            '"colour": {',
            '"many": {"type": "array", "items": {"type": "integer"}}, "colour": {',
            1,
        ),
        "utf-8",
    )
    repeats = "".join(
        f"  grid{n}: {{type: repeat, box: [5, 5, 50, 50], over: many, cell: [0.2, 0.2], "
        f"when: many, elements: {{dot: {{type: rect, box: [0, 0, 0.1, 0.1], fill: '#000000'}}}}}}\n"
        for n in range(6)
    )
    layout.write_text(layout.read_text("utf-8") + repeats, "utf-8")
    result = runner.invoke(app, ["validate", "demo"])
    assert result.exit_code == 1, result.output
    assert "elements or more, each item of a repeat counted; a face may draw 1,000" in result.output


def test_one_command_prints_at_most_a_hundred_problems(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _demo(runner, "")
    for n in range(60):  # 60 stray templates, each with 3 unknown keys
        Path(f"demo/layouts/stray-{n}.yaml").write_text(
            "elements:\n"
            + "".join(
                f"  e{k}: {{type: rect, box: [1, 1, 2, 2], colour: red}}\n" for k in range(3)
            ),
            "utf-8",
        )
    result = runner.invoke(app, ["validate", "demo"])
    assert result.exit_code == 1
    headlines = [
        line for line in result.output.splitlines() if ": error: " in line or ": warning: " in line
    ]
    assert len(headlines) == 100  # 180 errors and 60 warnings in 60 files
    assert "more problems are not shown" in headlines[-1]
    assert "180 errors, 60 warnings" in result.output.splitlines()[-1]


# The collision check files a face's shapes in a grid, or looks through a face's few shapes;
# either finds exactly what comparing every pair finds.


def _pairs_reference(parts: Parts, fonts: Setter) -> list[Collision]:
    """Every text against every shape of the other elements, as the check was first written."""
    from generator.templates.collisions import (
        GAP,
        TEXT_GAP,
        TOUCH,
        Ink,
        _clearance,
        _depth,
        _shape,
    )
    from generator.templates.faces import TextOp

    drawn = [(element, [_shape(op, fonts) for op in ops]) for element, ops in parts]
    found = []
    for index, (element, ops) in enumerate(parts):
        allowed = set(element.spec.get("above", ()))
        for op, shape in zip(ops, drawn[index][1], strict=True):
            if not isinstance(op, TextOp) or not isinstance(shape, Ink):
                continue
            for other_index, (other, shapes) in enumerate(drawn):
                if other_index == index or other.name in allowed:
                    continue
                if element.name in other.spec.get("above", ()):
                    continue
                for each in shapes:
                    gap = TEXT_GAP if isinstance(each, Ink) else GAP
                    if each is not None and _depth(shape, each, gap) > TOUCH:
                        overlap = _depth(shape, each, 0.0) or -_clearance(shape, each, gap)
                        found.append(Collision(element, other, overlap, gap, op.text))
                        break
    return found


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_the_grid_and_the_look_through_find_what_every_pair_finds(seed: int) -> None:
    from unittest.mock import patch

    from generator.loading.document import Document
    from generator.printing.geometry import Rect
    from generator.printing.pen import TextStyle
    from generator.templates import collisions as check
    from generator.templates.collisions import collisions
    from generator.templates.faces import CircleOp, RectOp, TextOp
    from generator.templates.model import Located

    rng = random.Random(seed)
    document = Document("t.yaml", {}, ())
    style = TextStyle(
        rng.choice([6.0, 9.0, 12.0]), 5.0, "bold", "#000000", "centre", rng.random() < 0.5
    )
    parts: Parts = []
    for number in range(rng.randint(2, 9)):
        ops: list[Op] = []
        for _ in range(rng.randint(1, 4)):
            x, y = rng.uniform(-3, 60), rng.uniform(-3, 85)
            w, h = rng.uniform(0.5, 30), rng.uniform(0.5, 20)
            kind = rng.random()
            if kind < 0.5:
                ops.append(
                    TextOp(
                        Rect(x, y, w, h),
                        rng.choice(["Sun", "Full Moon", "A long name here"]),
                        style,
                        "e",
                    )
                )
            elif kind < 0.8:
                ops.append(RectOp(Rect(x, y, w, h), "#FFFFFF", None, 0.0, 0.0))
            else:
                ops.append(
                    CircleOp(
                        (x, y), rng.uniform(1, 12), rng.choice([None, "#FFFFFF"]), "#000000", 0.5
                    )
                )
        where = {
            "": Located(document, ("elements", f"e{number}")),
            "box": Located(document, ("elements", f"e{number}", "box")),
        }
        parts.append(
            (Element(f"e{number}", {"type": "text", "box": [0, 0, 1, 1]}, where, ()), tuple(ops))
        )
    fonts = Setter(Where("", ""))
    expected = [
        (c.text.name, c.other.name, round(c.overlap, 6)) for c in _pairs_reference(parts, fonts)
    ]
    for few in (0, check.FEW):  # every face filed in a grid; every face looked through
        with patch.object(check, "FEW", few):
            found = collisions(parts, fonts)
        assert [(c.text.name, c.other.name, round(c.overlap, 6)) for c in found] == expected
