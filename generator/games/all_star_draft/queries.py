"""Plain views of the model for listings and JSON output."""

from __future__ import annotations

from pathlib import Path

from generator.games.all_star_draft.model import Edition, Game
from generator.plugin_api import Plain, UsageError

GAME_ID = "all-star-draft"
"""The plug-in's id, which the pack's game.yaml names."""


def load(data_dir: Path) -> Game:
    """The validated All-Star Draft model from a data folder (or the pack folder itself)."""
    from generator.plugin_api import load_plugin_game

    game: Game = load_plugin_game(data_dir, GAME_ID).model
    return game


def edition(game: Game, edition_id: str | None) -> Edition:
    """An edition by id, or a usage error naming the known ones."""
    if edition_id is not None and edition_id not in game.editions:
        known = ", ".join(game.editions)
        raise UsageError(f"unknown edition '{edition_id}'; this data has: {known}")
    return game.edition(edition_id)


def card_rows(game: Game) -> list[dict[str, Plain]]:
    """One dict per card: id, species, number, symbol (None when blank)."""
    return [
        {"id": c.id, "species": c.species, "number": c.number, "symbol": c.symbol}
        for c in game.cards
    ]


def arena_rows(game: Game, edition_id: str | None) -> list[dict[str, Plain]]:
    """One dict per arena of an edition."""
    return [
        {
            "id": a.id,
            "name": a.name,
            "fans": list(a.fans),
            "special": a.special.value if a.special else None,
            "flags": sorted(a.flags),
            "provisional": a.provisional,
        }
        for a in edition(game, edition_id).arenas
    ]
