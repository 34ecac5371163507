"""Extraliga All-Stars seasons: the drafts, lineup changes, simulated matches, whole
seasons with each bot, and `draftdeck simulate` for this game."""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import permutations
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from generator.cli.app import app
from generator.core.errors import InputError
from generator.games.extraliga_all_stars.bonus_phase import Bonuses, Side
from generator.games.extraliga_all_stars.bots import Bot
from generator.games.extraliga_all_stars.dice import play_dice
from generator.games.extraliga_all_stars.draft import draft
from generator.games.extraliga_all_stars.lineup import Lineup, Player, Position, standard_rules
from generator.games.extraliga_all_stars.model import Card, Deck, Draw, Effect, Keyword, Opponent
from generator.games.extraliga_all_stars.season import (
    Manager,
    SeasonRecord,
    apply_card,
    play_season,
    plays_first,
    season_schedule,
    winners,
)
from generator.games.extraliga_all_stars.simulation import SIMULATION, seat_facts
from generator.services.find import load_pack
from tests.conftest import DATA
from tests.game_helpers import extraliga_card as card
from tests.game_helpers import seated

pytestmark = pytest.mark.usefixtures("in_snapshot")

D, G, LW = Position.D, Position.G, Position.LW
RULES = standard_rules()


def play(deck: Deck, names: Sequence[str], seed: int) -> SeasonRecord:
    """One whole season with the named bots, seated as `simulate` seats them."""
    bots, rng = seated(SIMULATION, deck, names, seed)
    return play_season(deck, bots, rng)


@pytest.fixture(scope="module")
def deck() -> Deck:
    model = load_pack(DATA / "extraliga-all-stars").model
    assert isinstance(model, Deck)
    return model


def _cards(count: int) -> list[Player]:
    return [card(f"p{n:03d}", Position.C, None if n % 9 == 0 else "x") for n in range(count)]


def test_the_passing_draft_deals_seven_and_passes_left_then_right() -> None:
    cards = _cards(70)
    seen: list[tuple[int, tuple[str, ...]]] = []

    def first_card(seat: int, hand: object, have: object) -> int:
        seen.append((seat, tuple(p.id for p in hand)))  # type: ignore[attr-defined]
        return 0

    drafted = draft(5, cards, first_card)
    assert [len(d) for d in drafted] == [12] * 5
    assert len({p.id for d in drafted for p in d}) == 60
    # Round 2 of the first draft: seat 1 holds what seat 0 was dealt (passed left).
    assert seen[5 + 1][1] == tuple(p.id for p in cards[1:7])
    # The sixth pick is from two cards; the second draft passes right.
    assert all(len(hand) == 2 for seat, hand in seen[25:30])
    assert seen[35 + 0][1] == tuple(p.id for p in cards[35 + 7 + 1 : 35 + 14])


def test_the_two_manager_draft_picks_one_two_one_and_alternates() -> None:
    cards = _cards(36)
    order: list[int] = []

    def take(seat: int, hand: object, have: object) -> int:
        order.append(seat)
        return 0

    drafted = draft(2, cards, take)
    assert order[:8] == [0, 1, 1, 0, 1, 0, 0, 1]
    assert [len(d) for d in drafted] == [12, 12]
    assert [p.id for p in drafted[0][:2]] == ["p000", "p003"]


def test_a_draft_refuses_a_table_it_cannot_deal() -> None:
    with pytest.raises(InputError, match="2 to 5 managers"):
        draft(6, _cards(110), lambda *_: 0)
    with pytest.raises(InputError, match="needs 70 hockey players, the deck has 60"):
        draft(5, _cards(60), lambda *_: 0)


CARDS = st.lists(
    st.tuples(st.sampled_from(list(Position)), st.sampled_from(["x", "y", None])),
    min_size=7,
    max_size=8,
).map(lambda raw: [card(f"p{n}", p, c) for n, (p, c) in enumerate(raw)])


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(CARDS, st.integers(0, 2), st.integers(0, 2))
def test_a_lineup_change_is_the_best_of_every_allowed_change(
    cards: list[Player], low: int, extra: int
) -> None:
    legends = sum(p.legend for p in cards)
    if len(cards) - legends + 1 < 6:
        return
    current, _ = RULES.best_lineup(cards)
    ids = {p.id for p in current.players}
    high = min(low + extra, len(cards) - 6)
    low = min(low, high)
    best = None
    stand_in = not any(p.position is G for p in cards)
    for six in permutations(cards, 6):
        leaving = len(ids - {p.id for p in six})
        if sum(p.legend for p in six) > 1 or not low <= leaving <= high:
            continue
        for down in (False, True) if stand_in else (False,):
            found = RULES.strength(Lineup(six[:3], six[3:], down))
            if best is None or (found.total, found.defence) > (best.total, best.defence):
                best = found
    if best is None:
        with pytest.raises(InputError, match="no lineup of these cards changes"):
            RULES.best_lineup(cards, current=ids, leave=(low, high))
        return
    lineup, value = RULES.best_lineup(cards, current=ids, leave=(low, high))
    assert (value.total, value.defence) == (best.total, best.defence)
    assert RULES.strength(lineup) == value
    assert low <= len(ids - {p.id for p in lineup.players}) <= high


