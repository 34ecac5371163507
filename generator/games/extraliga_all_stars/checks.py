"""Consistency checks across the Extraliga All-Stars data, beyond the schemas and draftdeck's own."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from generator.games.extraliga_all_stars.model import pair_letters
from generator.plugin_api import Checks, Diagnostic, Docs, Document, Manifest, duplicates

CHECKS = Checks()

FACES = (1, 2, 3, 4, 5, 6)
NAMED = {
    "positions": ("lw", "c", "rw", "d", "g"),
    "bonuses": ("plus", "reroll", "minus", "reroll-other"),
    "trios": ("offence", "defence"),
}
"""The lists that name what the rules engine knows: each id once, none left out."""


def cross_checks(documents: Mapping[str, Document], manifest: Manifest) -> list[Diagnostic]:
    """Run every check whose documents are valid; skip the rest."""
    return list(CHECKS.run(Docs(documents)))


def _named(name: str, ids: tuple[str, ...]) -> None:
    """Register the check that `name`.yaml lists each of `ids` once."""

    @CHECKS.needs(name)
    def check(docs: Docs) -> Iterator[Diagnostic]:
        document = docs[name]
        yield from duplicates(document, (name,))
        listed = {item["id"] for item in document.value[name]}
        missing = [i for i in ids if i not in listed]
        if missing:
            yield document.diagnostic(
                (name,),
                f"{name}.yaml has no {', '.join(missing)}",
                hint=f"list each of {', '.join(ids)} once: the rules, the summary and the cards need them",
            )


for _name, _ids in NAMED.items():
    _named(_name, _ids)


@CHECKS.needs("trios", "positions")
def _slots(docs: Docs) -> Iterator[Diagnostic]:
    """Each trio's slots are positions of that trio, each position has a slot, one goal;
    a link is named once (ruling E1)."""
    trios, positions = docs["trios"], docs["positions"]
    plays = {p["id"]: p["trio"] for p in positions.value["positions"]}
    goals = 0
    for t, trio in enumerate(trios.value["trios"]):
        for s, slot in enumerate(trio["slots"]):
            if plays.get(slot, trio["id"]) != trio["id"]:
                yield trios.diagnostic(
                    ("trios", t, "slots", s),
                    f"slot {s + 1} of the {trio['id']} trio is {slot}, a position of the "
                    f"{plays[slot]} trio in positions.yaml",
                    hint=f"a trio's slots hold its own positions: {_own(plays, trio['id'])}",
                )
        goals += trio["slots"].count("g")
        seen: dict[tuple[int, int], int] = {}
        for n, (a, b) in enumerate(trio["links"]):
            pair = (min(a, b), max(a, b))
            if pair in seen:
                yield trios.diagnostic(
                    ("trios", t, "links", n),
                    f"slots {pair[0]} and {pair[1]} of the {trio['id']} trio are linked twice "
                    f"(also item {seen[pair] + 1})",
                    hint="name each linked pair of slots once",
                )
            seen.setdefault(pair, n)
        missing = [p for p in _own(plays, trio["id"]) if p not in trio["slots"]]
        if missing:
            yield trios.diagnostic(
                ("trios", t, "slots"),
                f"the {trio['id']} trio has no slot for {', '.join(missing)}, "
                "which positions.yaml puts in it",
                hint="every position needs a slot where it counts as in position",
            )
    if goals > 1:
        yield trios.diagnostic(
            ("trios",), f"{goals} slots are g; a lineup has one goal", hint="keep one g slot"
        )


def _own(plays: Mapping[str, str], trio: str) -> list[str]:
    return [position for position, where in plays.items() if where == trio]


@CHECKS.needs("season")
def _season(docs: Docs) -> Iterator[Diagnostic]:
    season = docs["season"]
    yield from duplicates(season, ("season-decks",), "players")
    yield from duplicates(season, ("lineup-die",), "face")
    faces = {row["face"] for row in season.value["lineup-die"]}
    missing = [str(face) for face in FACES if face not in faces]
    if missing:
        yield season.diagnostic(
            ("lineup-die",),
            f"the lineup-change die has no face {', '.join(missing)}",
            hint="list each face 1 to 6 once, with the players it asks to replace",
        )


@CHECKS.needs("season", "draws", "opponents")
def _season_decks(docs: Docs) -> Iterator[Diagnostic]:
    season, draws, opponents = docs["season"], docs["draws"], docs["opponents"]
    halves = season.value["halves"]
    for index, row in enumerate(season.value["season-decks"]):
        players = row["players"]
        usable = sum(
            any(p["players"] == players for p in card["pairings"]) for card in draws.value["draws"]
        )
        if row["draws"] > usable:
            yield season.diagnostic(
                ("season-decks", index, "draws"),
                f"a {players}-player season deck takes {row['draws']} draw cards, "
                f"but only {usable} draw cards in draws.yaml show pairs for {players} players",
                hint=f"lower draws to {usable}, or give more draw cards {players}-player pairs",
            )
        needed = row["opponents"] * halves
        have = len(opponents.value["opponents"])
        if needed > have:
            yield season.diagnostic(
                ("season-decks", index, "opponents"),
                f"{halves} halves of {row['opponents']} opponent cards need {needed} "
                f"opponents, but opponents.yaml has {have}",
                hint="each half of the season draws new opponent cards; lower the number",
            )


@CHECKS.needs("draws")
def _draws(docs: Docs) -> Iterator[Diagnostic]:
    draws = docs["draws"]
    yield from duplicates(draws, ("draws",))
    for index, card in enumerate(draws.value["draws"]):
        for row, pairing in enumerate(card["pairings"]):
            letters = [seat for pair in pairing["pairs"] for seat in pair_letters(pair)]
            seated = "ABCDE"[: pairing["players"]]
            path = ("draws", index, "pairings", row, "pairs")
            outside = sorted({s for s in letters if s not in seated})
            if outside:
                yield draws.diagnostic(
                    path,
                    f"seat {outside[0]} does not play with {pairing['players']} players",
                    hint=f"{pairing['players']} players use the scoring tokens {', '.join(seated)}",
                )
            twice = sorted({s for s in letters if letters.count(s) > 1})
            if twice:
                yield draws.diagnostic(
                    path,
                    f"seat {twice[0]} plays twice in one round",
                    hint="each manager plays at most one match a round",
                )


@CHECKS.needs("events", "coaches")
def _who(docs: Docs) -> Iterator[Diagnostic]:
    """Events act on every manager, coach cards on the manager who plays them (E12)."""
    for name, one, who in (("events", "event", "everyone"), ("coaches", "coach", "you")):
        document = docs[name]
        for index, card in enumerate(document.value[name]):
            if card["effect"]["who"] != who:
                yield document.diagnostic(
                    (name, index, "effect", "who"),
                    f"{one} cards act on '{who}', not '{card['effect']['who']}'",
                    hint=f"write who: {who}; in the rulebook {one} cards apply to {who}",
                )
