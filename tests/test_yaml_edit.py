"""A value set, added or removed in a YAML file changes those characters and no others:
comments, order, quoting, flow and block style, indentation and line ends stay as written."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.loading.yaml_edit import REMOVE, EditError, edit, value_at
from tests.conftest import DATA

TEMPLATE = """\
# a comment
extends: base
elements:
  name: {type: text, box: [8, 12, "50% - 19", 12], text: "{name|tr}", style: title}  # the name
  rule:
    type: text
    box: [8, 40, 47, 8]   # the rule's box
    size: 11

    # a comment after the element
  other: {type: rect, box: bleed}
"""


def _changed_lines(before: str, after: str) -> list[str]:
    old = set(before.splitlines())
    return [line for line in after.splitlines() if line not in old]


def test_an_item_of_a_flow_list_is_replaced_in_place() -> None:
    after = edit(TEMPLATE, ("elements", "name", "box", 0), 9.5)
    assert _changed_lines(TEMPLATE, after) == [
        '  name: {type: text, box: [9.5, 12, "50% - 19", 12], text: "{name|tr}", style: title}'
        "  # the name"
    ]
    assert len(after.splitlines()) == len(TEMPLATE.splitlines())


def test_a_relative_length_keeps_its_quotes() -> None:
    after = edit(TEMPLATE, ("elements", "name", "box", 2), "50% - 14")
    assert '[8, 12, "50% - 14", 12]' in after
    assert after.replace('"50% - 14"', '"50% - 19"') == TEMPLATE


def test_a_key_is_added_at_the_end_of_a_flow_mapping() -> None:
    after = edit(TEMPLATE, ("elements", "name", "align"), "center")
    assert "style: title, align: center}  # the name" in after
    assert value_at(after, ("elements", "name", "align")) == "center"


def test_a_key_is_added_under_a_block_mapping_before_its_comments() -> None:
    after = edit(TEMPLATE, ("elements", "rule", "align"), "center")
    assert "    size: 11\n    align: center\n\n    # a comment after the element\n" in after


def test_a_key_is_removed_from_either_style() -> None:
    flow = edit(TEMPLATE, ("elements", "name", "style"), REMOVE)
    assert '"{name|tr}"}  # the name' in flow
    first = edit(TEMPLATE, ("elements", "name", "type"), REMOVE)
    assert "  name: {box: [8, 12," in first
    block = edit(TEMPLATE, ("elements", "rule", "size"), REMOVE)
    assert "size" not in block and "# the rule's box\n\n    # a comment" in block


def test_a_mapping_value_is_written_in_flow_style() -> None:
    after = edit(TEMPLATE, ("elements", "rule", "when"), {"suit": "red", "value": [1, 2]})
    assert "    when: {suit: red, value: [1, 2]}\n" in after


def test_windows_line_ends_stay() -> None:
    crlf = TEMPLATE.replace("\n", "\r\n")
    after = edit(crlf, ("elements", "rule", "align"), "left")
    assert "\n" not in after.replace("\r\n", "")
    assert "    size: 11\r\n    align: left\r\n" in after


@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        ("a: &x [1, 2]\nb: *x\n", ("b", 0), "alias"),
        ("a: [1, 2]\n", ("a", 5), "no item 5"),
        ("a: {b: 1}\n", ("c", "d"), "no key 'c'"),
        ("a: [1\n", ("a", 0), "not valid YAML"),
        ("a: [1, 2]\n", ("a", 0, "x"), "neither a list nor a mapping"),
    ],
)
def test_an_edit_that_cannot_be_made_in_place_says_why(
    text: str, path: tuple[str | int, ...], message: str
) -> None:
    with pytest.raises(EditError, match=message):
        edit(text, path, 3)


def test_texts_are_quoted_only_where_they_must_be() -> None:
    assert "a: [plain text, 2]" in edit("a: [x, 2]\n", ("a", 0), "plain text")
    assert 'a: ["yes", 2]' in edit("a: [x, 2]\n", ("a", 0), "yes")  # a boolean unquoted
    assert 'a: ["x, y", 2]' in edit("a: [x, 2]\n", ("a", 0), "x, y")
    assert "a: ['it''s', 2]" in edit("a: ['x', 2]\n", ("a", 0), "it's")


LAYOUTS = sorted(DATA.glob("*/layouts/*.yaml"))


@pytest.mark.parametrize("path", LAYOUTS, ids=[f"{p.parent.parent.name}/{p.name}" for p in LAYOUTS])
def test_every_box_of_the_shipped_templates_is_set_and_set_back_exactly(path: Path) -> None:
    """Each element's box x moved 1 mm and back gives the file as it was, byte for byte."""
    text = path.read_text(encoding="utf-8")
    elements = (yaml.safe_load(text) or {}).get("elements") or {}
    boxes = [n for n, e in elements.items() if isinstance(e.get("box"), list)]
    for name in boxes:
        old = elements[name]["box"][0]
        if not isinstance(old, int | float):
            continue
        moved = edit(text, ("elements", name, "box", 0), old + 1)
        assert value_at(moved, ("elements", name, "box", 0)) == old + 1
        assert edit(moved, ("elements", name, "box", 0), old) == text
