"""The engines give the answers they gave before their redesign on compact state, on
thousands of random cases each: Extraliga's exact odds with bonuses, best lineups and drafting
strength, Disaster Draft's battles, All-Star Draft's team strengths, best teams and rankings.

The answers are golden files in tests/golden/engine-*.jsonl, one case a line, each answer's
parts named, made from the engines before the redesign. A case that differs is shown as a
diff of its answer; `pytest --update-golden` writes them again from the engines as they are
and says which cases changed (a change is a change of the rules' answers: review it).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Iterator
from random import Random
from typing import Any

import pytest

from generator.games.all_star_draft.model import Game
from generator.games.disaster_draft.model import Deck as DisasterDeck
from generator.games.extraliga_all_stars.model import Deck as ExtraligaDeck
from generator.services.find import load_pack
from tests.conftest import DATA
from tests.game_helpers import seated
from tests.golden_files import GOLDEN, GoldenChanged, diff

Case = dict[str, Any]
SHOWN_CASES = 3
"""Changed cases an update shows."""


def _check(name: str, cases: Iterator[Case], answer: Callable[[Case], Any], update: bool) -> None:
    """Compare each case's answer with the golden file's, showing the first that differs as a
    diff; with `update`, write the file and show the cases that changed."""
    path = GOLDEN / f"engine-{name}.jsonl"
    found = [{**case, "answer": answer(case)} for case in cases]
    expected = (
        [json.loads(line) for line in path.read_text("utf-8").splitlines()] if path.exists() else []
    )
    changed = [
        n for n, mine in enumerate(found) if n >= len(expected) or not _near(mine, expected[n])
    ]
    if update:
        if changed or len(found) != len(expected):
            path.write_text("".join(json.dumps(c, sort_keys=True) + "\n" for c in found), "utf-8")
            shown = "\n".join(_case_diff(n, expected, found) for n in changed[:SHOWN_CASES])
            warnings.warn(
                GoldenChanged(
                    f"rewrote {path.name}: {len(changed)} of {len(found)} cases\n{shown}"
                ),
                stacklevel=2,
            )
        return
    assert len(found) == len(expected), f"{path.name} holds {len(expected)} cases, not {len(found)}"
    assert not changed, f"{len(changed)} of {len(found)} cases differ; the first:\n" + _case_diff(
        changed[0], expected, found
    )


def _case_diff(n: int, expected: list[Case], found: list[Case]) -> str:
    """Case n of the golden file and as it is now, as a diff of their indented JSON."""
    before = json.dumps(expected[n], indent=1, sort_keys=True) if n < len(expected) else ""
    return diff(before, json.dumps(found[n], indent=1, sort_keys=True), f"case {n}")


def _near(a: Any, b: Any) -> bool:
    """Equal, floats within 1e-9."""
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, int | float) and isinstance(b, int | float) and abs(a - b) < 1e-9
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_near(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_near(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


# Extraliga All-Stars ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def extraliga() -> ExtraligaDeck:
    deck = load_pack(DATA / "extraliga-all-stars").model
    assert isinstance(deck, ExtraligaDeck)
    return deck


def _bonus_cases() -> Iterator[Case]:
    """Matches small enough for the search before the redesign: every strength pair with up
    to two bonuses a side, and some larger ones."""
    rng = Random(23)
    for _ in range(400):
        small = rng.random() < 0.8
        top = 2 if small else 4
        sides = []
        for _side in range(2):
            counts = [0, 0, 0, 0]
            for _bonus in range(rng.randint(0, top)):
                counts[rng.randrange(4)] += 1
            dice = rng.randint(0, 6 if small else 3)
            sides.append({"offence": dice, "defence": rng.randint(0, 6), "bonuses": counts})
        yield {"first": sides[0], "second": sides[1]}


def _odds(case: Case) -> dict[str, float]:
    from generator.games.extraliga_all_stars.bonus_phase import Bonuses, Side, bonus_odds

    first, second = (
        Side(s["offence"], s["defence"], Bonuses(*s["bonuses"]))
        for s in (case["first"], case["second"])
    )
    win, tie, loss = bonus_odds(first, second)
    return {"first wins": win, "tie": tie, "second wins": loss}


@pytest.mark.slow
def test_exact_odds_with_bonuses(update_golden: bool) -> None:
    _check("extraliga-bonus-odds", _bonus_cases(), _odds, update_golden)


def _lineup_cases(deck: ExtraligaDeck) -> Iterator[Case]:
    rng = Random(24)
    ids = sorted(deck.players)
    for _ in range(2000):
        yield {"cards": rng.sample(ids, rng.randint(6, 12)), "everyone": rng.random() < 0.2}


@pytest.mark.slow
def test_best_lineups(extraliga: ExtraligaDeck, update_golden: bool) -> None:
    from generator.core.errors import InputError

    def answer(case: Case) -> Any:
        cards = [extraliga.players[i] for i in case["cards"]]
        try:
            lineup, found = extraliga.lineups.best_lineup(cards, case["everyone"])
        except InputError as error:
            return {"refused": str(error)}
        return {
            "offence trio": [p.id for p in lineup.offence],
            "defence trio": [p.id for p in lineup.defence],
            "goalie face down": lineup.face_down_goalie,
            "offence": found.offence,
            "defence": found.defence,
        }

    _check("extraliga-lineups", _lineup_cases(extraliga), answer, update_golden)


def test_drafting_strength(extraliga: ExtraligaDeck, update_golden: bool) -> None:
    rng = Random(25)
    ids = sorted(extraliga.players)
    cases = ({"cards": rng.sample(ids, rng.randint(0, 12))} for _ in range(2000))

    def answer(case: Case) -> dict[str, int]:
        cards = [extraliga.players[i] for i in case["cards"]]
        return {"strength": extraliga.lineups.draft_strength(cards)}

    _check("extraliga-draft-strength", cases, answer, update_golden)


def test_whole_seasons(extraliga: ExtraligaDeck, update_golden: bool) -> None:
    """The bots on the redesigned engine play the very seasons they played before."""
    from generator.games.extraliga_all_stars.season import play_season
    from generator.games.extraliga_all_stars.simulation import SIMULATION

    lineups = (["greedy", "random", "synergy", "greedy"], ["greedy", "synergy"])
    cases = ({"seed": seed, "bots": lineups[seed % 2]} for seed in range(24))

    def answer(case: Case) -> Any:
        bots, rng = seated(SIMULATION, extraliga, case["bots"], case["seed"])
        record = play_season(extraliga, bots, rng)
        return {
            "points": list(record.points),
            "winners": list(record.winners),
            "drafted": [[p.id for p in hand] for hand in record.drafted],
        }

    _check("extraliga-seasons", cases, answer, update_golden)


# Disaster Draft ---------------------------------------------------------------------------


@pytest.mark.slow
def test_battles(update_golden: bool) -> None:
    from generator.games.disaster_draft.battle import resolve
    from generator.games.disaster_draft.model import WinCondition

    deck = load_pack(DATA / "disaster-draft").model
    assert isinstance(deck, DisasterDeck)
    rng = Random(26)
    ids = sorted(deck.units)

    def cases() -> Iterator[Case]:
        for _ in range(2000):
            players = rng.randint(2, 4)
            chosen = rng.sample(ids, players * 3 + 1)
            armies = [chosen[3 * n : 3 * n + rng.randint(1, 3)] for n in range(players)]
            reward = chosen[-1] if rng.random() < 0.9 else None
            yield {"armies": armies, "reward": reward}

    def answer(case: Case) -> Any:
        armies = [[deck.units[u] for u in army] for army in case["armies"]]
        reward = deck.units[case["reward"]] if case["reward"] else None
        found = {}
        for condition in WinCondition:
            outcome = resolve(armies, reward, condition)
            found[condition.value] = {
                "strengths by seat": [list(row) for row in outcome.strengths],
                "alive by seat": [list(row) for row in outcome.alive],
                "reward strength": outcome.reward,
                "reward alive": outcome.reward_alive,
                "totals": list(outcome.totals),
                "draws": list(outcome.draws),
                "winner": outcome.winner,
            }
        return found

    _check("disaster-battles", cases(), answer, update_golden)


# All-Star Draft ---------------------------------------------------------------------------


@pytest.mark.slow
def test_team_strengths_best_teams_and_ranks(update_golden: bool) -> None:
    from generator.games.all_star_draft.queries import load
    from generator.games.all_star_draft.rules import rule_book
    from generator.games.all_star_draft.rules.best_team import best_team
    from generator.games.all_star_draft.rules.ranking import rank_teams
    from generator.games.all_star_draft.rules.strength import evaluate

    game = load(DATA)
    assert isinstance(game, Game)
    rng = Random(27)

    def cases() -> Iterator[Case]:
        for _ in range(1000):
            edition = rng.choice(sorted(game.editions))
            book = rule_book(game, edition)
            ids = [card.id for card in book.cards]
            arenas = [a.id for a in game.editions[edition].arenas]
            yield {
                "edition": edition,
                "players": rng.randint(2, 6),
                "bench": rng.sample(ids, rng.randint(5, 12)),
                "teams": [rng.sample(ids, 5) for _ in range(rng.randint(2, 6))],
                "arena": rng.choice(arenas) if rng.random() < 0.7 else None,
            }

    def answer(case: Case) -> Any:
        book = rule_book(game, case["edition"])
        edition = game.editions[case["edition"]]
        arena = next((a for a in edition.arenas if a.id == case["arena"]), None)
        position = {card.id: n for n, card in enumerate(book.cards)}
        team, strength = best_team(book, case["bench"], case["players"], arena)
        keys = [
            evaluate(book, [position[c] for c in cards], case["players"], arena).key
            for cards in case["teams"]
        ]
        players = max(case["players"], len(case["teams"]))
        teams = {f"m{n}": cards for n, cards in enumerate(case["teams"])}
        ranked = rank_teams(book, teams, players, arena)
        return {
            "best team": list(team),
            "its strength": strength.strength,
            "its key": strength.key,
            "keys of the teams": keys,
            "ranking": [{"manager": t.manager, "rank": t.rank, "fans": t.fans} for t in ranked],
        }

    _check("all-star-draft-teams", cases(), answer, update_golden)


def test_whole_games(update_golden: bool) -> None:
    """The bots play the very games they played before the redesign, in every mode."""
    from generator.games.all_star_draft.queries import load
    from generator.games.all_star_draft.rules import rule_book
    from generator.games.all_star_draft.simulation.simulator import SIMULATION

    game = load(DATA)
    settings = [
        ("2025", 4, None, ["greedy", "random", "planner", "greedy"]),
        ("2025", 2, "clash", ["planner", "greedy"]),
        ("2025", 2, "free-agency", ["greedy", "random"]),
        ("2020", 5, None, ["greedy", "planner", "random", "greedy", "planner"]),
    ]
    cases = (
        {"edition": e, "players": p, "mode": m, "bots": b, "seed": seed}
        for e, p, m, b in settings
        for seed in range(6)
    )

    def answer(case: Case) -> Any:
        from generator.games.all_star_draft.simulation.game import play_game

        book = rule_book(game, case["edition"])
        bots, _ = seated(SIMULATION, None, case["bots"], case["seed"])
        record = play_game(book, case["players"], case["seed"], bots, case["mode"])
        return {
            "standings": [{"manager": s.manager, "total": s.total} for s in record.standings],
            "picks": [list(book.card_ids(p)) for p in record.picks],
            "arenas": [
                {
                    "arena": a.arena,
                    "placings": [{"manager": p.manager, "rank": p.rank} for p in a.placings],
                }
                for a in record.arenas
            ],
        }

    _check("all-star-draft-games", cases, answer, update_golden)
