"""Checks of one edition's files: arenas, playoffs, set-up, components, coaches."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator.games.all_star_draft.rules.scoring import (
    FANS_PER_LAP,
    MOST_FANS,
    MOST_LAPS,
    best_total,
)
from generator.plugin_api import (
    Checks,
    Diagnostic,
    Docs,
    Document,
    PathKey,
    and_list,
    duplicates,
    item_ids,
    per_player_count,
    unknown,
)

CHECKS = Checks()
"""Run once per edition, on that edition's files."""


@CHECKS.needs("arenas", "arena-features", "game")
def _arenas(docs: Docs) -> Iterator[Diagnostic]:
    arenas = docs["arenas"]
    yield from duplicates(arenas, ("arenas",))
    features = docs["arena-features"]
    flags, specials = item_ids(features, "flags"), item_ids(features, "specials")
    ranks = docs.player_counts.stop - 1
    for index, arena in enumerate(arenas.value["arenas"]):
        fans = arena["fans"]
        if len(fans) != ranks:
            yield arenas.diagnostic(
                ("arenas", index, "fans"),
                f"fans for rank 1-{ranks} need {ranks} values, got {len(fans)}",
                hint="list the fans of every rank, best rank first",
            )
        for position, flag in enumerate(arena.get("flags", [])):
            yield from unknown(
                arenas,
                ("arenas", index, "flags", position),
                flag,
                flags,
                "flag",
                "arena-features.yaml",
            )
        if "special" in arena:
            yield from unknown(
                arenas,
                ("arenas", index, "special"),
                arena["special"],
                specials,
                "special",
                "arena-features.yaml",
            )


@CHECKS.needs("playoffs", "game")
def _playoffs(docs: Docs) -> Iterator[Diagnostic]:
    playoffs = docs["playoffs"]
    counts = docs.player_counts
    yield from per_player_count(playoffs, ("tickets",), counts, "the ticket count")
    yield from per_player_count(playoffs, ("points",), counts, "the playoff points row")
    yield from per_player_count(
        playoffs, ("ticket_bonus",), counts, "the ticket bonus", complete=False
    )
    for index, row in enumerate(playoffs.value["points"]):
        places = len(row["by_place"])
        if places != row["players"]:
            yield playoffs.diagnostic(
                ("points", index, "by_place"),
                f"playoff points for {row['players']} players need {row['players']} values (one per place), got {places}",
                hint="list the fans of every place, 1st place first",
            )


@CHECKS.needs("setup", "arena-features", "attributes", "species", "game")
def _setup(docs: Docs) -> Iterator[Diagnostic]:
    setup = docs["setup"]
    value = setup.value
    numbers = len(docs.value("attributes")["numbers"]["values"])
    species = len(docs.value("species")["species"])
    rounds = len(value["season"]["rounds"])
    team_size = value["season"]["team_size"]
    multi = value["multiplayer"]
    covered = set(multi["players"]) | {2}
    missing = [n for n in docs.player_counts if n not in covered]
    if missing:
        yield setup.diagnostic(
            ("multiplayer", "players"), f"no set-up for {and_list(missing)} players"
        )
    if multi["hand_size"] < team_size:
        yield setup.diagnostic(
            ("multiplayer", "hand_size"),
            f"a hand of {multi['hand_size']} cannot make a team of {team_size}",
        )
    for players in multi["players"]:
        needed = players * multi["species_per_manager"]
        if needed > species:
            yield setup.diagnostic(
                ("multiplayer", "species_per_manager"),
                f"{players} players need {needed} species, but only {species} exist",
            )
    flags = item_ids(docs["arena-features"], "flags")
    two = value["two_player"]
    yield from unknown(
        setup,
        ("two_player", "remove_arenas_flagged"),
        two["remove_arenas_flagged"],
        flags,
        "flag",
        "arena-features.yaml",
    )
    yield from duplicates(setup, ("two_player", "modes"))
    for index, mode in enumerate(two["modes"]):
        yield from _mode(
            setup, index, mode, deck=mode["species"] * numbers, rounds=rounds, team_size=team_size
        )


def _mode(
    setup: Document, index: int, mode: dict[str, Any], *, deck: int, rounds: int, team_size: int
) -> Iterator[Diagnostic]:
    path: PathKey = ("two_player", "modes", index)
    needs = "reveal" if mode["draft"] == "market" else "hand_size"
    if needs not in mode:
        yield setup.diagnostic(
            path, f"a {mode['draft']} draft needs '{needs}'", hint=f"add {needs}: to the mode"
        )
        return
    per_round = mode["picks"] * mode["reveal"] if needs == "reveal" else 2 * mode["hand_size"]
    if per_round * rounds > deck:
        yield setup.diagnostic(
            (*path, "species"),
            f"mode '{mode['id']}' deals {per_round * rounds} cards over {rounds} rounds, but its deck has {deck}",
        )
    if mode["picks"] - mode["discard"] < team_size:
        yield setup.diagnostic(
            (*path, "picks"),
            f"mode '{mode['id']}' keeps {mode['picks'] - mode['discard']} cards a round, fewer than a team of {team_size}",
        )


