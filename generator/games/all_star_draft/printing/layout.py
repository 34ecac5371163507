"""The card layouts of layout.yaml as typed boxes and text styles."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from generator.errors import DraftdeckError
from generator.loading import strict_yaml
from generator.printing.geometry import Rect, Size
from generator.printing.pen import TextStyle

LAYOUT_FILE = Path(__file__).with_name("layout.yaml")


class LayoutError(DraftdeckError):
    """The layout file is wrong (a bug in the package, reported plainly)."""


@dataclass(frozen=True)
class Layout:
    """Boxes, styles and colours by component and part."""

    raw: dict[str, Any]

    @property
    def safe(self) -> float:
        """Distance text keeps from the trim, in mm."""
        return float(self.raw["safe"])

    def colour(self, name: str) -> str:
        """A named colour."""
        return str(self.raw["colours"][name])

    def part(self, component: str, name: str) -> dict[str, Any]:
        """The raw settings of one part of a component."""
        try:
            part: dict[str, Any] = self.raw[component][name]
        except KeyError:
            raise LayoutError(f"layout.yaml has no {component}.{name}") from None
        return part

    def box(self, component: str, name: str) -> Rect:
        """A part's box."""
        x, y, w, h = self.part(component, name)["box"]
        return Rect(float(x), float(y), float(w), float(h))

    def style(self, component: str, name: str, colour: str = "#1B1F2A") -> TextStyle:
        """A part's text style."""
        part = self.part(component, name)
        return TextStyle(
            size=float(part["size"]),
            minimum=float(part["min"]),
            weight=str(part.get("weight", "regular")),
            colour=colour,
            align={"left": "left", "right": "right"}.get(part.get("align", ""), "centre"),
            wrap=bool(part.get("wrap", False)),
        )

    def value(self, component: str, name: str) -> Any:
        """Any other setting."""
        return self.raw[component][name]


def check_safe(layout: Layout, component: str, card: Size) -> None:
    """Refuse a text box of the component that enters the safe zone."""
    safe = layout.safe
    for name, part in layout.raw[component].items():
        if isinstance(part, dict) and "box" in part and "size" in part:
            x, y, w, h = part["box"]
            if (
                x < safe
                or y < safe
                or x + w > card.width - safe + 1e-9
                or y + h > card.height - safe + 1e-9
            ):
                raise LayoutError(
                    f"{component}.{name} box {part['box']} reaches within {safe} mm of the trim"
                )


@cache
def load_layout() -> Layout:
    """The package's layout file, read strictly."""
    document, problems = strict_yaml.load_file(LAYOUT_FILE, str(LAYOUT_FILE))
    if document is None:
        raise LayoutError(problems[0].headline)
    return Layout(document.value)
