"""Consistency checks across the All-Star Draft data, beyond what a schema can say."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.diagnostics import Diagnostic
from generator.games.all_star_draft.files import EDITION_FILES, edition_ids
from generator.loading.document import Document, PathKey

Check = Callable[["Docs"], Iterator[Diagnostic]]


@dataclass(frozen=True)
class Docs:
    """The valid documents, seen from one edition (edition files by their short name)."""

    documents: Mapping[str, Document]
    edition: str | None = None

    def key(self, name: str) -> str:
        """The document key of a shared or edition file."""
        return f"{self.edition}/{name}" if name in EDITION_FILES else name

    def has(self, *names: str) -> bool:
        """Whether every named document loaded and passed its schema."""
        return all(self.key(n) in self.documents for n in names)

    def __getitem__(self, name: str) -> Document:
        return self.documents[self.key(name)]

    def value(self, name: str) -> Any:
        """The plain value of a document."""
        return self[name].value

    @property
    def player_counts(self) -> range:
        """Every player count the game allows."""
        players = self.value("game")["players"]
        return range(players["min"], players["max"] + 1)


_SHARED: list[tuple[tuple[str, ...], Check]] = []
_PER_EDITION: list[tuple[tuple[str, ...], Check]] = []


def _check(*needs: str, per_edition: bool = False) -> Callable[[Check], Check]:
    def register(function: Check) -> Check:
        (_PER_EDITION if per_edition else _SHARED).append((needs, function))
        return function

    return register


def cross_checks(documents: Mapping[str, Document]) -> list[Diagnostic]:
    """Run every check whose documents are valid; skip the rest."""
    shared = Docs(documents)
    found: list[Diagnostic] = []
    for needs, function in _SHARED:
        if shared.has(*needs):
            found.extend(function(shared))
    editions = edition_ids(documents.get("game"))
    for edition in editions:
        docs = Docs(documents, edition)
        for needs, function in _PER_EDITION:
            if docs.has(*needs):
                found.extend(function(docs))
    return found


# --- helpers -------------------------------------------------------------


def _duplicates(document: Document, list_path: PathKey, field: str = "id") -> Iterator[Diagnostic]:
    items = _at(document.value, list_path)
    first: dict[Any, int] = {}
    for index, item in enumerate(items):
        value = item[field]
        if value in first:
            line, _ = document.locate((*list_path, first[value], field))
            yield document.diagnostic(
                (*list_path, index, field),
                f"{field} '{value}' is used twice (first on line {line})",
                hint=f"every {field} in this list must be different",
            )
        else:
            first[value] = index


def _at(value: Any, path: PathKey) -> Any:
    for part in path:
        value = value[part]
    return value


def _unknown(
    document: Document, path: PathKey, value: Any, known: Iterable[Any], what: str, where: str
) -> Iterator[Diagnostic]:
    options = list(known)
    if value not in options:
        yield document.diagnostic(
            path,
            f"unknown {what} '{value}'",
            hint=f"use one of the {_plural(what)} defined in {where}: {', '.join(map(str, options))}",
        )


def _plural(noun: str) -> str:
    return noun if noun.endswith("s") else noun + "s"


def _permutation(
    document: Document,
    path: PathKey,
    order: Sequence[Any],
    values: Sequence[Any],
    what: str,
    one: str,
) -> Iterator[Diagnostic]:
    missing = [v for v in values if v not in order]
    extra = [v for v in order if v not in values]
    repeated = sorted({v for v in order if order.count(v) > 1}, key=str)
    problems = []
    if missing:
        problems.append("misses " + ", ".join(map(str, missing)))
    if extra:
        problems.append("has unknown " + ", ".join(map(str, extra)))
    if repeated:
        problems.append("repeats " + ", ".join(map(str, repeated)))
    if problems:
        yield document.diagnostic(
            path,
            f"tiebreak order of {what} {'; '.join(problems)}",
            hint=f"list every {one} exactly once, strongest first",
        )


def _per_player_count(
    document: Document, list_path: PathKey, counts: range, what: str, *, complete: bool = True
) -> Iterator[Diagnostic]:
    """Each player count listed at most once (and, if complete, every count listed)."""
    rows = _at(document.value, list_path)
    seen: dict[int, int] = {}
    for index, row in enumerate(rows):
        players = row["players"]
        if players not in counts:
            yield document.diagnostic(
                (*list_path, index, "players"),
                f"{what} for {players} players, but the game is for {counts.start} to {counts.stop - 1}",
                hint="players ranges are set in game.yaml",
            )
        elif players in seen:
            yield document.diagnostic(
                (*list_path, index, "players"), f"{what} for {players} players is given twice"
            )
        seen.setdefault(players, index)
    if complete:
        missing = [n for n in counts if n not in seen]
        if missing:
            yield document.diagnostic(
                list_path,
                f"{what} is missing for {_and(missing)} players",
                hint=f"add one row per player count from {counts.start} to {counts.stop - 1}",
            )


def _and(values: Sequence[Any]) -> str:
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _ids(document: Document, key: str) -> list[str]:
    return [item["id"] for item in document.value[key]]


# --- shared files ----------------------------------------------------------


@_check("game")
def _game(docs: Docs) -> Iterator[Diagnostic]:
    game = docs["game"]
    yield from _duplicates(game, ("editions",))
    players = game.value["players"]
    if players["min"] > players["max"]:
        yield game.diagnostic(
            ("players", "min"), f"players min {players['min']} is above max {players['max']}"
        )
    ids = _ids(game, "editions")
    yield from _unknown(
        game, ("default_edition",), game.value["default_edition"], ids, "edition", "editions"
    )


@_check("attributes")
def _attributes(docs: Docs) -> Iterator[Diagnostic]:
    attributes = docs["attributes"]
    yield from _duplicates(attributes, ("attributes",))
    missing = [
        a for a in ("symbol", "number", "species") if a not in _ids(attributes, "attributes")
    ]
    if missing:
        yield attributes.diagnostic(("attributes",), f"attribute {_and(missing)} is not defined")
    numbers = attributes.value["numbers"]
    yield from _permutation(
        attributes,
        ("numbers", "tiebreak_order"),
        numbers["tiebreak_order"],
        numbers["values"],
        "numbers",
        "number",
    )


@_check("symbols")
def _symbols(docs: Docs) -> Iterator[Diagnostic]:
    symbols = docs["symbols"]
    yield from _duplicates(symbols, ("symbols",))
    order = symbols.value["tiebreak_order"]
    yield from _permutation(
        symbols, ("tiebreak_order",), order, _ids(symbols, "symbols"), "symbols", "symbol"
    )


@_check("species")
def _species(docs: Docs) -> Iterator[Diagnostic]:
    species = docs["species"]
    yield from _duplicates(species, ("species",))
    order = species.value["tiebreak_order"]["order"]
    yield from _permutation(
        species, ("tiebreak_order", "order"), order, _ids(species, "species"), "species", "species"
    )


@_check("tiebreakers", "attributes", "game")
def _tiebreakers(docs: Docs) -> Iterator[Diagnostic]:
    tiebreakers = docs["tiebreakers"]
    yield from _duplicates(tiebreakers, ("medals",))
    attributes = _ids(docs["attributes"], "attributes")
    medals = len(tiebreakers.value["medals"])
    for index, row in enumerate(tiebreakers.value["priorities"]):
        order = row["order"]
        yield from _permutation(
            tiebreakers,
            ("priorities", index, "order"),
            order,
            attributes,
            "attributes",
            "attribute",
        )
        if len(order) != medals:
            yield tiebreakers.diagnostic(
                ("priorities", index, "order"),
                f"{medals} medals need {medals} attributes, got {len(order)}",
            )
    seen: dict[int, int] = {}
    for index, row in enumerate(tiebreakers.value["priorities"]):
        for position, players in enumerate(row["players"]):
            if players in seen:
                yield tiebreakers.diagnostic(
                    ("priorities", index, "players", position),
                    f"{players} players already have a priority row (row {seen[players] + 1})",
                )
            seen.setdefault(players, index)
    missing = [n for n in docs.player_counts if n not in seen]
    if missing:
        yield tiebreakers.diagnostic(
            ("priorities",),
            f"no priority row covers {_and(missing)} players",
            hint="every player count needs a row",
        )


@_check("cards", "species", "symbols", "attributes")
def _cards(docs: Docs) -> Iterator[Diagnostic]:
    cards = docs["cards"]
    yield from _duplicates(cards, ("cards",))
    species = _ids(docs["species"], "species")
    symbols = _ids(docs["symbols"], "symbols")
    numbers = docs.value("attributes")["numbers"]["values"]
    seen: dict[tuple[str, int], int] = {}
    for index, card in enumerate(cards.value["cards"]):
        yield from _unknown(
            cards, ("cards", index, "species"), card["species"], species, "species", "species.yaml"
        )
        if card["symbol"] is not None:
            yield from _unknown(
                cards, ("cards", index, "symbol"), card["symbol"], symbols, "symbol", "symbols.yaml"
            )
        yield from _unknown(
            cards, ("cards", index, "number"), card["number"], numbers, "number", "attributes.yaml"
        )
        if card["species"] not in species or card["number"] not in numbers:
            continue
        expected = f"{card['species']}-{card['number']}"
        if card["id"] != expected:
            yield cards.diagnostic(
                ("cards", index, "id"),
                f"card id '{card['id']}' does not match its species and number",
                hint=f"card ids are <species>-<number>: write {expected}",
            )
        pair = (card["species"], card["number"])
        if pair in seen:
            line, _ = cards.locate(("cards", seen[pair]))
            yield cards.diagnostic(
                ("cards", index),
                f"{card['species']} {card['number']} is in the deck twice (first on line {line})",
                hint="each species has each number exactly once",
            )
        seen.setdefault(pair, index)
    missing = [f"{s}-{n}" for s in species for n in numbers if (s, n) not in seen]
    if missing:
        shown = ", ".join(missing[:6]) + (
            f" and {len(missing) - 6} more" if len(missing) > 6 else ""
        )
        yield cards.diagnostic(
            ("cards",),
            f"the deck is missing {len(missing)} card(s): {shown}",
            hint=f"each of the {len(species)} species needs one card of each number {numbers[0]}-{numbers[-1]}",
        )


@_check("player-colours", "game")
def _player_colours(docs: Docs) -> Iterator[Diagnostic]:
    colours = docs["player-colours"]
    yield from _duplicates(colours, ("colours",))
    most = docs.player_counts.stop - 1
    if len(colours.value["colours"]) != most:
        yield colours.diagnostic(
            ("colours",),
            f"{most} managers need {most} colours, got {len(colours.value['colours'])}",
            hint="give every manager a colour",
        )


@_check("arena-features")
def _arena_features(docs: Docs) -> Iterator[Diagnostic]:
    features = docs["arena-features"]
    yield from _duplicates(features, ("specials",))
    yield from _duplicates(features, ("flags",))


# --- edition files ---------------------------------------------------------


@_check("arenas", "arena-features", "game", per_edition=True)
def _arenas(docs: Docs) -> Iterator[Diagnostic]:
    arenas = docs["arenas"]
    yield from _duplicates(arenas, ("arenas",))
    features = docs["arena-features"]
    flags, specials = _ids(features, "flags"), _ids(features, "specials")
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
            yield from _unknown(
                arenas,
                ("arenas", index, "flags", position),
                flag,
                flags,
                "flag",
                "arena-features.yaml",
            )
        if "special" in arena:
            yield from _unknown(
                arenas,
                ("arenas", index, "special"),
                arena["special"],
                specials,
                "special",
                "arena-features.yaml",
            )


@_check("playoffs", "game", per_edition=True)
def _playoffs(docs: Docs) -> Iterator[Diagnostic]:
    playoffs = docs["playoffs"]
    counts = docs.player_counts
    yield from _per_player_count(playoffs, ("tickets",), counts, "the ticket count")
    yield from _per_player_count(playoffs, ("points",), counts, "the playoff points row")
    yield from _per_player_count(
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


@_check("setup", "arena-features", "attributes", "species", "game", per_edition=True)
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
        yield setup.diagnostic(("multiplayer", "players"), f"no set-up for {_and(missing)} players")
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
    flags = _ids(docs["arena-features"], "flags")
    two = value["two_player"]
    yield from _unknown(
        setup,
        ("two_player", "remove_arenas_flagged"),
        two["remove_arenas_flagged"],
        flags,
        "flag",
        "arena-features.yaml",
    )
    yield from _duplicates(setup, ("two_player", "modes"))
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


@_check("components", "cards", "arenas", per_edition=True)
def _components(docs: Docs) -> Iterator[Diagnostic]:
    components = docs["components"]
    yield from _duplicates(components, ("components",))
    yield from _duplicates(components, ("formats",))
    formats = _ids(components, "formats")
    expected = {
        "hockey-player": (len(docs.value("cards")["cards"]), "cards in cards.yaml"),
        "arena": (len(docs.value("arenas")["arenas"]), "arenas in arenas.yaml"),
    }
    if docs.has("coaches"):
        expected["coach"] = (len(docs.value("coaches")["coaches"]), "coaches in coaches.yaml")
    for index, component in enumerate(components.value["components"]):
        if "format" in component:
            yield from _unknown(
                components,
                ("components", index, "format"),
                component["format"],
                formats,
                "format",
                "formats",
            )
        if component["id"] in expected:
            count, source = expected[component["id"]]
            if component["count"] != count:
                yield components.diagnostic(
                    ("components", index, "count"),
                    f"count {component['count']} of '{component['id']}' disagrees with the {count} {source}",
                    hint="make the component count and the data agree",
                )


@_check("cards", "species", "attributes", per_edition=True)
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


@_check("setup", "species", "game", per_edition=True)
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
    yield from _duplicates(coaches, ("coaches",))
    species = _ids(docs["species"], "species")
    for index, coach in enumerate(coaches.value["coaches"]):
        yield from _unknown(
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


@_check("setup", "arenas", per_edition=True)
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


@_check("species")
def _art_files(docs: Docs) -> Iterator[Diagnostic]:
    """Art files named in species.yaml exist (their content is checked when printing)."""
    species = docs["species"]
    pack = Path(species.display).parent
    for index, item in enumerate(species.value["species"]):
        if "art" in item and not (pack / item["art"]).is_file():
            yield species.diagnostic(
                ("species", index, "art"),
                f"art file '{item['art']}' does not exist",
                hint=f"put the PNG or JPEG at {pack / item['art']}, or remove 'art' to print the vector emblem",
            )
