"""Answers to rules questions as plain data, for the `draftdeck rules` commands.

Question files are checked here value by value, so that a wrong card id or
team size is reported at its line and column before the engine is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.rules import (
    RuleBook,
    TeamStrength,
    best_team,
    playoff_round,
    rank_teams,
    rule_book,
    specials_met,
    team_strength,
)
from generator.plugin_api import Document, InputError, ScenarioError, located


def strength_json(result: TeamStrength) -> dict[str, Any]:
    """The JSON form of a team's strength."""
    return {
        "strength": result.strength,
        "attribute": result.attribute.value,
        "value": result.value,
        "specials": [s.value for s in result.specials],
    }


def strength_answer(
    book: RuleBook, cards: Sequence[str], players: int, arena: str | None
) -> dict[str, Any]:
    """`rules strength`: a team's strength, shown group and specials.

    With an arena, `specials` holds its special if the team meets it;
    without one, every special the team would meet.
    """
    answer = strength_json(team_strength(book, list(cards), players, arena))
    if arena is None:
        answer["specials"] = [s.value for s in specials_met(book, book.team(list(cards)))]
    return answer


def best_team_answer(
    book: RuleBook, bench: Sequence[str], players: int, arena: str | None
) -> dict[str, Any]:
    """`rules best-team`: the strongest team of five from a bench."""
    team, result = best_team(book, bench, players, book.arena(arena))
    return {"team": list(team), **strength_json(result)}


def rank_answer(game: Game, question: Document) -> dict[str, Any]:
    """`rules rank`: the teams of one question ranked, with fans when an arena is named."""
    value = question.value
    book = _book(game, question)
    teams = _teams(book, question, "teams")
    players = _players(game, question, default=len(teams))
    arena = _arena(book, question)
    ranked = _ask(question, lambda: rank_teams(book, teams, players, arena))
    return {
        "results": [
            {
                "manager": team.manager,
                "strength": team.strength.strength,
                "attribute": team.strength.attribute.value,
                "value": team.strength.value,
                "special": team.strength.specials[0].value
                if arena and team.strength.specials
                else None,
                "rank": team.rank,
                "fans": team.fans,
            }
            for team in ranked
        ],
        **({"arena": value["arena"]} if "arena" in value else {}),
    }


def playoff_round_answer(game: Game, question: Document) -> dict[str, Any]:
    """`rules playoff-round`: who is weakest, who loses, and what it costs."""
    value = question.value
    book = _book(game, question)
    teams = _teams(book, question, "teams")
    players = _players(game, question, default=None)
    shootout = value.get("shootout", {})
    for name, card in shootout.items():
        _card(book, question, ("shootout", name), card)
    result = _ask(
        question, lambda: playoff_round(book, players, teams, value.get("tickets"), shootout)
    )
    return {
        "weakest": list(result.weakest),
        "shootout_needed": result.shootout_needed,
        "loser": result.loser,
        "outcome": result.outcome,
        "tickets_left": result.tickets_left,
        "place": result.place,
        "fans": result.fans,
    }


def _ask(question: Document, call: Any) -> Any:
    try:
        return call()
    except ScenarioError:
        raise
    except InputError as error:
        raise located(question, (), str(error)) from None


def _book(game: Game, question: Document) -> RuleBook:
    edition = question.value.get("edition")
    if edition is not None and str(edition) not in game.editions:
        raise located(
            question,
            ("edition",),
            f"unknown edition '{edition}'; editions: {', '.join(game.editions)}",
        )
    return rule_book(game, None if edition is None else str(edition))


def _players(game: Game, question: Document, default: int | None) -> int:
    players = question.value.get("players", default)
    if players is None or not game.min_players <= players <= game.max_players:
        raise located(
            question,
            ("players",),
            f"players must be {game.min_players} to {game.max_players}, got {players}",
        )
    return int(players)


def _arena(book: RuleBook, question: Document) -> Any:
    arena_id = question.value.get("arena")
    if arena_id is None:
        return None
    try:
        return book.arena(arena_id)
    except InputError as error:
        raise located(question, ("arena",), str(error)) from None


def _teams(book: RuleBook, question: Document, key: str) -> dict[str, list[str]]:
    owners: dict[str, str] = {}
    teams = question.value[key]
    for name, cards in teams.items():
        if len(cards) != book.team_size:
            raise located(
                question,
                (key, name),
                f"team '{name}' has {len(cards)} cards; a team has {book.team_size}",
            )
        for index, card in enumerate(cards):
            _card(book, question, (key, name, index), card)
            if card in owners:
                where = (
                    "twice in the team"
                    if owners[card] == name
                    else f"also in the team of '{owners[card]}'"
                )
                raise located(question, (key, name, index), f"card '{card}' is {where}")
            owners[card] = name
    return {name: list(cards) for name, cards in teams.items()}


def _card(book: RuleBook, question: Document, path: tuple[str | int, ...], card: str) -> None:
    if card not in book.index:
        raise located(
            question, path, f"unknown card '{card}'; card ids are <species>-<number>, e.g. duck-4"
        )
