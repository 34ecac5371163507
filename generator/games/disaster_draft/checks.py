"""Consistency checks across the Disaster Draft data, beyond the schemas and draftdeck's own."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from generator.plugin_api import Checks, Diagnostic, Docs, Document, Manifest, duplicates

CHECKS = Checks()
TYPES = ("c", "w", "m", "a", "s")


def cross_checks(documents: Mapping[str, Document], manifest: Manifest) -> list[Diagnostic]:
    """Run every check whose documents are valid; skip the rest."""
    return list(_run(Docs(documents), manifest))


def _run(docs: Docs, manifest: Manifest) -> Iterator[Diagnostic]:
    yield from CHECKS.run(docs)
    if docs.has("units", "battle"):
        yield from _opening_draft(docs, manifest.max_players)


@CHECKS.needs("types")
def _types(docs: Docs) -> Iterator[Diagnostic]:
    yield from duplicates(docs["types"], ("types",))


@CHECKS.needs("units")
def _units(docs: Docs) -> Iterator[Diagnostic]:
    units = docs["units"]
    yield from duplicates(units, ("units",))
    for index, unit in enumerate(units.value["units"]):
        for number, effect in enumerate(unit.get("effects", ())):
            low, high = effect.get("at-least"), effect.get("at-most")
            if low is not None and high is not None and low > high:
                yield units.diagnostic(
                    ("units", index, "effects", number, "at-least"),
                    f"no strength is at least {low} and at most {high}: the effect never acts",
                    hint="lower at-least or raise at-most",
                )


@CHECKS.needs("battle")
def _battle(docs: Docs) -> Iterator[Diagnostic]:
    battle = docs["battle"]
    yield from duplicates(battle, ("draws-after-reveal",), "units")
    listed = {row["units"] for row in battle.value["draws-after-reveal"]}
    missing = [str(n) for n in (1, 2, 3) if n not in listed]
    if missing:
        yield battle.diagnostic(
            ("draws-after-reveal",),
            f"draws-after-reveal has no row for {', '.join(missing)} units",
            hint="give one row each for 1, 2 and 3 units played",
        )
    hand = battle.value["hand"]
    if hand["discard-to"] < hand["refill-to"]:
        yield battle.diagnostic(
            ("hand", "discard-to"),
            f"a hand refilled to {hand['refill-to']} would have to discard down to {hand['discard-to']}",
            hint="discard-to must be at least refill-to",
        )


def _opening_draft(docs: Docs, most: int) -> Iterator[Diagnostic]:
    units, battle = docs["units"], docs["battle"]
    needed = most * battle.value["reveal-per-player"]
    have = len(units.value["units"])
    if needed > have:
        yield battle.diagnostic(
            ("reveal-per-player",),
            f"{most} players reveal {needed} units for the opening draft, but units.yaml has {have}",
            hint="add units or reveal fewer per player",
        )