def test_a_player_sent_off_leaves_his_slot_empty() -> None:
    offence = (card("a", LW, "x"), card("b", Position.C, "x"), card("c", Position.RW, "x"))
    defence = (card("d", D, "y", None), card("e", D, "y"), card("f", G, "y"))
    lineup = Lineup(offence, defence)
    assert RULES.strength(lineup).offence == 3 + 2
    # Without the centre, the wings are no neighbours: no pair is left (E1, E12).
    assert RULES.strength(lineup, absent={"b"}).offence == 2
    assert RULES.strength(lineup, absent={"f"}).defence == 2 + 1


def test_a_player_sent_off_plays_no_bonus() -> None:
    from generator.games.extraliga_all_stars.lineup import Bonus

    offence = (
        card("a", LW, "x", Bonus.PLUS),
        card("b", Position.C, "x"),
        card("c", Position.RW, "x"),
    )
    defence = (card("d", D, "y", Bonus.MINUS), card("e", D, "y"), card("f", G, "y"))
    lineup = Lineup(offence, defence)
    assert RULES.usable_bonuses(lineup) == (Bonus.PLUS, Bonus.MINUS)
    assert RULES.usable_bonuses(lineup, absent={"a"}) == (Bonus.MINUS,)


def test_a_simulated_match_hands_out_three_points() -> None:
    rng = Random(3)
    for _ in range(300):
        taken = play_dice(Side(4, 3, Bonuses(1, 1, 0, 0)), Side(3, 4, Bonuses(0, 0, 1, 1)), rng)
        assert sum(taken) == 3 and sorted(taken) in ([0, 3], [1, 2])


def test_the_bots_play_a_plus_one_only_where_it_helps() -> None:
    # A +1 uses no randomness, so each seed rolls the same dice with it and without it:
    # the side with the +1 never does worse, and does better when a die is one short.
    better = 0
    for seed in range(500):
        with_plus = play_dice(Side(2, 4, Bonuses(plus=1)), Side(2, 4), Random(seed))
        without = play_dice(Side(2, 4), Side(2, 4), Random(seed))
        assert with_plus[0] >= without[0]
        better += with_plus[0] > without[0]
    assert better > 0


@pytest.mark.parametrize(
    "bots",
    [
        ("greedy",) * 4,
        ("random", "synergy", "greedy"),
        ("synergy", "random"),
        ("greedy", "random", "synergy", "greedy", "random"),
    ],
)
def test_a_whole_season_is_played(deck: Deck, bots: tuple[str, ...]) -> None:
    record = play(deck, bots, seed=5)
    seats = len(bots)
    assert all(len(set(hand)) == 12 for hand in record.drafted)
    assert len({p.id for hand in record.drafted for p in hand}) == 12 * seats
    live = [m for m in record.matches if m.against == "manager"]
    assert sum(m.points for m in live) == 3 * len(live) // 2
    assert record.points == tuple(
        sum(m.points for m in record.matches if m.seat == s) for s in range(seats)
    )
    best = max(record.points)
    assert set(record.winners) <= {s for s in range(seats) if record.points[s] == best}
    rounds = {m.round for m in record.matches}
    assert len(rounds) == 2 * sum(deck.season.decks[seats]) if deck.season else False
    facts = seat_facts(record)
    assert sum(f.win_share for f in facts) == pytest.approx(1.0)


def test_a_season_is_the_same_for_the_same_seed(deck: Deck) -> None:
    assert play(deck, ("greedy", "random", "synergy"), 9) == play(
        deck, ("greedy", "random", "synergy"), 9
    )


