"""The pack and the simulator a sweep plays, with errors told at the sweep file's lines."""

from __future__ import annotations

from pathlib import Path

from generator.errors import UsageError
from generator.loading.scenarios import ScenarioError
from generator.packs.find import LoadedPack, choose_packs
from generator.simulation import Simulation
from generator.sweeps.spec import SweepSpec

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


def simulation_of(spec: SweepSpec, loaded: LoadedPack) -> Simulation:
    """The game's simulator, with the sweep's settings checked against the base data."""
    try:
        simulation: Simulation = loaded.needs("simulation", "a simulator")
    except UsageError as error:
        raise ScenarioError(spec.document.diagnostic(("game",), str(error))) from None
    try:
        simulation.check(loaded.model, spec.settings)
    except UsageError as error:
        message = str(error)
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
    return simulation
