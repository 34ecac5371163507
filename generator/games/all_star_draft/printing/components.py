"""Which printable components an edition has, built from its component list."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from generator.i18n.ui import N_
from generator.printing.geometry import PrintSettings
from generator.printing.sheets import Deck, Pages, tiled_pages

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

TOKEN_PARTS = {"playoff-ticket", "bus-token", "travel-marker", "fan-marker"}


@dataclass(frozen=True)
class Printable:
    """What one edition prints in one language, and what it leaves out."""

    parts: tuple[Deck | Pages, ...]
    warnings: tuple[str, ...]


def printable(ctx: PrintContext, settings: PrintSettings) -> Printable:
    """Every printable component of the edition, in box order, then the calibration sheet."""
    parts: list[Deck | Pages] = []
    warnings: list[str] = []
    counts = {c.id: c.count for c in ctx.edition.components}
    title = {c.id: ctx.tr.name("components", c.name) for c in ctx.edition.components}
    tokens_done = False
    for component in ctx.edition.components:
        cid = component.id
        if cid == "hockey-player":
            fronts = tuple(hockey_player.front(ctx, card) for card in ctx.game.cards)
            parts.append(
                Deck(
                    cid, title[cid], ctx.size(cid), fronts, (hockey_player.back(ctx),) * len(fronts)
                )
            )
        elif cid == "arena":
            fronts = tuple(arena.front(ctx, a) for a in ctx.edition.arenas)
            back = hockey_player.back(ctx, cid, large=_large(ctx, cid))
            parts.append(Deck(cid, title[cid], ctx.size(cid), fronts, (back,) * len(fronts)))
        elif cid == "tiebreaker":
            low, high = _sides(ctx)
            n = counts[cid]
            parts.append(
                Deck(
                    cid,
                    title[cid],
                    ctx.size(cid),
                    (tiebreaker.side(ctx, low),) * n,
                    (tiebreaker.side(ctx, high),) * n,
                )
            )
        elif cid in ("bus-station", "playoff-points"):
            module = bus_station if cid == "bus-station" else playoff_points
            n = counts[cid]
            back = hockey_player.back(ctx, cid, large=_large(ctx, cid))
            parts.append(
                Deck(cid, title[cid], ctx.size(cid), (module.front(ctx),) * n, (back,) * n)
            )
        elif cid == "fan-zone":
            colours = ctx.game.player_colours[: counts[cid]]
            fronts = tuple(fan_zone.front(ctx, colour) for colour in colours)
            back = hockey_player.back(ctx, cid, large=_large(ctx, cid))
            parts.append(Deck(cid, title[cid], ctx.size(cid), fronts, (back,) * len(fronts)))
        elif cid in TOKEN_PARTS:
            if not tokens_done:
                tokens_done = True
                page = tokens.sheet(
                    ctx,
                    counts.get("playoff-ticket", 0),
                    counts.get("bus-token", counts.get("travel-marker", 0)),
                    counts.get("fan-marker", 0),
                    settings.margin,
                )
                parts.append(Pages("tokens", ctx.tr.text(N_("Tokens")), (page,)))
        elif cid == "scoring-board":
            size, draw = scoring_board.board(ctx)
            label = ctx.tr.text(N_("Tile {column}-{row}"))
            pages = tiled_pages(
                size, draw, partial(_tile_label, label), settings.paper, settings.margin
            )
            parts.append(Pages(cid, title[cid], pages))
        elif cid == "coach":
            unknown = [c.id for c in ctx.edition.coaches if c.ability is None]
            if unknown:
                warnings.append(
                    f"{ctx.edition.id}: coach cards left out: the abilities of {len(unknown)} coaches are not known"
                )
        else:
            warnings.append(f"{ctx.edition.id}: '{cid}' has no printable layout and is left out")
    parts.append(Pages("calibration", ctx.tr.text(N_("Calibration")), calibration.pages(ctx)))
    return Printable(tuple(parts), tuple(warnings))


def _large(ctx: PrintContext, component: str) -> bool:
    size = ctx.size(component)
    return size.height > 100


def _sides(ctx: PrintContext) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Player counts on each side of the tiebreaker card: one per distinct medal order."""
    groups: dict[tuple[object, ...], list[int]] = {}
    for players, order in sorted(ctx.game.priorities.items()):
        groups.setdefault(order, []).append(players)
    sides = [tuple(v) for v in groups.values()]
    return sides[0], sides[-1]


def _tile_label(pattern: str, column: int, row: int) -> str:
    return pattern.format(column=column + 1, row=row + 1)
