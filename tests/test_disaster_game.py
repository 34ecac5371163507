"""Disaster Draft games: the instant win, hand sizes, the bots and `draftdeck simulate`."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path
from random import Random

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.games.disaster_draft.battle import Outcome, Place
from generator.games.disaster_draft.bots import GreedyBot, RandomBot
from generator.games.disaster_draft.game import GameRecord, Table, play_game
from generator.games.disaster_draft.model import Deck, Unit
from generator.games.disaster_draft.simulation import SIMULATION
from generator.services.find import load_pack
from tests.conftest import DATA
from tests.game_helpers import seated

pytestmark = pytest.mark.usefixtures("in_snapshot")

DECK: Deck = load_pack(DATA / "disaster-draft").model


def play(deck: Deck, names: Sequence[str], seed: int) -> GameRecord:
    """One whole game with the named bots, seated as `simulate` seats them."""
    bots, rng = seated(SIMULATION, deck, names, seed)
    return play_game(deck, bots, rng)


class NoChainAfterAWin(RandomBot):
    """Fails the test if the graveyard chain runs after a battle somebody won."""

    def chain(self, options: Sequence[Place], outcome: Outcome) -> Place:
        assert outcome.winner is None, "the chain ran after a won battle"
        return super().chain(options, outcome)


class Watching(RandomBot):
    """Records the hand sizes it chooses armies from."""

    sizes: list[int]

    def __init__(self, rng: Random) -> None:
        super().__init__(rng)
        self.sizes = []

    def army(self, hand: Sequence[Unit], reward: Unit | None, view: Table) -> list[int]:
        self.sizes.append(len(hand))
        return super().army(hand, reward, view)


def _deck(**rules: object) -> Deck:
    return dataclasses.replace(DECK, rules=dataclasses.replace(DECK.rules, **rules))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(20))
def test_reaching_the_target_ends_the_game_at_once(seed: int) -> None:
    rng = Random(seed)
    record = play_game(_deck(victory_points=1), [NoChainAfterAWin(rng) for _ in range(3)], rng)
    assert record.instant and max(record.victory) == 1 and len(record.winners) == 1
    assert [p.won for p in record.played if p.battle == record.battles].count(True) == 1
    assert not any(p.won for p in record.played if p.battle < record.battles)


def test_without_the_instant_win_the_chain_would_follow_a_won_battle() -> None:
    """The test above can fail: with a target of 3 the chain follows won battles."""
    rng = Random(1)
    with pytest.raises(AssertionError, match="the chain ran after a won battle"):
        play_game(_deck(victory_points=3), [NoChainAfterAWin(rng) for _ in range(3)], rng)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_end_at_the_target_and_hands_stay_within_bounds(players: int) -> None:
    for seed in range(15):
        rng = Random(seed)
        bots = [Watching(rng) for _ in range(players)]
        record = play_game(DECK, bots, rng)
        assert record.instant
        assert max(record.victory) == DECK.rules.victory_points
        assert all(v <= DECK.rules.victory_points for v in record.victory)
        sizes = [size for bot in bots for size in bot.sizes]
        assert sizes and max(sizes) <= DECK.rules.discard_to and min(sizes) >= 1


def test_the_battle_limit_ends_a_game_with_the_most_victory_points() -> None:
    rng = Random(3)
    record = play_game(_deck(max_battles=2), [RandomBot(rng) for _ in range(4)], rng)
    assert record.battles == 2 and not record.instant
    assert all(record.victory[s] == max(record.victory) for s in record.winners)


def test_a_game_replays_from_its_seed() -> None:
    assert play(DECK, ["greedy", "random", "greedy"], 7) == play(
        DECK, ["greedy", "random", "greedy"], 7
    )


def test_greedy_beats_random() -> None:
    wins = sum(0 in play(DECK, ["greedy", "random"], seed).winners for seed in range(40))
    assert wins >= 32


def test_greedy_sends_the_army_that_wins_against_its_guesses() -> None:
    hand = [DECK.units[u] for u in ("frost-wyrm", "camp-cook", "field-medic")]
    view = Table(0, 2, DECK)
    chosen = GreedyBot(Random(0)).army(hand, DECK.units["tinker"], view)
    assert 0 in chosen  # the 11-strength wyrm is in every army worth sending


def test_simulate_writes_the_report(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "simulate", "--game", "disaster-draft", "--players", "3", "--bots", "greedy,random",
            "--games", "30", "--out", str(tmp_path), "--jobs", "1",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "not worth playing:" in result.output
    report = json.loads(
        (tmp_path / "disaster-draft/simulation/3p-greedy-random-seed1-30games.json").read_text()
    )
    assert report["games"] == 30
    assert abs(sum(s["rate"] for s in report["win_rate_by_seat"]) - 1) < 1e-9
    unit = report["units"]["frost-wyrm"]
    assert 0 <= unit["pick_rate"]["rate"] <= 1 and unit["pick_rate"]["of"] > 0
    assert (tmp_path / "disaster-draft/simulation/3p-greedy-random-seed1-30games.pdf").is_file()


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--players", "5"], "played by 2 to 4 players (game.yaml), not 5"),
        (["--bots", "clever"], "unknown bot clever"),
        (["--mode", "x"], "no --mode"),
    ],
)
def test_simulate_refuses_what_no_game_has(
    runner: CliRunner, tmp_path: Path, options: list[str], expected: str
) -> None:
    result = runner.invoke(
        app, ["simulate", "--game", "disaster-draft", "--out", str(tmp_path), *options]
    )
    assert result.exit_code != 0
    assert expected in result.output and "Traceback" not in result.output


def test_an_empty_deck_is_the_graveyard_shuffled() -> None:
    """Ruling D8: a deck of just the opening draft's units keeps playing from the graveyard."""
    units = dict(list(DECK.units.items())[:10])  # 2 players x 5 revealed: nothing left to draw
    small = dataclasses.replace(DECK, units=units)
    for seed in range(10):
        rng = Random(seed)
        record = play_game(small, [RandomBot(rng), RandomBot(rng)], rng)
        assert record.battles > 1
        held = {u for p in record.played for u in p.held}
        assert held <= set(units)


