"""Type sizes a rules editor accepts: no text of a reference card or a rules summary below
7 pt, and one size for one kind of text on a card (the reference card's steps are set
together, whatever the language)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.services.build import BuildOptions, build
from generator.services.find import load_pack
from generator.services.texts import render_text, text_document
from tests.conftest import DATA
from tests.pdf_helpers import text_runs

SMALLEST = 7.0
"""The smallest type a publisher prints on a reference card or in a summary, in points."""
LOCALES = ("de", "fr", "en")


@pytest.fixture(scope="module")
def references(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Disaster Draft's cards, built in every language."""
    out = tmp_path_factory.mktemp("references")
    build(DATA / "disaster-draft", out, BuildOptions(locales=LOCALES, jobs=1))
    return out / "disaster-draft"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_reference_card_sets_every_step_in_one_size_of_at_least_7_pt(
    references: Path, locale: str
) -> None:
    runs = text_runs((references / locale / "reference.pdf").read_bytes())
    front = [run for run in runs if run[0] == 0]  # the fronts' sheet
    assert front, "nothing drawn"
    assert min(size for _, _, size, _ in front) >= SMALLEST
    # The steps and the table's labels are the card's only regular text: one size for all.
    steps = {size for _, font, size, _ in front if font.endswith("-Regular")}
    assert len(steps) == 1, steps
    numbers = {size for _, font, size, text in front if text.strip().isdigit()}
    assert len(numbers) == 1, numbers  # the step numbers and the draw table's figures


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "edition"),
    [
        ("disaster-draft", ""),
        ("extraliga-all-stars", ""),
        ("all-star-draft", "2025"),
        ("all-star-draft", "2020"),
    ],
)
@pytest.mark.parametrize("paper", ["a4", "a5-booklet"])
def test_no_text_of_a_summary_is_below_7_pt(game: str, edition: str, paper: str) -> None:
    """The summary's text, its tables, its figures' labels and the cards it draws (at
    their printed size) in every language."""
    loaded = load_pack(DATA / game)
    for locale in LOCALES:
        for kind in ("summary", "tables"):
            pdf = render_text(text_document(loaded, kind, edition, locale), "x", "pdf", paper)
            small = [
                (size, text.strip()[:40]) for _, _, size, text in text_runs(pdf) if size < SMALLEST
            ]
            assert small == [], (locale, kind)
