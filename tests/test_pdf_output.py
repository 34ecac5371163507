"""The built PDFs: pages, fonts, metadata, text in every language, geometry and colour."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.printing.fonts import coverage, register
from generator.printing.geometry import PAPERS, CropMarks, PrintSettings, Size, impose
from tests.golden_files import GOLDEN, check_golden
from tests.pdf_helpers import build_into, close, page_mm, pixel, pixel_at, raster, reader, rgb
from tests.spawn_helpers import spawning

LOCALES = ("de", "fr", "en")
GAME = "all-star-draft"
COMPONENT_PAGES = {  # 2025, A4, 3 mm bleed, duplex backs
    "hockey-player.pdf": 28,  # 108 cards, 8 per sheet: 14 sheets, fronts and backs
    "arena.pdf": 8,  # 15 large cards, 4 per sheet
    "tiebreaker.pdf": 4,
    "bus-station.pdf": 2,
    "fan-zone.pdf": 4,
    "playoff-points.pdf": 2,
    "playoff-ticket.pdf": 1,  # one-sided tokens from here on
    "bus-token.pdf": 1,
    "fan-marker.pdf": 1,
    "calibration.pdf": 2,
}
NAMES = {"de": "Karibu", "fr": "Caribou", "en": "Caribou"}
WORDLESS = {"fan-marker.pdf"}
"""Components that print no words: their faces are snapshots of their drawing only."""


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("build")
    build_into(folder, editions=("2025",))
    return folder / GAME


@pytest.mark.slow
@pytest.mark.parametrize("locale", LOCALES)
def test_every_component_and_the_combined_file(out: Path, locale: str) -> None:
    folder = out / "2025" / locale
    for name, pages in COMPONENT_PAGES.items():
        pdf = reader(folder / name)
        assert len(pdf.pages) == pages, name
        assert {page_mm(p) for p in pdf.pages} == {(210.0, 297.0)}, name
    combined = reader(folder / "print-and-play.pdf")
    assert len(combined.pages) == sum(COMPONENT_PAGES.values())
    titles = [item.title for item in combined.outline]
    assert len(titles) == len(COMPONENT_PAGES)
    assert combined.trailer["/Root"]["/Lang"] == locale


@pytest.mark.parametrize("locale", LOCALES)
def test_metadata(out: Path, locale: str) -> None:
    info = reader(out / "2025" / locale / "hockey-player.pdf").metadata
    assert info["/Author"] == "Marco Schaub, Malte Zirbel, Armand Teixier"
    assert info["/Title"].startswith("All-Star Draft")
    assert reader(out / "2025" / locale / "arena.pdf").trailer["/Root"]["/Lang"] == locale


def test_fonts_are_embedded_subsets(out: Path) -> None:
    pdf = reader(out / "2025" / "fr" / "print-and-play.pdf")
    for page in pdf.pages:
        for reference in page["/Resources"]["/Font"].values():
            font = reference.get_object()
            assert font["/Subtype"] == "/TrueType", font  # no standard, non-embedded font anywhere
            assert "/FontFile2" in font["/FontDescriptor"].get_object()
            assert "+" in str(font["/BaseFont"])  # a subset tag


@pytest.mark.slow
@pytest.mark.parametrize("locale", LOCALES)
def test_each_language_is_extracted_and_every_glyph_exists(out: Path, locale: str) -> None:
    text = "".join(
        page.extract_text() for page in reader(out / "2025" / locale / "print-and-play.pdf").pages
    )
    assert NAMES[locale] in text
    fonts = register()
    have = set().union(*(coverage(f) for f in fonts.values()))
    missing = {c for c in text if not c.isspace() and ord(c) not in have}
    assert missing == set()


def test_french_typography_reaches_the_pdf(out: Path) -> None:
    text = "".join(
        page.extract_text() for page in reader(out / "2025" / "fr" / "calibration.pdf").pages
    )
    assert "\u202f:" in text


@pytest.mark.slow
@pytest.mark.processes
def test_output_is_byte_identical_from_spawned_workers(
    tmp_path: Path, out: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build again, its workers spawned as on macOS and Windows (each given the packs
    pickled) instead of forked: the same bytes."""
    spawned = spawning(monkeypatch)
    build_into(tmp_path, editions=("2025",), locales=("fr",), jobs=2)
    assert spawned == [True]
    for name in [*COMPONENT_PAGES, "print-and-play.pdf"]:
        assert (tmp_path / GAME / "2025" / "fr" / name).read_bytes() == (
            out / "2025" / "fr" / name
        ).read_bytes(), name


