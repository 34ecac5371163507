"""Every hook of every shipped game against its contract.

The assignments below are checked by mypy --strict (make typecheck): a hook whose signature
drifts from its Protocol in generator.plugins.hooks fails the type check. The tests check the
same at run time, as `Plugin.hook` does for a third party's plug-in.
"""

from __future__ import annotations

import pytest

from generator.core.errors import UsageError
from generator.games.all_star_draft import checks as asd_checks
from generator.games.all_star_draft import export as asd_export
from generator.games.all_star_draft import model_builder as asd_model
from generator.games.all_star_draft import values as asd_values
from generator.games.all_star_draft.printing import fan_zone, scoring_board, tiebreaker
from generator.games.all_star_draft.printing import icons as asd_icons
from generator.games.all_star_draft.simulation import simulator as asd_simulation
from generator.games.disaster_draft import checks as dd_checks
from generator.games.disaster_draft import model as dd_model
from generator.games.disaster_draft import simulation as dd_simulation
from generator.games.disaster_draft import values as dd_values
from generator.games.extraliga_all_stars import checks as ex_checks
from generator.games.extraliga_all_stars import model as ex_model
from generator.games.extraliga_all_stars import simulation as ex_simulation
from generator.games.extraliga_all_stars import values as ex_values
from generator.plugins import Plugin, installed
from generator.plugins.hooks import (
    CrossChecks,
    DrawingHook,
    ExportHook,
    IconHook,
    ModelHook,
    ValuesHook,
)
from generator.plugins.simulation import Simulation

CROSS_CHECKS: tuple[CrossChecks, ...] = (
    asd_checks.cross_checks,
    dd_checks.cross_checks,
    ex_checks.cross_checks,
)
MODELS: tuple[ModelHook, ...] = (asd_model.model, dd_model.model, ex_model.model)
VALUES: tuple[ValuesHook, ...] = (asd_values.values, dd_values.values, ex_values.values)
EXPORTS: tuple[ExportHook, ...] = (asd_export.edition_export,)
DRAWINGS: tuple[DrawingHook, ...] = (
    fan_zone.fan_zone,
    tiebreaker.tiebreaker,
    scoring_board.scoring_board,
)
ICONS: tuple[IconHook, ...] = (asd_icons.goal, asd_icons.run, asd_icons.three_and_pair)
SIMULATIONS: tuple[Simulation, ...] = (
    asd_simulation.SIMULATION,
    dd_simulation.SIMULATION,
    ex_simulation.SIMULATION,
)

SHIPPED = ("all-star-draft", "disaster-draft", "extraliga-all-stars")


@pytest.mark.parametrize("game", SHIPPED)
def test_every_hook_a_shipped_game_names_meets_its_contract(game: str) -> None:
    plugin = installed()[game]
    for name in ("cross_checks", "model", "values", "rules", "simulation", "export"):
        if getattr(plugin, name) is not None:
            assert plugin.hook(name) is not None
    for drawing in plugin.drawings:
        assert callable(plugin.drawing(drawing))
    for icon in plugin.icons:
        assert callable(plugin.icon(icon))


def test_a_hook_that_takes_other_arguments_is_refused_with_both_signatures() -> None:
    plugin = Plugin(
        "mine", cross_checks="generator.games.all_star_draft.model_builder:model"
    )  # one argument where cross-checks take two
    with pytest.raises(UsageError, match=r"mine's cross_checks .*model\(pack\).* 2 arguments"):
        plugin.hook("cross_checks")


def test_a_simulation_hook_must_be_a_simulation() -> None:
    plugin = Plugin("mine", simulation="generator.games.all_star_draft.model_builder:model")
    with pytest.raises(UsageError, match="mine's simulation is not a Simulation"):
        plugin.hook("simulation")
