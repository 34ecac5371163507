"""The Extraliga All-Stars plug-in, published under the `draftdeck.games` entry point.

The pack prints without it; it adds the rules engine's questions, what the
summary and tables compute (odds, the rulebook's example), and the simulator."""

from __future__ import annotations

from generator.plugin_api import Plugin

_PACKAGE = "generator.games.extraliga_all_stars"

PLUGIN = Plugin(
    id="extraliga-all-stars",
    documents=(
        "trios",
        "positions",
        "bonuses",
        "clubs",
        "players",
        "opponents",
        "draws",
        "events",
        "coaches",
        "season",
    ),
    cross_checks=f"{_PACKAGE}.checks:cross_checks",
    model=f"{_PACKAGE}.model:model",
    rules=f"{_PACKAGE}.cli:app",
    values=f"{_PACKAGE}.values:values",
    simulation=f"{_PACKAGE}.simulation:SIMULATION",
)
