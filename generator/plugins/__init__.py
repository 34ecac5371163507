"""Rules plug-ins: the Python a game pack may add, found through entry points.

A pack made of data alone validates, prints and previews without any of
this. A plug-in adds what data cannot say: rules questions, summaries,
simulations, cross-checks beyond the generic ones, and drawings or icons
that are computed. It is a `Plugin` published under the entry-point group
`draftdeck.games`, so another distribution can ship one without forking
draftdeck. Every hook is a `module:attribute` string, imported only when a
command uses it (validating a pack never loads its simulator), and typed by
its Protocol in `generator.plugins.hooks`; a plug-in imports nothing of
draftdeck but `generator.plugin_api`.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Literal, overload

from generator.core.errors import UsageError
from generator.plugins.hooks import (
    CrossChecks,
    DrawingHook,
    ExportHook,
    IconHook,
    ModelHook,
    ValuesHook,
)
from generator.plugins.simulation import Simulation

if TYPE_CHECKING:
    import typer

ENTRY_POINT_GROUP = "draftdeck.games"


@dataclass(frozen=True)
class Plugin:
    """What a game's Python adds to its pack; every hook is optional."""

    id: str
    """The id a pack's game.yaml names as its `plugin`."""
    documents: tuple[str, ...] = ()
    """Data files (stems) the plug-in reads, which game.yaml must list under documents:."""
    edition_documents: tuple[str, ...] = ()
    """Files each edition must have, listed under edition_documents:."""
    cross_checks: str | None = None
    """A `CrossChecks`."""
    model: str | None = None
    """A `ModelHook`: the typed model the other hooks are given."""
    drawings: Mapping[str, str] = field(default_factory=dict)
    """Drawing name -> a `DrawingHook`, for computed faces."""
    icons: Mapping[str, str] = field(default_factory=dict)
    """Icon name -> an `IconHook`."""
    values: str | None = None
    """A `ValuesHook`: what the pack's documents (its rules summary and tables) name as
    {values.…}, computed by the rules."""
    rules: str | None = None
    """A Typer app whose commands `draftdeck rules` runs."""
    simulation: str | None = None
    """A `Simulation` for `draftdeck simulate` and `draftdeck sweep`."""
    export: str | None = None
    """An `ExportHook`: what `data.json` holds instead of the raw documents."""

    @overload
    def hook(self, name: Literal["cross_checks"]) -> CrossChecks: ...
    @overload
    def hook(self, name: Literal["model"]) -> ModelHook: ...
    @overload
    def hook(self, name: Literal["values"]) -> ValuesHook: ...
    @overload
    def hook(self, name: Literal["rules"]) -> typer.Typer: ...
    @overload
    def hook(self, name: Literal["simulation"]) -> Simulation: ...
    @overload
    def hook(self, name: Literal["export"]) -> ExportHook: ...

    def hook(self, name: str) -> Any:
        """The object a hook names, imported now and checked against its contract."""
        target = getattr(self, name)
        if target is None:
            raise UsageError(f"the {self.id} plug-in has no {name}")
        found = resolve(target)
        if name == "simulation":
            if not isinstance(found, Simulation):
                raise UsageError(f"{self.id}'s simulation is not a Simulation ({target})")
            return found
        if name in CONTRACTS:
            _check(f"{self.id}'s {name}", found, CONTRACTS[name])
        return found

    def drawing(self, name: str) -> DrawingHook:
        """A registered drawing, imported now."""
        found: DrawingHook = resolve(self.drawings[name])
        _check(f"{self.id}'s drawing '{name}'", found, DrawingHook)
        return found

    def icon(self, name: str) -> IconHook:
        """A registered icon, imported now."""
        found: IconHook = resolve(self.icons[name])
        _check(f"{self.id}'s icon '{name}'", found, IconHook)
        return found


CONTRACTS: Mapping[str, type] = {
    "cross_checks": CrossChecks,
    "model": ModelHook,
    "values": ValuesHook,
    "export": ExportHook,
}
"""The Protocol of each hook that is a function."""


def _check(what: str, found: Any, contract: type) -> None:
    """Refuse a hook that cannot be called as draftdeck calls it (as pluggy checks a hook's
    arguments when a plug-in registers), naming both signatures."""
    wanted = [p for p in inspect.signature(contract.__call__).parameters if p != "self"]
    try:
        signature = inspect.signature(found)
    except (TypeError, ValueError):  # not introspectable (a builtin): trusted
        return
    try:
        signature.bind(*wanted)
    except TypeError:
        given = getattr(found, "__name__", type(found).__name__)
        raise UsageError(
            f"{what} hook {given}({', '.join(signature.parameters)}) cannot be called with the "
            f"{len(wanted)} arguments draftdeck passes: ({', '.join(wanted)})"
        ) from None


def resolve(target: str) -> Any:
    """The object a `module:attribute` string names."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


@cache
def _discovered() -> tuple[Mapping[str, Plugin], Mapping[str, str]]:
    """Every installed plug-in by id, and why each entry point that failed to load failed:
    one broken plug-in fails only the packs that name it."""
    found: dict[str, Plugin] = {}
    broken: dict[str, str] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            plugin = point.load()
        except Exception as error:  # any fault of another distribution's code
            broken[point.name] = f"{point.value}: {type(error).__name__}: {error}"
            continue
        if isinstance(plugin, Plugin):
            found[plugin.id] = plugin
        else:
            broken[point.name] = f"{point.value} is a {type(plugin).__name__}, not a Plugin"
    return found, broken


def installed() -> Mapping[str, Plugin]:
    """Every installed plug-in that loads, by id."""
    return _discovered()[0]


def broken_plugins() -> Mapping[str, str]:
    """Each installed entry point that failed to load, and why."""
    return _discovered()[1]


def find_plugin(plugin_id: str) -> Plugin | None:
    """The installed plug-in with this id, or None; a UsageError if it failed to load."""
    found, broken = _discovered()
    if plugin_id not in found and plugin_id in broken:
        raise UsageError(
            f"the rules plug-in '{plugin_id}' is installed but failed to load "
            f"({broken[plugin_id]}); reinstall or update the distribution that provides it"
        )
    return found.get(plugin_id)
