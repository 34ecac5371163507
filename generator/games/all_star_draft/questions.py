"""All-Star Draft's rules questions: their answers as plain data, and how each reads.

The engine is imported when a question is answered, so that `draftdeck rules` lists every
game's questions without loading every game's engine.

Question files are checked here value by value, so that a wrong card id or
team size is reported at its line and column before the engine is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from generator.plugin_api import (
    Argument,
    Document,
    InputError,
    Question,
    ScenarioError,
    located,
    render_table,
)

if TYPE_CHECKING:
    from generator.games.all_star_draft.model import Game
    from generator.games.all_star_draft.rules import RuleBook, TeamStrength

SCHEMAS = Path(__file__).parent / "schemas"
"""The schemas of the questions' files (package data)."""


class StrengthAnswer(TypedDict):
    """A team's strength, the group it shows, and the specials it meets."""

    strength: int
    attribute: str
    value: Any
    """The value the shown group shares (a number, a species, a symbol)."""
    specials: list[str]


class BestTeamAnswer(StrengthAnswer):
    team: list[str]


class Ranked(TypedDict):
    manager: str
    strength: int
    attribute: str
    value: Any
    special: str | None
    rank: int
    fans: int | None


class RankAnswer(TypedDict):
    results: list[Ranked]
    arena: NotRequired[str]


class RoundAnswer(TypedDict):
    """A playoff round: who is weakest, who loses, and what it costs."""

    weakest: list[str]
    shootout_needed: bool
    loser: str | None
    outcome: str | None
    tickets_left: int | None
    place: int | None
    fans: int | None


def strength_json(result: TeamStrength) -> StrengthAnswer:
    """The JSON form of a team's strength."""
    return {
        "strength": result.strength,
        "attribute": result.attribute.value,
        "value": result.value,
        "specials": [s.value for s in result.specials],
    }


def strength_answer(
    book: RuleBook, cards: Sequence[str], players: int, arena: str | None
) -> StrengthAnswer:
    """`rules strength`: a team's strength, shown group and specials.

    With an arena, `specials` holds its special if the team meets it;
    without one, every special the team would meet.
    """
    from generator.games.all_star_draft.rules import specials_met, team_strength

    answer = strength_json(team_strength(book, list(cards), players, arena))
    if arena is None:
        answer["specials"] = [s.value for s in specials_met(book, book.team(list(cards)))]
    return answer


def best_team_answer(
    book: RuleBook, bench: Sequence[str], players: int, arena: str | None
) -> BestTeamAnswer:
    """`rules best-team`: the strongest team of five from a bench."""
    from generator.games.all_star_draft.rules import best_team

    team, result = best_team(book, bench, players, book.arena(arena))
    found = strength_json(result)
    return {
        "team": list(team),
        "strength": found["strength"],
        "attribute": found["attribute"],
        "value": found["value"],
        "specials": found["specials"],
    }


def rank_answer(game: Game, question: Document) -> RankAnswer:
    """`rules rank`: the teams of one question ranked, with fans when an arena is named."""
    value = question.value
    book = _book(game, question)
    teams = _teams(book, question, "teams")
    players = _players(game, question, default=len(teams))
    arena = _arena(book, question)
    from generator.games.all_star_draft.rules import rank_teams

    ranked = _ask(question, lambda: rank_teams(book, teams, players, arena))
    answer: RankAnswer = {
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
    }
    if "arena" in value:
        answer["arena"] = value["arena"]
    return answer


def playoff_round_answer(game: Game, question: Document) -> RoundAnswer:
    """`rules playoff-round`: who is weakest, who loses, and what it costs."""
    value = question.value
    book = _book(game, question)
    teams = _teams(book, question, "teams")
    players = _players(game, question, default=None)
    shootout = value.get("shootout", {})
    for name, card in shootout.items():
        _card(book, question, ("shootout", name), card)
    from generator.games.all_star_draft.rules import playoff_round

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
    from generator.games.all_star_draft.rules import rule_book

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


def asked_strength(
    game: Game, cards: list[str], players: int, arena: str | None, edition: str | None
) -> StrengthAnswer:
    """`rules strength`, in the edition asked."""
    from generator.games.all_star_draft.rules import rule_book

    return strength_answer(rule_book(game, edition), cards, players, arena)


def asked_best_team(
    game: Game, cards: list[str], players: int, arena: str | None, edition: str | None
) -> BestTeamAnswer:
    """`rules best-team`, in the edition asked."""
    from generator.games.all_star_draft.rules import rule_book

    return best_team_answer(rule_book(game, edition), cards, players, arena)


def _shown(answer: StrengthAnswer | Ranked) -> str:
    return f"{answer['attribute']} {answer['value']}"


def strength_text(answer: StrengthAnswer) -> str:
    """A strength as lines for the terminal."""
    specials = ", ".join(answer["specials"]) or "none"
    return f"strength {answer['strength']}, shows {_shown(answer)}\nspecials met: {specials}"


def best_team_text(answer: BestTeamAnswer) -> str:
    """The best team and its strength, as lines for the terminal."""
    return "team: " + " ".join(answer["team"]) + "\n" + strength_text(answer)


def rank_text(answer: RankAnswer) -> str:
    """The ranking as a table."""
    rows = [
        [r["rank"], r["manager"], r["strength"], _shown(r), r["special"], r["fans"]]
        for r in answer["results"]
    ]
    return render_table(["rank", "manager", "strength", "shows", "special", "fans"], rows)


def round_text(answer: RoundAnswer) -> str:
    """A playoff round's outcome, as lines for the terminal."""
    lines = ["weakest: " + ", ".join(answer["weakest"])]
    if answer["loser"] is None:
        lines.append("a penalty shootout decides: give each tied manager a shootout card")
    elif answer["outcome"] == "ticket":
        lines.append(f"{answer['loser']} gives up a ticket ({answer['tickets_left']} left)")
    else:
        lines.append(
            f"{answer['loser']} is eliminated: place {answer['place']}, {answer['fans']} fans"
        )
    return "\n".join(lines)


def _team_arguments(cards: str) -> tuple[Argument, ...]:
    return (
        Argument("cards", cards, many=True),
        Argument(
            "players",
            "Managers in the game; 2-4 and 5-6 rank silver and bronze differently.",
            int,
            option="--players",
            default=4,
        ),
        Argument("arena", "Arena id, e.g. combo-stadium-2.", option="--arena"),
        Argument(
            "edition",
            "Edition id, e.g. 2025 or 2020.",
            option="--edition",
            shown_default="the game's default",
        ),
    )


QUESTIONS: tuple[Question[Game, Any], ...] = (
    Question(
        "strength",
        "The strength of a team, the group it shows and the specials it meets.",
        asked_strength,
        strength_text,
        arguments=_team_arguments("Five card ids, e.g. duck-4."),
    ),
    Question(
        "best-team",
        "The strongest team of five the bench can make (exact).",
        asked_best_team,
        best_team_text,
        arguments=_team_arguments("The bench: 5 to 18 card ids."),
    ),
    Question(
        "rank",
        "Rank the teams of each question, with the arena's fans when one is named.",
        rank_answer,
        rank_text,
        schema=SCHEMAS / "rank-scenario.schema.json",
    ),
    Question(
        "playoff-round",
        "Decide a playoff round: the weakest team, the shootout, the ticket or the place.",
        playoff_round_answer,
        round_text,
        schema=SCHEMAS / "playoff-round-scenario.schema.json",
    ),
)
"""The game's rules questions (the plug-in's questions hook)."""
