"""Pools of worker processes that end with the command: this machine's cores or a Dask cluster,
behind one concurrent.futures-style interface (used by the build and by the play layer).

`workers(state, size, scheduler)` gives a pool whose every task is
`function(state, item)`: local processes forked with the state
(`generator.pools.local`), or the workers of a Dask cluster that received it
once (`generator.pools.dask`). No worker outlives the command
(`generator.core.lifetime`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from generator.core.lifetime import Stopped, stopping_on_signals
from generator.pools.local import WorkerDied, can_fork, local_workers

T = TypeVar("T")
R = TypeVar("R")
S = TypeVar("S")

__all__ = [
    "Pool",
    "Stopped",
    "WorkerDied",
    "can_fork",
    "parallel_map",
    "run_all",
    "stopping_on_signals",
    "workers",
    "workers_for",
]


def workers_for(items: int, jobs: int = 0) -> int:
    """How many processes to use: `jobs`, or one per core (0), never more than items."""
    return max(1, min(items, jobs or os.cpu_count() or 1))


class Pool(Protocol):
    """Workers that hold one state and run `function(state, item)` for item after item."""

    size: int

    def submit(self, function: Callable[[Any, T], R], item: T) -> Future[R]:
        """Start one piece of work."""

    def completed(self, futures: Iterable[Future[R]]) -> Iterator[Future[R]]:
        """The futures as they finish."""


def parallel_map(
    function: Callable[[S, T], R],
    state: S,
    items: Iterable[T],
    jobs: int = 0,
    progress: Callable[[], None] | None = None,
) -> list[R]:
    """`[function(state, item) for item in items]`, in worker processes when that can help.

    `state` reaches the workers by inheritance, never pickled; each item and
    result is. `progress` is called in this process for each result. An
    exception in a worker is raised here, with the worker's traceback as its
    cause; a worker that dies raises `WorkerDied`.
    """
    work = list(items)
    with workers(state, workers_for(len(work), jobs)) as pool:
        return run_all(pool, function, work, (lambda _: progress()) if progress else None)


def run_all(
    pool: Pool,
    function: Callable[[Any, T], R],
    items: list[T],
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """`[function(state, item) for item in items]` on the pool, in order; `progress` is called
    with each item's index as its piece finishes."""
    futures = [pool.submit(function, item) for item in items]
    index = {future: n for n, future in enumerate(futures)}
    for done in pool.completed(futures):
        if progress:
            progress(index[done])
    return [future.result() for future in futures]


@contextmanager
def workers(state: S, size: int, scheduler: str | None = None) -> Iterator[Any]:
    """A pool of `size` workers holding `state`: started now on this machine
    (`generator.pools.local`: forked, or spawned where fork is unsafe; this process alone
    where size is 1), or on the Dask cluster at `scheduler`, or a cluster of this machine's
    processes started for it (`scheduler` 'local')."""
    if scheduler is not None:
        from generator.pools.dask import dask_workers

        with dask_workers(state, size, scheduler) as cluster:
            yield cluster
        return
    with local_workers(state, size) as local:
        yield local
