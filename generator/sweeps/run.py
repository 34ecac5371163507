"""Playing a sweep: every variant's games on a pool of workers, each finished variant cached.

Every variant plays the base's seeds (common random numbers): game n of a
variant and game n of the base deal alike as far as the data allows, so
their difference is the variant's effect and little else. The work is cut
into tasks of a variant and a few seeds, spread over the pool's workers
(`generator.parallel.workers`: a Dask cluster for a sweep). As soon as a
variant's last task is in, its figures are written to the cache, named by
the hash of its data, the settings and draftdeck's version; a sweep run
again (after Ctrl-C, say) plays only what is not cached.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from generator.output.atomic import write_atomic
from generator.simulation import Simulation, SimulationSettings, seed_chunks
from generator.sweeps.edits import VariantData

SWEEP_CHUNK = 25
"""Games a task plays."""


@dataclass(frozen=True)
class Played:
    """A variant's games, as each game's figures in seed order."""

    name: str
    digest: str
    figures: dict[str, list[float]]
    cached: bool = False
    """It came from the cache rather than from playing."""


def cache_key(variant: VariantData, settings: SimulationSettings) -> str:
    """What a variant's figures depend on: its data, the settings and draftdeck's version."""
    recorded = asdict(settings) | {"jobs": None, "draftdeck": _version()}
    text = json.dumps([variant.digest, recorded], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def from_cache(
    variants: Sequence[VariantData], settings: SimulationSettings, cache: Path
) -> dict[int, Played]:
    """The variants (by number) whose figures the cache holds."""
    found = {}
    for n, variant in enumerate(variants):
        figures = _cached(cache / f"{cache_key(variant, settings)}.json", settings.games)
        if figures is not None:
            found[n] = Played(variant.name, variant.digest, figures, cached=True)
    return found


def play_variants(
    simulation: Simulation,
    variants: Sequence[VariantData],
    settings: SimulationSettings,
    cache: Path,
    pool: Callable[[Any, int], Any],
    progress: Callable[[int], None] | None = None,
) -> list[Played]:
    """Every variant's figures, played on `pool(state, tasks)` (a context manager giving a
    pool of workers that hold `state`); each is cached as soon as its games are in."""
    if not variants:
        return []
    states = [simulation.prepare(v.loaded.model, settings) for v in variants]
    chunks = seed_chunks(settings, SWEEP_CHUNK)
    tasks = [(slot, chunk) for slot in range(len(variants)) for chunk in chunks]
    parts: list[dict[int, list[dict[str, float]]]] = [{} for _ in variants]
    found: dict[int, Played] = {}
    with pool((simulation, states), len(tasks)) as workers:
        futures = [workers.submit(play_task, task) for task in tasks]
        number = {id(f): t for t, f in enumerate(futures)}
        for done in workers.completed(futures):
            slot, chunk = tasks[number[id(done)]]
            parts[slot][chunk.start] = done.result()
            if progress:
                progress(len(chunk))
            if len(parts[slot]) == len(chunks):
                games = [g for start in sorted(parts[slot]) for g in parts[slot][start]]
                variant = variants[slot]
                figures = _by_figure(games)
                _store(cache / f"{cache_key(variant, settings)}.json", variant, figures)
                found[slot] = Played(variant.name, variant.digest, figures)
    return [found[slot] for slot in range(len(variants))]


def play_task(
    state: tuple[Simulation, list[Any]], task: tuple[int, range]
) -> list[dict[str, float]]:
    """The figures of one task's games (in a worker)."""
    simulation, states = state
    slot, seeds = task
    prepared = states[slot]
    return [simulation.figures(prepared, game) for game in simulation.play(prepared, seeds)]


def _by_figure(games: list[dict[str, float]]) -> dict[str, list[float]]:
    return {name: [game[name] for game in games] for name in games[0]}


def _cached(path: Path, games: int) -> dict[str, list[float]] | None:
    """The figures cached at `path`, if it holds a whole variant's."""
    try:
        stored = json.loads(path.read_text("utf-8"))
        figures = stored["figures"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(figures, dict) or not all(
        isinstance(v, list) and len(v) == games for v in figures.values()
    ):
        return None
    return {str(k): [float(x) for x in v] for k, v in figures.items()}


def _store(path: Path, variant: VariantData, figures: dict[str, list[float]]) -> None:
    record = {"variant": variant.name, "data": variant.digest, "figures": figures}
    write_atomic(path, json.dumps(record).encode())


def _version() -> str:
    try:
        return version("draftdeck")
    except PackageNotFoundError:
        return "unknown"
