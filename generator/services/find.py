"""Finding the pack a command is about, and loading it validated, with its plug-in's model."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.core.diagnostics import Diagnostic, Severity
from generator.core.errors import DataError, UsageError
from generator.core.paths import display_path
from generator.loading import strict_yaml
from generator.loading.manifest import EditionInfo
from generator.model.pack import EditionBox, Pack
from generator.plugins import Hook, Plugin
from generator.services.pack_folders import choose_packs, find_packs, game_id, same_ids

__all__ = ["LoadedPack", "choose_packs", "find_packs", "load_capable", "load_pack", "same_ids"]


@dataclass(frozen=True)
class LoadedPack:
    """A valid pack, its plug-in, and the plug-in's model of it."""

    pack: Pack
    plugin: Plugin[Any] | None
    printing_problems: tuple[Diagnostic, ...] = ()
    """Texts the build would refuse (they do not fit, collide, or come too near the trim),
    for a viewer that loaded the pack to show them (see `load_pack`'s `to_view`)."""

    @cached_property
    def model(self) -> Any:
        """The plug-in's typed model (None for a pack of data alone)."""
        if self.plugin is None or not self.plugin.has("model"):
            return None
        return self.plugin.model(self.pack)

    def can(self, hook: Hook) -> bool:
        """Whether the pack's plug-in has this hook."""
        return self.plugin is not None and self.plugin.has(hook)

    def needs(self, hook: Hook, what: str) -> Plugin[Any]:
        """The pack's plug-in, which has `hook`; else a usage error saying the game cannot do
        `what` without it."""
        if self.plugin is None or not self.can(hook):
            raise UsageError(
                f"{self.pack.id} has no rules plug-in that provides {what}; "
                "a pack of data alone validates, builds and previews"
            )
        return self.plugin

    def edition(self, edition_id: str | None) -> EditionBox:
        """An edition's box by id (the default edition for None), or a usage error."""
        manifest = self.pack.manifest
        if edition_id is not None and edition_id not in self.pack.editions:
            if not manifest.has_editions:
                raise UsageError(f"{self.pack.id} has no editions")
            known = ", ".join(e.id for e in manifest.editions)
            raise UsageError(f"unknown edition '{edition_id}'; {self.pack.id} has: {known}")
        return self.pack.editions[
            edition_id if edition_id is not None else manifest.default_edition
        ]

    def editions(self, wanted: Iterable[str] = ()) -> list[EditionInfo]:
        """The editions asked for (all by default), checked."""
        ids = list(wanted)
        if not ids:
            return list(self.pack.manifest.editions)
        return [self.edition(e).info for e in ids]

    def locales(self, wanted: Iterable[str] = ()) -> list[str]:
        """The languages asked for (all the game has by default), checked."""
        known = self.pack.manifest.locales
        chosen = list(wanted) or list(known)
        unknown = [loc for loc in chosen if loc not in known]
        if unknown:
            raise UsageError(
                f"unknown locale {', '.join(unknown)}; {self.pack.id} has: {', '.join(known)}"
            )
        return chosen


def load_pack(
    root: Path, printing: bool = True, to_view: bool = False, passed: Collection[str] = ()
) -> LoadedPack:
    """The valid pack at `root`; DataError with every problem otherwise. Without `printing`
    only what the rules read is checked (for rules questions and simulations), and files
    that passed their schemas before, unchanged, are not held against them again. `to_view`
    loads a pack whose only errors are texts the build would refuse, with those errors as
    its `printing_problems`: a viewer draws every card and shows them where they are.
    `passed` names files (paths in the pack) known to have passed their schemas as they are
    (a sweep's variant: every file but the edited ones is the base's)."""
    from generator.services import remembered
    from generator.services.validate import validate_pack

    key = None
    if not printing:
        try:
            key = remembered.fingerprint([root], ("rules",))
        except OSError:
            key = None  # checked in full
    known = key is not None and remembered.recall(key) == remembered.SCHEMAS_PASSED
    result = validate_pack(root, printing, schemas_passed=known, passed=passed)
    shown = tuple(d for d in result.diagnostics if to_view and d.printing)
    _raise_errors(d for d in result.diagnostics if d not in shown)
    if key is not None and not known:
        remembered.remember(key, remembered.SCHEMAS_PASSED)
    assert result.pack is not None
    return LoadedPack(result.pack, result.plugin, shown)


def load_capable(
    data: Path,
    game: str | None,
    what: str,
    can: Callable[[LoadedPack], bool],
    may: Callable[[Path], bool] = lambda root: True,
    printing: bool = True,
) -> LoadedPack:
    """The game a command is about: the one `game` names, else the only game in `data`
    that `can` answer it (`what` says what the command needs, for the error). `may` rules
    out, before it is validated, a pack folder that cannot answer; without `printing` the
    templates are not checked against the cards."""
    packs = choose_packs(data, game)
    if len(packs) == 1:
        return load_pack(packs[0], printing)
    able = [load_pack(root, printing) for root in filter(may, packs)]
    able = [loaded for loaded in able if can(loaded)]
    if len(able) == 1:
        return able[0]
    names = ", ".join(loaded.pack.id for loaded in able)
    if able:
        raise UsageError(
            f"{display_path(data)} holds {len(able)} games {what} ({names}); choose one with --game"
        )
    known = ", ".join(game_id(p) or p.name for p in packs)
    raise UsageError(f"no game in {display_path(data)} {what}; its games: {known}")


def load_plugin_game(data: Path, plugin_id: str) -> LoadedPack:
    """The pack in `data` that uses the plug-in `plugin_id` (for the plug-in's own commands)."""
    packs = find_packs(data)
    for root in packs:
        document, _ = strict_yaml.load_file(root / "game.yaml", display_path(root / "game.yaml"))
        value = document.value if document is not None else None
        if isinstance(value, dict) and value.get("plugin") == plugin_id:
            return load_pack(root, printing=False)
    raise UsageError(f"{display_path(data)} has no pack that uses the {plugin_id} rules")


def _raise_errors(diagnostics: Iterable[Diagnostic]) -> None:
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    if errors:
        raise DataError(errors) from None