def test_the_pile_refills_from_the_graveyard_then_runs_dry() -> None:
    from generator.games.disaster_draft.game import _Pile

    a, b = DECK.units["ash-golem"], DECK.units["tinker"]
    pile = _Pile([], Random(0))
    pile.graveyard += [a, b]
    assert {pile.draw(), pile.draw()} == {a, b}
    assert pile.graveyard == [] and pile.draw() is None


class _Stacked(Random):
    """Deals the deck in the order given (no shuffle) and gives the opening to seat 0."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        """Leave the deck as it is."""

    def randrange(self, *_: object, **__: object) -> int:
        return 0


class _Scripted(RandomBot):
    """Drafts the first unit offered and sends the units it is told to, when it holds them."""

    def __init__(self, rng: Random, sends: list[str]) -> None:
        super().__init__(rng)
        self.sends = sends

    def draft(self, options: Sequence[Unit], hand: Sequence[Unit], view: Table) -> int:
        return 0

    def army(self, hand: Sequence[Unit], reward: Unit | None, view: Table) -> list[int]:
        chosen = [i for i, unit in enumerate(hand) if unit.id in self.sends]
        return chosen or [0]


def test_a_battle_draws_in_the_rulebooks_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling D6 in a whole game: draws after the reveal, then the effects' draws, then the
    victory card, each from the deck's top as it is then."""
    from generator.games.disaster_draft import game

    events: list[tuple[str, ...]] = []

    class Traced(game._Pile):
        dealing = False

        def deal(self, player: game.Player, count: int) -> None:
            before = len(player.hand)
            self.dealing = True
            super().deal(player, count)
            self.dealing = False
            events.append(("deal", str(player.seat), *(u.id for u in player.hand[before:])))

        def draw(self) -> Unit | None:
            card = super().draw()
            if not self.dealing and card is not None:
                events.append(("take", card.id))
            return card

    monkeypatch.setattr(game, "_Pile", Traced)
    # The deck is dealt from its end: the opening's ten units, then the draws of battle 1.
    weak, strong = ["gloom-moth"], ["ash-golem", "frost-wyrm", "cinder-drake"]
    units = list(DECK.units)
    rest = [u for u in units if u not in weak + strong]
    opening = ["gloom-moth", *rest[:4]][::-1], [*strong, *rest[4:6]][::-1]
    interleaved = [u for pair in zip(*opening, strict=True) for u in pair]
    order = rest[6:] + interleaved[::-1]
    deck = dataclasses.replace(
        DECK,
        units={u: DECK.units[u] for u in order},
        rules=dataclasses.replace(DECK.rules, victory_points=1),
    )
    rng = _Stacked(0)
    play_game(deck, [_Scripted(rng, weak), _Scripted(rng, strong)], rng)
    top = list(reversed(rest[6:]))  # what is left of the deck, top first
    assert [e[1] for e in events[:10]] == interleaved  # the opening: seat 0 the moth, 1 the strong
    events[:10] = []
    # Battle 1: one card each, hands to 5 (already), the reward, then the draws.
    assert events[0] == ("deal", "0", top[0]) and events[1] == ("deal", "1", top[1])
    assert events[2:4] == [("deal", "0"), ("deal", "1")]  # nobody below 5
    assert events[4] == ("take", top[2])  # the reward
    # One unit sent draws 2, three draw 0, right after the reveal.
    assert events[5] == ("deal", "0", top[3], top[4]) and events[6] == ("deal", "1")
    # Gloom Moth's "draw 1 card", once every effect has acted.
    assert events[7] == ("deal", "0", top[5]) and events[8] == ("deal", "1")
    # Then the winner's victory card, the deck's top after all of those draws.
    assert events[9] == ("take", top[6])
