"""The signatures of what a plug-in's hooks hand draftdeck: its drawings and icons, and
the function its values hook is given to draw a card.

The hooks themselves are methods of `generator.plugins.Plugin`, which mypy
checks where a plug-in overrides them. Arguments are positional, so a
drawing or an icon may name them as it likes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

if TYPE_CHECKING:  # types only: importing a plug-in loads nothing more
    from generator.documents.model import Figure
    from generator.printing.geometry import Rect
    from generator.printing.pen import Pen
    from generator.templates.paint import DrawingContext


Value: TypeAlias = (
    "str | int | float | bool | Figure | Sequence[Value] | Mapping[str, Value] | None"
)
"""What a document may name as {values.…}: plain data (numbers, texts, lists and mappings of
them), figures (`Figure`) for `figure:` blocks, card ids for `cards:` blocks."""

DrawCard: TypeAlias = "Callable[[str, str], Callable[[Pen], None]]"
"""`(component id, card id) -> draws that card's front as the build prints it`."""


class DrawingHook(Protocol):
    """A computed face element (`type: drawing`), drawn in its element's box."""

    def __call__(self, pen: Pen, context: DrawingContext, /) -> None: ...


class IconHook(Protocol):
    """An icon drawn inside a box in a colour (`type: icon`)."""

    def __call__(self, pen: Pen, box: Rect, colour: str, args: Mapping[str, Any], /) -> None: ...
