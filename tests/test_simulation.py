"""Whole simulated games: determinism, replay, invariants and illegal moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import UsageError
from generator.games.all_star_draft.rules import RuleBook, rank_teams
from generator.games.all_star_draft.simulation import (
    GameRecord,
    GreedyBot,
    IllegalMove,
    RandomBot,
    SeasonView,
    play_game,
)
from generator.games.all_star_draft.simulation.simulator import SIMULATION
from generator.pools import parallel_map
from tests.game_helpers import seated
from tests.rules_helpers import book

PLAYER_COUNTS = (3, 4, 5, 6)
EDITIONS = ("2025", "2020")


def _mixed(players: int) -> list[RandomBot | GreedyBot]:
    return [GreedyBot() if seat % 2 == 0 else RandomBot() for seat in range(players)]


def test_the_same_seed_gives_the_same_game() -> None:
    first = play_game(book(), 4, 7, _mixed(4))
    again = play_game(book(), 4, 7, _mixed(4))
    assert first == again
    assert play_game(book(), 4, 8, _mixed(4)) != first


def _check_invariants(record: GameRecord, players: int) -> None:
    edition = book(record.playoffs.book.edition.id).edition
    setup = edition.setup
    # Every dealt card is on one bench or dropped, never in two places; each
    # manager holds 18 cards when the playoffs begin.
    received = [card for picks in record.picks for card in picks]
    assert len(set(received)) == len(received)
    assert not set(received) & set(record.dropped)
    assert len(set(record.dropped)) == len(record.dropped)
    cards = book(record.playoffs.book.edition.id).cards
    species = {cards[card].species for card in [*received, *record.dropped]}
    assert species <= set(record.species)
    for picks, discards in zip(record.picks, record.discards, strict=True):
        assert set(discards) <= set(picks)
        assert len(picks) - len(discards) == 18
    if players > 2:
        assert Counter(cards[c].species for c in received) == dict.fromkeys(record.species, 9)
    # Each arena is played once, by one team per manager, and its fans are the arena's.
    arenas = {a.id: a for a in edition.arenas}
    assert len({a.arena for a in record.arenas}) == sum(r.arenas for r in setup.rounds)
    for result in record.arenas:
        assert len(result.teams) == players
        if players == 2:
            assert setup.two_player_removed_flag not in arenas[result.arena].flags
        for placing in result.placings:
            assert placing.fans == arenas[result.arena].fans[placing.rank - 1] >= 0
    # Season fans add up arena by arena, never going down; totals add up.
    for standing in record.standings:
        won = [p.fans for a in record.arenas for p in a.placings if p.manager == standing.manager]
        assert standing.season == sum(won) and min(won) >= 0
        assert standing.total == standing.season + standing.playoffs + standing.bonus


MODES = [("2025", "heritage"), ("2025", "clash"), ("2025", "free-agency")]
MODES += [("2020", "two-manager-tournament")]


def test_two_player_modes_draft_as_the_data_says() -> None:
    bots = [RandomBot(), RandomBot()]
    for mode, received, discarded, dropped in (
        ("heritage", 21, 3, 0),  # 7-card hands passed until 7 each, then 1 discarded
        ("clash", 21, 3, 0),  # take 1, keep 1, give 1, pass: 7 each, then 1 discarded
        ("free-agency", 18, 0, 18),  # 3 face up: 1 each, 1 dropped, 6 times a round
    ):
        record = play_game(book(), 2, 3, bots, mode)
        assert [len(p) for p in record.picks] == [received, received]
        assert [len(d) for d in record.discards] == [discarded, discarded]
        assert len(record.dropped) == dropped
    old = play_game(book("2020"), 2, 3, bots)  # 6 of 7 taken, the last card dropped
    assert [len(p) for p in old.picks] == [18, 18] and len(old.dropped) == 6


EVERY_MODE: list[tuple[str, int, str | None]] = [
    (e, p, None) for e in EDITIONS for p in PLAYER_COUNTS
]
EVERY_MODE += [(e, 2, m) for e, m in MODES]
GAMES_PER_BOT = 120


def _seated(players: int, seed: int) -> list[str]:
    """Bots by seat: all three at every multiplayer table, on every seat in turn;
    with two managers, the three pairings in turn."""
    names = list(SIMULATION.bots)
    if players == 2:
        return [names[seed % 3], names[(seed + 1) % 3]]
    return [names[(seat + seed) % 3] for seat in range(players)]


def _play_and_check(_: None, task: tuple[str, int, str | None, int]) -> list[str]:
    edition, players, mode, seed = task
    names = _seated(players, seed)
    bots, _rng = seated(SIMULATION, None, names, seed)
    record = play_game(book(edition), players, seed, bots, mode)
    assert record.mode == mode
    _check_invariants(record, players)
    return names


@pytest.mark.slow
@pytest.mark.parametrize(("edition", "players", "mode"), EVERY_MODE)
def test_every_bot_plays_over_a_hundred_legal_games_in_every_mode(
    edition: str, players: int, mode: str | None
) -> None:
    """Every move of every game goes through the engine; an illegal one raises IllegalMove."""
    games = GAMES_PER_BOT * 3 // 2 if players == 2 else GAMES_PER_BOT
    seats = parallel_map(
        _play_and_check, None, [(edition, players, mode, seed) for seed in range(games)]
    )
    played = Counter(name for names in seats for name in set(names))
    assert played == dict.fromkeys(SIMULATION.bots, GAMES_PER_BOT)


def test_a_record_replays_through_the_engine() -> None:
    record = play_game(book(), 5, 3, _mixed(5))
    arenas = {a.id: a for a in book().edition.arenas}
    for result in record.arenas:
        teams = {manager: book().card_ids(team) for manager, team in result.teams}
        ranked = rank_teams(book(), teams, 5, arenas[result.arena])
        assert [(t.manager, t.rank, t.fans) for t in ranked] == [
            (p.manager, p.rank, p.fans) for p in result.placings
        ]
        assert [t.strength.strength for t in ranked] == [p.strength for p in result.placings]


def test_greedy_beats_random() -> None:
    wins: Counter[str] = Counter()
    for seed in range(30):
        record = play_game(book(), 4, seed, _mixed(4))
        wins.update(record.bots[record.managers.index(w)] for w in record.winners)
    assert wins["greedy"] > 2 * wins["random"]


class _Recorder(RandomBot):
    """A random bot that remembers every hand it is shown, by round."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, tuple[int, ...]]] = []

    def pick(self, view: SeasonView, hand: tuple[int, ...]) -> int:
        self.seen.append((view.round, hand))
        return super().pick(view, hand)


