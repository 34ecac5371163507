"""Phrase books: data items said in whole sentences, one message per shape of item, never saying
less than the data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from generator.core.diagnostics import Diagnostic
from generator.grammar.placeholders import ExpressionError
from generator.loading import strict_yaml
from generator.loading.document import Document, PathKey
from generator.loading.items import Item
from generator.templates.expressions import Scope, fill_text
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
  messages:
    - {when: {kind: strength, target: enemies, amount: {max: -1}}, text: "Every enemy loses {amount|abs}."}
    - {when: {kind: strength, target: enemies, amount: {min: 1}}, text: "Every enemy gains {amount}."}
    - {when: {kind: strength, target: enemies}, text: "Every {only.plural|tr} up to {at-most}: {amount|signed}."}
    - {when: {army: 1, kind: strength, target: enemies}, text: "Alone: every {only.plural|tr}: {amount|signed}."}
    - {when: {kind: draw}, text: "Draw {amount} card.", plural: "Draw {amount} cards.", count: amount}
    - {when: {army: [2, 3], kind: draw}, text: "Together: draw {amount}.", plural: "Together: draw {amount}!", count: amount}
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


def test_each_item_is_said_by_the_first_message_that_names_all_it_sets() -> None:
    effects = [
        {"kind": "strength", "target": "enemies", "amount": -2, "only": "a", "army": 1},
        {"kind": "draw", "amount": 1},
        {"kind": "draw", "amount": 3, "army": 2, "note": "not printed"},
        {"kind": "strength", "target": "enemies", "amount": 2},
    ]
    assert _say(effects).split("\n") == [
        "«Alone: every «Archers»@types: \u2212<2>.»@phrases",
        "«Draw 1 card.»@phrases#1",
        "«Together: draw 3!»@phrases#3",
        "«Every enemy gains 2.»@phrases",
    ]


def test_the_messages_placeholders_read_the_item_and_its_references() -> None:
    plain = type(
        "Plain",
        (Env,),
        {
            "translate": lambda self, context, text: text,
            "translate_plural": lambda self, context, one, many, n: one if n == 1 else many,
        },
    )
    card = Item({"effects": [{"kind": "strength", "target": "enemies", "amount": -2}]}, "units")
    scope = Scope(card, {}, frozenset({"plural"}), _phrases()[0])
    assert fill_text("{effects|say}", scope, plain()) == "Every enemy loses <2>."
    card = Item(
        {
            "effects": [
                {"kind": "strength", "target": "enemies", "amount": 3, "only": "m", "at-most": 4},
                {"kind": "draw", "amount": 2},
            ]
        },
        "units",
    )
    scope = Scope(card, {}, frozenset({"plural"}), _phrases()[0])
    assert fill_text("{effects|say}", scope, plain()) == (
        "Every Mages up to 4: +<3>.\nDraw 2 cards."
    )


@pytest.mark.parametrize(
    ("effect", "unsaid"),
    [
        ({"kind": "strength", "target": "allies", "amount": 2}, "no message fits it"),
        (
            {"kind": "draw", "amount": 2, "at-least": 3},
            "the nearest message leaves at-least unsaid",
        ),
        ({"kind": "strength", "target": "enemies", "amount": 1, "at-least": 3}, "at-least"),
        ({"kind": "strength", "target": "enemies", "amount": 0}, "no message fits it"),
    ],
)
def test_an_item_no_message_fully_says_is_refused(effect: dict[str, Any], unsaid: str) -> None:
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
    broken = (
        BOOKS.replace("types/types", "kinds/kinds")
        .replace('"Draw {amount} card."', '"Draw {effects|say}."')
        .replace(", count: amount}\n    - {when: {army: [2, 3]", "}\n    - {when: {army: [2, 3]")
    )
    _, problems = _phrases(broken)
    messages = [p.message for p in problems]
    assert messages == [
        "no list kinds/kinds",
        "{effects|say}: a message cannot say another item",
        "a message with a plural needs a count, and a count needs a plural",
    ]
    assert [p.line for p in problems] == [2, 9, 9]


@pytest.mark.parametrize(("value", "shown"), [(2, "+<2>"), (-3, "\u2212<3>"), (0, "<0>")])
def test_signed_numbers_carry_their_sign(value: int, shown: str) -> None:
    card = Item({"id": "u", "n": value}, "units")
    assert fill_text("{n|signed}", Scope(card, {}, frozenset()), Env()) == shown


@pytest.mark.parametrize(("value", "shown"), [(2, "<2>"), (-3, "<3>")])
def test_abs_drops_the_sign(value: int, shown: str) -> None:
    card = Item({"id": "u", "n": value}, "units")
    assert fill_text("{n|abs}", Scope(card, {}, frozenset()), Env()) == shown
