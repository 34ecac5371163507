"""Rules plug-ins: the Python a game pack may add, found through entry points.

A pack made of data alone validates, prints and previews without any of
this. A plug-in adds what data cannot say: rules questions, summaries,
simulations, cross-checks beyond the generic ones, and drawings or icons
that are computed. It is a subclass of `Plugin` whose instance is published
under the entry-point group `draftdeck.games`, so another distribution can
ship one without forking draftdeck. Each hook is a method the subclass
overrides; mypy checks every override against the method here (as it
checks mkdocs' `BasePlugin`), and the method imports its module only when a
command calls it (validating a pack never loads its simulator). A plug-in
imports nothing of draftdeck but `generator.plugin_api`.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar, get_args

from generator.core.errors import UsageError
from generator.core.plain import Plain
from generator.plugins.hooks import DrawCard, DrawingHook, IconHook, Value
from generator.plugins.questions import Question
from generator.plugins.simulation import Simulation

if TYPE_CHECKING:
    from generator.core.diagnostics import Diagnostic
    from generator.i18n.ui import Translator
    from generator.loading.document import Document
    from generator.loading.manifest import Manifest
    from generator.model.pack import Pack

ENTRY_POINT_GROUP = "draftdeck.games"

ModelT = TypeVar("ModelT")

Hook = Literal[
    "cross_checks", "model", "values", "questions", "simulation", "export", "drawings", "icons"
]
HOOKS: tuple[Hook, ...] = get_args(Hook)


class Plugin(Generic[ModelT]):
    """What a game's Python adds to its pack: subclass it, set `id`, override the hooks the
    game has (every hook is optional) and publish an instance. `ModelT` is the type of the
    game's model, which `model` makes and the other hooks are given.

    A hook imports what it needs inside its body, so that importing the plug-in costs
    nothing:

    ```python
    class MyGame(Plugin["Deck"]):
        id = "my-game"

        def model(self, pack: Pack) -> Deck:
            from my_game.model import model

            return model(pack)
    ```
    """

    id: ClassVar[str] = ""
    """The id a pack's game.yaml names as its `plugin`."""
    documents: ClassVar[tuple[str, ...]] = ()
    """Data files (stems) the plug-in reads, which game.yaml must list under documents:."""
    edition_documents: ClassVar[tuple[str, ...]] = ()
    """Files each edition must have, listed under edition_documents:."""

    def cross_checks(
        self, documents: Mapping[str, Document], manifest: Manifest, /
    ) -> list[Diagnostic]:
        """Checks across the pack's data beyond the generic ones, each problem located."""
        return []

    def model(self, pack: Pack, /) -> ModelT:
        """The plug-in's typed model of a valid pack, which every other hook is given."""
        raise self._missing("model")

    def values(
        self, model: ModelT, edition: str, translator: Translator, draw_card: DrawCard, /
    ) -> Mapping[str, Value]:
        """What the pack's documents name as {values.…}: what only the rules can compute
        (odds, worked examples, drawings), for an edition in a language (see `Value`)."""
        raise self._missing("values")

    def questions(self) -> Sequence[Question[ModelT, Any]]:
        """The game's rules questions, which `draftdeck rules <game> <question>` asks."""
        raise self._missing("questions")

    def simulation(self) -> Simulation[ModelT, Any, Any, Any, Any]:
        """The game's simulator, for `draftdeck simulate` and `draftdeck sweep`."""
        raise self._missing("simulation")

    def export(self, model: ModelT, edition: str, /) -> Mapping[str, Plain]:
        """What `data.json` holds for an edition, instead of the raw documents."""
        raise self._missing("export")

    def drawings(self) -> Mapping[str, DrawingHook]:
        """Computed face elements (`type: drawing`) by the name a template gives them."""
        return {}

    def icons(self) -> Mapping[str, IconHook]:
        """Icons drawn inside a box in a colour (`type: icon`) by name."""
        return {}

    def has(self, hook: Hook) -> bool:
        """Whether this plug-in overrides `hook`."""
        return getattr(type(self), hook) is not getattr(Plugin, hook)

    def _missing(self, hook: Hook) -> UsageError:
        return UsageError(f"the {self.id} plug-in has no {hook}")