def test_simulate_writes_the_report(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "--game",
            "extraliga-all-stars",
            "--games",
            "12",
            "--jobs",
            "1",
            "--bots",
            "greedy,random,synergy",
            "--players",
            "3",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(
        (
            tmp_path / "extraliga-all-stars/simulation/3p-greedy-random-synergy-seed1-12games.json"
        ).read_text()
    )
    assert report["games"] == 12
    assert sum(s["count"] for s in report["win_rate_by_seat"]) == pytest.approx(12)
    assert set(report["points_per_match_by_bonus"]) == {"plus", "reroll", "minus", "reroll-other"}
    assert (
        tmp_path / "extraliga-all-stars/simulation/3p-greedy-random-synergy-seed1-12games.pdf"
    ).stat().st_size > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "6"], "is played by 2 to 5 players (game.yaml), not 6"),
        (["--bots", "genius"], "unknown bot genius; bots: greedy, random, synergy"),
        (["--mode", "clash"], "no --mode"),
    ],
)
def test_simulate_refuses_what_no_season_has(
    runner: CliRunner, tmp_path: Path, args: list[str], message: str
) -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "--game",
            "extraliga-all-stars",
            "--games",
            "2",
            "--out",
            str(tmp_path),
            *args,
        ],
    )
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("a", "b", "first", "seats", "expected"),
    [
        (0, 3, 0, 4, 0),  # the first player himself
        (0, 3, 2, 4, 3),  # from seat C: D comes before A
        (1, 2, 2, 4, 2),
        (1, 2, 3, 4, 1),  # from seat D: A, then B
        (3, 4, 4, 5, 4),
        (0, 1, 1, 2, 1),
    ],
)
def test_the_manager_nearer_the_first_player_plays_bonuses_first(
    a: int, b: int, first: int, seats: int, expected: int
) -> None:
    assert plays_first(a, b, first, seats) == expected
    assert plays_first(b, a, first, seats) == expected


def test_the_tie_goes_to_the_stronger_last_lineup_then_is_shared() -> None:
    # Ruling E16.
    assert winners((10, 12, 12), (7, 6, 8)) == (2,)
    assert winners((10, 12, 12), (7, 8, 8)) == (1, 2)
    assert winners((13, 12, 12), (1, 8, 8)) == (0,)


def test_each_half_has_its_draw_cards_and_new_opponents(deck: Deck) -> None:
    # Ruling E13: 3 managers, 3 draw cards and 2 opponents a half; new opponents after the break.
    schedule = season_schedule(deck, 3, Random(4))
    halves = schedule[:5], schedule[5:]
    for half in halves:
        assert sorted(c.id for c in half if isinstance(c, Draw)) == ["draw-1", "draw-2", "draw-3"]
    opponents = [[c.id for c in half if isinstance(c, Opponent)] for half in halves]
    assert [len(o) for o in opponents] == [2, 2]
    assert not set(opponents[0]) & set(opponents[1])
    assert len(season_schedule(deck, 4, Random(4))) == 6


def test_the_lineup_die_reads_its_faces_from_the_data(deck: Deck) -> None:
    # Ruling E14: faces 1-4 ask for 1-4 players, 5 and 6 leave the change free.
    assert deck.season is not None and deck.season.lineup_die == (1, 2, 3, 4, 0, 0)


class _GivesUpTheFirst(Bot):
    def give_up(self, cards: Sequence[Player], choices: Sequence[Player]) -> Player:
        return choices[0]


def _manager(cards: list[Player]) -> Manager:
    bot = _GivesUpTheFirst(Random(0), RULES)
    return Manager(0, bot, list(cards), bot.lineup(cards))


def _team() -> list[Player]:
    positions = (LW, Position.C, Position.RW, D, D, G) * 2
    return [card(f"p{n:02d}", pos, "x" if n < 6 else "y") for n, pos in enumerate(positions)]


def _ids(lineup: Lineup) -> set[str]:
    return {p.id for p in lineup.players}


def test_a_removed_lineup_player_is_replaced_from_the_bench() -> None:
    # Ruling E12: remove returns a card to the box; if it played, only its slot changes.
    manager = _manager(_team())
    before = _ids(manager.lineup)
    assert before == {f"p{n:02d}" for n in range(6)}
    remove = Card("remove", Effect(Keyword.REMOVE, Position.G))
    apply_card(remove, manager, {0: set()}, set())
    assert "p05" not in {p.id for p in manager.cards}
    after = _ids(manager.lineup)
    assert len(before - after) == 1 and "p05" not in after


def test_a_substitution_swaps_exactly_one_player_and_a_penalty_sends_one_off() -> None:
    manager = _manager(_team())
    before = _ids(manager.lineup)
    apply_card(Card("sub", Effect(Keyword.SUBSTITUTE)), manager, {0: set()}, set())
    assert len(before - _ids(manager.lineup)) == 1
    absent: dict[int, set[str]] = {0: set()}
    apply_card(Card("pen", Effect(Keyword.PENALTY, Position.C)), manager, absent, set())
    (sent_off,) = absent[0]
    assert next(p for p in manager.cards if p.id == sent_off).position is Position.C
    everyone: set[int] = set()
    apply_card(Card("syn", Effect(Keyword.SYNERGY)), manager, absent, everyone)
    assert everyone == {0}
