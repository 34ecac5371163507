"""The Disaster Draft plug-in, published under the `draftdeck.games` entry point."""

from __future__ import annotations

from generator.plugin_api import Plugin

_PACKAGE = "generator.games.disaster_draft"

PLUGIN = Plugin(
    id="disaster-draft",
    documents=("types", "units", "battle"),
    cross_checks=f"{_PACKAGE}.checks:cross_checks",
    model=f"{_PACKAGE}.model:model",
    values=f"{_PACKAGE}.values:values",
    rules=f"{_PACKAGE}.cli:app",
    simulation=f"{_PACKAGE}.simulation:SIMULATION",
)