@CHECKS.needs("cards", "species", "attributes")
def _deck(docs: Docs) -> Iterator[Diagnostic]:
    if not docs.has("components"):
        return
    components = docs["components"]
    species = len(docs.value("species")["species"])
    numbers = len(docs.value("attributes")["numbers"]["values"])
    for index, component in enumerate(components.value["components"]):
        if component["id"] == "hockey-player" and component["count"] != species * numbers:
            yield components.diagnostic(
                ("components", index, "count"),
                f"{species} species x {numbers} numbers make {species * numbers} cards, not {component['count']}",
            )


@CHECKS.needs("setup", "species", "game")
def _coaches(docs: Docs) -> Iterator[Diagnostic]:
    setup = docs["setup"]
    deal = setup.value["coaches"]
    has_file = docs.has("coaches")
    if deal is None and not has_file:
        return
    if deal is None:
        coaches = docs["coaches"]
        yield coaches.diagnostic(
            ("coaches",), "this edition lists coaches but setup.yaml deals none (coaches: null)"
        )
        return
    if not docs.has("coaches"):
        yield setup.diagnostic(
            ("coaches",), "setup.yaml deals coaches but the edition has no valid coaches.yaml"
        )
        return
    coaches = docs["coaches"]
    yield from duplicates(coaches, ("coaches",))
    species = item_ids(docs["species"], "species")
    for index, coach in enumerate(coaches.value["coaches"]):
        yield from unknown(
            coaches,
            ("coaches", index, "species"),
            coach["species"],
            species,
            "species",
            "species.yaml",
        )
    if deal["keep"] > deal["dealt"]:
        yield setup.diagnostic(
            ("coaches", "keep"), f"managers keep {deal['keep']} of {deal['dealt']} coaches dealt"
        )
    needed = deal["dealt"] * (docs.player_counts.stop - 1)
    if needed > len(coaches.value["coaches"]):
        yield setup.diagnostic(
            ("coaches", "dealt"),
            f"dealing {deal['dealt']} coaches to each of up to {docs.player_counts.stop - 1} managers needs {needed}",
        )


@CHECKS.needs("setup", "arenas")
def _arena_supply(docs: Docs) -> Iterator[Diagnostic]:
    setup = docs["setup"].value
    needed = sum(r["arenas"] for r in setup["season"]["rounds"])
    arenas = docs.value("arenas")["arenas"]
    removed = setup["two_player"]["remove_arenas_flagged"]
    left = sum(1 for a in arenas if removed not in a.get("flags", []))
    if left < needed:
        yield docs["setup"].diagnostic(
            ("season", "rounds"),
            f"a season plays {needed} arenas, but only {left} remain in a 2-player game",
        )


@CHECKS.needs("setup", "arenas", "playoffs", "game")
def _most_fans(docs: Docs) -> Iterator[Diagnostic]:
    """The highest score the data allows must fit the fan zone's track and lap boxes."""
    setup, playoffs = docs.value("setup"), docs.value("playoffs")
    arenas = docs.value("arenas")["arenas"]
    rounds = sum(r["arenas"] for r in setup["season"]["rounds"])
    removed = setup["two_player"]["remove_arenas_flagged"]
    winner = {row["players"]: max(row["by_place"], default=0) for row in playoffs["points"]}
    tickets = {row["players"]: row["count"] for row in playoffs["tickets"]}
    bonus = {row["players"]: row["fans_per_ticket"] for row in playoffs["ticket_bonus"]}
    for players in docs.player_counts:
        fans = [a["fans"] for a in arenas if players > 2 or removed not in a.get("flags", [])]
        season = best_total(rounds, fans, players, 0, 0)
        parts = {
            "season": season,
            "winner": winner.get(players, 0),
            "bonus": bonus.get(players, 0) * tickets.get(players, 0),
        }
        total = sum(parts.values())
        if total <= MOST_FANS:
            continue
        yield _too_many_fans(docs, players, total, parts, arenas)
        return


def _too_many_fans(
    docs: Docs, players: int, total: int, parts: dict[str, int], arenas: list[dict[str, Any]]
) -> Diagnostic:
    """Located at the value that adds most to the total: the fans per ticket, or the largest
    fans of an arena."""
    message = (
        f"a manager can end a {players}-player game with {total} fans "
        f"({parts['season']} from the season's best arenas, {parts['winner']} for winning "
        f"the playoffs, {parts['bonus']} for tickets left), but the fan zone counts at most "
        f"{MOST_FANS} (a track of {FANS_PER_LAP} and {MOST_LAPS} lap boxes)"
    )
    hint = "the fans on printed cards are small numbers: check this value for a typing slip"
    # The playoff winner's fans are at most 99, so the season or the bonus is the larger part.
    if parts["bonus"] > parts["season"]:
        rows = docs.value("playoffs")["ticket_bonus"]
        index = next(i for i, row in enumerate(rows) if row["players"] == players)
        return docs["playoffs"].diagnostic(
            ("ticket_bonus", index, "fans_per_ticket"), message, hint=hint
        )
    arena, rank = max(
        ((a, r) for a in range(len(arenas)) for r in range(len(arenas[a]["fans"]))),
        key=lambda at: arenas[at[0]]["fans"][at[1]],
    )
    return docs["arenas"].diagnostic(("arenas", arena, "fans", rank), message, hint=hint)
