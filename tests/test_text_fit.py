"""Fitting text: the largest size on the step grid at which it fits, found by halving."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.printing import fonts
from generator.printing.text import LEADING, SIZE_STEP, TextProblem, Where, fit, wrap

WHERE = Where("card", "en")
WORDS = st.lists(
    st.sampled_from(["Eisbär", "goal", "Übergröße", "à", "tiebreaker", "7"]),
    min_size=1,
    max_size=40,
)


def _font() -> str:
    return fonts.register()["bold"]


def _linear(
    text: str, font: str, width: float, height: float, size: float, minimum: float, wrapped: bool
) -> float | None:
    """The size a step-by-step search from `size` down finds (the reference)."""
    current = size
    while current >= minimum - 1e-9:
        lines = wrap(text, font, current, width) if wrapped else tuple(text.split("\n"))
        widest = max(stringWidth(line, font, current) for line in lines)
        tall = current * (1 + LEADING * (len(lines) - 1))
        if widest <= width + 1e-6 and tall <= height + 1e-6:
            return current
        current -= SIZE_STEP
    return None


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    words=WORDS,
    width=st.floats(10, 300),
    height=st.floats(5, 200),
    size=st.floats(2, 200),
    span=st.floats(0, 198),
    wrapped=st.booleans(),
)
def test_halving_finds_the_size_a_step_by_step_search_finds(
    words: list[str], width: float, height: float, size: float, span: float, wrapped: bool
) -> None:
    font, text, minimum = _font(), " ".join(words), max(2.0, size - span)
    expected = _linear(text, font, width, height, size, minimum, wrapped)
    if expected is None:
        with pytest.raises(TextProblem):
            fit(text, font, width, height, size, minimum, WHERE, wrap_lines=wrapped)
    else:
        assert (
            fit(text, font, width, height, size, minimum, WHERE, wrap_lines=wrapped).size
            == expected
        )


@pytest.mark.slow
def test_a_text_of_a_hundred_thousand_words_is_refused_at_once(tmp_path: Path) -> None:
    """It was once wrapped at every size of its search (46 s in build); a text whose letters
    alone cannot fit the box at its smallest size is refused before any wrapping."""
    from generator.services.starter import write_starter
    from tests.conftest import replace_once
    from tests.limits import draftdeck

    pack = write_starter(tmp_path / "demo", "demo")
    replace_once(
        pack / "schemas/cards.schema.json",
        '"name": { "$ref": "common.schema.json#/$defs/name",',
        '"name": { "type": "string", "maxLength": 1000000,',
    )
    replace_once(
        pack / "layouts/theme.yaml",
        "title: {size: 18, min: 9, font: bold}",
        "title: {size: 18, min: 9, font: bold, wrap: true}",
    )
    words = " ".join(["word"] * 100_000)
    replace_once(pack / "cards.yaml", "{id: sun-1, name: Sun,", f"{{id: sun-1, name: '{words}',")
    result = draftdeck("build", "--data", "demo", "--locale", "en", cwd=tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output[-500:]
    assert "does not fit its" in output and "word word" in output
    assert words[:1000] not in output  # quoted by its first characters
