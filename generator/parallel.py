"""Independent pieces of work on several cores, or on a Dask cluster: one interface for both.

`workers(state, size, scheduler)` gives a pool whose every task is
`function(state, item)`. Locally the pool is the standard library's
`ProcessPoolExecutor`, started with `fork` so that the workers inherit the
state the parent loaded (the model, fonts, catalogs) instead of receiving
it pickled; where fork is missing or unsafe (Windows, macOS), the work runs
in this process, one piece after another: slower, never different. With a
Dask scheduler (`generator.cluster`), the state is sent to each worker once.

No worker outlives the command that started it: each local worker watches
its parent and ends when the parent is gone, however the parent ended
(killed, SIGTERM, a closed terminal); a pool that stops on an error or an
interruption terminates its workers at once rather than wait for their
tasks.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from functools import partial
from typing import Any, Generic, Protocol, TypeVar

from generator.errors import DraftdeckError

T = TypeVar("T")
R = TypeVar("R")
S = TypeVar("S")

_STATE: Any = None
"""In a worker: the state the parent handed to the pool."""
WATCH_INTERVAL = 0.5
"""Seconds between two looks of a worker at its parent."""


class WorkerDied(DraftdeckError):
    """A worker process ended without sending its result (killed, or out of memory)."""

    def __init__(self) -> None:
        super().__init__(
            "a worker process ended early; it was stopped from outside, "
            "often for lack of memory: run the command again, or with --jobs 1"
        )


class Stopped(KeyboardInterrupt):
    """The command was asked to stop (Ctrl-C, SIGINT or SIGTERM)."""


def workers_for(items: int, jobs: int = 0) -> int:
    """How many processes to use: `jobs`, or one per core (0), never more than items."""
    return max(1, min(items, jobs or os.cpu_count() or 1))


def can_fork() -> bool:
    """Whether worker processes can safely inherit this one (Linux and the BSDs, not macOS)."""
    return sys.platform != "win32" and sys.platform != "darwin" and hasattr(os, "fork")


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
    index = {id(future): n for n, future in enumerate(futures)}
    for done in pool.completed(futures):
        if progress:
            progress(index[id(done)])
    return [future.result() for future in futures]


class Workers(Generic[S]):
    """Local worker processes that inherited one state (or this process alone)."""

    def __init__(self, state: S, pool: ProcessPoolExecutor | None, size: int) -> None:
        self.state, self._pool, self.size = state, pool, size

    def submit(self, function: Callable[[S, T], R], item: T) -> Future[R]:
        """Start one piece of work (without workers: when its result is first wanted)."""
        if self._pool is None:
            return _Deferred(partial(function, self.state, item))
        return self._pool.submit(partial(_call, function), item)

    def completed(self, futures: Iterable[Future[R]]) -> Iterator[Future[R]]:
        """The futures as they finish; a worker that died is reported as WorkerDied."""
        waiting = list(futures)
        if self._pool is None:
            for future in waiting:
                if isinstance(future, _Deferred):
                    future.run()
                yield future
            return
        for future in as_completed(waiting):
            if isinstance(future.exception(), BrokenProcessPool):
                raise WorkerDied() from None
            yield future

    def map(
        self,
        function: Callable[[S, T], R],
        items: Iterable[T],
        progress: Callable[[], None] | None = None,
    ) -> list[R]:
        """`[function(state, item) for item in items]`; see `parallel_map`."""
        return run_all(self, function, list(items), (lambda _: progress()) if progress else None)

    def stop(self) -> None:
        """End every worker now: their tasks are not waited for."""
        if self._pool is None:
            return
        for process in list(getattr(self._pool, "_processes", {}).values()):
            process.terminate()  # the standard library gains terminate_workers() in 3.14
        self._pool.shutdown(wait=False, cancel_futures=True)


class _Deferred(Future[R]):
    """A piece of work for this process, run when its result is first wanted."""

    def __init__(self, call: Callable[[], R]) -> None:
        super().__init__()
        self._call: Callable[[], R] | None = call

    def run(self) -> None:
        """Do the work, once."""
        call, self._call = self._call, None
        if call is None:
            return
        try:
            self.set_result(call())
        except Exception as error:
            self.set_exception(error)

    def result(self, timeout: float | None = None) -> R:
        """The result, working it out first if need be."""
        self.run()
        return super().result(timeout)

    def exception(self, timeout: float | None = None) -> BaseException | None:
        """The exception, working it out first if need be."""
        self.run()
        return super().exception(timeout)


@contextmanager
def workers(state: S, size: int, scheduler: str | None = None) -> Iterator[Any]:
    """A pool of `size` workers holding `state`: forked now on this machine (this process
    alone where size is 1 or fork is unsafe), or on the Dask cluster at `scheduler`, or a
    cluster of this machine's processes started for it (`scheduler` 'local')."""
    if scheduler is not None:
        from generator.cluster import dask_workers

        with dask_workers(state, size, scheduler) as cluster:
            yield cluster
        return
    if size <= 1 or not can_fork():
        yield Workers(state, None, 1)
        return
    sys.stdout.flush()  # so that no worker writes the parent's buffered output again
    sys.stderr.flush()
    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(
        size, mp_context=context, initializer=_receive, initargs=(state, os.getpid())
    )
    local = Workers(state, pool, size)
    try:
        yield local
    except BaseException:
        local.stop()
        raise
    pool.shutdown(wait=True)


@contextmanager
def stopping_on_signals() -> Iterator[None]:
    """Turn SIGTERM (and SIGINT, as always) into `Stopped` in this process for the block, so
    that the pools unwind and terminate their workers; the default handlers come back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise Stopped(signal.Signals(signum).name)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def watch_parent(parent: int, direct: bool = True) -> None:
    """End this process as soon as process `parent` is gone, whatever ended it.

    A thread looks every WATCH_INTERVAL seconds (a direct child sees its parent
    change; otherwise the parent's process must be gone or another process);
    on Linux a direct child also asks the kernel to kill it with its parent.
    """
    if direct and sys.platform.startswith("linux"):
        _die_with_parent()
    if direct:

        def gone() -> bool:
            return os.getppid() != parent

    else:
        import psutil

        try:
            started = psutil.Process(parent).create_time()
        except psutil.Error:
            os._exit(1)

        def gone() -> bool:
            try:
                return bool(psutil.Process(parent).create_time() != started)
            except psutil.Error:
                return True

    def look() -> None:
        while not gone():
            time.sleep(WATCH_INTERVAL)
        os._exit(1)  # nothing to save: the work was for a parent that is gone

    threading.Thread(target=look, name="draftdeck-parent-watch", daemon=True).start()


def _die_with_parent() -> None:
    """Ask Linux to send SIGKILL to this process when its parent dies (PR_SET_PDEATHSIG)."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # the watching thread still ends the worker


def _receive(state: Any, parent: int) -> None:
    global _STATE  # noqa: PLW0603 - a worker's one piece of inherited state
    _STATE = state
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides; Ctrl-C reaches both
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, forked with it
    watch_parent(parent)


def _call(function: Callable[[Any, Any], Any], item: Any) -> Any:
    return function(_STATE, item)
