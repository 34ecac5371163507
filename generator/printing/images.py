"""Art named in the data: PNG or JPEG files, checked with Pillow before they are printed."""

from __future__ import annotations

import warnings
from pathlib import Path

from generator.errors import DraftdeckError

MAX_PIXELS = 16_000_000
"""Larger images are refused as possible decompression bombs: 16 megapixels print
a 360 x 250 mm board at 300 dpi, far more than a card needs."""
MAX_TOTAL_PIXELS = 250_000_000
"""All the distinct art of one pack together: 300 full cards of art at 600 dpi.
Each language's PDF decodes and compresses every image again."""


class ArtError(DraftdeckError):
    """An art file that cannot be used."""


def check_image(path: Path) -> int:
    """Refuse anything but a readable PNG or JPEG of sane size; return its pixels."""
    from PIL import Image

    if not path.is_file():
        raise ArtError(f"{path}: art file not found")
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with warnings.catch_warnings():
            # Pillow only warns between one and two times the limit: refuse those too.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                if image.format not in ("PNG", "JPEG"):
                    raise ArtError(f"{path}: art must be PNG or JPEG, not {image.format}")
                image.verify()
                pixels: int = image.width * image.height
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ArtError(
            f"{path}: image too large (over {MAX_PIXELS:,} pixels); refused as a decompression bomb"
        ) from None
    except (OSError, SyntaxError) as exc:
        raise ArtError(f"{path}: not a readable image ({exc})") from None
    return pixels
