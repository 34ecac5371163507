"""Rows of the rulebook tables that the data does not hold as rows: counts worked out from
several files, values sorted by strength, names looked up by id."""

from __future__ import annotations

from generator.games.all_star_draft.model import Attribute, DraftKind, Edition, Game, Special
from generator.plugin_api import Translator, Value

BEGINNER_FLAG = "not-for-beginners"
"""The flag of arenas a first game leaves out (the 2020 whistle)."""


def setup_rows(tr: Translator, game: Game, edition: Edition) -> list[dict[str, Value]]:
    """Species, deck size and arena cards by number of managers (two managers by mode)."""
    setup = edition.setup
    numbers = len(game.numbers)
    removed = setup.two_player_removed_flag
    arenas = len(edition.arenas)
    two_player_arenas = sum(1 for a in edition.arenas if removed not in a.flags)
    rows: list[dict[str, Value]] = [
        {
            "managers": 2,
            "mode": tr.name("modes", mode.name),
            "species": mode.species,
            "cards": mode.species * numbers,
            "arenas": two_player_arenas,
        }
        for mode in setup.two_player_modes
    ]
    for players in sorted(setup.multiplayer_players):
        species = players * setup.species_per_manager
        rows.append(
            {
                "managers": players,
                "mode": None,
                "species": species,
                "cards": species * numbers,
                "arenas": arenas,
            }
        )
    return rows


def medal_rows(tr: Translator, game: Game) -> list[dict[str, Value]]:
    """Which attribute is gold, silver and bronze, for each span of player counts alike."""
    groups: dict[tuple[Attribute, ...], list[int]] = {}
    for players, order in sorted(game.priorities.items()):
        groups.setdefault(order, []).append(players)
    names = {a: tr.name("attributes", n) for a, n in game.attribute_names.items()}
    return [
        {
            "fewest": min(players),
            "most": max(players),
            "single": len(players) == 1,
            "attributes": [names[a] for a in order],
        }
        for order, players in groups.items()
    ]


def order_rows(tr: Translator, game: Game) -> list[dict[str, Value]]:
    """Every attribute's values, strongest first, as the tiebreaker card lists them."""
    symbols = sorted(game.symbols, key=lambda s: -s.strength)
    species = sorted(game.species, key=lambda s: -s.strength)
    numbers = sorted(game.numbers, key=lambda n: -game.number_strength[n])
    names = {a: tr.name("attributes", n) for a, n in game.attribute_names.items()}
    orders = {
        Attribute.SYMBOL: [tr.name("symbols", s.name) for s in symbols],
        Attribute.NUMBER: [tr.number(n) for n in numbers],
        Attribute.SPECIES: [tr.name("species", s.name) for s in species],
    }
    return [
        {"attribute": names[attribute], "order": " > ".join(values)}
        for attribute, values in orders.items()
    ]


def specials(tr: Translator, game: Game, edition: Edition) -> list[dict[str, str]]:
    """The special combos the edition's arenas name, with what each means."""
    return [
        {
            "name": tr.name("specials", game.special_names[s]),
            "explanation": tr.name("specials", game.special_explanations[s]),
        }
        for s in Special
        if any(a.special is s for a in edition.arenas)
    ]


def arena_rows(tr: Translator, game: Game, edition: Edition) -> list[dict[str, Value]]:
    """Every arena: its name, fans by rank, its special and flags by name, and whether it is
    a stand-in."""
    rows: list[dict[str, Value]] = []
    for arena in edition.arenas:
        notes = [tr.name("flags", game.flag_names[f]) for f in sorted(arena.flags)]
        if arena.special is not None:
            notes.insert(0, tr.name("specials", game.special_names[arena.special]))
        rows.append(
            {
                "name": arena.name,
                "fans": list(arena.fans),
                "notes": " · ".join(notes) if notes else "–",
                "provisional": arena.provisional,
            }
        )
    return rows


def mode_rows(tr: Translator, edition: Edition) -> list[dict[str, Value]]:
    """The two-manager drafts: each mode's name, its kind of draft and its numbers."""
    return [
        {
            "name": tr.name("modes", mode.name),
            "draft": _draft(mode.draft, mode.discard),
            "species": mode.species,
            "hand": mode.hand_size or 0,
            "picks": mode.picks,
            "discard": mode.discard,
            "reveal": mode.reveal or 0,
        }
        for mode in edition.setup.two_player_modes
    ]


def _draft(kind: DraftKind, discard: int) -> str:
    """market, duel, pass-and-discard, or pass (the last card of each hand discarded)."""
    if kind is DraftKind.PASS:
        return "pass-and-discard" if discard else "pass"
    return str(kind.value)


def stand_ins(edition: Edition) -> list[str]:
    """What of the edition the data marks provisional: arenas, playoff-points,
    ticket-bonus (the summary says so, and each row carries its mark)."""
    found = []
    if any(a.provisional for a in edition.arenas):
        found.append("arenas")
    if edition.playoffs.provisional:
        found.append("playoffs")
    return found
