"""Phrase books: data items said in words, slot by slot, never saying less than the data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from generator.diagnostics import Diagnostic
from generator.loading import strict_yaml
from generator.loading.document import Document, PathKey
from generator.packs.items import Item
from generator.templates.expressions import ExpressionError, Scope, fill_text
from generator.templates.phrases import Phrases, read_phrases
from tests.test_templates import Env

TYPES = {
    "a": Item({"id": "a", "plural": "Archers"}, "types"),
    "m": Item({"id": "m", "plural": "Mages"}, "types"),
}
BOOKS = """\
effects:
  refs: {only: types/types}
  silent: [note]
  slots:
    army:
      - {when: {army: 1}, text: "Alone:"}
      - {when: {army: [2, 3]}, text: "Together:"}
    action:
      - {when: {kind: strength, target: enemies}, text: "Enemies {amount|signed}"}
      - {when: {kind: draw, amount: 1}, text: "Draw 1 card"}
      - {when: {kind: draw}, text: "Draw {amount} cards"}
    filter:
      - {text: "({only.plural|tr} up to {at-most})"}
      - {text: "({only.plural|tr})"}
"""


def _phrases(text: str = BOOKS) -> tuple[Phrases, list[Diagnostic]]:
    document, problems = strict_yaml.parse_single(text, "layouts/phrases.yaml")
    assert document is not None, problems

    def resolve(
        where: Document, at: PathKey, target: str, found: list[Diagnostic]
    ) -> Mapping[str, Item] | None:
        if target == "types/types":
            return TYPES
        found.append(where.diagnostic(at, f"no list {target}"))
        return None

    return read_phrases(document, resolve)


def _say(effects: Any, phrases: Phrases | None = None) -> str:
    card = Item({"id": "u", "effects": effects}, "units")
    scope = Scope(card, {}, frozenset({"plural"}), phrases or _phrases()[0])
    return fill_text("{effects|say}", scope, Env())


def test_each_slot_is_said_by_its_first_matching_phrase() -> None:
    effects = [
        {"kind": "strength", "target": "enemies", "amount": -2, "only": "a", "army": 1},
        {"kind": "draw", "amount": 1},
        {"kind": "draw", "amount": 3, "army": 2, "note": "not printed"},
    ]
    assert _say(effects).split("\n") == [
        "«Alone:»@phrases «Enemies \u2212<2>»@phrases («Archers»@types)",
        "«Draw 1 card»@phrases",
        "«Together:»@phrases «Draw 3 cards»@phrases",
    ]


def test_placeholders_of_a_phrase_read_the_item_and_its_references() -> None:
    plain = type("Plain", (Env,), {"translate": lambda self, context, text: text})
    card = Item({"effects": [{"kind": "strength", "target": "enemies", "amount": -2}]}, "units")
    scope = Scope(card, {}, frozenset({"plural"}), _phrases()[0])
    assert fill_text("{effects|say}", scope, plain()) == "Enemies \u2212<2>"
    card = Item(
        {
            "effects": {
                "kind": "strength",
                "target": "enemies",
                "amount": 3,
                "only": "m",
                "at-most": 4,
            }
        },
        "units",
    )
    scope = Scope(card, {}, frozenset({"plural"}), _phrases()[0])
    assert fill_text("{effects|say}", scope, plain()) == "Enemies +<3> (Mages up to 4)"


@pytest.mark.parametrize(
    ("effect", "unsaid"),
    [
        ({"kind": "strength", "target": "allies", "amount": 2}, "no phrase says it"),
        ({"kind": "draw", "amount": 2, "at-least": 3}, "no phrase says at-least"),
        ({"kind": "strength", "target": "enemies", "amount": 1, "at-most": 3}, "at-most"),
    ],
)
def test_an_item_no_phrase_fully_says_is_refused(effect: dict[str, Any], unsaid: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        _say([effect])
    assert unsaid in caught.value.message
    assert "layouts/phrases.yaml" in str(caught.value.hint)


def test_an_id_that_names_no_item_is_refused() -> None:
    with pytest.raises(ExpressionError, match=r"only 'x' .* names no item of types/types"):
        _say([{"kind": "strength", "target": "enemies", "amount": 1, "only": "x"}])


def test_a_field_without_a_book_or_a_wrong_value_is_refused() -> None:
    card = Item({"id": "u", "effects": [], "ranks": [{"a": 1}], "name": "x"}, "units")
    scope = Scope(card, {}, frozenset(), _phrases()[0])
    with pytest.raises(ExpressionError, match="no phrase book 'ranks'"):
        fill_text("{ranks|say}", scope, Env())
    with pytest.raises(ExpressionError, match="a mapping or a list of mappings"):
        fill_text("{name|say}", Scope(card, {}, frozenset(), _phrases()[0]), Env())
    with pytest.raises(ExpressionError, match="say must be the first filter"):
        fill_text("{name|upper|say}", scope, Env())
    with pytest.raises(ExpressionError, match="no phrases to say it with"):
        fill_text("{ranks|say}", Scope(card, {}, frozenset()), Env())


def test_the_phrase_file_is_checked() -> None:
    broken = BOOKS.replace("types/types", "kinds/kinds").replace(
        '"Draw 1 card"', '"Draw {effects|say}"'
    )
    _, problems = _phrases(broken)
    messages = [p.message for p in problems]
    assert messages == ["no list kinds/kinds", "{effects|say}: a phrase cannot say another item"]
    assert [p.line for p in problems] == [2, 10]


@pytest.mark.parametrize(("value", "shown"), [(2, "+<2>"), (-3, "\u2212<3>"), (0, "<0>")])
def test_signed_numbers_carry_their_sign(value: int, shown: str) -> None:
    card = Item({"id": "u", "n": value}, "units")
    assert fill_text("{n|signed}", Scope(card, {}, frozenset()), Env()) == shown
