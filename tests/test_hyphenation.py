"""Words too wide for their line break as a typesetter breaks them: at a hyphen the text
has, at a soft hyphen a translator wrote, else where the language's dictionary allows,
with a hyphen drawn; before the text is set smaller than its style's size. A style may
turn dictionary breaks off."""

from __future__ import annotations

import pytest

from generator.printing.geometry import Rect
from generator.printing.pen import Setter, TextStyle
from generator.printing.text import TextProblem, Where

MINI_NAME = Rect(0, 0, 28, 12)
"""The name box of a 44 x 63 mm card: the card less 8 mm each side."""
TITLE = TextStyle(11, 8, "bold", wrap=True)


def _set(
    text: str, locale: str, box: Rect = MINI_NAME, style: TextStyle = TITLE
) -> tuple[tuple[str, ...], float]:
    fitted = Setter(Where("mini", locale)).fitted(box, text, style)
    return fitted.lines, fitted.size


def test_a_compound_with_a_soft_hyphen_breaks_there_at_the_styles_size() -> None:
    lines, size = _set("Pflaumen\u00adpudding-Baron", "de")
    assert lines == ("Pflaumen-", "pudding-Baron")
    assert size == TITLE.size


def test_a_compound_breaks_by_the_dictionary_with_a_hyphen_drawn() -> None:
    lines, size = _set("Pflaumenpudding-Baron", "de")
    assert size == TITLE.size  # broken, not shrunk
    assert len(lines) == 2 and lines[0].endswith("-")
    assert lines[0][:-1] + lines[1] == "Pflaumenpudding-Baron"
    assert lines[0][:-1].lower() in ("pflau", "pflaumen", "pflaumenpud")  # at a syllable


def test_a_hyphen_of_the_text_is_a_break_of_its_own() -> None:
    lines, _ = _set("Pflaumenpudding-Baron", "de", Rect(0, 0, 36, 9))
    assert lines == ("Pflaumenpudding-", "Baron")


def test_each_language_breaks_by_its_own_dictionary() -> None:
    english, _ = _set(
        "Extraordinarily", "en", Rect(0, 0, 15, 12), TextStyle(10, 8, "bold", wrap=True)
    )
    assert len(english) > 1 and all(line.endswith("-") for line in english[:-1])
    assert "".join(line.removesuffix("-") for line in english) == "Extraordinarily"


def test_a_style_without_hyphenation_shrinks_instead_or_refuses() -> None:
    style = TextStyle(10, 8, "bold", wrap=True, hyphenate=False)
    with pytest.raises(TextProblem, match=r"does not fit its 15\.0x12\.0 mm box even at 8 pt"):
        _set("Extraordinarily", "en", Rect(0, 0, 15, 12), style)
    lines, size = _set("Gla\u00adneusefruits", "de", Rect(0, 0, 16, 12), style)
    assert (lines, size) == (("Gla-", "neusefruits"), 9.0)  # a soft hyphen still counts
    hyphenated = TextStyle(10, 8, "bold", wrap=True)
    assert _set("Gla\u00adneusefruits", "de", Rect(0, 0, 16, 12), hyphenated) == (
        ("Gla-", "neuse-", "fruits"),
        10.0,
    )


def test_a_text_that_is_not_wrapped_never_breaks() -> None:
    lines, size = _set("Pflaumenpudding-Baron", "de", Rect(0, 0, 60, 8), TextStyle(11, 6, "bold"))
    assert lines == ("Pflaumenpudding-Baron",) and size == 11
