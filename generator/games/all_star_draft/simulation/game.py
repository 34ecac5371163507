"""Whole games of All-Star Draft with 3 to 6 managers, played by bots.

`play_game(book, players, seed, bots)` is a pure function: set-up, three
drafted regular-season rounds, the playoffs and the final standings, all
decided by the rules engine from the bots' moves. The same arguments give
the same game, move for move, on every machine (Python's seeded Mersenne
Twister is the only source of chance).

Not simulated yet: the three 2-player modes and the 2020 coaches (their
abilities are unknown in the data).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.errors import DraftdeckError, UsageError
from generator.games.all_star_draft.model import Arena, Direction
from generator.games.all_star_draft.rules import (
    Lineup,
    Phase,
    PlayoffState,
    RuleBook,
    Standing,
    arena_order,
    choose_teams,
    exchange_cards,
    final_standings,
    new_team,
    play_shootout,
    rank_teams,
    start_playoffs,
    substitute,
)
from generator.games.all_star_draft.simulation.bots import Bot, SeasonView


class IllegalMove(DraftdeckError):
    """A bot broke a rule: a bug in the bot, reproducible from the seed."""


@dataclass(frozen=True)
class Placing:
    """How one manager's team did in an arena."""

    manager: str
    strength: int
    special: bool
    """Whether the team met the arena's special combo."""
    rank: int
    fans: int


@dataclass(frozen=True)
class ArenaResult:
    """One arena of the regular season."""

    round: int
    arena: str
    teams: tuple[tuple[str, tuple[str, ...]], ...]
    """(manager, team) in seat order."""
    placings: tuple[Placing, ...]
    """Best first."""


