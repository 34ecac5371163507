"""Worked examples the rules engine plays out on real cards of the deck: the facts each
example's sentence names."""

from __future__ import annotations

from collections.abc import Sequence

from generator.games.all_star_draft.model import Attribute, Card, Edition, Game
from generator.games.all_star_draft.rules import (
    card_key,
    playoff_round,
    rank_teams,
    rule_book,
    team_strength,
)
from generator.games.all_star_draft.rules.book import RuleBook
from generator.games.all_star_draft.rules.strength import TeamStrength
from generator.plugin_api import Translator, Value

ALINE = ["rabbit-4", "duck-4", "tiger-4", "eagle-1", "panda-8"]
PAUL = ["rabbit-7", "beaver-9", "tiger-5", "duck-1", "eagle-2"]
JULIETTE = ["shark-8", "horse-8", "panda-8", "penguin-3", "reindeer-7"]
ARENA_TEAMS = {
    "Emma": ["rabbit-5", "eagle-5", "penguin-5", "shark-5", "duck-2"],
    "Ben": ["eagle-3", "panda-3", "wolf-3", "rabbit-1", "duck-7"],
    "Carine": ["tiger-3", "horse-3", "reindeer-3", "rabbit-2", "duck-8"],
    "Denis": ["polar-bear-1", "polar-bear-2", "beaver-4", "penguin-7", "horse-9"],
}
SHOOTOUT_TEAMS = {
    "Seb": ["eagle-2", "penguin-5", "rabbit-1", "duck-3", "beaver-4"],
    "Clara": ["tiger-6", "horse-8", "wolf-5", "shark-1", "panda-4"],
    "Xavier": ["duck-1", "duck-2", "duck-4", "duck-5", "duck-6"],
    "Yasmin": ["polar-bear-1", "polar-bear-2", "polar-bear-3", "polar-bear-4", "polar-bear-5"],
    "Zoe": ["reindeer-1", "reindeer-2", "reindeer-4", "reindeer-5", "reindeer-7"],
}
SHOOTOUT_CARDS = {"Seb": "horse-3", "Clara": "reindeer-3"}
ARENA = "stadium-fall-3"
RULEBOOK_NAMES = {"2020": {"Emma": "Sam", "Ben": "Vreni", "Carine": "Ali", "Denis": "Jolanda"}}
"""Managers named as in an edition's rulebook, where its own example has the same ranks
(the first edition's: Sam first, Vreni and Ali tied for 2nd, Jolanda 4th)."""
LAST_TICKET = {
    "2020": {
        "Sam": ["wolf-2", "wolf-5", "wolf-8", "eagle-3", "horse-9"],
        "Vreni": ["panda-1", "shark-1", "tiger-1", "beaver-1", "penguin-7"],
    }
}
"""The first edition's playoff example: with four managers, Sam (three of a species) and
Vreni are the last two; Sam gives up his only ticket and takes 2nd place."""


def card_name(tr: Translator, game: Game, card_id: str) -> str:
    """A card as players say it: species and number."""
    card = game.card(card_id)
    assert card is not None
    return f"{tr.name('species', game.species_by_id(card.species).name)} {tr.number(card.number)}"


def _cards(tr: Translator, game: Game, ids: Sequence[str]) -> str:
    from babel.lists import format_list

    return str(format_list([card_name(tr, game, c) for c in ids], locale=tr.locale))


def _shown(tr: Translator, game: Game, result: TeamStrength) -> str:
    attribute = tr.name("attributes", game.attribute_names[result.attribute])
    value = result.value
    if result.attribute.value == "symbol":
        shown = tr.name("symbols", game.symbol_by_id(str(value)).name)
    elif result.attribute.value == "species":
        shown = tr.name("species", game.species_by_id(str(value)).name)
    else:
        shown = tr.number(int(value))
    return f"{attribute} {shown}"


def examples(tr: Translator, game: Game, edition: Edition) -> dict[str, Value]:
    """Every worked example: {example-name: what its sentence names}."""
    found: dict[str, Value] = {"strength": strength(tr, game), "medals": medals(tr, game)}
    found["shared-rank"] = shared_rank(tr, game, edition)
    found["shootout"] = shootout(tr, game, edition)
    found["last-ticket"] = last_ticket(tr, game, edition)
    return found


def strength(tr: Translator, game: Game) -> dict[str, Value]:
    """A team's strength and the group it shows."""
    result = team_strength(rule_book(game), ALINE, 3)
    return {
        "names": _cards(tr, game, ALINE),
        "strength": result.strength,
        "group": _shown(tr, game, result),
    }


