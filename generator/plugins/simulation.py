"""What a game's simulator gives `draftdeck simulate` and `draftdeck sweep`: only its own game.

The generic play layer (`generator.play`) owns everything around a game:
the seeds (game n plays with seed + n), the random numbers, building each
seat's bot from the registry, cutting the games into tasks for a pool of
workers, the win rates by seat and by bot, the figures compared game by
game, the report's preamble and its file name. A game supplies its bots,
how one game is played, and what it reports beyond who won.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias, TypeVar

if TYPE_CHECKING:
    from generator.documents.model import Block

Figures: TypeAlias = Mapping[str, float | Sequence[float]]
"""One game's figures: a number, or a number per seat (in seat order)."""


@dataclass(frozen=True)
class SimulationSettings:
    """What the user asked to play."""

    players: int
    games: int
    seed: int
    """Seed of the first game; game n plays with seed + n."""
    bots: tuple[str, ...]
    """Bots by seat, repeated to fill the seats."""
    edition: str | None = None
    mode: str | None = None
    """A game-specific variant (e.g. a 2-player mode)."""
    jobs: int = 0

    def seat_bots(self) -> list[str]:
        """The bot of every seat: the names in order, repeated to fill the seats."""
        return [self.bots[seat % len(self.bots)] for seat in range(self.players)]


class Played(Protocol):
    """What a game's `play` returns: at least who won, by seat."""

    @property
    def win_shares(self) -> Sequence[float]:
        """Each seat's share of the win: 1 alone, 1/k shared by k, else 0."""
        ...


Setting: TypeAlias = str | int | float | bool | None
"""A setting a report records (the edition played, a rules variant)."""

ModelT = TypeVar("ModelT")
"""The game's model, as the plug-in's `model` hook makes it."""
StateT = TypeVar("StateT")
"""What `prepare` makes of the model for the workers."""
BotT = TypeVar("BotT")
"""A seat's bot."""
FactsT = TypeVar("FactsT", bound=Played)
"""What `play` returns about one game."""
ReportT = TypeVar("ReportT", bound=Mapping[str, Any])
"""The game's own keys of the report (a TypedDict), which its sections and lines read."""

BotFactory: TypeAlias = Callable[[Random, StateT], BotT]
"""Makes a seat's bot from the game's random numbers and the workers' state."""


def no_figures(state: Any, facts: Any) -> Figures:
    """No figures beyond the win shares."""
    return {}


def no_lines(report: Mapping[str, Any]) -> list[str]:
    """No lines beyond the win rates."""
    return []


def nothing_recorded(state: Any) -> Mapping[str, Setting]:
    """No settings beyond players, games, seeds and bots."""
    return {}


@dataclass(frozen=True)
class Simulation(Generic[ModelT, StateT, BotT, FactsT, ReportT]):
    """A game's simulator: what the plug-in's `simulation` hook returns.

    `state` is what `prepare` returns: what every worker needs to play (it
    must pickle); `play` must be a module-level function for the same reason.
    mypy infers the five types from the functions given, so that `prepare`'s
    result types `play`'s state, `play`'s facts type `report`'s games and
    `report`'s result types what `sections` and `gist` read.
    """

    bots: Mapping[str, BotFactory[StateT, BotT]]
    """Every bot by the name `--bots` gives it."""
    prepare: Callable[[ModelT, SimulationSettings], StateT]
    """`(model, settings) -> state`: refuses (UsageError) settings no game can be played
    with, beyond the player count game.yaml allows (checked before)."""
    play: Callable[[StateT, Sequence[BotT], int, Random], FactsT]
    """`(state, bots by seat, seed, rng) -> one game's facts`: rng is Random(seed), which the
    bots were made with."""
    report: Callable[[StateT, Sequence[FactsT], Sequence[str]], ReportT]
    """`(state, every game's facts in seed order, the bot of every seat) -> the game's own
    keys of the report` (plain JSON data: the report's file holds them beside draftdeck's)."""
    sections: Callable[[ReportT], list[Block]]
    """`(the game's own keys) -> the game's own sections of the report document`."""
    figures: Callable[[StateT, FactsT], Figures] = field(default=no_figures)
    """`(state, one game's facts) -> its figures beyond the win shares`, which `sweep` and
    `simulate --compare` compare game by game: named 'points' they are reported as 'points,
    seat 2' and 'points, bot greedy' when given by seat."""
    gist: Callable[[ReportT], list[str]] = field(default=no_lines)
    """`(the game's own keys) -> lines the terminal shows below the win rates`."""
    recorded: Callable[[StateT], Mapping[str, Setting]] = field(default=nothing_recorded)
    """`(state) -> settings the report records beyond players, games, seeds and bots` (the
    edition and mode played, a rules variant)."""
    note: str = ""
    """A sentence the report's preamble adds (what a figure counts)."""
