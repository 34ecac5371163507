"""Map a function over items in forked worker processes, sharing what the parent loaded."""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

SHARED: dict[str, Any] = {}
"""State the parent puts here before mapping; forked workers inherit it."""


def workers_for(items: int, jobs: int = 0) -> int:
    """How many processes to use: `jobs`, or one per core (0), never more than items."""
    return max(1, min(items, jobs or os.cpu_count() or 1))


def can_fork() -> bool:
    """Whether worker processes can inherit the parent's memory."""
    return "fork" in multiprocessing.get_all_start_methods()


def fork_map(
    function: Callable[[T], R],
    items: Iterable[T],
    jobs: int = 0,
    progress: Callable[[], None] | None = None,
) -> list[R]:
    """`[function(item) for item in items]`, in forked processes when that can help.

    `progress` is called in the parent as each result arrives, in order.
    """
    work = list(items)
    workers = workers_for(len(work), jobs)
    results: list[R] = []
    if workers <= 1 or not can_fork():
        for item in work:
            results.append(function(item))
            if progress:
                progress()
        return results
    gc.freeze()  # the workers inherit the parent's objects; the collector leaves those pages alone
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        for result in pool.map(function, work):
            results.append(result)
            if progress:
                progress()
    return results
