"""The Extraliga All-Stars plug-in, published under the `draftdeck.games` entry point.

The pack prints without it; it adds the rules engine's questions, what the
summary and tables compute (odds, the rulebook's example), and the
simulator. Each hook imports its module when a command calls it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from generator.plugin_api import Plugin

if TYPE_CHECKING:
    from generator.plugin_api import (
        Diagnostic,
        Document,
        DrawCard,
        Manifest,
        Pack,
        Question,
        Simulation,
        Translator,
        Value,
    )

    from .model import Deck


class ExtraligaAllStars(Plugin["Deck"]):
    """Match odds, the season's figures and bots drafting whole seasons."""

    id = "extraliga-all-stars"
    documents = (
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
    )

    def cross_checks(
        self, documents: Mapping[str, Document], manifest: Manifest, /
    ) -> list[Diagnostic]:
        from .checks import cross_checks

        return cross_checks(documents, manifest)

    def model(self, pack: Pack, /) -> Deck:
        from .model import model

        return model(pack)

    def values(
        self, model: Deck, edition: str, translator: Translator, draw_card: DrawCard, /
    ) -> Mapping[str, Value]:
        from .values import values

        return values(model, edition, translator, draw_card)

    def questions(self) -> Sequence[Question[Deck, Any]]:
        from .questions import QUESTIONS

        return QUESTIONS

    def simulation(self) -> Simulation[Deck, Any, Any, Any, Any]:
        from .simulation import SIMULATION

        return SIMULATION


PLUGIN = ExtraligaAllStars()