@dataclass(frozen=True)
class GameRecord:
    """A whole game: what was dealt, what happened and who won."""

    seed: int
    managers: tuple[str, ...]
    """Seat names; each seat's left neighbour is the next seat."""
    bots: tuple[str, ...]
    species: tuple[str, ...]
    arenas: tuple[ArenaResult, ...]
    picks: tuple[tuple[str, ...], ...]
    """Every manager's drafted cards in pick order, by seat."""
    playoffs: PlayoffState
    standings: tuple[Standing, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        """The manager or managers who share the win."""
        return tuple(s.manager for s in self.standings if s.winner)


def play_game(book: RuleBook, players: int, seed: int, bots: Sequence[Bot]) -> GameRecord:
    """Play one game with a bot per seat."""
    setup = book.edition.setup
    if players not in setup.multiplayer_players:
        raise UsageError(
            f"{players}-player games are not simulated yet; "
            f"simulate {min(setup.multiplayer_players)} to {max(setup.multiplayer_players)} players"
        )
    if len(bots) != players:
        raise UsageError(f"{players} players need {players} bots, got {len(bots)}")
    rng = random.Random(seed)
    names = tuple(f"seat {n}" for n in range(1, players + 1))
    species = tuple(
        rng.sample([s.id for s in book.game.species], setup.species_per_manager * players)
    )
    deck = [c.id for c in book.cards if c.species in species]
    rng.shuffle(deck)
    arena_pile = list(book.edition.arenas)
    rng.shuffle(arena_pile)
    lineups = [Lineup((), ()) for _ in names]
    picks: list[list[str]] = [[] for _ in names]
    results: list[ArenaResult] = []
    bot_rngs = [random.Random(f"{seed}/{seat}") for seat in range(players)]
    season = dict.fromkeys(names, 0)
    for number, round_ in enumerate(setup.rounds, 1):
        arenas = tuple(arena_pile[: round_.arenas])
        del arena_pile[: round_.arenas]
        size = setup.hand_size
        hands = [tuple(deck[seat * size : (seat + 1) * size]) for seat in range(players)]
        del deck[: players * size]
        step = 1 if round_.passing is Direction.LEFT else -1
        while hands[0]:
            for seat, bot in enumerate(bots):
                view = SeasonView(book, players, number, lineups[seat], arenas, bot_rngs[seat])
                card = bot.pick(view, hands[seat])
                if card not in hands[seat]:
                    raise IllegalMove(f"{bot.name} drafted {card}, not in its hand (seed {seed})")
                picks[seat].append(card)
                lineups[seat] = replace(lineups[seat], bench=(*lineups[seat].bench, card))
                hands[seat] = tuple(c for c in hands[seat] if c != card)
            hands = [hands[(seat - step) % players] for seat in range(players)]
        orders = []
        for seat, bot in enumerate(bots):
            lineups[seat], order = _build_teams(
                book, players, number, lineups[seat], arenas, bot, bot_rngs[seat], seed
            )
            orders.append(order)
        for index, arena in enumerate(arenas):
            teams = {names[s]: lineups[s].teams[orders[s][index] - 1] for s in range(players)}
            ranked = rank_teams(book, teams, players, arena)
            for team in ranked:
                season[team.manager] += team.fans or 0
            results.append(
                ArenaResult(
                    number,
                    arena.id,
                    tuple((n, t) for n, t in teams.items()),
                    tuple(
                        Placing(
                            t.manager,
                            t.strength.strength,
                            bool(t.strength.specials),
                            t.rank,
                            t.fans or 0,
                        )
                        for t in ranked
                    ),
                )
            )
    hands_at_playoffs = {
        names[s]: (*lineups[s].bench, *(c for t in lineups[s].teams for c in t))
        for s in range(players)
    }
    state = _playoffs(start_playoffs(book, hands_at_playoffs), names, bots, bot_rngs, seed)
    playoff_fans = {m.name: m.fans for m in state.managers}
    bonus = {m.name: m.bonus for m in state.managers}
    return GameRecord(
        seed,
        names,
        tuple(b.name for b in bots),
        species,
        tuple(results),
        tuple(tuple(p) for p in picks),
        state,
        tuple(final_standings(season, playoff_fans, bonus)),
    )


def _build_teams(
    book: RuleBook,
    players: int,
    number: int,
    lineup: Lineup,
    arenas: tuple[Arena, ...],
    bot: Bot,
    rng: random.Random,
    seed: int,
) -> tuple[Lineup, tuple[int, ...]]:
    """One manager's exchanges and new team, and which team plays in each arena."""
    view = SeasonView(book, players, number, lineup, arenas, rng)
    try:
        lineup = exchange_cards(book, lineup, bot.exchanges(view))
        lineup = new_team(book, lineup, bot.new_team(replace(view, lineup=lineup)))
        return lineup, arena_order(book, number, bot.buses(replace(view, lineup=lineup)))
    except DraftdeckError as error:
        raise IllegalMove(f"{bot.name} in round {number}: {error} (seed {seed})") from None


def _playoffs(
    state: PlayoffState,
    names: Sequence[str],
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    seed: int,
) -> PlayoffState:
    """Drive the playoff state machine with the bots' moves until it is over."""
    seat = {name: index for index, name in enumerate(names)}
    while state.phase is not Phase.OVER:
        try:
            if state.phase is Phase.TEAMS:
                state = choose_teams(
                    state,
                    {
                        n: bots[seat[n]].playoff_team(state, n, rngs[seat[n]])
                        for n in state.still_in
                    },
                )
            elif state.phase is Phase.SHOOTOUT:
                state = play_shootout(
                    state,
                    {
                        n: bots[seat[n]].shootout(state, n, rngs[seat[n]])
                        for n in state.tied
                        if state.manager(n).hand
                    },
                )
            else:
                state = substitute(
                    state,
                    {
                        n: bots[seat[n]].substitution(state, n, rngs[seat[n]])
                        for n in state.still_in
                    },
                )
        except DraftdeckError as error:
            raise IllegalMove(f"playoffs, round {state.round}: {error} (seed {seed})") from None
    return state