@pytest.mark.parametrize("component", sorted(set(COMPONENT_PAGES) - WORDLESS))
def test_golden_text(out: Path, component: str, update_golden: bool) -> None:
    """The text a reader gets back from each PDF (what the pen draws is in the face
    snapshots: tests/golden/faces)."""
    golden = GOLDEN / f"2025-en-{component.removesuffix('.pdf')}.txt"
    text = "\n\f\n".join(
        page.extract_text() for page in reader(out / "2025" / "en" / component).pages
    )
    check_golden(golden, text, update_golden)


def test_bus_station_puts_strength_5_on_the_left(out: Path) -> None:
    """The ruling in docs/decisions.md: columns run 5, 4, 3, 2, 1 from left to right."""
    page = reader(out / "2025" / "en" / "bus-station.pdf").pages[0]
    x_of: dict[str, float] = {}

    def visit(text: str, cm: Any, tm: Any, _font: Any, _size: Any) -> None:
        if text.strip() in {"1", "2", "3", "4", "5"}:  # x on the page: text matrix, then CTM
            x_of.setdefault(text.strip(), cm[0] * tm[4] + cm[2] * tm[5] + cm[4])

    page.extract_text(visitor_text=visit)
    assert sorted(x_of, key=x_of.__getitem__) == ["5", "4", "3", "2", "1"]


# --- geometry and colour, from rendered pixels --------------------------------

PX = 8.0  # pixels per millimetre
A4 = PAPERS["a4"]


def _layout() -> object:
    return impose(Size(63, 88), PrintSettings(A4))


def test_crop_marks_sit_on_trim_lines(out: Path) -> None:
    layout = _layout()
    image = raster(out / "2025" / "en" / "hockey-player.pdf", 0, PX)
    for line in layout.crop_marks():  # type: ignore[attr-defined]
        x, y = (line.x1 + line.x2) / 2, (line.y1 + line.y2) / 2
        assert max(pixel(image, x, y, A4.height, PX)) < 128, line
        if line.x1 == line.x2:  # a vertical mark: white 1 mm to the side
            assert min(pixel(image, x + 1, y, A4.height, PX)) > 230
        else:
            assert min(pixel(image, x, y + 1, A4.height, PX)) > 230


def test_bleed_is_filled_and_species_colour_is_inside_the_trim(out: Path) -> None:
    layout = _layout()
    image = raster(out / "2025" / "en" / "hockey-player.pdf", 0, PX)
    rabbit = rgb("#F2C500")
    for slot in layout.slots():  # type: ignore[attr-defined]
        trim = slot.trim
        # Turned cards: the card's left edge runs along the sheet's bottom; sample near edges away from art.
        assert close(pixel(image, trim.x - 1.5, trim.y + 1.0, A4.height, PX), rabbit), "bleed left"
        assert close(pixel(image, trim.right + 1.5, trim.top - 1.0, A4.height, PX), rabbit), (
            "bleed right"
        )
        assert close(pixel(image, trim.x + 1.0, trim.y + trim.height / 2, A4.height, PX), rabbit), (
            "inside trim"
        )
    assert min(pixel(image, 3, 3, A4.height, PX)) > 240  # paper outside the block stays white


