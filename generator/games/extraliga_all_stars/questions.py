"""Extraliga All-Stars' rules questions, as plain answers the CLI prints or writes as JSON.

A side of a match is a manager's lineup, six card ids in the slot order of
trios.yaml (left wing, centre, right wing, defenceman, defenceman, goalie)
joined by commas, with `down:` before the goalie's id when that card lies
face down; or a virtual opponent, by its card id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.extraliga_all_stars.answer_types import (
    BEST,
    BONUS_PLAYS,
    MatchAnswer,
    match_text,
)
from generator.plugin_api import Argument, Question

if TYPE_CHECKING:
    from generator.games.extraliga_all_stars.model import Deck


def asked_match(
    deck: Deck, first: str, second: str, bonuses: bool, play: str | None
) -> MatchAnswer:
    """`rules match`: --bonus-play implies --bonuses."""
    from generator.games.extraliga_all_stars.answers import match_answer

    return match_answer(deck, first, second, bonuses or play is not None, play or BEST)


_SIDE = (
    "Six card ids LW,C,RW,D,D,G joined by commas ('down:' before a face-down goalie), or an "
    "opponent card id."
)
QUESTIONS: tuple[Question[Deck, MatchAnswer], ...] = (
    Question(
        "match",
        "The first side's odds of winning a match against the second.",
        asked_match,
        match_text,
        arguments=(
            Argument("first", _SIDE),
            Argument("second", _SIDE),
            Argument(
                "bonuses",
                "Also the odds with bonuses, played as --bonus-play says.",
                bool,
                option="--bonuses",
                default=False,
            ),
            Argument(
                "play",
                "How both sides play their bonuses: best (exact odds, rulings E7-E9), or by "
                "the simulated managers' rule of thumb (ruling E15; odds estimated from "
                "matches played, 95 % within ±0.5 points). Implies --bonuses.",
                option="--bonus-play",
                choices=BONUS_PLAYS,
                shown_default=BEST,
            ),
        ),
    ),
)
"""The game's rules questions (the plug-in's questions hook)."""
