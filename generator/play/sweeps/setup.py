"""The pack and the games a sweep plays, with errors told at the sweep file's lines."""

from __future__ import annotations

from pathlib import Path

from generator.core.errors import ScenarioError, UsageError
from generator.play.runs import prepared
from generator.play.simulation import Prepared
from generator.play.sweeps.spec import SweepSpec
from generator.services.find import LoadedPack, choose_packs

SETTINGS = ("players", "bots", "mode", "edition", "games")
"""The sweep file's settings, in the order a message about them is looked for."""


def game_of(spec: SweepSpec, data: Path) -> Path:
    """The folder of the pack the sweep's `game` names in `data`."""
    try:
        return choose_packs(data, spec.game)[0]
    except UsageError as error:
        raise ScenarioError(
            spec.document.diagnostic(
                ("game",),
                str(error),
                hint="name the game by its id, and the data folder with 'data:' (relative to "
                "this file) or --data",
            )
        ) from None


def table_of(spec: SweepSpec, loaded: LoadedPack) -> Prepared:
    """The games of the sweep's settings on `loaded`, refused at the setting that cannot be."""
    try:
        return prepared(loaded, spec.settings)
    except UsageError as error:
        message = str(error)
        if "no rules plug-in" in message:
            raise ScenarioError(spec.document.diagnostic(("game",), message)) from None
        key = next(
            (k for k in SETTINGS if k.rstrip("s") in message and k in spec.document.value), None
        )
        raise ScenarioError(
            spec.document.diagnostic(
                (key,) if key else ("game",),
                message,
                hint="change this setting of the sweep file to one the game's data allows",
            )
        ) from None