def test_front_and_mirrored_back_coincide_when_flipped(out: Path) -> None:
    from PIL import ImageOps

    layout = _layout()
    back = ImageOps.mirror(raster(out / "2025" / "en" / "hockey-player.pdf", 1, PX))
    navy = rgb("#14284B")
    for slot in layout.slots():  # type: ignore[attr-defined]
        trim = slot.trim
        for x, y in (
            (trim.x + 0.5, trim.y + 0.5),
            (trim.right - 0.5, trim.top - 0.5),
            (trim.x + 0.5, trim.top - 0.5),
            (trim.right - 0.5, trim.y + 0.5),
        ):
            assert close(pixel(back, x, y, A4.height, PX), navy), (slot, x, y)
    slots = layout.slots()  # type: ignore[attr-defined]
    left = min(s.trim.x for s in slots) - 3  # the outer bleed edge
    assert close(pixel(back, left + 0.3, slots[0].trim.y + 10, A4.height, PX), navy)
    assert min(pixel(back, left - 0.5, slots[0].trim.y + 10, A4.height, PX)) > 240


# --- options -------------------------------------------------------------------


@pytest.mark.slow
def test_letter_paper_no_marks_no_backs(tmp_path: Path) -> None:
    build_into(
        tmp_path,
        editions=("2025",),
        locales=("en",),
        paper="letter",
        crop_marks="none",
        backs="none",
    )
    pdf = reader(tmp_path / GAME / "2025" / "en" / "hockey-player.pdf")
    assert {page_mm(p) for p in pdf.pages} == {(215.9, 279.4)}
    assert len(pdf.pages) == 18  # 108 cards, 6 per letter sheet, fronts only


@pytest.mark.slow
def test_print_on_demand_pages_and_pngs(tmp_path: Path) -> None:
    build_into(tmp_path, editions=("2025",), locales=("de",), pod=True)
    pod = reader(tmp_path / GAME / "2025" / "de" / "pod" / "hockey-player.pdf")
    assert len(pod.pages) == 216
    assert page_mm(pod.pages[0]) == (69.0, 94.0)
    from PIL import Image

    png = tmp_path / GAME / "2025" / "de" / "pod" / "png" / "hockey-player-001.png"
    with Image.open(png) as image:
        assert image.size == (815, 1111)  # 69 x 94 mm at 300 dpi, rounded up by the renderer
        assert close(pixel_at(image, 400, 20), rgb("#F2C500"))


@pytest.mark.slow
def test_ink_saver_keeps_the_paper_white(tmp_path: Path) -> None:
    build_into(tmp_path, editions=("2025",), locales=("en",), ink_saver=True, bleed=0.0)
    layout = impose(Size(63, 88), PrintSettings(A4, bleed=0.0))
    image = raster(tmp_path / GAME / "2025" / "en" / "hockey-player.pdf", 0, PX)
    first = layout.slots()[0].trim
    assert min(pixel(image, first.x + 31.5, first.y + 20, A4.height, PX)) > 240  # white background
    assert close(
        pixel(image, first.x + 1.5, first.y + 44, A4.height, PX), rgb("#F2C500")
    )  # species frame kept


@pytest.mark.slow
def test_2020_prints_what_its_data_supports(tmp_path: Path) -> None:
    build_into(tmp_path, editions=("2020",), locales=("de",))
    folder = tmp_path / GAME / "2020" / "de"
    assert sorted(p.name for p in folder.glob("*.pdf")) == [
        "arena.pdf",
        "calibration.pdf",
        "fan-marker.pdf",
        "hockey-player.pdf",
        "playoff-ticket.pdf",
        "print-and-play.pdf",
        "scoring-board.pdf",
        "travel-marker.pdf",
    ]
    board = reader(folder / "scoring-board.pdf")
    assert len(board.pages) == 2
    assert "Blatt 1 von 2" in board.pages[0].extract_text()


@pytest.mark.slow
def test_the_largest_bleed_is_filled(tmp_path: Path) -> None:
    build_into(tmp_path, editions=("2025",), locales=("en",), bleed=10.0, crop_marks="none")
    layout = impose(
        Size(63, 88),
        PrintSettings(A4, bleed=10.0, marks=CropMarks.NONE),
    )
    image = raster(tmp_path / GAME / "2025" / "en" / "hockey-player.pdf", 0, PX)
    trim = layout.slots()[0].trim
    assert close(pixel(image, trim.x - 9.5, trim.y + 10, A4.height, PX), rgb("#F2C500"))
