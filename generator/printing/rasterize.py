"""PDF pages to PNG images (pypdfium2 renders, Pillow encodes)."""

from __future__ import annotations

from io import BytesIO


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
