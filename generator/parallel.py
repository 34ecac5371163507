"""Run independent pieces of work in worker processes, where that is safe.

Workers come from the standard library's `ProcessPoolExecutor`, started with
`fork` so that they inherit what the parent loaded (the model, fonts,
catalogs). Where fork is missing or unsafe (Windows, macOS), the work runs in
this process, one piece after another: slower, never different.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from functools import partial
from typing import Any, Generic, TypeVar

from generator.errors import DraftdeckError

T = TypeVar("T")
R = TypeVar("R")
S = TypeVar("S")

_STATE: Any = None
"""In a worker: the state the parent handed to `parallel_map`."""


class WorkerDied(DraftdeckError):
    """A worker process ended without sending its result (killed, or out of memory)."""

    def __init__(self) -> None:
        super().__init__(
            "a worker process ended early; it was stopped from outside, "
            "often for lack of memory: run the command again, or with --jobs 1"
        )


def workers_for(items: int, jobs: int = 0) -> int:
    """How many processes to use: `jobs`, or one per core (0), never more than items."""
    return max(1, min(items, jobs or os.cpu_count() or 1))


def can_fork() -> bool:
    """Whether worker processes can safely inherit this one (Linux and the BSDs, not macOS)."""
    return sys.platform != "win32" and sys.platform != "darwin" and hasattr(os, "fork")


def parallel_map(
    function: Callable[[S, T], R],
    state: S,
    items: Iterable[T],
    jobs: int = 0,
    progress: Callable[[], None] | None = None,
) -> list[R]:
    """`[function(state, item) for item in items]`, in worker processes when that can help.

    `state` reaches the workers by inheritance, never pickled; each item and
    result is. `progress` is called in this process for each result, in order.
    An exception in a worker is raised here, with the worker's traceback as
    its cause; a worker that dies raises `WorkerDied`.
    """
    work = list(items)
    with workers(state, workers_for(len(work), jobs)) as pool:
        return pool.map(function, work, progress)


class Workers(Generic[S]):
    """Worker processes that inherited one state, for one or more maps in a row."""

    def __init__(self, state: S, pool: ProcessPoolExecutor | None, size: int) -> None:
        self.state, self._pool, self.size = state, pool, size

    def map(
        self,
        function: Callable[[S, T], R],
        items: Iterable[T],
        progress: Callable[[], None] | None = None,
    ) -> list[R]:
        """`[function(state, item) for item in items]`; see `parallel_map`."""
        work = list(items)
        results = []
        if self._pool is None:
            for item in work:
                results.append(function(self.state, item))
                if progress:
                    progress()
            return results
        # Several items a task when there are many small ones; about eight tasks a worker.
        chunk = max(1, len(work) // (self.size * 8))
        try:
            for result in self._pool.map(partial(_call, function), work, chunksize=chunk):
                results.append(result)
                if progress:
                    progress()
        except BrokenProcessPool:
            raise WorkerDied() from None
        return results


@contextmanager
def workers(state: S, size: int) -> Iterator[Workers[S]]:
    """`size` worker processes forked now, inheriting `state`; this process alone where
    size is 1 or fork is unsafe."""
    if size <= 1 or not can_fork():
        yield Workers(state, None, 1)
        return
    sys.stdout.flush()  # so that no worker writes the parent's buffered output again
    sys.stderr.flush()
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(
        size, mp_context=context, initializer=_receive, initargs=(state,)
    ) as pool:
        try:
            yield Workers(state, pool, size)
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise


def _receive(state: Any) -> None:
    global _STATE  # noqa: PLW0603 - a worker's one piece of inherited state
    _STATE = state


def _call(function: Callable[[Any, Any], Any], item: Any) -> Any:
    return function(_STATE, item)