def test_hands_pass_left_right_left() -> None:
    bots = [_Recorder() for _ in range(4)]
    record = play_game(book(), 4, 5, bots)
    for round_number, step in ((1, 1), (2, -1), (3, 1)):
        for seat in range(4):
            first = next(h for r, h in bots[seat].seen if r == round_number)
            taken = record.picks[seat][(round_number - 1) * 6]
            receiver = bots[(seat + step) % 4]
            second = [h for r, h in receiver.seen if r == round_number][1]
            assert second == tuple(c for c in first if c != taken)


class _MarketLog(RandomBot):
    """A random bot that logs, in a list shared with its opponent, who takes when."""

    def __init__(self, seat: int, log: list[tuple[int, int, int]]) -> None:
        self.seat, self.log = seat, log

    def pick(self, view: SeasonView, hand: tuple[int, ...]) -> int:
        self.log.append((view.round, self.seat, len(hand)))
        return super().pick(view, hand)


def test_in_the_market_the_manager_with_fewer_fans_takes_first() -> None:
    """Rounds 2 and 3: fewer fans take first; on a tie, whoever did not start the last round."""
    checked = {"fewer fans": 0, "tie": 0}
    for seed in range(60):
        log: list[tuple[int, int, int]] = []
        record = play_game(book(), 2, seed, [_MarketLog(0, log), _MarketLog(1, log)], "free-agency")
        starts = {r: next(s for n, s, offered in log if n == r and offered == 3) for r in (1, 2, 3)}
        for number in (2, 3):
            fans = [
                sum(
                    p.fans
                    for a in record.arenas
                    if a.round < number
                    for p in a.placings
                    if p.manager == manager
                )
                for manager in record.managers
            ]
            if fans[0] == fans[1]:
                assert starts[number] == 1 - starts[number - 1]
                checked["tie"] += 1
            else:
                assert starts[number] == fans.index(min(fans))
                checked["fewer fans"] += 1
    assert min(checked.values()) >= 3


