"""Optional species art: PNG or JPEG files named in the data, checked with Pillow."""

from __future__ import annotations

import warnings
from pathlib import Path

from generator.errors import DraftdeckError
from generator.games.all_star_draft.model import Species

MAX_PIXELS = 40_000_000
"""Larger images are refused as possible decompression bombs."""


class ArtError(DraftdeckError):
    """An art file that cannot be used."""


def species_art(data_dir: Path, species: Species) -> Path | None:
    """The species' art file, checked; None when the data names none."""
    if species.art is None:
        return None
    path = data_dir / species.art
    check_image(path)
    return path


def check_image(path: Path) -> None:
    """Refuse anything but a readable PNG or JPEG of sane size."""
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
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ArtError(
            f"{path}: image too large (over {MAX_PIXELS:,} pixels); refused as a decompression bomb"
        ) from None
    except (OSError, SyntaxError) as exc:
        raise ArtError(f"{path}: not a readable image ({exc})") from None
