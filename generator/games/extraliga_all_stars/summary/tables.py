"""The rulebook tables of Extraliga All-Stars, each from the data and the rules engine."""

from __future__ import annotations

from fractions import Fraction

from generator.games.extraliga_all_stars.bonus_phase import goal_line
from generator.games.extraliga_all_stars.lineup import (
    OWN_DICE,
    TRIO,
    LineupRules,
    Position,
)
from generator.games.extraliga_all_stars.lineup_kernels import MAX_STRENGTH
from generator.games.extraliga_all_stars.match import (
    LOSS,
    OVERTIME_LOSS,
    OVERTIME_WIN,
    SIDES,
    WIN,
    goal_chance,
    match_odds,
)
from generator.games.extraliga_all_stars.model import Deck, SeasonRules, Texts
from generator.plugin_api import N_, NP_, Table, Translator, components_table

PLAIN_TRIO = TRIO
"""A trio with every player in position and no pair: the odds tables' reference strength."""


def components(tr: Translator, texts: Texts) -> Table:
    """What is in the box."""
    return components_table(tr, texts.components)


def positions(tr: Translator, texts: Texts, rules: LineupRules) -> Table:
    """Each position, its abbreviation on the cards and its trio."""
    offence, defence = (tr.name("trios", t) for t in texts.trios)
    return Table(
        tr.text(N_("Positions")),
        (tr.text(N_("Position")), tr.text(N_("On the card")), tr.text(N_("Trio"))),
        tuple(
            (
                tr.name("positions", title),
                tr.name("positions", short),
                offence if position in rules.offence.slots else defence,
            )
            for position, (title, short) in ((p, texts.positions[p]) for p in Position)
        ),
    )


def bonuses(tr: Translator, texts: Texts) -> Table:
    """Each bonus, the trio that plays it and what it does."""
    offence, defence = (tr.name("trios", t) for t in texts.trios)
    return Table(
        tr.text(N_("Bonuses")),
        (tr.text(N_("Bonus")), tr.text(N_("Played from")), tr.text(N_("What it does"))),
        tuple(
            (
                tr.name("bonuses", title),
                offence if bonus in OWN_DICE else defence,
                tr.name("bonuses", text),
            )
            for bonus, (title, text) in texts.bonuses.items()
        ),
    )


def points(tr: Translator) -> Table:
    """The points each result of a match is worth."""
    results = (
        (N_("Win"), WIN),
        (N_("Win in overtime"), OVERTIME_WIN),
        (N_("Loss in overtime"), OVERTIME_LOSS),
        (N_("Loss"), LOSS),
    )
    return Table(
        tr.text(N_("Points for a match")),
        (tr.text(N_("Result")), tr.text(N_("Points"))),
        tuple((tr.text(result), tr.number(value)) for result, value in results),
    )


def season_decks(tr: Translator, season: SeasonRules) -> Table:
    """The cards of the season deck, by number of managers (for each half)."""
    return Table(
        tr.text(N_("The season deck")),
        (tr.text(N_("Managers")), tr.text(N_("Draw cards")), tr.text(N_("Opponent cards"))),
        tuple(
            (tr.number(players), tr.number(draws), tr.number(opponents))
            for players, (draws, opponents) in sorted(season.decks.items())
        ),
    )


def lineup_die(tr: Translator, season: SeasonRules) -> Table:
    """What each face of the lineup-change die asks for."""
    return Table(
        tr.text(N_("The lineup-change die")),
        (tr.text(N_("Die")), tr.text(N_("Swap at least"))),
        tuple(
            (
                tr.number(face),
                tr.plural(NP_("{n} player", "{n} players"), replace)
                if replace
                else tr.text(N_("none: change as you like")),
            )
            for face, replace in enumerate(season.lineup_die, 1)
        ),
    )


def goals_needed(tr: Translator) -> Table:
    """The dice that score against each defence, and the chance of one die."""
    rows = []
    for defence in range(MAX_STRENGTH + 1):
        lowest = goal_line(defence)
        scoring = (
            tr.number(SIDES)
            if lowest == SIDES
            else tr.text(N_("{low} to {high}")).format(low=tr.number(lowest), high=tr.number(SIDES))
        )
        rows.append((tr.number(defence), scoring, _chance(tr, goal_chance(defence))))
    return Table(
        tr.text(N_("Goals needed by defence")),
        (tr.text(N_("Defence")), tr.text(N_("A die scores on")), tr.text(N_("Chance per die"))),
        tuple(rows),
    )


def win_chances(tr: Translator) -> Table:
    """The chance to win (in regulation or overtime) by own offence and opposing defence."""
    strengths = range(1, MAX_STRENGTH + 1)
    return Table(
        tr.text(N_("Chance to win by offence (rows) and the opponent's defence (columns)")),
        (tr.text(N_("Offence")), *(tr.number(d) for d in strengths)),
        tuple(
            (
                tr.number(offence),
                *(_chance(tr, _win(offence, PLAIN_TRIO, PLAIN_TRIO, d)) for d in strengths),
            )
            for offence in strengths
        ),
    )


def opponents(tr: Translator, deck: Deck) -> Table:
    """Every virtual opponent, and how a plain lineup fares against it."""
    return Table(
        tr.text(N_("Virtual opponents")),
        (
            tr.text(N_("Opponent")),
            tr.text(N_("Attack")),
            tr.text(N_("Defence")),
            tr.text(N_("Chance to win")),
        ),
        tuple(
            (
                opponent.name,
                tr.number(opponent.attack),
                tr.number(opponent.defence),
                tr.percent(float(_win(PLAIN_TRIO, PLAIN_TRIO, opponent.attack, opponent.defence))),
            )
            for opponent in deck.opponents.values()
        ),
    )


def plain_lineup_note(tr: Translator) -> str:
    """What the chance tables assume, in one sentence."""
    return tr.text(
        N_(
            "The chances assume no bonus, and an offence or defence of {plain} wherever the table "
            "gives none: a trio with every player in position and no pair. A win in overtime "
            "counts as a win."
        )
    ).format(plain=tr.number(PLAIN_TRIO))


def _win(offence: int, defence: int, other_offence: int, other_defence: int) -> Fraction:
    odds = match_odds(offence, defence, other_offence, other_defence)
    return odds.win + odds.overtime_win


def _chance(tr: Translator, chance: Fraction) -> str:
    """A chance in whole percent; 0 % and 100 % only when it is impossible or certain."""
    shown = float(chance)
    if 0 < chance < 1:
        shown = min(max(shown, 0.01), 0.99)
    return tr.percent(shown)
