"""The planner bot: teams and buses chosen for the fans they can expect, round by round.

Greedy makes the strongest team it can and sends it where first place pays
most. The planner weighs what a team can expect in each arena of the round:
how likely it is to be beaten (from its strength), what each rank pays
there (irregular arenas pay the last places best), and whether it meets the
arena's special combo, which beats every group. It builds the team of the
round from every choice of five bench cards, counting what the team will
still earn in later rounds, and leaves the rest on the bench for them.
It drafts, exchanges and plays the playoffs as greedy does.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache
from math import comb

from generator.games.all_star_draft.model import Arena
from generator.games.all_star_draft.rules import RuleBook
from generator.games.all_star_draft.rules.strength import meets, team_code, team_key
from generator.games.all_star_draft.simulation.bots import GreedyBot, SeasonView

BEATEN_BY_STRENGTH = {1: 1.0, 2: 0.96, 3: 0.67, 4: 0.27, 5: 0.05}
"""The chance that one rival team is stronger than a team of this strength.

Measured from greedy bots' teams over 300 games for each of 3 to 6 managers
(a tie counts half); it barely changes with the number of managers.
"""
BEATEN_WITH_SPECIAL = 0.02
"""The chance that a rival also meets the arena's special combo (and shares the rank)."""


class PlannerBot(GreedyBot):
    """Expected fans decide the team and the buses; see the module docstring."""

    name = "planner"

    def new_team(self, view: SeasonView) -> Sequence[int]:
        book, players = view.book, view.players
        this_round = _Outlook(book, view.arenas, players)
        later_rounds = len(book.edition.setup.rounds) - view.round
        every_arena = _Outlook(book, book.edition.arenas, players)
        worth = [this_round.fans(team) for team in view.lineup.teams]
        best: tuple[float, tuple[int, ...]] | None = None
        for team in itertools.combinations(view.lineup.bench, book.team_size):
            value = _best_assignment([*worth, this_round.fans(team)])[0]
            if later_rounds:
                value += later_rounds * every_arena.mean_fans(team)
            if best is None or value > best[0]:
                best = (value, team)
        assert best is not None, "the engine deals at least a team's worth of cards"
        return best[1]

    def buses(self, view: SeasonView) -> Sequence[int]:
        outlook = _Outlook(view.book, view.arenas, view.players)
        return _best_assignment([outlook.fans(t) for t in view.lineup.teams])[1]


class _Outlook:
    """The fans teams can expect in some arenas, for a number of managers."""

    def __init__(self, book: RuleBook, arenas: Sequence[Arena], players: int) -> None:
        self.book, self.arenas, self.players = book, arenas, players
        self.tables = [_fans_by_strength(arena, players) for arena in arenas]

    def fans(self, team: Sequence[int]) -> list[float]:
        """What the team (card positions) can expect in each arena."""
        book = self.book
        code = team_code(book, team)
        strength = team_key(book, code, self.players) >> 12
        return [
            table[0]
            if arena.special is not None and meets(book, team, code, arena.special)
            else table[strength]
            for arena, table in zip(self.arenas, self.tables, strict=True)
        ]

    def mean_fans(self, team: Sequence[int]) -> float:
        """What the team can expect in one of the arenas, on average."""
        return sum(self.fans(team)) / len(self.arenas)


def _best_assignment(worth: Sequence[Sequence[float]]) -> tuple[float, list[int]]:
    """The most fans teams can expect (worth[team][arena]) and the bus of each team."""
    arenas = len(worth[0]) if worth else 0
    best: tuple[float, list[int]] | None = None
    for order in itertools.permutations(range(arenas), len(worth)):
        value = sum(worth[team][arena] for team, arena in enumerate(order))
        if best is None or value > best[0]:
            best = (value, [arena + 1 for arena in order])
    assert best is not None
    return best


def expected_fans(book: RuleBook, team: Sequence[int], arena: Arena, players: int) -> float:
    """The fans a team (card positions) can expect in an arena."""
    return _Outlook(book, (arena,), players).fans(team)[0]


@cache
def _fans_by_strength(arena: Arena, players: int) -> tuple[float, ...]:
    """Expected fans in the arena: [0] for a team meeting its special, [s] for strength s.

    Each rival beats the team with a chance of its own, so the number of
    rivals above it is binomial.
    """
    chances = (BEATEN_WITH_SPECIAL, *(BEATEN_BY_STRENGTH[s] for s in range(1, 6)))
    rivals = players - 1
    return tuple(
        sum(
            comb(rivals, above)
            * beaten**above
            * (1 - beaten) ** (rivals - above)
            * arena.fans[above]
            for above in range(rivals + 1)
        )
        for beaten in chances
    )