def checked(plugin: Plugin[Any]) -> str | None:
    """Why the plug-in cannot be called as draftdeck calls it, or None: an id missing, or a
    hook that does not take the arguments draftdeck passes (as pluggy checks a hook when a
    plug-in registers), for a plug-in mypy has not checked."""
    if not isinstance(plugin.id, str) or not plugin.id:
        return f"{type(plugin).__name__} sets no id"
    for name in HOOKS:
        if plugin.has(name):
            why = _refused(f"its {name} hook", getattr(plugin, name), getattr(Plugin, name))
            if why is not None:
                return why
    return None


def checked_drawings(plugin: Plugin[Any]) -> Mapping[str, DrawingHook]:
    """The plug-in's drawings, each checked against `DrawingHook`."""
    return _checked_each(plugin, "drawing", plugin.drawings(), DrawingHook)


def checked_icons(plugin: Plugin[Any]) -> Mapping[str, IconHook]:
    """The plug-in's icons, each checked against `IconHook`."""
    return _checked_each(plugin, "icon", plugin.icons(), IconHook)


def checked_simulation(plugin: Plugin[Any]) -> Simulation[Any, Any, Any, Any, Any]:
    """The plug-in's simulator, refused unless it is a `Simulation`."""
    found = plugin.simulation()
    if not isinstance(found, Simulation):
        raise UsageError(f"{plugin.id}'s simulation is a {type(found).__name__}, not a Simulation")
    return found


Found = TypeVar("Found")


def _checked_each(
    plugin: Plugin[Any], kind: str, found: Mapping[str, Found], contract: type
) -> Mapping[str, Found]:
    for name, function in found.items():
        why = _refused(f"{plugin.id}'s {kind} '{name}'", function, contract.__call__)
        if why is not None:
            raise UsageError(why)
    return found


def _refused(what: str, found: Any, contract: Any) -> str | None:
    """Why `found` cannot be called with the arguments of `contract` (a function whose first
    parameter, `self`, draftdeck does not pass), naming both signatures; None if it can."""
    wanted = [p for p in inspect.signature(contract).parameters if p != "self"]
    if not callable(found):
        return f"{what} is a {type(found).__name__}, not a function"
    try:
        signature = inspect.signature(found)
    except (TypeError, ValueError):  # not introspectable (a builtin): trusted
        return None
    try:
        signature.bind(*wanted)
    except TypeError:
        return (
            f"{what} ({', '.join(signature.parameters)}) cannot be called with the "
            f"{len(wanted)} arguments draftdeck passes: ({', '.join(wanted)})"
        )
    return None


@cache
def _discovered() -> tuple[Mapping[str, Plugin[Any]], Mapping[str, str]]:
    """Every installed plug-in by id, and why each entry point that failed to load failed:
    one broken plug-in fails only the packs that name it."""
    found: dict[str, Plugin[Any]] = {}
    broken: dict[str, str] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            plugin = point.load()
        except Exception as error:  # any fault of another distribution's code
            broken[point.name] = f"{point.value}: {type(error).__name__}: {error}"
            continue
        if isinstance(plugin, type) and issubclass(plugin, Plugin):
            plugin = plugin()
        if not isinstance(plugin, Plugin):
            broken[point.name] = f"{point.value} is a {type(plugin).__name__}, not a Plugin"
        elif (why := checked(plugin)) is not None:
            broken[point.name] = f"{point.value}: {why}"
        else:
            found[plugin.id] = plugin
    return found, broken


def installed() -> Mapping[str, Plugin[Any]]:
    """Every installed plug-in that loads, by id."""
    return _discovered()[0]


def broken_plugins() -> Mapping[str, str]:
    """Each installed entry point that failed to load, and why."""
    return _discovered()[1]


def find_plugin(plugin_id: str) -> Plugin[Any] | None:
    """The installed plug-in with this id, or None; a UsageError if it failed to load."""
    found, broken = _discovered()
    if plugin_id not in found and plugin_id in broken:
        raise UsageError(
            f"the rules plug-in '{plugin_id}' is installed but failed to load "
            f"({broken[plugin_id]}); reinstall or update the distribution that provides it"
        )
    return found.get(plugin_id)
