"""Building into a temporary folder once per test module, and reading PDFs back."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Any

from generator.printing.geometry import pt
from generator.services.build import BuildOptions, build
from tests.conftest import DATA

MM_PER_PT = 25.4 / 72


ALL_STAR_DRAFT = DATA / "all-star-draft"


def build_into(out: Path, **options: Any) -> None:
    """Run the real build of All-Star Draft with the given options."""
    build(ALL_STAR_DRAFT, out, BuildOptions(**options))


def reader(path: Path) -> Any:
    """A pypdf reader of a file."""
    from pypdf import PdfReader

    return PdfReader(BytesIO(path.read_bytes()))


def page_mm(page: Any) -> tuple[float, float]:
    """A page's size in millimetres."""
    box = page.mediabox
    return round(float(box.width) * MM_PER_PT, 1), round(float(box.height) * MM_PER_PT, 1)


def raster(path: Path, index: int, px_per_mm: float = 8.0) -> Any:
    """A page as a Pillow RGB image, `px_per_mm` pixels per millimetre."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(path.read_bytes())
    image = document[index].render(scale=px_per_mm / pt(1)).to_pil().convert("RGB")
    document.close()
    return image


def pixel(
    image: Any, x_mm: float, y_mm: float, paper_height: float, px_per_mm: float = 8.0
) -> tuple[int, int, int]:
    """The colour at a point given in PDF millimetres (origin lower left)."""
    return pixel_at(image, int(x_mm * px_per_mm), int((paper_height - y_mm) * px_per_mm))


def pixel_at(image: Any, x: int, y: int) -> tuple[int, int, int]:
    """The RGB colour of one pixel (in pixel coordinates) of an RGB(A) image."""
    value = image.getpixel((x, y))
    assert isinstance(value, tuple), value
    red, green, blue = value[:3]
    return red, green, blue


def rgb(hex_colour: str) -> tuple[int, int, int]:
    """#RRGGBB as a tuple."""
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 12) -> bool:
    """Whether two colours are equal within a tolerance per channel."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def font_names(data: bytes) -> set[str]:
    """Every font a PDF's pages and their drawings (form XObjects) refer to."""
    from pypdf import PdfReader

    names: set[str] = set()

    def walk(resources: Any) -> None:
        for reference in resources.get("/Font", {}).values():
            names.add(str(reference.get_object()["/BaseFont"]))
        for reference in resources.get("/XObject", {}).values():
            inner = reference.get_object()
            if "/Resources" in inner:
                walk(inner["/Resources"])

    for page in PdfReader(BytesIO(data)).pages:
        walk(page["/Resources"])
    return names


def text_runs(data: bytes) -> list[tuple[int, str, float, str]]:
    """Every run of text a PDF draws: (page, font, size as printed in points, text). The size
    is the font size scaled by the text and drawing matrices, so a card drawn at 60 % shows
    its text at 60 % of its font size."""
    import math

    from pypdf import PdfReader

    runs: list[tuple[int, str, float, str]] = []
    for number, page in enumerate(PdfReader(BytesIO(data)).pages):

        def visit(text: str, cm: Any, tm: Any, font: Any, size: Any, page: int = number) -> None:
            if text.strip():
                scale = math.hypot(tm[0], tm[1]) * math.hypot(cm[0], cm[1])
                name = str(font.get("/BaseFont", "")) if font else ""
                runs.append((page, name.split("+")[-1], round(float(size) * scale, 2), text))

        page.extract_text(visitor_text=visit)
    return runs
