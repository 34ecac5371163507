"""The All-Star Draft plug-in, published under the `draftdeck.games` entry point.

Each hook imports its module when a command calls it, so importing the
plug-in costs nothing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from generator.plugin_api import Plugin

if TYPE_CHECKING:
    from generator.plugin_api import (
        Diagnostic,
        Document,
        DrawCard,
        DrawingHook,
        IconHook,
        Manifest,
        Pack,
        Plain,
        Question,
        Simulation,
        Translator,
        Value,
    )

    from .model import Game


class AllStarDraft(Plugin["Game"]):
    """Strength, ranking, playoff rounds and best teams; drawings of the boards; bots."""

    id = "all-star-draft"
    documents = (
        "attributes",
        "symbols",
        "species",
        "cards",
        "tiebreakers",
        "arena-features",
        "player-colours",
    )
    edition_documents = ("arenas", "playoffs", "setup")

    def cross_checks(
        self, documents: Mapping[str, Document], manifest: Manifest, /
    ) -> list[Diagnostic]:
        from .checks import cross_checks

        return cross_checks(documents, manifest)

    def model(self, pack: Pack, /) -> Game:
        from .model_builder import model

        return model(pack)

    def values(
        self, model: Game, edition: str, translator: Translator, draw_card: DrawCard, /
    ) -> Mapping[str, Value]:
        from .values import values

        return values(model, edition, translator, draw_card)

    def questions(self) -> Sequence[Question[Game, Any]]:
        from .questions import QUESTIONS

        return QUESTIONS

    def simulation(self) -> Simulation[Game, Any, Any, Any, Any]:
        from .simulation.simulator import SIMULATION

        return SIMULATION

    def export(self, model: Game, edition: str, /) -> dict[str, Plain]:
        from .export import edition_export

        return edition_export(model, edition)

    def drawings(self) -> Mapping[str, DrawingHook]:
        from .printing.drawings import DRAWINGS

        return DRAWINGS

    def icons(self) -> Mapping[str, IconHook]:
        from .printing.icons import ICONS

        return ICONS


PLUGIN = AllStarDraft()
