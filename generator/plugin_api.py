"""The one part of draftdeck a game's plug-in imports.

Everything a plug-in needs is here: the `Plugin` class it subclasses (each
hook a method mypy checks), the signatures of drawings and icons, the
simulation contract, the errors the command line prints, located
diagnostics and the registry of cross-checks, the document blocks of
summaries and reports, the pen and geometry of drawings and icons,
translation, the statistics of balance reports, the helper that compiles
kernels, and the rules questions a game declares (draftdeck makes their
commands). draftdeck's internals may move; these names stay
(docs/plugins.md).

Each name is imported when first used, so importing this module costs
nothing: validating a pack loads a plug-in's cross-checks without its
simulator, its kernels or the command line.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.core.diagnostics import Diagnostic, Severity
    from generator.core.errors import (
        DataError,
        DraftdeckError,
        InputError,
        ScenarioError,
        UsageError,
    )
    from generator.core.plain import Plain
    from generator.core.text_tables import render_table
    from generator.core.workspace import data_folder
    from generator.documents.model import (
        BarChart,
        Block,
        Figure,
        Heading,
        Paragraph,
        Table,
        TextDocument,
    )
    from generator.i18n.ui import N_, NP_, Translator
    from generator.loading.checks import (
        Checks,
        Docs,
        and_list,
        duplicates,
        item_ids,
        per_player_count,
        permutation,
        unknown,
    )
    from generator.loading.document import Document, PathKey
    from generator.loading.manifest import COMPONENTS, Manifest
    from generator.loading.scenarios import located, read_source, scenarios
    from generator.model.pack import Pack
    from generator.play.balance import (
        Distribution,
        Rate,
        chance,
        counts,
        distribution,
        mean,
        number,
        percent,
        rate,
        rate_percent,
        wilson,
    )
    from generator.play.compiled import kernel, parallel_kernel, plain_kernels, prange
    from generator.play.simulation import refuse_variants
    from generator.plugins import Plugin
    from generator.plugins.hooks import (
        DrawCard,
        DrawingHook,
        IconHook,
        Value,
    )
    from generator.plugins.questions import Argument, Question
    from generator.plugins.simulation import (
        Figures,
        Played,
        Setting,
        Simulation,
        SimulationSettings,
    )
    from generator.printing.geometry import Rect
    from generator.printing.pen import BLACK, WHITE, Pen, TextStyle
    from generator.services.find import LoadedPack, load_plugin_game
    from generator.templates.paint import DrawingContext

_WHERE = {
    "Diagnostic": "generator.core.diagnostics",
    "Severity": "generator.core.diagnostics",
    "DataError": "generator.core.errors",
    "DraftdeckError": "generator.core.errors",
    "InputError": "generator.core.errors",
    "UsageError": "generator.core.errors",
    "render_table": "generator.core.text_tables",
    "data_folder": "generator.core.workspace",
    "BarChart": "generator.documents.model",
    "Block": "generator.documents.model",
    "Figure": "generator.documents.model",
    "Heading": "generator.documents.model",
    "Paragraph": "generator.documents.model",
    "Table": "generator.documents.model",
    "TextDocument": "generator.documents.model",
    "NP_": "generator.i18n.ui",
    "N_": "generator.i18n.ui",
    "Translator": "generator.i18n.ui",
    "Checks": "generator.loading.checks",
    "Docs": "generator.loading.checks",
    "and_list": "generator.loading.checks",
    "duplicates": "generator.loading.checks",
    "item_ids": "generator.loading.checks",
    "per_player_count": "generator.loading.checks",
    "permutation": "generator.loading.checks",
    "unknown": "generator.loading.checks",
    "Document": "generator.loading.document",
    "PathKey": "generator.loading.document",
    "COMPONENTS": "generator.loading.manifest",
    "Manifest": "generator.loading.manifest",
    "ScenarioError": "generator.core.errors",
    "located": "generator.loading.scenarios",
    "read_source": "generator.loading.scenarios",
    "scenarios": "generator.loading.scenarios",
    "Pack": "generator.model.pack",
    "Distribution": "generator.play.balance",
    "Rate": "generator.play.balance",
    "chance": "generator.play.balance",
    "counts": "generator.play.balance",
    "distribution": "generator.play.balance",
    "mean": "generator.play.balance",
    "number": "generator.play.balance",
    "percent": "generator.play.balance",
    "rate": "generator.play.balance",
    "rate_percent": "generator.play.balance",
    "wilson": "generator.play.balance",
    "kernel": "generator.play.compiled",
    "parallel_kernel": "generator.play.compiled",
    "plain_kernels": "generator.play.compiled",
    "prange": "generator.play.compiled",
    "refuse_variants": "generator.play.simulation",
    "Plugin": "generator.plugins",
    "DrawCard": "generator.plugins.hooks",
    "DrawingHook": "generator.plugins.hooks",
    "IconHook": "generator.plugins.hooks",
    "Plain": "generator.core.plain",
    "Value": "generator.plugins.hooks",
    "Argument": "generator.plugins.questions",
    "Question": "generator.plugins.questions",
    "Figures": "generator.plugins.simulation",
    "Played": "generator.plugins.simulation",
    "Setting": "generator.plugins.simulation",
    "Simulation": "generator.plugins.simulation",
    "SimulationSettings": "generator.plugins.simulation",
    "Rect": "generator.printing.geometry",
    "BLACK": "generator.printing.pen",
    "WHITE": "generator.printing.pen",
    "Pen": "generator.printing.pen",
    "TextStyle": "generator.printing.pen",
    "LoadedPack": "generator.services.find",
    "load_plugin_game": "generator.services.find",
    "DrawingContext": "generator.templates.paint",
}
"""Every name of the plug-in API and the module it comes from."""

__all__ = [
    "BLACK",
    "COMPONENTS",
    "NP_",
    "N_",
    "WHITE",
    "Argument",
    "BarChart",
    "Block",
    "Checks",
    "DataError",
    "Diagnostic",
    "Distribution",
    "Docs",
    "Document",
    "DraftdeckError",
    "DrawCard",
    "DrawingContext",
    "DrawingHook",
    "Figure",
    "Figures",
    "Heading",
    "IconHook",
    "InputError",
    "LoadedPack",
    "Manifest",
    "Pack",
    "Paragraph",
    "PathKey",
    "Pen",
    "Plain",
    "Played",
    "Plugin",
    "Question",
    "Rate",
    "Rect",
    "ScenarioError",
    "Setting",
    "Severity",
    "Simulation",
    "SimulationSettings",
    "Table",
    "TextDocument",
    "TextStyle",
    "Translator",
    "UsageError",
    "Value",
    "and_list",
    "chance",
    "counts",
    "data_folder",
    "distribution",
    "duplicates",
    "item_ids",
    "kernel",
    "load_plugin_game",
    "located",
    "mean",
    "number",
    "parallel_kernel",
    "per_player_count",
    "percent",
    "permutation",
    "plain_kernels",
    "prange",
    "rate",
    "rate_percent",
    "read_source",
    "refuse_variants",
    "render_table",
    "scenarios",
    "unknown",
    "wilson",
]


def __getattr__(name: str) -> Any:
    """A name of the API, imported from its module on first use."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"generator.plugin_api has no {name!r}; see docs/plugins.md")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The names of the API."""
    return __all__
