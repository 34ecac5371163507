"""A sweep's report: each variant against the base, figure by figure, game by game.

Every figure of every variant is compared with the base's on the same games
(`balance.paired_change`): the change with its 95% interval and p-value.
A sweep compares many figures of many variants, so a change is called
significant when its Benjamini-Hochberg q-value over all of them is below
0.05. Variants are ranked by how far their figures moved: by the largest
change, in standard errors, of any figure; and for each figure the variants
are listed by how far it moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.balance import SIGNIFICANT, Z_95, mean_interval, paired_change, q_values
from generator.documents.model import BarChart, Block, Heading, Paragraph, Table, TextDocument
from generator.sweeps.edits import VariantData
from generator.sweeps.run import Played

SAME_EVERY_GAME = 999.0
"""The move of a figure that changed by the same amount in every game (no spread)."""
CHARTED = 24
"""Variants a figure's chart shows at most (the largest moves)."""


def sweep_report(
    game: str,
    source: str,
    settings: dict[str, Any],
    base: Played,
    variants: Sequence[tuple[VariantData, Played]],
) -> dict[str, Any]:
    """Everything the report shows, as plain JSON data."""
    changes = [
        {
            "variant": data.name,
            "figure": figure,
            **paired_change(base.figures[figure], played.figures[figure]),
        }
        for data, played in variants
        for figure in base.figures
    ]
    order = sorted(range(len(changes)), key=lambda i: changes[i]["p_value"])
    for i, q in zip(order, q_values([changes[i]["p_value"] for i in order]), strict=True):
        changes[i]["q_value"] = round(q, 6)
        changes[i]["significant"] = q < SIGNIFICANT
    entries: list[dict[str, Any]] = []
    for data, played in variants:
        mine = {c["figure"]: _figure(c) for c in changes if c["variant"] == data.name}
        entries.append(
            {
                "name": data.name,
                "data": data.digest,
                "cached": played.cached,
                "edits": list(data.edits),
                "moved": max((_moved(c) for c in mine.values()), default=0.0),
                "figures": mine,
            }
        )
    entries.sort(key=lambda e: -e["moved"])
    return {
        "game": game,
        "sweep": source,
        "settings": settings,
        "base": {
            "data": base.digest,
            "figures": {name: mean_interval(values) for name, values in base.figures.items()},
        },
        "variants": entries,
        "by_figure": {
            figure: sorted(
                ({"variant": c["variant"], **_figure(c)} for c in changes if c["figure"] == figure),
                key=lambda c: -abs(c["change"]),
            )
            for figure in base.figures
        },
    }


def _figure(change: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in change.items() if k not in ("variant", "figure")}


def _moved(change: dict[str, Any]) -> float:
    """How far a figure moved, in standard errors of its change."""
    low, high = change["ci95"]
    error = (high - low) / (2 * Z_95)
    if error == 0:
        return 0.0 if change["change"] == 0 else SAME_EVERY_GAME
    return float(min(SAME_EVERY_GAME, round(abs(change["change"]) / error, 2)))


def sweep_document(report: dict[str, Any]) -> TextDocument:
    """The report with its charts (for the game's designers, in English)."""
    settings = report["settings"]
    blocks: list[Block] = [
        Paragraph(
            f"{report['game']}: {len(report['variants'])} variants of the data, each played "
            f"{settings['games']} times with the seeds the base plays ({settings['seeds'][0]} "
            f"to {settings['seeds'][1]}), {settings['players']} players, bots by seat: "
            f"{', '.join(settings['bots'])}. A change is each game's figure minus the same "
            "game's in the base, averaged, with its 95% interval; it is significant when its "
            "q-value (Benjamini-Hochberg, over every figure of every variant) is below 0.05."
        ),
        Heading("Variants, the largest moves first"),
        Table(
            "Each variant's largest change, in standard errors",
            ("Variant", "Edits", "Largest move", "Significant changes"),
            tuple(
                (
                    v["name"],
                    "; ".join(
                        f"{e['path']}: {_value(e['before'])} to {_value(e['after'])}"
                        for e in v["edits"]
                    ),
                    f"{v['moved']:.1f}",
                    str(sum(f["significant"] for f in v["figures"].values())),
                )
                for v in report["variants"]
            ),
        ),
    ]
    for figure, moves in report["by_figure"].items():
        base = report["base"]["figures"][figure]
        shown = moves[:CHARTED]
        blocks += [
            Heading(figure),
            Paragraph(f"Base: {_number(base['mean'])} ({_interval(base['ci95'])})."),
            Table(
                f"{figure}: change from the base",
                ("Variant", "Value", "Change (95% interval)", "q"),
                tuple(
                    (
                        m["variant"],
                        _number(m["after"]),
                        f"{_signed(m['change'])} ({_interval(m['ci95'])})"
                        + (" *" if m["significant"] else ""),
                        f"{m['q_value']:.3f}",
                    )
                    for m in moves
                ),
            ),
            BarChart(
                f"{figure}: change from the base",
                tuple(m["variant"] for m in shown),
                (("change", tuple(m["change"] for m in shown)),),
                height=45,
            ),
        ]
    return TextDocument(f"Sweep: {report['sweep']}", "en", tuple(blocks))


def gist(report: dict[str, Any], shown: int = 5) -> str:
    """The terminal's lines: the variants that moved most, and what moved."""
    lines = [f"{len(report['variants'])} variants, {report['settings']['games']} games each"]
    for variant in report["variants"][:shown]:
        significant = [
            f"{name} {_signed(f['change'])}"
            for name, f in variant["figures"].items()
            if f["significant"]
        ]
        lines.append(
            f"  {variant['name']}: "
            + ("; ".join(significant[:3]) if significant else "no significant change")
        )
    return "\n".join(lines)


def _value(value: Any) -> str:
    """A data value as the designer wrote it (none for a value left out)."""
    return (
        "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    )


def _number(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _signed(value: float) -> str:
    return ("+" if value > 0 else "") + _number(value)


def _interval(bounds: list[float]) -> str:
    return f"{_number(bounds[0])} to {_number(bounds[1])}"
