"""What Extraliga All-Stars' match question answers, as plain data, and how it reads."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from generator.plugin_api import chance

FACE_DOWN = "down:"
BEST = "best"
RULE_OF_THUMB = "rule-of-thumb"
BONUS_PLAYS = (BEST, RULE_OF_THUMB)
"""How both sides play their bonuses: best (E9, exact odds), or as simulated managers do
(E15, odds estimated from matches played)."""


class ExactOdds(TypedDict):
    win: str
    overtime_win: str
    overtime_loss: str
    loss: str
    points: str


class Odds(TypedDict):
    """The first side's chances, and the points it expects."""

    win: float
    overtime_win: float
    overtime_loss: float
    loss: float
    points: float
    exact: NotRequired[ExactOdds]
    """As fractions (without bonuses)."""


class BonusOdds(Odds):
    method: str
    """'exact', or 'estimate' from matches played."""
    play: str
    positions: NotRequired[int]
    """Positions the exact search weighed."""
    matches: NotRequired[int]
    precision: NotRequired[float]


class SideShown(TypedDict):
    """A side: a manager's lineup, or an opponent card."""

    offence: int
    defence: int
    bonuses: list[str]
    opponent: NotRequired[str]
    name: NotRequired[str]
    lineup: NotRequired[list[str]]
    face_down_goalie: NotRequired[bool]


class MatchAnswer(TypedDict):
    sides: list[SideShown]
    without_bonuses: Odds
    with_bonuses: NotRequired[BonusOdds]


def match_text(answer: MatchAnswer) -> str:
    """The answer as lines for the terminal."""
    lines = []
    for n, side in enumerate(answer["sides"], 1):
        who = side.get("name") or "lineup"
        played = ", ".join(side["bonuses"]) or "none"
        lines.append(
            f"side {n} ({who}): offence {side['offence']}, defence {side['defence']}, "
            f"bonuses: {played}"
        )
    lines.append(f"without bonuses: {_odds_text(answer['without_bonuses'])}")
    best = answer.get("with_bonuses")
    if best is not None and best["method"] == "exact":
        lines.append(f"with bonuses played best (exact): {_odds_text(best)}")
    elif best is not None:
        lines.append(
            f"with bonuses played by the simulated managers' rule of thumb (an estimate "
            f"from {best.get('matches', 0):,} matches, 95 % within "
            f"±{best.get('precision', 0) * 100:g} points): {_odds_text(best)}"
        )
    return "\n".join(lines)


def _odds_text(odds: Odds) -> str:
    return (
        f"win {chance(odds['win'])}, overtime win {chance(odds['overtime_win'])}, "
        f"overtime loss {chance(odds['overtime_loss'])}, loss {chance(odds['loss'])}; "
        f"side 1 expects {odds['points']:.2f} points"
    )
