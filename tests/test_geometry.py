"""Print geometry: exact sizes, centred imposition, marks outside every bleed, mirrored backs."""

from __future__ import annotations

import itertools

import pytest

from generator.printing.geometry import PAPERS, CropMarks, PrintSettings, Size, impose, pt

STANDARD, LARGE = Size(63, 88), Size(70, 120)


def test_points_per_mm() -> None:
    assert pt(25.4) == pytest.approx(72)
    assert pt(210) == pytest.approx(595.2756, abs=1e-4)


@pytest.mark.parametrize(
    ("paper", "bleed", "marks", "card", "expected"),
    [
        ("a4", 3.0, CropMarks.PAGE_EDGE, STANDARD, (2, 4, True)),
        ("a4", 0.0, CropMarks.PAGE_EDGE, STANDARD, (3, 3, False)),
        ("a4", 3.0, CropMarks.CORNERS, STANDARD, (2, 2, False)),
        ("a4", 3.0, CropMarks.PAGE_EDGE, LARGE, (2, 2, False)),
        ("letter", 3.0, CropMarks.PAGE_EDGE, STANDARD, (2, 3, True)),
        ("letter", 0.0, CropMarks.NONE, STANDARD, (3, 3, False)),
    ],
)
def test_as_many_cards_as_fit(
    paper: str, bleed: float, marks: CropMarks, card: Size, expected: tuple[int, int, bool]
) -> None:
    layout = impose(card, PrintSettings(PAPERS[paper], bleed=bleed, marks=marks))
    assert (layout.columns, layout.rows, layout.turned) == expected


@pytest.mark.parametrize(
    ("paper", "bleed", "marks"), list(itertools.product(PAPERS, (0.0, 3.0), list(CropMarks)))
)
def test_block_is_centred_and_inside_the_printable_area(
    paper: str, bleed: float, marks: CropMarks
) -> None:
    settings = PrintSettings(PAPERS[paper], bleed=bleed, marks=marks)
    layout = impose(STANDARD, settings)
    slots = layout.slots()
    left = min(s.trim.x for s in slots) - bleed
    right = max(s.trim.right for s in slots) + bleed
    bottom = min(s.trim.y for s in slots) - bleed
    top = max(s.trim.top for s in slots) + bleed
    assert left == pytest.approx(settings.paper.width - right, abs=0.05)
    assert bottom == pytest.approx(settings.paper.height - top, abs=0.05)
    limit = settings.margin + settings.mark_space
    assert left >= limit - 1e-9 and bottom >= limit - 1e-9


def test_slot_sizes_and_spacing_are_exact() -> None:
    layout = impose(STANDARD, PrintSettings(PAPERS["a4"], bleed=0.0))
    slots = layout.slots()
    assert [(s.trim.width, s.trim.height) for s in slots] == [(63, 88)] * 9
    assert slots[1].trim.x - slots[0].trim.x == pytest.approx(63, abs=0.05)
    assert slots[0].trim.x == pytest.approx((210 - 189) / 2, abs=0.05)
    assert slots[0].trim.top == pytest.approx(297 - (297 - 264) / 2, abs=0.05)


@pytest.mark.parametrize("marks", [CropMarks.CORNERS, CropMarks.PAGE_EDGE])
def test_marks_sit_on_trim_lines_and_outside_every_bleed(marks: CropMarks) -> None:
    settings = PrintSettings(PAPERS["a4"], bleed=3.0, marks=marks)
    layout = impose(STANDARD, settings)
    xs = {round(v, 6) for s in layout.slots() for v in (s.trim.x, s.trim.right)}
    ys = {round(v, 6) for s in layout.slots() for v in (s.trim.y, s.trim.top)}
    lines = layout.crop_marks()
    assert lines
    for line in lines:
        assert (round(line.x1, 6) in xs and line.x1 == line.x2) or (
            round(line.y1, 6) in ys and line.y1 == line.y2
        )
        for slot in layout.slots():
            bleed = slot.trim.grown(settings.bleed)
            for t in (0.0, 0.5, 1.0):
                x = line.x1 + t * (line.x2 - line.x1)
                y = line.y1 + t * (line.y2 - line.y1)
                assert not (bleed.x < x < bleed.right and bleed.y < y < bleed.top), (line, slot)


def test_backs_mirror_the_fronts_for_a_long_edge_flip() -> None:
    layout = impose(STANDARD, PrintSettings(PAPERS["a4"]))
    for front, back in zip(layout.slots(), layout.back_slots(), strict=True):
        assert back.trim.x == pytest.approx(210 - front.trim.right)
        assert (back.trim.y, back.trim.width, back.trim.height) == (
            front.trim.y,
            front.trim.width,
            front.trim.height,
        )


def test_a_card_larger_than_the_paper_is_refused() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        impose(Size(300, 400), PrintSettings(PAPERS["a4"]))
