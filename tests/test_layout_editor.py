"""The layout editor's service: a face's elements with their boxes and where each key is
defined, and one change written where the key is defined, as it was written (a relative
length stays relative), never over a file saved since the editor read it."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import UsageError
from generator.services.find import load_pack
from generator.services.layout_editor import (
    Change,
    StaleFile,
    apply_change,
    digest,
    face_layout,
)
from generator.services.starter import write_starter
from tests.conftest import replace_once

BASE = """\
# The frame every card shares.
elements:
  frame: {type: rect, box: [4, 4, 55, 80], stroke: ink, width: 0.4}
  name: {type: text, box: [8, 12, 47, 12], text: "{name|tr}", style: title}
"""


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    root = write_starter(Path("demo"), "demo")
    (root / "layouts/base.yaml").write_text(BASE, encoding="utf-8")
    card = root / "layouts/card.yaml"
    replace_once(card, "elements:\n", "extends: base\nelements:\n")
    replace_once(
        card,
        '  name: {type: text, box: [8, 12, 47, 12], text: "{name|tr}", style: title}\n',
        "  name: {style: corner}\n",
    )
    return root


def _change(root: Path, file: str, **asked: object) -> Change:
    data = (root / file).read_bytes()
    fields: dict[str, object] = {"component": "card", "side": "front", "digest": digest(data)}
    return Change(**{**fields, **asked})  # type: ignore[arg-type]


def test_the_layout_names_where_each_key_is_defined(pack: Path) -> None:
    layout = face_layout(load_pack(pack), pack, "card", "front")
    assert (layout["width"], layout["height"], layout["safe"]) == (63, 88, 3.0)
    name = next(e for e in layout["elements"] if e["name"] == "name")
    assert name["box"] == [8, 12, 47, 12]
    assert name["keys"]["box"] == {"value": [8, 12, 47, 12], "file": "layouts/base.yaml", "line": 4}
    assert name["keys"]["style"] == {"value": "corner", "file": "layouts/card.yaml", "line": 12}
    assert set(layout["files"]) == {"layouts/base.yaml", "layouts/card.yaml"}
    back = face_layout(load_pack(pack), pack, "card", "back")
    ring = next(e for e in back["elements"] if e["name"] == "ring")
    assert ring["box"] == [31.5 - 17, 44 - 17, 34, 34]  # a circle's box, from its centre
    title = next(e for e in back["elements"] if e["name"] == "title")
    assert title["box"] == [31.5 - 13, 44 - 8, 26, 16]
    assert next(e for e in back["elements"] if e["name"] == "background")["box"] is None


def test_an_inherited_key_is_changed_in_the_template_that_defines_it(pack: Path) -> None:
    loaded = load_pack(pack)
    card = (pack / "layouts/card.yaml").read_text(encoding="utf-8")
    written = apply_change(
        loaded, pack, _change(pack, "layouts/base.yaml", element="name", key="box", index=0, by=5)
    )
    assert (written.file, written.before, written.after) == ("layouts/base.yaml", 8, 13)
    assert "  name: {type: text, box: [13, 12, 47, 12]," in (pack / written.file).read_text()
    assert (pack / "layouts/card.yaml").read_text(encoding="utf-8") == card
    assert written.digest == digest((pack / written.file).read_bytes())


def test_a_key_the_element_lacks_is_added_where_the_element_is_defined(pack: Path) -> None:
    written = apply_change(
        load_pack(pack),
        pack,
        _change(pack, "layouts/base.yaml", element="name", key="align", value="right"),
    )
    assert (written.before, written.after) == (None, "right")
    assert "style: title, align: right}" in (pack / "layouts/base.yaml").read_text()
    removed = apply_change(
        load_pack(pack),
        pack,
        _change(pack, "layouts/base.yaml", element="name", key="align", value=None),
    )
    assert (removed.before, removed.after) == ("right", None)
    assert (pack / "layouts/base.yaml").read_text(encoding="utf-8") == BASE


def test_a_relative_length_moves_and_stays_relative(pack: Path) -> None:
    loaded = load_pack(pack)
    for by, written in ((5, '"50% - 8"'), (8, '"50%"'), (-3.25, '"50% - 3.25"')):
        before = (pack / "layouts/back.yaml").read_text(encoding="utf-8")
        apply_change(
            loaded,
            pack,
            _change(
                pack, "layouts/back.yaml", side="back", element="title", key="box", index=0, by=by
            ),
        )
        after = (pack / "layouts/back.yaml").read_text(encoding="utf-8")
        assert f"box: [{written}, " in after, after
        assert len(after.splitlines()) == len(before.splitlines())
    centre = apply_change(
        loaded,
        pack,
        _change(
            pack, "layouts/back.yaml", side="back", element="ring", key="centre", index=1, by=-2
        ),
    )
    assert (centre.before, centre.after) == ("50%", "50% - 2")


def test_a_file_saved_since_the_editor_read_it_is_never_overwritten(pack: Path) -> None:
    loaded = load_pack(pack)
    change = _change(pack, "layouts/base.yaml", element="frame", key="box", index=1, by=1)
    base = pack / "layouts/base.yaml"
    base.write_text(BASE.replace("# The frame", "# Edited by hand: the frame"), encoding="utf-8")
    saved = base.read_bytes()
    with pytest.raises(StaleFile, match="changed since the editor read it"):
        apply_change(loaded, pack, change)
    assert base.read_bytes() == saved


@pytest.mark.parametrize(
    ("asked", "message"),
    [
        ({"element": "nothing", "key": "box"}, "has no element 'nothing'"),
        ({"element": "name", "key": "text", "value": "x"}, "does not change 'text'"),
        ({"element": "name", "key": "when", "value": "[1, 2"}, "when: is a mapping"),
        ({"element": "frame", "key": "stroke", "by": 2.0}, "does not change 'stroke'"),
        ({"element": "frame", "key": "width", "value": 1}, "does not change 'width'"),
        ({"element": "name", "key": "size", "by": 2.0}, "has no 'size' to move"),
        ({"element": "name", "key": "box", "index": 0, "value": None}, "needs a value"),
        ({"element": "name", "key": "box", "side": "edge"}, "'front' or 'back'"),
        ({"element": "name", "key": "box", "component": "nope"}, "no component 'nope'"),
    ],
)
def test_a_change_the_editor_cannot_make_says_why(
    pack: Path, asked: dict[str, object], message: str
) -> None:
    before = {p: p.read_bytes() for p in (pack / "layouts").iterdir()}
    with pytest.raises(UsageError, match=message):
        apply_change(load_pack(pack), pack, _change(pack, "layouts/base.yaml", **asked))
    assert {p: p.read_bytes() for p in (pack / "layouts").iterdir()} == before


def test_when_is_read_from_flow_text(pack: Path) -> None:
    written = apply_change(
        load_pack(pack),
        pack,
        _change(pack, "layouts/base.yaml", element="frame", key="when", value="{colour: sun}"),
    )
    assert written.after == {"colour": "sun"}
    assert "width: 0.4, when: {colour: sun}}" in (pack / "layouts/base.yaml").read_text()
