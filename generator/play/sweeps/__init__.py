"""Sweeps: many variants of a game's data, each played against the base with the same seeds.

`run_sweep` reads a sweep file, checks every variant's data as `validate`
would, plays what the cache does not hold on a pool of workers (a Dask
cluster), and writes the report (JSON and PDF) below the output folder.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.errors import ScenarioError
from generator.output.atomic import write_atomic
from generator.play.runs import Written
from generator.play.simulation import figures, play_game, play_settings, rate_figures
from generator.play.sweeps.cache import cache_key, code_digest, read_entry
from generator.play.sweeps.edits import EditMade, base_data, variant_data
from generator.play.sweeps.report import gist, sweep_document, sweep_report
from generator.play.sweeps.run import Pending, Played, play_variants
from generator.play.sweeps.setup import game_of, table_of
from generator.play.sweeps.spec import SweepSpec, read_sweep

__all__ = ["Sweep", "plan_sweep", "read_sweep", "run_sweep"]

Pool = Callable[[Any, int], Any]
"""`pool(state, tasks)`: a context manager giving workers that hold `state`."""


@dataclass(frozen=True)
class Sweep:
    """A sweep checked and ready to play: what the cache holds and what is left."""

    spec: SweepSpec
    source: Path
    folder: Path
    """Where its report and cache go."""
    cached: dict[int, Played]
    pending: list[tuple[int, Pending]]
    names: tuple[str, ...]
    """Every variant's name, the base first."""
    edits: tuple[tuple[EditMade, ...], ...]
    rates: frozenset[str]


def plan_sweep(spec: SweepSpec, source: Path, data: Path, out: Path, fresh: bool = False) -> Sweep:
    """Check every variant's data and settings of the sweep file read from `source`, and see
    what the cache at <out>/<game>/sweep/cache holds (nothing with `fresh`)."""
    root = game_of(spec, data)
    base = base_data(spec, root)
    base_table = table_of(spec, base.loaded)
    names = figures(base_table, play_game(base_table, spec.settings.seed))
    if spec.goal is not None and (problem := spec.goal.unknown(names)):
        shown = ", ".join(sorted({n.split(", ")[0] for n in names}))
        raise ScenarioError(
            spec.document.diagnostic(("goal",), problem, hint=f"the game's figures: {shown}")
        )
    variants = [base, *(variant_data(spec, root, v) for v in spec.variants)]
    plugin = base.loaded.plugin
    code = code_digest(type(plugin).__module__ if plugin is not None else "generator")
    folder = out / base.loaded.pack.id / "sweep"
    cached: dict[int, Played] = {}
    pending: list[tuple[int, Pending]] = []
    for n, variant in enumerate(variants):
        entry = folder / "cache" / f"{cache_key(variant.digest, spec.settings, code)}.json"
        found = None if fresh else read_entry(entry, spec.settings.games, names)
        if found is not None:
            cached[n] = Played(variant.name, variant.digest, found, cached=True)
        else:
            table = base_table if n == 0 else table_of(spec, variant.loaded)
            pending.append((n, Pending(variant.name, variant.digest, table, entry)))
    return Sweep(
        spec,
        source,
        folder,
        cached,
        pending,
        tuple(v.name for v in variants),
        tuple(v.edits for v in variants),
        rate_figures(base_table),
    )


def run_sweep(sweep: Sweep, pool: Pool, progress: Callable[[int], None] | None = None) -> Written:
    """Play what is left of the sweep on `pool` and write <folder>/<file>.json and .pdf."""
    from generator.documents.pdf import to_pdf

    played = play_variants([p for _, p in sweep.pending], sweep.spec.settings, pool, progress)
    found = sweep.cached | {n: p for (n, _), p in zip(sweep.pending, played, strict=True)}
    settings = sweep.spec.settings
    report = sweep_report(
        sweep.spec.game,
        sweep.source.name,
        play_settings(settings),
        found[0],
        [(found[n], sweep.edits[n]) for n in range(1, len(sweep.names))],
        sweep.rates,
        sweep.spec.goal,
    )
    stem = sweep.source.stem
    pdf, _ = to_pdf(sweep_document(report), "draftdeck")
    paths = (sweep.folder / f"{stem}.json", sweep.folder / f"{stem}.pdf")
    write_atomic(paths[1], pdf)
    write_atomic(paths[0], (json.dumps(report, indent=2) + "\n").encode())
    return Written(paths, gist(report))
