"""Art named in the data: PNG or JPEG files, checked with Pillow before they are printed."""

from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path

from generator.core.errors import DraftdeckError
from generator.loading.files import not_regular

MAX_PIXELS = 16_000_000
"""Larger images are refused as possible decompression bombs: 16 megapixels print
a 360 x 250 mm board at 300 dpi, far more than a card needs."""
MAX_TOTAL_PIXELS = 250_000_000
"""All the distinct art of one pack together: 300 full cards of art at 600 dpi.
Each language's PDF decodes and compresses every image again."""


class ArtError(DraftdeckError):
    """An art file that cannot be used."""


def check_image(path: Path) -> int:
    """Refuse anything but a PNG or JPEG of sane size that decodes in full, as the build will
    decode it; return its pixels. Each version of a file is decoded once."""
    kind = not_regular(path)
    if kind is not None:
        raise ArtError(f"{path}: is {kind}, not a regular file")
    if not path.is_file():
        raise ArtError(f"{path}: art file not found")
    status = path.stat()
    return _decoded(path, status.st_mtime_ns, status.st_size)


@lru_cache(maxsize=256)
def _decoded(path: Path, mtime: int, size: int) -> int:
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with warnings.catch_warnings():
            # Pillow only warns between one and two times the limit: refuse those too.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                if image.format not in ("PNG", "JPEG"):
                    raise ArtError(f"{path}: is {image.format}; art must be PNG or JPEG")
                image.verify()  # the file's structure and checksums
                pixels: int = image.width * image.height
            with Image.open(path) as image:
                image.load()  # every pixel, as the build will decode them
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ArtError(
            f"{path}: is too large (over {MAX_PIXELS:,} pixels): refused as a decompression bomb"
        ) from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise ArtError(f"{path}: is not a readable image ({exc})") from None
    return pixels
