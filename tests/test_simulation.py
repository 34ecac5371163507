"""Whole simulated games: determinism, replay, invariants and illegal moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from generator.errors import UsageError
from generator.games.all_star_draft.rules import rank_teams
from generator.games.all_star_draft.simulation import (
    GameRecord,
    GreedyBot,
    IllegalMove,
    RandomBot,
    SeasonView,
    play_game,
)
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
    edition = book(record.playoffs.book.edition.id)
    setup = edition.edition.setup
    # The dealt deck is partitioned among the managers: 18 cards each, none shared.
    drafted = [card for picks in record.picks for card in picks]
    assert len(set(drafted)) == len(drafted)
    held = setup.hand_size * len(setup.rounds)
    assert all(len(picks) == held for picks in record.picks)
    assert Counter(c.rsplit("-", 1)[0] for c in drafted) == dict.fromkeys(record.species, 9)
    # Each arena is played once, by one team per manager, and its fans are the arena's.
    arenas = {a.id: a for a in edition.edition.arenas}
    assert len({a.arena for a in record.arenas}) == sum(r.arenas for r in setup.rounds)
    for result in record.arenas:
        assert len(result.teams) == players
        for placing in result.placings:
            assert placing.fans == arenas[result.arena].fans[placing.rank - 1] >= 0
    # Season fans add up arena by arena, never going down; totals add up.
    for standing in record.standings:
        won = [p.fans for a in record.arenas for p in a.placings if p.manager == standing.manager]
        assert standing.season == sum(won) and min(won) >= 0
        assert standing.total == standing.season + standing.playoffs + standing.bonus
    assert record.playoffs.winner is not None or all(m.place != 1 for m in record.playoffs.managers)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_bots_play_legal_games(edition: str, players: int) -> None:
    for seed in range(250):
        record = play_game(book(edition), players, seed, [RandomBot() for _ in range(players)])
        _check_invariants(record, players)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_greedy_bots_play_legal_games(edition: str, players: int) -> None:
    for seed in range(8):
        record = play_game(book(edition), players, seed, _mixed(players))
        _check_invariants(record, players)


def test_a_record_replays_through_the_engine() -> None:
    record = play_game(book(), 5, 3, _mixed(5))
    arenas = {a.id: a for a in book().edition.arenas}
    for result in record.arenas:
        ranked = rank_teams(book(), dict(result.teams), 5, arenas[result.arena])
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
        self.seen: list[tuple[int, tuple[str, ...]]] = []

    def pick(self, view: SeasonView, hand: tuple[str, ...]) -> str:
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


class _Cheat(RandomBot):
    name = "cheat"

    def pick(self, view: SeasonView, hand: tuple[str, ...]) -> str:
        return "polar-bear-9" if "polar-bear-9" not in hand else hand[0]


class _BadBuses(RandomBot):
    name = "bad-buses"

    def buses(self, view: SeasonView) -> Sequence[int]:
        return [1] * len(view.lineup.teams)


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        (_Cheat(), r"cheat drafted \S+, not in its hand \(seed 11\)"),
        (_BadBuses(), r"bad-buses in round 2: .*different bus.*\(seed 11\)"),
    ],
)
def test_an_illegal_move_names_the_bot_and_the_seed(bot: RandomBot, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        play_game(book(), 3, 11, [bot, RandomBot(), RandomBot()])


def test_two_player_games_are_refused_for_now() -> None:
    with pytest.raises(UsageError, match="2-player games are not simulated yet"):
        play_game(book(), 2, 1, [RandomBot(), RandomBot()])
