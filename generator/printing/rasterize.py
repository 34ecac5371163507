"""PDF pages to PNG images (pypdfium2 renders, Pillow encodes)."""

from __future__ import annotations

from collections.abc import Iterator
from io import BytesIO
from pathlib import Path


def png_pages(pdf: bytes, dpi: int = 300) -> list[bytes]:
    """Every page of a PDF as PNG bytes at the given resolution."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    images = []
    try:
        for index in range(len(document)):
            image = document[index].render(scale=dpi / 72).to_pil()
            buffer = BytesIO()
            image.save(buffer, format="PNG", dpi=(dpi, dpi))
            images.append(buffer.getvalue())
    finally:
        document.close()
    return images


def png_page_range(pdf: Path, first: int, last: int, dpi: int = 300) -> Iterator[bytes]:
    """Pages first..last-1 (from 0) of a PDF file as PNG bytes, one at a time: memory holds
    one page, however many the file has."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        for index in range(first, min(last, len(document))):
            image = document[index].render(scale=dpi / 72).to_pil()
            buffer = BytesIO()
            image.save(buffer, format="PNG", dpi=(dpi, dpi))
            yield buffer.getvalue()
    finally:
        document.close()
