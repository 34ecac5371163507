"""Disaster Draft's rules question: one battle, answered step by step.

A question names each player's army (in seat order from the player who
starts, the last battle's winner), the reward, and optionally the units
the graveyard chain takes and a reading of the win condition.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.games.disaster_draft.answer_types import BattleAnswer, battle_text
from generator.plugin_api import Document, Question

if TYPE_CHECKING:
    from generator.games.disaster_draft.model import Deck

SCHEMAS = Path(__file__).parent / "schemas"
"""The schemas of the questions' files (package data)."""


def battle(deck: Deck, question: Document) -> BattleAnswer:
    """The battle asked, answered (`answers.battle_answer`: the engine loads only now)."""
    from generator.games.disaster_draft.answers import battle_answer

    return battle_answer(deck, question)


QUESTIONS: tuple[Question[Deck, BattleAnswer], ...] = (
    Question(
        "battle",
        "A battle step by step: every effect by speed, totals, winner, graveyard chain.",
        battle,
        battle_text,
        schema=SCHEMAS / "battle-question.schema.json",
    ),
)
"""The game's rules questions (the plug-in's questions hook)."""
