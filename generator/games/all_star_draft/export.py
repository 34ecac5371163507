"""A plain JSON export of one edition, for websites and other tools."""

from __future__ import annotations

from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.queries import arena_rows, card_rows
from generator.plugin_api import Plain


def edition_export(game: Game, edition_id: str) -> dict[str, Plain]:
    """Everything a rules reference needs about one edition, as plain data."""
    edition = game.edition(edition_id)
    playoffs = edition.playoffs
    return {
        "game": game.id,
        "edition": edition.id,
        "players": {"min": game.min_players, "max": game.max_players},
        "species": [
            {"id": s.id, "name": s.name, "colour": s.colour.rgb, "strength": s.strength}
            for s in game.species
        ],
        "symbols": [{"id": s.id, "name": s.name, "strength": s.strength} for s in game.symbols],
        "tiebreakers": {
            str(n): [a.value for a in order] for n, order in sorted(game.priorities.items())
        },
        "cards": card_rows(game),
        "arenas": arena_rows(game, edition.id),
        "playoffs": {
            "tickets": {str(n): c for n, c in sorted(playoffs.tickets.items())},
            "eliminated_when": playoffs.eliminated_when.value,
            "points": {str(n): list(p) for n, p in sorted(playoffs.points.items())},
            "ticket_bonus": {str(n): f for n, f in sorted(playoffs.ticket_bonus.items())},
            "provisional": playoffs.provisional,
        },
        "components": [{"id": c.id, "name": c.name, "count": c.count} for c in edition.components],
    }
