"""Joining ReportLab files into the combined print-and-play PDF."""

from __future__ import annotations

from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from pypdf.generic import Destination, DictionaryObject
from reportlab.pdfgen.canvas import Canvas

from generator.printing.fonts import register
from generator.printing.merge import Info, Source, UnexpectedPdf, join
from tests.pdf_helpers import font_names

INFO = Info("Édition 2025 – À imprimer", "Marco (M.) Schaub", "Cartes\\jetons", "fr")


def reportlab_file(label: str, pages: int, size: tuple[float, float] = (200, 300)) -> bytes:
    """A small ReportLab PDF with an embedded font subset and one text per page."""
    buffer = BytesIO()
    font = register()["regular"]
    canvas = Canvas(
        buffer,
        pagesize=size,
        invariant=True,
        pageCompression=1,
        initialFontName=font,  # type: ignore[arg-type]  # the stubs say a number; it is a name
    )
    canvas.setTitle(f"part {label}")
    for page in range(pages):
        canvas.setFont(register()["bold" if page % 2 else "regular"], 12)
        canvas.drawString(20, 150, f"{label} page {page + 1} – déjà")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_pages_come_in_order_with_a_bookmark_on_each_first_page() -> None:
    sources = [Source("Première", reportlab_file("A", 2)), Source("Zweite", reportlab_file("B", 3))]
    data, pages = join(sources, INFO)
    reader = PdfReader(BytesIO(data), strict=True)
    assert pages == len(reader.pages) == 5
    texts = [page.extract_text() for page in reader.pages]
    expected = ["A page 1", "A page 2", "B page 1", "B page 2", "B page 3"]
    assert [text.split(" –")[0] for text in texts] == expected
    outline = [item for item in reader.outline if isinstance(item, Destination)]
    assert len(outline) == len(reader.outline)
    assert [(item.title, reader.get_destination_page_number(item)) for item in outline] == [
        ("Première", 0),
        ("Zweite", 2),
    ]
    assert reader.metadata is not None
    assert reader.metadata.title == INFO.title
    assert reader.metadata.author == INFO.author
    assert reader.metadata.subject == INFO.subject
    root = reader.trailer["/Root"].get_object()
    assert isinstance(root, DictionaryObject)
    assert str(root["/Lang"]) == "fr"
    assert str(root["/PageMode"]) == "/UseOutlines"


def test_each_page_keeps_its_own_size_fonts_and_drawing() -> None:
    small, tall = reportlab_file("S", 1, (100, 100)), reportlab_file("T", 1, (150, 400))
    data, _ = join([Source("S", small), Source("T", tall)], INFO)
    document = pdfium.PdfDocument(data)
    assert [document[i].get_size() for i in range(2)] == [(100, 100), (150, 400)]
    assert font_names(data) == font_names(small) | font_names(tall)
    alone = pdfium.PdfDocument(tall)[0].render().to_pil()
    joined = document[1].render().to_pil()
    assert joined.tobytes() == alone.tobytes()


def test_the_same_input_gives_the_same_bytes_and_other_input_other_bytes() -> None:
    sources = [Source("A", reportlab_file("A", 1)), Source("B", reportlab_file("B", 1))]
    assert join(sources, INFO) == join(list(sources), INFO)
    assert join(sources, INFO)[0] != join(sources[::-1], INFO)[0]


def test_what_reportlab_did_not_write_is_refused() -> None:
    data = reportlab_file("A", 1)
    with pytest.raises(UnexpectedPdf, match="startxref"):
        join([Source("A", data[:-40])], INFO)
    with pytest.raises(UnexpectedPdf, match="cross-reference table starting at object 0"):
        join([Source("A", data.replace(b"1 0 obj\n<<", b"1 0 obj\n <<", 1))], INFO)
    xref = data.rindex(b"\nxref\n")
    entry = data.index(b" 00000 n", xref) - 10
    offset = int(data[entry : entry + 10])
    moved = data[:entry] + b"%010d" % (offset + 1) + data[entry + 10 :]
    with pytest.raises(UnexpectedPdf, match="object 1 is not at its cross-reference offset"):
        join([Source("A", data), Source("B", moved)], INFO)
    length = data.index(b"/Length ") + len(b"/Length ")
    other = b"1" if data[length : length + 1] == b"9" else b"9"
    wrong = data[:length] + other + data[length + 1 :]
    with pytest.raises(UnexpectedPdf, match="wrong /Length"):
        join([Source("A", wrong)], INFO)
