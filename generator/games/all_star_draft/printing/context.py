"""What every card face needs: the model, the language and the layout."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.games.all_star_draft.model import Edition, Game
from generator.i18n.ui import Translator
from generator.printing.geometry import Size

from .layout import Layout


@dataclass(frozen=True)
class PrintContext:
    """One edition in one language."""

    game: Game
    edition: Edition
    tr: Translator
    layout: Layout
    ink_saver: bool
    data_dir: Path
    """The game pack folder, where species art files are looked up."""

    def size(self, component: str) -> Size:
        """Trim size of a component's cards, from the data."""
        for item in self.edition.components:
            if item.id == component and item.format is not None:
                return Size(item.format.width_mm, item.format.height_mm)
        raise KeyError(component)

    def background(self, colour: str) -> str:
        """A background colour, or white when saving ink."""
        return "#FFFFFF" if self.ink_saver else colour


def readable_on(colour: str) -> str:
    """Black or white, whichever reads better on the colour."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#1B1F2A" if luminance > 150 else "#FFFFFF"
