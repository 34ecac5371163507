"""The All-Star Draft plug-in, published under the `draftdeck.games` entry point."""

from __future__ import annotations

from generator.plugin_api import Plugin

_PACKAGE = "generator.games.all_star_draft"
_ICONS = f"{_PACKAGE}.printing.icons"
_DRAWINGS = f"{_PACKAGE}.printing"

PLUGIN = Plugin(
    id="all-star-draft",
    documents=(
        "attributes",
        "symbols",
        "species",
        "cards",
        "tiebreakers",
        "arena-features",
        "player-colours",
    ),
    edition_documents=("arenas", "playoffs", "setup"),
    cross_checks=f"{_PACKAGE}.checks:cross_checks",
    model=f"{_PACKAGE}.model_builder:model",
    drawings={
        "fan-zone": f"{_DRAWINGS}.fan_zone:fan_zone",
        "tiebreaker": f"{_DRAWINGS}.tiebreaker:tiebreaker",
        "bus-station": f"{_DRAWINGS}.bus_station:bus_station",
        "playoff-points": f"{_DRAWINGS}.playoff_points:playoff_points",
        "scoring-board": f"{_DRAWINGS}.scoring_board:scoring_board",
    },
    icons={
        **{name: f"{_ICONS}:{name}" for name in ("goal", "puck", "helmet", "glove", "skate")},
        "coloradd": f"{_ICONS}:coloradd_icon",
        "irregular-fans": f"{_ICONS}:irregular_fans",
        "not-for-two-players": f"{_ICONS}:not_for_two_players",
        "not-for-beginners": f"{_ICONS}:not_for_beginners",
        "run": f"{_ICONS}:run",
        "one-of-each": f"{_ICONS}:one_of_each",
        "three-and-pair": f"{_ICONS}:three_and_pair",
    },
    values=f"{_PACKAGE}.values:values",
    rules=f"{_PACKAGE}.cli:app",
    simulation=f"{_PACKAGE}.simulation.simulator:SIMULATION",
    export=f"{_PACKAGE}.export:edition_export",
)
