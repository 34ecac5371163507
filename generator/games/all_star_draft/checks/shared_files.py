"""Checks of the files every edition shares: game, attributes, species, cards..."""

from __future__ import annotations

from collections.abc import Iterator

from generator.plugin_api import (
    Checks,
    Diagnostic,
    Docs,
    and_list,
    duplicates,
    item_ids,
    permutation,
    unknown,
)

CHECKS = Checks()
"""Run once per pack."""


@CHECKS.needs("attributes")
def _attributes(docs: Docs) -> Iterator[Diagnostic]:
    attributes = docs["attributes"]
    yield from duplicates(attributes, ("attributes",))
    missing = [
        a for a in ("symbol", "number", "species") if a not in item_ids(attributes, "attributes")
    ]
    if missing:
        yield attributes.diagnostic(
            ("attributes",), f"attribute {and_list(missing)} is not defined"
        )
    numbers = attributes.value["numbers"]
    yield from permutation(
        attributes,
        ("numbers", "tiebreak_order"),
        numbers["tiebreak_order"],
        numbers["values"],
        "numbers",
        "number",
    )


@CHECKS.needs("symbols")
def _symbols(docs: Docs) -> Iterator[Diagnostic]:
    symbols = docs["symbols"]
    yield from duplicates(symbols, ("symbols",))
    order = symbols.value["tiebreak_order"]
    yield from permutation(
        symbols, ("tiebreak_order",), order, item_ids(symbols, "symbols"), "symbols", "symbol"
    )


@CHECKS.needs("species")
def _species(docs: Docs) -> Iterator[Diagnostic]:
    species = docs["species"]
    yield from duplicates(species, ("species",))
    order = species.value["tiebreak_order"]["order"]
    yield from permutation(
        species,
        ("tiebreak_order", "order"),
        order,
        item_ids(species, "species"),
        "species",
        "species",
    )


@CHECKS.needs("tiebreakers", "attributes", "game")
def _tiebreakers(docs: Docs) -> Iterator[Diagnostic]:
    tiebreakers = docs["tiebreakers"]
    yield from duplicates(tiebreakers, ("medals",))
    attributes = item_ids(docs["attributes"], "attributes")
    medals = len(tiebreakers.value["medals"])
    for index, row in enumerate(tiebreakers.value["priorities"]):
        order = row["order"]
        yield from permutation(
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
            f"no priority row covers {and_list(missing)} players",
            hint="every player count needs a row",
        )


@CHECKS.needs("cards", "species", "symbols", "attributes")
def _cards(docs: Docs) -> Iterator[Diagnostic]:
    cards = docs["cards"]
    yield from duplicates(cards, ("cards",))
    species = item_ids(docs["species"], "species")
    symbols = item_ids(docs["symbols"], "symbols")
    numbers = docs.value("attributes")["numbers"]["values"]
    seen: dict[tuple[str, int], int] = {}
    for index, card in enumerate(cards.value["cards"]):
        yield from unknown(
            cards, ("cards", index, "species"), card["species"], species, "species", "species.yaml"
        )
        if card["symbol"] is not None:
            yield from unknown(
                cards, ("cards", index, "symbol"), card["symbol"], symbols, "symbol", "symbols.yaml"
            )
        yield from unknown(
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


@CHECKS.needs("player-colours", "game")
def _player_colours(docs: Docs) -> Iterator[Diagnostic]:
    colours = docs["player-colours"]
    yield from duplicates(colours, ("colours",))
    most = docs.player_counts.stop - 1
    if len(colours.value["colours"]) != most:
        yield colours.diagnostic(
            ("colours",),
            f"{most} managers need {most} colours, got {len(colours.value['colours'])}",
            hint="give every manager a colour",
        )


@CHECKS.needs("arena-features")
def _arena_features(docs: Docs) -> Iterator[Diagnostic]:
    features = docs["arena-features"]
    yield from duplicates(features, ("specials",))
    yield from duplicates(features, ("flags",))
