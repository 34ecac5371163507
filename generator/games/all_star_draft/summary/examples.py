"""Worked examples, computed by the rules engine from real cards of the deck."""

from __future__ import annotations

from collections.abc import Sequence

from generator.games.all_star_draft.model import Edition, Game
from generator.games.all_star_draft.rules import (
    card_key,
    playoff_round,
    rank_teams,
    rule_book,
    team_strength,
)
from generator.games.all_star_draft.rules.strength import TeamStrength
from generator.plugin_api import N_, Block, CardDraw, Paragraph, Table, Translator, card_row

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


def strength_and_medals(tr: Translator, game: Game, faces: CardDraw) -> list[Block]:
    """A team's strength and shown group; a tie of strength decided by the medals."""
    book = rule_book(game)
    aline = team_strength(book, ALINE, 3)
    first = tr.text(
        N_("Example: the team {cards} has strength {strength}; its group: {shown}.")
    ).format(
        cards=_cards(tr, game, ALINE),
        strength=tr.number(aline.strength),
        shown=_shown(tr, game, aline),
    )
    ranked = rank_teams(book, {"Paul": PAUL, "Juliette": JULIETTE}, 2)
    winner, loser = ranked[0], ranked[1]
    second = tr.text(
        N_(
            "Example with two managers: {winner}'s group is {winner_group}, {loser}'s is "
            "{loser_group}; both teams have strength {strength}, and {winner_medal} beats "
            "{loser_medal}, so {winner} ranks higher."
        )
    ).format(
        winner=winner.manager,
        loser=loser.manager,
        winner_group=_shown(tr, game, winner.strength),
        loser_group=_shown(tr, game, loser.strength),
        strength=tr.number(winner.strength.strength),
        winner_medal=tr.name("medals", game.medals[winner.strength.medal]),
        loser_medal=tr.name("medals", game.medals[loser.strength.medal]),
    )
    return [
        Paragraph(first),
        card_row(ALINE, faces, _cards(tr, game, ALINE)),
        Paragraph(second),
        card_row(PAUL, faces, _cards(tr, game, PAUL)),
        card_row(JULIETTE, faces, _cards(tr, game, JULIETTE)),
    ]


def shared_rank(tr: Translator, game: Game, edition: Edition, faces: CardDraw) -> list[Block]:
    """Four teams in one arena, two of them tied."""
    book = rule_book(game, edition.id)
    arena = book.edition.arena(ARENA)
    if arena is None:
        return []
    ranked = rank_teams(book, ARENA_TEAMS, len(ARENA_TEAMS), arena)
    ranks = [team.rank for team in ranked]
    shared = next(rank for rank in ranks if ranks.count(rank) > 1)
    tied = [team.manager for team in ranked if team.rank == shared]
    intro = tr.text(
        N_(
            "Example: {count} teams in {arena}. {a} and {b} tie for place {rank} and both score its {fans} fans, so place {skipped} is skipped."
        )
    ).format(
        count=tr.number(len(ranked)),
        arena=arena.name,
        a=tied[0],
        b=tied[1],
        rank=tr.number(shared),
        fans=tr.number(arena.fans_for_rank(shared)),
        skipped=tr.number(shared + 1),
    )
    rows = tuple(
        (
            team.manager,
            tr.number(team.strength.strength),
            _shown(tr, game, team.strength),
            tr.ordinal(team.rank),
            tr.number(team.fans or 0),
        )
        for team in ranked
    )
    header = (
        tr.text(N_("Manager")),
        tr.text(N_("Strength")),
        tr.text(N_("Group")),
        tr.text(N_("Rank")),
        tr.text(N_("Fans")),
    )
    tied_rows = [
        card_row(ARENA_TEAMS[name], faces, _cards(tr, game, ARENA_TEAMS[name])) for name in tied
    ]
    return [Paragraph(intro), Table(arena.name, header, rows), *tied_rows]


def shootout(tr: Translator, game: Game, edition: Edition, faces: CardDraw) -> list[Block]:
    """A penalty shootout in a five-manager game."""
    book = rule_book(game, edition.id)
    players = len(SHOOTOUT_TEAMS)
    result = playoff_round(book, players, SHOOTOUT_TEAMS, shootout=SHOOTOUT_CARDS)
    if result.loser is None:
        return []
    a, b = result.weakest[0], result.weakest[1]
    keys = {
        name: card_key(book, book.card_index(card), players)
        for name, card in SHOOTOUT_CARDS.items()
    }
    winner = a if keys[a] > keys[b] else b
    medals = game.priorities[players]
    decisive = next(i for i in range(len(medals)) if keys[a][i] != keys[b][i])
    text = tr.text(
        N_(
            "Example with {players} managers: {a} and {b} tie as the weakest and play a penalty "
            "shootout. {a} plays {card_a}, {b} plays {card_b}. The {medal} attribute, "
            "{attribute}, decides: {winner} wins."
        )
    ).format(
        players=tr.number(players),
        a=a,
        b=b,
        card_a=card_name(tr, game, SHOOTOUT_CARDS[a]),
        card_b=card_name(tr, game, SHOOTOUT_CARDS[b]),
        medal=tr.name("medals", game.medals[decisive]),
        attribute=tr.name("attributes", game.attribute_names[medals[decisive]]),
        winner=winner,
    )
    if result.outcome == "eliminated":
        text += " " + tr.text(
            N_("{loser} has no ticket left and is eliminated in place {place}: {fans} fans.")
        ).format(
            loser=result.loser, place=tr.number(result.place or 0), fans=tr.number(result.fans or 0)
        )
    else:
        text += " " + tr.text(N_("{loser} gives up a ticket.")).format(loser=result.loser)
    shots = [SHOOTOUT_CARDS[a], SHOOTOUT_CARDS[b]]
    return [Paragraph(text), card_row(shots, faces, _cards(tr, game, shots))]
