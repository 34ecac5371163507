"""Extraliga All-Stars' rules questions, as plain answers the CLI prints or writes as JSON.

A side of a match is a manager's lineup, six card ids in the slot order of
trios.yaml (left wing, centre, right wing, defenceman, defenceman, goalie)
joined by commas, with `down:` before the goalie's id when that card lies
face down; or a virtual opponent, by its card id.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

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
from generator.plugin_api import InputError, plain_kernels

FACE_DOWN = "down:"
BEST = "best"
RULE_OF_THUMB = "rule-of-thumb"
BONUS_PLAYS = (BEST, RULE_OF_THUMB)
"""How both sides play their bonuses: best (E9, exact odds), or as simulated managers do
(E15, odds estimated from matches played)."""


def match_answer(
    deck: Deck, first: str, second: str, bonuses: bool = False, play: str = BEST
) -> dict[str, Any]:
    """The two sides' strengths and the first side's odds: without bonuses, exact; with
    bonuses, when asked, as both sides play them (`play`, one of BONUS_PLAYS)."""
    with plain_kernels():  # two lineups: plain Python answers before numba would load
        sides = [_side(deck, spec, f"side {n}") for n, spec in enumerate((first, second), 1)]
    if all("opponent" in s for s in sides):
        raise InputError("a match needs a manager's lineup on at least one side")
    lineups = [set(s["lineup"]) for s in sides if "lineup" in s]
    if len(lineups) == 2 and lineups[0] & lineups[1]:
        shared = sorted(lineups[0] & lineups[1])[0]
        raise InputError(f"card '{shared}' is in both lineups; a card belongs to one manager")
    a, b = (s.pop("side") for s in sides)
    plain = match_odds(a.offence, a.defence, b.offence, b.defence)
    answer: dict[str, Any] = {
        "sides": sides,
        "without_bonuses": _odds(
            (plain.win, plain.overtime_win, plain.overtime_loss, plain.loss), plain.points
        ),
    }
    if bonuses:
        answer["with_bonuses"] = bonus_answer(a, b, play)
    return answer


def bonus_answer(first: Side, second: Side, play: str = BEST) -> dict[str, Any]:
    """The first side's odds with bonuses: played best, exact; or played by the simulated
    managers' rule of thumb, estimated from matches until each 95 % interval is within
    ±0.5 points, and labelled as an estimate."""
    if play not in BONUS_PLAYS:
        raise InputError(f"bonus play '{play}' is not one of: {', '.join(BONUS_PLAYS)}")
    if play == BEST:
        exact = bonus_odds(first, second)
        return {
            "method": "exact",
            "play": BEST,
            "positions": positions(first, second),
            **_float_odds(exact),
        }
    sampled, matches = estimated_odds(first, second)
    return {
        "method": "estimate",
        "play": RULE_OF_THUMB,
        "matches": matches,
        "precision": PRECISION,
        **_float_odds(sampled),
    }


def _side(deck: Deck, spec: str, who: str) -> dict[str, Any]:
    """A side's description, with its `Side` under the key 'side'."""
    if spec in deck.opponents:
        opponent = deck.opponents[spec]
        return {
            "opponent": opponent.id,
            "name": opponent.name,
            "offence": opponent.attack,
            "defence": opponent.defence,
            "bonuses": [],
            "side": Side(opponent.attack, opponent.defence),
        }
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
    return {
        "lineup": ids,
        "face_down_goalie": lineup.face_down_goalie,
        "offence": value.offence,
        "defence": value.defence,
        "bonuses": [b.value for b in played],
        "side": Side(value.offence, value.defence, Bonuses.of(played)),
    }


def _player(deck: Deck, card: str, who: str) -> Player:
    player = deck.players.get(card)
    if player is None:
        example = next(iter(deck.players), "")
        raise InputError(f"{who}: no hockey player '{card}' in the data; ids look like {example}")
    return player


def _odds(chances: tuple[Fraction, ...], expected: Fraction) -> dict[str, Any]:
    names = ("win", "overtime_win", "overtime_loss", "loss")
    exact = {name: str(chance) for name, chance in zip(names, chances, strict=True)}
    return {
        **{name: float(chance) for name, chance in zip(names, chances, strict=True)},
        "points": float(expected),
        "exact": {**exact, "points": str(expected)},
    }


def _float_odds(outcome: Outcome) -> dict[str, float]:
    win, tie, loss = outcome
    return {
        "win": win,
        "overtime_win": tie / 2,
        "overtime_loss": tie / 2,
        "loss": loss,
        "points": points(outcome),
    }
