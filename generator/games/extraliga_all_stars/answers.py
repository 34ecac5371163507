"""Extraliga All-Stars' match question answered: both sides' strengths and the first side's
odds, without bonuses exactly, with bonuses as both sides play them."""

from __future__ import annotations

from fractions import Fraction

from generator.games.extraliga_all_stars.answer_types import (
    BEST,
    BONUS_PLAYS,
    FACE_DOWN,
    RULE_OF_THUMB,
    BonusOdds,
    MatchAnswer,
    Odds,
    SideShown,
)
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