def medals(tr: Translator, game: Game) -> dict[str, Value]:
    """Two teams of equal strength, told apart by the medal of the attribute each shows."""
    ranked = rank_teams(rule_book(game), {"Paul": PAUL, "Juliette": JULIETTE}, 2)
    winner, loser = ranked[0], ranked[1]
    return {
        "players": 2,
        "winner": winner.manager,
        "loser": loser.manager,
        "winner-group": _shown(tr, game, winner.strength),
        "loser-group": _shown(tr, game, loser.strength),
        "strength": winner.strength.strength,
        "winner-medal": tr.name("medals", game.medals[winner.strength.medal]),
        "loser-medal": tr.name("medals", game.medals[loser.strength.medal]),
    }


def shared_rank(tr: Translator, game: Game, edition: Edition) -> dict[str, Value] | None:
    """Four teams in one arena, two of them tied in full."""
    book = rule_book(game, edition.id)
    arena = book.edition.arena(ARENA)
    if arena is None:
        return None
    names = RULEBOOK_NAMES.get(edition.id, {})
    teams = {names.get(name, name): cards for name, cards in ARENA_TEAMS.items()}
    ranked = rank_teams(book, teams, len(teams), arena)
    ranks = [team.rank for team in ranked]
    shared = next(rank for rank in ranks if ranks.count(rank) > 1)
    tied = [team.manager for team in ranked if team.rank == shared]
    return {
        "teams": len(ranked),
        "arena": arena.name,
        "provisional": arena.provisional,
        "tied": tied,
        "rank": shared,
        "fans": arena.fans_for_rank(shared),
        "skipped": shared + 1,
        "rows": [
            {
                "manager": team.manager,
                "strength": team.strength.strength,
                "group": _shown(tr, game, team.strength),
                "rank": team.rank,
                "fans": team.fans or 0,
            }
            for team in ranked
        ],
    }


def shootout(tr: Translator, game: Game, edition: Edition) -> dict[str, Value] | None:
    """A penalty shootout in a five-manager game."""
    book = rule_book(game, edition.id)
    players = len(SHOOTOUT_TEAMS)
    result = playoff_round(book, players, SHOOTOUT_TEAMS, shootout=SHOOTOUT_CARDS)
    if result.loser is None:
        return None
    a, b = result.weakest[0], result.weakest[1]
    keys = {
        name: card_key(book, book.card_index(card), players)
        for name, card in SHOOTOUT_CARDS.items()
    }
    medal_order = game.priorities[players]
    decisive = next(i for i in range(len(medal_order)) if keys[a][i] != keys[b][i])
    card = game.card(SHOOTOUT_CARDS[a])
    assert card is not None
    shared = [_value(tr, game, card, medal_order[i]) for i in range(decisive)]
    return {
        "players": players,
        "first": a,
        "second": b,
        "first-card": card_name(tr, game, SHOOTOUT_CARDS[a]),
        "second-card": card_name(tr, game, SHOOTOUT_CARDS[b]),
        "medal": tr.name("medals", game.medals[decisive]),
        "attribute": tr.name("attributes", game.attribute_names[medal_order[decisive]]),
        "winner": a if keys[a] > keys[b] else b,
        "loser": result.loser,
        "eliminated": result.outcome == "eliminated",
        "place": result.place or 0,
        "place-fans": result.fans or 0,
        "provisional": result.place is not None and _provisional_points(book, players),
        "shared": shared,
        "cards": [SHOOTOUT_CARDS[a], SHOOTOUT_CARDS[b]],
        "card-names": _cards(tr, game, [SHOOTOUT_CARDS[a], SHOOTOUT_CARDS[b]]),
    }


def last_ticket(tr: Translator, game: Game, edition: Edition) -> dict[str, Value] | None:
    """The edition rulebook's own playoff example, played out: the last two managers, and the
    weaker gives up his only ticket."""
    teams = LAST_TICKET.get(edition.id)
    if teams is None:
        return None
    book = rule_book(game, edition.id)
    players = 4
    result = playoff_round(book, players, teams)
    if result.loser is None or result.outcome != "eliminated":
        return None
    winner = next(name for name in teams if name != result.loser)
    strength = team_strength(book, teams[result.loser], players)
    return {
        "players": players,
        "loser": result.loser,
        "winner": winner,
        "group": _shown(tr, game, strength),
        "place": result.place,
        "fans": result.fans,
    }


def _value(tr: Translator, game: Game, card: Card, attribute: Attribute) -> str:
    """A card's value of one attribute, as players say it: "Symbol Puck"."""
    name = tr.name("attributes", game.attribute_names[attribute])
    if attribute is Attribute.SYMBOL:
        shown = tr.name("symbols", game.symbol_by_id(str(card.symbol)).name)
    elif attribute is Attribute.SPECIES:
        shown = tr.name("species", game.species_by_id(card.species).name)
    else:
        shown = tr.number(card.number)
    return f"{name} {shown}"


def _provisional_points(book: RuleBook, players: int) -> bool:
    """Whether the edition's playoff points are stand-ins."""
    return bool(book.edition.playoffs.provisional)