class _Giver(RandomBot):
    """A random bot that remembers the cards it gives away."""

    def __init__(self) -> None:
        self.given: list[int] = []

    def keep_and_give(self, view: SeasonView, hand: tuple[int, ...]) -> tuple[int, int]:
        keep, give = super().keep_and_give(view, hand)
        self.given.append(give)
        return keep, give


def test_in_clash_a_given_card_lands_on_the_opponents_bench_at_once() -> None:
    # Seat 1 acts first, so the first card seat 2 receives is seat 1's gift.
    first, second = _Giver(), _Giver()
    record = play_game(book(), 2, 5, [first, second], "clash")
    assert record.picks[1][0] == first.given[0]
    assert set(first.given) <= set(record.picks[1]) and set(second.given) <= set(record.picks[0])


class _Cheat(RandomBot):
    name = "cheat"

    def pick(self, view: SeasonView, hand: tuple[int, ...]) -> int:
        polar_bear_9 = view.book.index["polar-bear-9"]
        return polar_bear_9 if polar_bear_9 not in hand else hand[0]


class _BadBuses(RandomBot):
    name = "bad-buses"

    def buses(self, view: SeasonView) -> Sequence[int]:
        return [1] * len(view.lineup.teams)


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        (_Cheat(), r"cheat drafted \S+, which it was not offered \(round 1, seed 11\)"),
        (_BadBuses(), r"bad-buses in round 2: .*different bus.*\(seed 11\)"),
    ],
)
def test_an_illegal_move_names_the_bot_and_the_seed(bot: RandomBot, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        play_game(book(), 3, 11, [bot, RandomBot(), RandomBot()])


@pytest.mark.parametrize(
    ("players", "mode", "message"),
    [
        (2, "duel", "unknown 2-player mode 'duel' in the 2025 edition; modes: heritage, clash"),
        (4, "heritage", "--mode is for 2-player games"),
        (7, None, "7 players cannot play: the game is for 2 or 3 to 6"),
    ],
)
def test_impossible_settings_are_refused(players: int, mode: str | None, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        play_game(book(), players, 1, [RandomBot() for _ in range(players)], mode)


def _deal(data: st.DataObject, rules: RuleBook, low: int, high: int) -> tuple[list[int], list[int]]:
    """A team of five card positions and a bench of the rest of `low` to `high` cards."""
    positions = range(len(rules.cards))
    cards = data.draw(
        st.lists(st.sampled_from(positions), min_size=low, max_size=high, unique=True)
    )
    return cards[:5], cards[5:]


def _team_key(rules: RuleBook, team: Sequence[int], players: int) -> int:
    from generator.games.all_star_draft.rules import evaluate

    return evaluate(rules, team, players).key


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(data=st.data(), players=st.integers(2, 6))
def test_the_fast_exchange_matches_trying_every_one(data: st.DataObject, players: int) -> None:
    """The first strictly strongest exchange in team-then-bench order, or none."""
    from generator.games.all_star_draft.simulation.swaps import best_exchange

    rules = book()
    team, bench = _deal(data, rules, 6, 18)
    best, plain = _team_key(rules, team, players), None
    for out in team:
        for into in bench:
            key = _team_key(rules, [into if p == out else p for p in team], players)
            if key > best:
                best, plain = key, (out, into)
    assert best_exchange(rules, team, bench, players) == plain


@settings(max_examples=60, deadline=None)
@given(data=st.data(), players=st.integers(2, 6))
def test_the_substitution_is_the_strongest_with_the_fewest_swaps(
    data: st.DataObject, players: int
) -> None:
    """Against every legal substitution: no stronger team, and none as strong with fewer swaps."""
    from itertools import combinations

    from generator.games.all_star_draft.simulation.swaps import best_substitution

    rules = book()
    team, hand = _deal(data, rules, 7, 13)
    swap = best_substitution(rules, team, hand, players)
    out, into = list(swap.out), list(swap.into)
    assert 2 <= len(out) == len(into) <= 4
    assert set(out) <= set(team) and set(into) <= set(hand)
    chosen = _team_key(rules, [p for p in team if p not in out] + into, players)
    for count in range(2, min(4, len(hand)) + 1):
        for gone in combinations(team, count):
            for new in combinations(hand, count):
                key = _team_key(rules, [p for p in team if p not in gone] + list(new), players)
                assert key < chosen or (key == chosen and count >= len(out))
