"""The signature of every plug-in hook, one Protocol each.

A plug-in names its hooks as `module:attribute` strings (imported only when
a command uses them), and `Plugin.hook` returns each typed by its Protocol;
`tests/test_plugin_contracts.py` assigns every shipped game's hooks to these
types, so that mypy --strict holds them to the contract. Arguments are
positional, so a hook may name them as it likes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

if TYPE_CHECKING:  # types only: resolving a hook loads nothing more
    from generator.core.diagnostics import Diagnostic
    from generator.i18n.ui import Translator
    from generator.loading.document import Document
    from generator.loading.manifest import Manifest
    from generator.model.pack import Pack
    from generator.printing.geometry import Rect
    from generator.printing.pen import Pen
    from generator.templates.paint import DrawingContext


class CrossChecks(Protocol):
    """Checks across the pack's data beyond the generic ones, each problem located."""

    def __call__(
        self, documents: Mapping[str, Document], manifest: Manifest, /
    ) -> list[Diagnostic]: ...


class ModelHook(Protocol):
    """The plug-in's typed model of a valid pack, which every other hook is given."""

    def __call__(self, pack: Pack, /) -> Any: ...


DrawCard: TypeAlias = "Callable[[str, str], Callable[[Pen], None]]"
"""`(component id, card id) -> draws that card's front as the build prints it`."""


class ValuesHook(Protocol):
    """What the pack's documents name as {values.…}: what only the rules can compute (odds,
    worked examples, drawings), for an edition in a language. Plain data (numbers, texts,
    lists and mappings of them), figures (`Figure`) for `figure:` blocks, card ids for
    `cards:` blocks."""

    def __call__(
        self, model: Any, edition: str, translator: Translator, draw_card: DrawCard, /
    ) -> Mapping[str, Any]: ...


class ExportHook(Protocol):
    """What data.json holds for an edition, instead of the raw documents."""

    def __call__(self, model: Any, edition: str, /) -> dict[str, Any]: ...


class DrawingHook(Protocol):
    """A computed face element (`type: drawing`), drawn in its element's box."""

    def __call__(self, pen: Pen, context: DrawingContext, /) -> None: ...


class IconHook(Protocol):
    """An icon drawn inside a box in a colour (`type: icon`)."""

    def __call__(self, pen: Pen, box: Rect, colour: str, args: Mapping[str, Any], /) -> None: ...
