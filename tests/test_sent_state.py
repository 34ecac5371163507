"""What a worker receives: each shipped game's prepared games, pickled as a spawned worker
(macOS, Windows) or a Dask worker receives them, play exactly as the original."""

from __future__ import annotations

import pickle
from functools import cache
from typing import Any

import pytest

from generator.play.runs import prepared
from generator.play.simulation import Prepared, figures, play_game
from generator.plugins.simulation import SimulationSettings
from generator.pools.local import sendable
from generator.services.find import load_pack
from tests.conftest import DATA

GAMES = {
    "all-star-draft": ("greedy", "random"),
    "extraliga-all-stars": ("greedy", "random", "synergy", "greedy"),
    "disaster-draft": ("greedy", "random"),
}


@cache
def _prepared(game: str) -> Prepared:
    settings = SimulationSettings(4, 3, 1, GAMES[game])
    return prepared(load_pack(DATA / game, printing=False), settings)


def _copy(table: Prepared, how: str) -> Any:
    if how == "pickle":
        assert sendable(table)  # read-only mappings included
        return pickle.loads(pickle.dumps(table))
    cloudpickle = pytest.importorskip("cloudpickle")  # what Dask sends with
    return cloudpickle.loads(cloudpickle.dumps(table))


@pytest.mark.slow
@pytest.mark.parametrize("how", ["pickle", "cloudpickle"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_prepared_games_play_alike_once_sent(game: str, how: str) -> None:
    table = _prepared(game)
    copy = _copy(table, how)
    for seed in (1, 2, 3):
        assert figures(copy, play_game(copy, seed)) == figures(table, play_game(table, seed))
