"""The plug-in's computed face elements, by the name a template gives them."""

from __future__ import annotations

from collections.abc import Mapping

from generator.plugin_api import DrawingHook

from .bus_station import bus_station
from .fan_zone import fan_zone
from .playoff_points import playoff_points
from .scoring_board import scoring_board
from .tiebreaker import tiebreaker

DRAWINGS: Mapping[str, DrawingHook] = {
    "fan-zone": fan_zone,
    "tiebreaker": tiebreaker,
    "bus-station": bus_station,
    "playoff-points": playoff_points,
    "scoring-board": scoring_board,
}
