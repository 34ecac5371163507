"""Map a function over items in forked worker processes, sharing what the parent loaded."""

from __future__ import annotations

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


def fork_map(function: Callable[[T], R], items: Iterable[T], jobs: int = 0) -> list[R]:
    """`[function(item) for item in items]`, in forked processes when that can help."""
    work = list(items)
    workers = workers_for(len(work), jobs)
    if workers <= 1 or not can_fork():
        return [function(item) for item in work]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        return list(pool.map(function, work))
