"""What Extraliga All-Stars' documents (its rules summary and rulebook tables) name as
{values.…}: the draft's numbers, rows looked up across files, the rulebook's example scored
by the lineup rules, and the odds the match engine works out exactly. The sentences are the
pack's (documents/*.yaml)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from generator.games.extraliga_all_stars import draft
from generator.games.extraliga_all_stars.bonus_phase import goal_line
from generator.games.extraliga_all_stars.lineup import (
    EVERY_PAIR,
    MAX_CARDS,
    OWN_DICE,
    TRIO,
    Lineup,
    Player,
    Position,
    TrioRules,
)
from generator.games.extraliga_all_stars.match import (
    LOSS,
    MAX_STRENGTH,
    OVERTIME_LOSS,
    OVERTIME_WIN,
    SIDES,
    WIN,
    goal_chance,
    match_odds,
)
from generator.games.extraliga_all_stars.model import Deck, Texts
from generator.plugin_api import DrawCard, Translator, Value

PLAIN_TRIO = TRIO
"""A trio with every player in position and no pair: the odds tables' reference strength."""
EXAMPLE = (
    ("martin-erat", "vaclav-prospal", "radek-dvorak"),
    ("frantisek-pospisil", "filip-hronek", "tuukka-rask"),
)
"""The rulebook's worked example: the offence and the defence, in slot order."""


def values(deck: Deck, edition_id: str, tr: Translator, draw_card: DrawCard) -> dict[str, Value]:
    """The plug-in's values hook."""
    assert deck.texts is not None and deck.season is not None, "built by model(), not deck()"
    texts, season = deck.texts, deck.season
    rules = deck.lineups
    strengths = list(range(1, MAX_STRENGTH + 1))
    return {
        "draft": {
            "hand": draft.HAND,
            "last-pick": draft.PICKS,
            "cards": MAX_CARDS,
            "table": draft.TABLE,
            "rounds": MAX_CARDS * 2 // len(draft.TWO_PLAYER_ORDER),
        },
        "offence-slots": _shorts(tr, texts, rules.offence.slots),
        "defence-slots": _shorts(tr, texts, rules.defence.slots),
        "every-pair": all(t.links == EVERY_PAIR for t in (rules.offence, rules.defence)),
        "links": [
            f"{_short(tr, texts, trio.slots[i])}–{_short(tr, texts, trio.slots[j])}"
            for trio in (rules.offence, rules.defence)
            for i, j in sorted(trio.links)
        ],
        "most": MAX_STRENGTH,
        "plain": PLAIN_TRIO,
        "positions": _positions(tr, texts, deck),
        "bonuses": _bonuses(tr, texts),
        "points": {
            "win": WIN,
            "overtime-win": OVERTIME_WIN,
            "overtime-loss": OVERTIME_LOSS,
            "loss": LOSS,
        },
        "goals-needed": [
            {
                "defence": defence,
                "lowest": goal_line(defence),
                "highest": SIDES,
                "single": goal_line(defence) == SIDES,
                "chance": _chance(tr, goal_chance(defence)),
            }
            for defence in range(MAX_STRENGTH + 1)
        ],
        "strengths": strengths,
        "win-chances": [
            {
                "offence": offence,
                "chances": [
                    _chance(tr, _win(offence, PLAIN_TRIO, PLAIN_TRIO, d)) for d in strengths
                ],
            }
            for offence in strengths
        ],
        "opponents": [
            {
                "name": tr.name("opponents", opponent.name),
                "attack": opponent.attack,
                "defence": opponent.defence,
                "chance": tr.percent(
                    float(_win(PLAIN_TRIO, PLAIN_TRIO, opponent.attack, opponent.defence))
                ),
            }
            for opponent in deck.opponents.values()
        ],
        "international-break": season.halves >= 2,
        "renewed": [n for n, (_, opponents) in sorted(season.decks.items()) if opponents],
        "example": _example(tr, deck, texts),
    }


def _short(tr: Translator, texts: Texts, position: Position) -> str:
    return tr.name("positions", texts.positions[position][1])


def _shorts(tr: Translator, texts: Texts, slots: tuple[Position, ...]) -> str:
    return ", ".join(_short(tr, texts, p) for p in slots)


def _positions(tr: Translator, texts: Texts, deck: Deck) -> list[dict[str, str]]:
    """Each position, its abbreviation on the cards and its trio."""
    offence, defence = (tr.name("trios", t) for t in texts.trios)
    return [
        {
            "name": tr.name("positions", title),
            "short": tr.name("positions", short),
            "trio": offence if position in deck.lineups.offence.slots else defence,
        }
        for position, (title, short) in ((p, texts.positions[p]) for p in Position)
    ]


def _bonuses(tr: Translator, texts: Texts) -> list[dict[str, str]]:
    """Each bonus, the trio that plays it and what it does."""
    offence, defence = (tr.name("trios", t) for t in texts.trios)
    return [
        {
            "name": tr.name("bonuses", title),
            "trio": offence if bonus in OWN_DICE else defence,
            "text": tr.name("bonuses", text),
        }
        for bonus, (title, text) in texts.bonuses.items()
    ]


def _example(tr: Translator, deck: Deck, texts: Texts) -> dict[str, Value] | None:
    """The rulebook's worked example scored by the lineup rules: each trio's cards, who is
    in position, the pairs and the total; None if its cards are not in the data."""
    if any(card not in deck.players for trio in EXAMPLE for card in trio):
        return None
    rules = deck.lineups
    offence, defence = (tuple(deck.players[card] for card in trio) for trio in EXAMPLE)
    worth = rules.strength(Lineup(offence, defence))
    return {
        "cards": [card for trio in EXAMPLE for card in trio],
        "trios": [
            _trio(tr, texts, tr.name("trios", name), players, trio, rules.pairs, total)
            for players, trio, name, total in (
                (offence, rules.offence, texts.trios[0], worth.offence),
                (defence, rules.defence, texts.trios[1], worth.defence),
            )
        ],
    }


def _trio(
    tr: Translator,
    texts: Texts,
    name: str,
    players: tuple[Player, ...],
    trio: TrioRules,
    pairs: Any,
    total: int,
) -> dict[str, Value]:
    names = texts.players
    return {
        "trio": name,
        "players": [names[p.id] for p in players],
        "placed": [
            names[p.id] for p, slot in zip(players, trio.slots, strict=True) if p.position is slot
        ],
        "pairs": [f"{names[a.id]} – {names[b.id]}" for a, b in pairs(players, trio)],
        "total": total,
    }


def _win(offence: int, defence: int, other_offence: int, other_defence: int) -> Fraction:
    odds = match_odds(offence, defence, other_offence, other_defence)
    return odds.win + odds.overtime_win


def _chance(tr: Translator, chance: Fraction) -> str:
    """A chance in whole percent; 0 % and 100 % only when it is impossible or certain."""
    shown = float(chance)
    if 0 < chance < 1:
        shown = min(max(shown, 0.01), 0.99)
    return tr.percent(shown)
