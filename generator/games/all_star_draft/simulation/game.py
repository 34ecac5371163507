"""Whole games of All-Star Draft with 3 to 6 managers, played by bots.

`play_game(book, players, seed, bots)` is a pure function: set-up, three
drafted regular-season rounds, the playoffs and the final standings, all
decided by the rules engine from the bots' moves. The same arguments give
the same game, move for move, on every machine (Python's seeded Mersenne
Twister is the only source of chance).

The game runs on compact state: a card is its position in the rule book,
hands and benches are lists of positions, a team's strength is the key the
rule book's tables give its packed group counts; card ids appear only when
a record is read (`RuleBook.card_ids`).

Not simulated: the 2020 coaches (their abilities are unknown in the data).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from generator.games.all_star_draft.model import (
    Arena,
    Direction,
    DraftKind,
    Round,
    TwoPlayerMode,
)
from generator.games.all_star_draft.rules import (
    Lineup,
    Phase,
    PlayoffState,
    RuleBook,
    Standing,
    arena_order,
    choose_teams,
    competition_ranks,
    exchange_cards,
    final_standings,
    new_team,
    play_shootout,
    start_playoffs,
    substitute,
)
from generator.games.all_star_draft.rules.strength import arena_key
from generator.games.all_star_draft.simulation.bots import Bot, SeasonView
from generator.games.all_star_draft.simulation.draft import (
    DraftRound,
    IllegalMove,
    discard,
    duel,
    market,
    pass_hands,
)
from generator.plugin_api import DraftdeckError, UsageError


class Placing(NamedTuple):
    """How one manager's team did in an arena."""

    manager: str
    strength: int
    special: bool
    """Whether the team met the arena's special combo."""
    rank: int
    fans: int


class ArenaResult(NamedTuple):
    """One arena of the regular season."""

    round: int
    arena: str
    teams: tuple[tuple[str, tuple[int, ...]], ...]
    """(manager, team of card positions) in seat order."""
    placings: tuple[Placing, ...]
    """Best first."""


