"""Playing a sweep: every variant's games on a pool of workers, each finished variant cached.

Every variant plays the base's seeds (common random numbers): game n of a
variant and game n of the base deal alike as far as the data allows, so
their difference is the variant's effect and little else. The work is cut
into tasks of a variant and a few seeds, spread over the pool's workers
(`generator.pools.workers`: a Dask cluster for a sweep). As soon as a
variant's last task is in, its figures are written to the cache
(`generator.play.sweeps.cache`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.errors import DraftdeckError
from generator.play.compare import by_figure
from generator.play.simulation import Prepared, play_figures, seed_chunks
from generator.play.sweeps.cache import Figures, write_entry
from generator.plugins.simulation import SimulationSettings

SWEEP_CHUNK = 25
"""Games a task plays."""


class WorkersLost(DraftdeckError):
    """The pool lost its workers before every variant was played."""


@dataclass(frozen=True)
class Played:
    """A variant's games, as each game's figures in seed order."""

    name: str
    digest: str
    figures: Figures
    cached: bool = False
    """It came from the cache rather than from playing."""


@dataclass(frozen=True)
class Pending:
    """A variant still to play: its name, data hash, prepared games and cache file."""

    name: str
    digest: str
    table: Prepared
    entry: Path


def play_variants(
    variants: Sequence[Pending],
    settings: SimulationSettings,
    pool: Callable[[Any, int], Any],
    progress: Callable[[int], None] | None = None,
) -> list[Played]:
    """Every variant's figures, played on `pool(state, tasks)` (a context manager giving a
    pool of workers that hold `state`); each is cached as soon as its games are in. If the
    pool loses its workers, the variants already finished stay cached and WorkersLost says
    how many."""
    if not variants:
        return []
    chunks = seed_chunks(settings, SWEEP_CHUNK)
    tasks = [(slot, chunk) for slot in range(len(variants)) for chunk in chunks]
    parts: list[dict[int, list[dict[str, float]]]] = [{} for _ in variants]
    found: dict[int, Played] = {}
    tables = [v.table for v in variants]
    with pool(tables, len(tasks)) as workers:
        futures = [workers.submit(play_task, task) for task in tasks]
        number = {f: t for t, f in enumerate(futures)}
        try:
            for done in workers.completed(futures):
                slot, chunk = tasks[number[done]]
                parts[slot][chunk.start] = done.result()
                if progress:
                    progress(len(chunk))
                if len(parts[slot]) == len(chunks):
                    variant = variants[slot]
                    games = [g for start in sorted(parts[slot]) for g in parts[slot][start]]
                    figures = by_figure(games)
                    write_entry(variant.entry, variant.name, variant.digest, figures)
                    found[slot] = Played(variant.name, variant.digest, figures)
        except DraftdeckError:
            raise
        except Exception as error:  # the cluster's own errors: a lost worker, a cancelled task
            if type(error).__module__.split(".")[0] not in ("distributed", "concurrent"):
                raise
            lost = "Cancelled" in type(error).__name__  # the cluster gave up the tasks
            why = "the cluster lost them" if lost else f"{type(error).__name__}: {error}"
            raise WorkersLost(
                f"the workers stopped before the sweep was done ({why}); {len(found)} of "
                f"{len(variants)} variant(s) finished and are cached: run the sweep again to "
                "play the rest"
            ) from None
    return [found[slot] for slot in range(len(variants))]


def play_task(tables: list[Prepared], task: tuple[int, range]) -> list[dict[str, float]]:
    """The figures of one task's games (in a worker)."""
    slot, seeds = task
    return play_figures(tables[slot], seeds)
