"""Shared set-up for the rules tests: the shipped game and its rule books."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.queries import load
from generator.games.all_star_draft.rules import RuleBook, rule_book
from tests.conftest import DATA


@cache
def game() -> Game:
    """The shipped All-Star Draft data."""
    return load(DATA)


def book(edition: str = "2025") -> RuleBook:
    """The rule book of an edition of the shipped data."""
    return rule_book(game(), edition)


def team(text: str) -> list[str]:
    """Card ids from a space-separated list."""
    return text.split()


def cards(text: str, edition: str = "2025") -> tuple[int, ...]:
    """Card positions (the engine's compact cards) from a space-separated list of ids."""
    index = book(edition).index
    return tuple(index[card] for card in text.split())


def ids(positions: Iterable[int], edition: str = "2025") -> tuple[str, ...]:
    """The ids of card positions."""
    return book(edition).card_ids(positions)
