"""Which printable components an edition has, and building each one on demand."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from generator.i18n.ui import N_
from generator.printing.geometry import PrintSettings
from generator.printing.sheets import Deck, Draw, Pages, tiled_pages

from . import (
    arena,
    bus_station,
    calibration,
    fan_zone,
    hockey_player,
    playoff_points,
    scoring_board,
    tiebreaker,
    tokens,
)
from .context import PrintContext

TOKEN_PARTS = ("playoff-ticket", "bus-token", "travel-marker", "fan-marker")
CARD_PARTS = ("hockey-player", "arena", "tiebreaker", "bus-station", "playoff-points", "fan-zone")


@dataclass(frozen=True)
class Plan:
    """The parts an edition prints, in box order, and what it leaves out."""

    parts: tuple[str, ...]
    warnings: tuple[str, ...]


def plan(ctx: PrintContext) -> Plan:
    """The printable parts of the edition (then the calibration sheet), with warnings."""
    parts: list[str] = []
    warnings: list[str] = []
    for component in ctx.edition.components:
        cid = component.id
        if cid in CARD_PARTS or cid == "scoring-board":
            parts.append(cid)
        elif cid in TOKEN_PARTS:
            if "tokens" not in parts:
                parts.append("tokens")
        elif cid == "coach":
            unknown = [c.id for c in ctx.edition.coaches if c.ability is None]
            if unknown:
                warnings.append(
                    f"{ctx.edition.id}: coach cards left out: the abilities of {len(unknown)} coaches are not known"
                )
        else:
            warnings.append(f"{ctx.edition.id}: '{cid}' has no printable layout and is left out")
    return Plan((*parts, "calibration"), tuple(warnings))


def build_part(ctx: PrintContext, settings: PrintSettings, part: str) -> Deck | Pages:
    """One printable part, ready to draw."""
    counts = {c.id: c.count for c in ctx.edition.components}
    titles = {c.id: ctx.tr.name("components", c.name) for c in ctx.edition.components}
    if part == "hockey-player":
        fronts = tuple(hockey_player.front(ctx, card) for card in ctx.game.cards)
        return Deck(
            part, titles[part], ctx.size(part), fronts, (hockey_player.back(ctx),) * len(fronts)
        )
    if part == "arena":
        fronts = tuple(arena.front(ctx, a) for a in ctx.edition.arenas)
        return Deck(part, titles[part], ctx.size(part), fronts, (_back(ctx, part),) * len(fronts))
    if part == "tiebreaker":
        low, high = _sides(ctx)
        n = counts[part]
        return Deck(
            part,
            titles[part],
            ctx.size(part),
            (tiebreaker.side(ctx, low),) * n,
            (tiebreaker.side(ctx, high),) * n,
        )
    if part in ("bus-station", "playoff-points"):
        module = bus_station if part == "bus-station" else playoff_points
        n = counts[part]
        return Deck(
            part, titles[part], ctx.size(part), (module.front(ctx),) * n, (_back(ctx, part),) * n
        )
    if part == "fan-zone":
        fronts = tuple(
            fan_zone.front(ctx, colour) for colour in ctx.game.player_colours[: counts[part]]
        )
        return Deck(part, titles[part], ctx.size(part), fronts, (_back(ctx, part),) * len(fronts))
    if part == "tokens":
        buses = counts.get("bus-token", counts.get("travel-marker", 0))
        page = tokens.sheet(
            ctx,
            counts.get("playoff-ticket", 0),
            buses,
            counts.get("fan-marker", 0),
            settings.margin,
        )
        return Pages(part, ctx.tr.text(N_("Tokens")), (page,))
    if part == "scoring-board":
        size, draw = scoring_board.board(ctx)
        label = ctx.tr.text(N_("Tile {column}-{row}"))
        pages = tiled_pages(
            size, draw, partial(_tile_label, label), settings.paper, settings.margin
        )
        return Pages(part, titles[part], pages)
    if part == "calibration":
        return Pages(part, ctx.tr.text(N_("Calibration")), calibration.pages(ctx))
    raise KeyError(part)


def _back(ctx: PrintContext, component: str) -> Draw:
    return hockey_player.back(ctx, component, large=ctx.size(component).height > 100)


def _sides(ctx: PrintContext) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Player counts on each side of the tiebreaker card: one per distinct medal order."""
    groups: dict[tuple[object, ...], list[int]] = {}
    for players, order in sorted(ctx.game.priorities.items()):
        groups.setdefault(order, []).append(players)
    sides = [tuple(v) for v in groups.values()]
    return sides[0], sides[-1]


def _tile_label(pattern: str, column: int, row: int) -> str:
    return pattern.format(column=column + 1, row=row + 1)
