"""The typed model built from the shipped data."""

from __future__ import annotations

import dataclasses

import pytest

from generator.games.all_star_draft.model import Attribute, Game, Special, TicketLoss
from generator.games.all_star_draft.queries import load
from tests.conftest import DATA


@pytest.fixture(scope="module")
def game() -> Game:
    return load(DATA)


def test_deck(game: Game) -> None:
    assert len(game.cards) == 108
    assert len(game.species) == 12
    assert game.card("polar-bear-4") == game.cards[-6]
    assert game.card("polar-bear-4").symbol == "glove"  # type: ignore[union-attr]
    assert game.card("rabbit-1").symbol is None  # type: ignore[union-attr]
    assert game.card("unicorn-1") is None
    assert sum(1 for c in game.cards if c.symbol is None) == 48


def test_tiebreak_strengths(game: Game) -> None:
    strength = {s.id: s.strength for s in game.species}
    assert strength["polar-bear"] == 11 and strength["rabbit"] == 0
    assert strength["reindeer"] > strength["horse"]
    assert [s.id for s in sorted(game.symbols, key=lambda s: -s.strength)] == [
        "goal",
        "puck",
        "helmet",
        "glove",
        "skate",
    ]
    assert game.number_strength[9] == 8 and game.number_strength[1] == 0


def test_priorities(game: Game) -> None:
    assert game.priorities[3] == (Attribute.SYMBOL, Attribute.NUMBER, Attribute.SPECIES)
    assert game.priorities[5] == (Attribute.SYMBOL, Attribute.SPECIES, Attribute.NUMBER)
    assert set(game.priorities) == {2, 3, 4, 5, 6}
    assert game.medals == ("Gold", "Silver", "Bronze")


def test_editions(game: Game) -> None:
    assert game.default_edition == "2025"
    new, old = game.edition(), game.edition("2020")
    assert len(new.arenas) == 15 and len(old.arenas) == 12
    assert new.arena("combo-stadium-2").special is Special.RUN  # type: ignore[union-attr]
    assert new.arena("polarena-3").fans_for_rank(1) == 0  # type: ignore[union-attr]
    assert dict(new.playoffs.tickets) == {2: 2, 3: 1, 4: 0, 5: 0, 6: 0}
    assert dict(old.playoffs.tickets) == {2: 3, 3: 2, 4: 1, 5: 1, 6: 1}
    assert new.playoffs.eliminated_when is TicketLoss.NO_TICKET_TO_GIVE
    assert old.playoffs.eliminated_when is TicketLoss.LAST_TICKET_GIVEN
    assert new.playoffs.points[4] == (30, 23, 17, 11)
    assert old.playoffs.points[4][1] == 22 and old.playoffs.provisional
    assert dict(new.playoffs.ticket_bonus) == {2: 2, 3: 3}
    assert [m.id for m in new.setup.two_player_modes] == ["heritage", "clash", "free-agency"]
    assert new.setup.coaches is None and old.setup.coaches is not None
    assert len(old.coaches) == 12 and all(c.ability is None for c in old.coaches)
    large = next(c.format for c in new.components if c.id == "arena")
    assert large is not None and (large.width_mm, large.height_mm, large.provisional) == (
        70,
        120,
        True,
    )


def test_model_is_immutable(game: Game) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.name = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        game.edition().playoffs.tickets[2] = 5  # type: ignore[index]
    assert isinstance(game.cards, tuple)