@dataclass(frozen=True)
class GameRecord:
    """A whole game: what was dealt, what happened and who won."""

    seed: int
    mode: str | None
    """The 2-player mode, None for 3 or more managers."""
    managers: tuple[str, ...]
    """Seat names; each seat's left neighbour is the next seat."""
    bots: tuple[str, ...]
    species: tuple[str, ...]
    arenas: tuple[ArenaResult, ...]
    picks: tuple[tuple[int, ...], ...]
    """Every card each manager received in the drafts, in order, by seat (positions)."""
    discards: tuple[tuple[int, ...], ...]
    """The drafted cards each manager discarded, by seat."""
    dropped: tuple[int, ...]
    """Dealt cards nobody kept (hand leftovers, market cards nobody took)."""
    playoffs: PlayoffState
    standings: tuple[Standing, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        """The manager or managers who share the win."""
        return tuple(s.manager for s in self.standings if s.winner)


def play_game(
    book: RuleBook, players: int, seed: int, bots: Sequence[Bot], mode: str | None = None
) -> GameRecord:
    """Play one game with a bot per seat; `mode` picks a 2-player mode (default: the first)."""
    setup = book.edition.setup
    if len(bots) != players:
        raise UsageError(f"{players} players need {players} bots, got {len(bots)}")
    duo = two_player_mode(book, players, mode)
    rng = random.Random(seed)
    names = tuple(f"seat {n}" for n in range(1, players + 1))
    count = duo.species if duo else setup.species_per_manager * players
    species = tuple(rng.sample([s.id for s in book.game.species], count))
    deck = [position for position, c in enumerate(book.cards) if c.species in species]
    rng.shuffle(deck)
    removed = setup.two_player_removed_flag
    arena_pile = [a for a in book.edition.arenas if not (duo and removed in a.flags)]
    rng.shuffle(arena_pile)
    lineups = [Lineup((), ()) for _ in names]
    picks: list[list[int]] = [[] for _ in names]
    dropped: list[int] = []
    discarded: list[list[int]] = [[] for _ in names]
    results: list[ArenaResult] = []
    bot_rngs = [random.Random(f"{seed}/{seat}") for seat in range(players)]
    season = dict.fromkeys(names, 0)
    first = rng.randrange(players)  # who takes first in a market draft
    for number, round_ in enumerate(setup.rounds, 1):
        arenas = tuple(arena_pile[: round_.arenas])
        del arena_pile[: round_.arenas]
        table = DraftRound(book, number, arenas, bots, bot_rngs, seed, lineups, picks, dropped)
        first = _draft(table, deck, round_, duo, [season[name] for name in names], first)
        for seat, cards in enumerate(discard(table, duo.discard if duo else 0)):
            discarded[seat] += cards
        orders = []
        for seat, bot in enumerate(bots):
            lineups[seat], order = _build_teams(
                book, players, number, lineups[seat], arenas, bot, bot_rngs[seat], seed
            )
            orders.append(order)
        for index, arena in enumerate(arenas):
            teams = [(names[s], lineups[s].teams[orders[s][index] - 1]) for s in range(players)]
            result = _play_arena(book, number, arena, teams, players)
            for placing in result.placings:
                season[placing.manager] += placing.fans
            results.append(result)
    hands_at_playoffs = {
        names[s]: (*lineups[s].bench, *(c for t in lineups[s].teams for c in t))
        for s in range(players)
    }
    state = _playoffs(start_playoffs(book, hands_at_playoffs), names, bots, bot_rngs, seed)
    playoff_fans = {m.name: m.fans for m in state.managers}
    bonus = {m.name: m.bonus for m in state.managers}
    return GameRecord(
        seed,
        duo.id if duo else None,
        names,
        tuple(b.name for b in bots),
        species,
        tuple(results),
        tuple(tuple(p) for p in picks),
        tuple(tuple(d) for d in discarded),
        tuple(dropped),
        state,
        tuple(final_standings(season, playoff_fans, bonus)),
    )


def _draft(
    table: DraftRound,
    deck: list[int],
    round_: Round,
    duo: TwoPlayerMode | None,
    fans: list[int],
    first: int,
) -> int:
    """Deal and draft one round as the mode says; returns who took first (market drafts).

    `fans` are the season fans by seat so far: in a market draft after the
    first round, the manager with fewer fans takes first; on a tie, turns alternate.
    """
    setup = table.book.edition.setup
    if duo is None:
        _deal_and_pass(table, deck, setup.hand_size, round_.passing, setup.hand_size)
    elif duo.draft is DraftKind.MARKET:
        if table.round > 1:
            trailing = [seat for seat, score in enumerate(fans) if score == min(fans)]
            first = trailing[0] if len(trailing) == 1 else 1 - first
        market(table, deck, duo.reveal or 0, duo.picks, first)
    elif duo.draft is DraftKind.DUEL:
        duel(table, _deal(deck, len(table.bots), duo.hand_size or 0), duo.picks)
    else:
        _deal_and_pass(table, deck, duo.hand_size or 0, Direction.LEFT, duo.picks)
    return first


def _play_arena(
    book: RuleBook,
    number: int,
    arena: Arena,
    teams: list[tuple[str, tuple[int, ...]]],
    players: int,
) -> ArenaResult:
    """One arena of round `number`: the engine ranks the teams (by manager) and hands out fans."""
    keyed = [arena_key(book, team, players, arena) for _, team in teams]
    ranks = competition_ranks([key for key, _, _ in keyed])
    placings = sorted(
        (
            Placing(manager, strength, special, rank, arena.fans_for_rank(rank) or 0)
            for (manager, _), (_, strength, special), rank in zip(teams, keyed, ranks, strict=True)
        ),
        key=lambda placing: placing.rank,
    )
    return ArenaResult(number, arena.id, tuple(teams), tuple(placings))


def two_player_mode(book: RuleBook, players: int, mode: str | None) -> TwoPlayerMode | None:
    """The 2-player mode to play, None for 3 or more players; refuses what cannot be played."""
    setup = book.edition.setup
    modes = {m.id: m for m in setup.two_player_modes}
    if players == 2:
        if mode is None:
            return setup.two_player_modes[0]
        if mode not in modes:
            raise UsageError(
                f"unknown 2-player mode '{mode}' in the {book.edition.id} edition; "
                f"modes: {', '.join(modes)}"
            )
        return modes[mode]
    if mode is not None:
        raise UsageError(f"--mode is for 2-player games; {players} managers draft by passing hands")
    if players not in setup.multiplayer_players:
        low, high = min(setup.multiplayer_players), max(setup.multiplayer_players)
        raise UsageError(f"{players} players cannot play: the game is for 2 or {low} to {high}")
    return None


def _deal(deck: list[int], players: int, size: int) -> list[list[int]]:
    """A hand of `size` cards from the top of the deck for each seat."""
    hands = [deck[seat * size : (seat + 1) * size] for seat in range(players)]
    del deck[: players * size]
    return hands


def _deal_and_pass(
    table: DraftRound, deck: list[int], size: int, direction: Direction, picks: int
) -> None:
    hands = _deal(deck, len(table.bots), size)
    pass_hands(table, hands, 1 if direction is Direction.LEFT else -1, picks)


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
    try:
        view = SeasonView(book, players, number, lineup, arenas, rng)
        lineup = exchange_cards(book, lineup, bot.exchanges(view))
        view = SeasonView(book, players, number, lineup, arenas, rng)
        lineup = new_team(book, lineup, bot.new_team(view))
        view = SeasonView(book, players, number, lineup, arenas, rng)
        return lineup, arena_order(book, number, bot.buses(view))
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
