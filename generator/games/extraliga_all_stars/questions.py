"""Extraliga All-Stars' rules questions, as plain answers the CLI prints or writes as JSON.

A side of a match is a manager's lineup, six card ids in the slot order of
trios.yaml (left wing, centre, right wing, defenceman, defenceman, goalie)
joined by commas, with `down:` before the goalie's id when that card lies
face down; or a virtual opponent, by its card id.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NotRequired, TypedDict

from generator.games.extraliga_all_stars.bonus_phase import (
    Bonuses,
    Outcome,
    Side,
    bonus_odds,
    points,
    positions,
)
from generator.games.extraliga_all_stars.dice import PRECISION, estimated_odds
from generator.games.extraliga_all_stars.lineup import TRIO, Lineup, Player
from generator.games.extraliga_all_stars.match import match_odds
from generator.games.extraliga_all_stars.model import Deck
from generator.plugin_api import Argument, InputError, Question, chance, plain_kernels

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


def match_answer(
    deck: Deck, first: str, second: str, bonuses: bool = False, play: str = BEST
) -> MatchAnswer:
    """The two sides' strengths and the first side's odds: without bonuses, exact; with
    bonuses, when asked, as both sides play them (`play`, one of BONUS_PLAYS)."""
    with plain_kernels():  # two lineups: plain Python answers before numba would load
        found = [_side(deck, spec, f"side {n}") for n, spec in enumerate((first, second), 1)]
    sides = [shown for shown, _ in found]
    if all("opponent" in s for s in sides):
        raise InputError("a match needs a manager's lineup on at least one side")
    lineups = [set(s["lineup"]) for s in sides if "lineup" in s]
    if len(lineups) == 2 and lineups[0] & lineups[1]:
        shared = sorted(lineups[0] & lineups[1])[0]
        raise InputError(f"card '{shared}' is in both lineups; a card belongs to one manager")
    (_, a), (_, b) = found
    plain = match_odds(a.offence, a.defence, b.offence, b.defence)
    answer: MatchAnswer = {
        "sides": sides,
        "without_bonuses": _odds(
            (plain.win, plain.overtime_win, plain.overtime_loss, plain.loss), plain.points
        ),
    }
    if bonuses:
        answer["with_bonuses"] = bonus_answer(a, b, play)
    return answer


def asked_match(
    deck: Deck, first: str, second: str, bonuses: bool, play: str | None
) -> MatchAnswer:
    """`rules match`: --bonus-play implies --bonuses."""
    return match_answer(deck, first, second, bonuses or play is not None, play or BEST)


def bonus_answer(first: Side, second: Side, play: str = BEST) -> BonusOdds:
    """The first side's odds with bonuses: played best, exact; or played by the simulated
    managers' rule of thumb, estimated from matches until each 95 % interval is within
    ±0.5 points, and labelled as an estimate."""
    if play not in BONUS_PLAYS:
        raise InputError(f"bonus play '{play}' is not one of: {', '.join(BONUS_PLAYS)}")
    if play == BEST:
        found = _float_odds(bonus_odds(first, second))
        return {
            "method": "exact",
            "play": BEST,
            "positions": positions(first, second),
            "win": found["win"],
            "overtime_win": found["overtime_win"],
            "overtime_loss": found["overtime_loss"],
            "loss": found["loss"],
            "points": found["points"],
        }
    sampled, matches = estimated_odds(first, second)
    found = _float_odds(sampled)
    return {
        "method": "estimate",
        "play": RULE_OF_THUMB,
        "matches": matches,
        "precision": PRECISION,
        "win": found["win"],
        "overtime_win": found["overtime_win"],
        "overtime_loss": found["overtime_loss"],
        "loss": found["loss"],
        "points": found["points"],
    }


def _side(deck: Deck, spec: str, who: str) -> tuple[SideShown, Side]:
    """A side as the answer shows it, and as the odds weigh it."""
    if spec in deck.opponents:
        opponent = deck.opponents[spec]
        shown: SideShown = {
            "opponent": opponent.id,
            "name": opponent.name,
            "offence": opponent.attack,
            "defence": opponent.defence,
            "bonuses": [],
        }
        return shown, Side(opponent.attack, opponent.defence)
    rules = deck.lineups
    slots = ", ".join(p.value for p in (*rules.offence.slots, *rules.defence.slots))
    ids = [part.strip() for part in spec.split(",")]
    if len(ids) != 2 * TRIO:
        raise InputError(
            f"{who} is '{spec}': a lineup is {2 * TRIO} card ids joined by commas "
            f"({slots}), or an opponent's card id"
        )
    downs = [n for n, card in enumerate(ids) if card.startswith(FACE_DOWN)]
    goal = rules.defence.goalie_slot
    if downs and (goal is None or downs != [TRIO + goal]):
        raise InputError(
            f"{who}: only the card in goal may lie face down ('{FACE_DOWN}' before the "
            f"card in the goalie's slot of {slots})"
        )
    ids = [card.removeprefix(FACE_DOWN) for card in ids]
    players = [_player(deck, card, who) for card in ids]
    lineup = Lineup(tuple(players[:TRIO]), tuple(players[TRIO:]), bool(downs))
    try:
        rules.check_lineup(lineup)
    except InputError as error:
        raise InputError(f"{who}: {error}") from None
    value = rules.strength(lineup)
    played = rules.usable_bonuses(lineup)
    shown = {
        "lineup": ids,
        "face_down_goalie": lineup.face_down_goalie,
        "offence": value.offence,
        "defence": value.defence,
        "bonuses": [b.value for b in played],
    }
    return shown, Side(value.offence, value.defence, Bonuses.of(played))


def _player(deck: Deck, card: str, who: str) -> Player:
    player = deck.players.get(card)
    if player is None:
        example = next(iter(deck.players), "")
        raise InputError(f"{who}: no hockey player '{card}' in the data; ids look like {example}")
    return player


def _odds(chances: tuple[Fraction, ...], expected: Fraction) -> Odds:
    win, overtime_win, overtime_loss, loss = chances
    return {
        "win": float(win),
        "overtime_win": float(overtime_win),
        "overtime_loss": float(overtime_loss),
        "loss": float(loss),
        "points": float(expected),
        "exact": {
            "win": str(win),
            "overtime_win": str(overtime_win),
            "overtime_loss": str(overtime_loss),
            "loss": str(loss),
            "points": str(expected),
        },
    }


def _float_odds(outcome: Outcome) -> Odds:
    win, tie, loss = outcome
    return {
        "win": win,
        "overtime_win": tie / 2,
        "overtime_loss": tie / 2,
        "loss": loss,
        "points": points(outcome),
    }


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
