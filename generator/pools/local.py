"""Local worker processes holding the state the parent loaded.

The pool is the standard library's `ProcessPoolExecutor`. Where fork is
safe (Linux, the BSDs) the workers are forked and inherit the state (the
model, fonts, catalogs); elsewhere (macOS, Windows) they are spawned and
each receives the state pickled once, then loads what it needs itself. A
state that cannot be pickled is worked on in this process, one piece after
another: slower, never different. Each worker watches its parent
(`generator.core.lifetime`); a pool that stops on an error or an
interruption terminates its workers at once rather than wait for their
tasks.
"""

from __future__ import annotations

import copyreg
import multiprocessing
import os
import pickle
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from functools import partial
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from generator.core.errors import DraftdeckError
from generator.core.lifetime import Noted, signals_noted, watch_parent

T = TypeVar("T")
R = TypeVar("R")
S = TypeVar("S")

LOOK_EVERY = 0.1
"""Seconds between two looks for a signal noted while waiting for the workers."""
MANAGER_ENDS = 10.0
"""Seconds a stopped pool's manager thread is given to end (it ends in milliseconds)."""
_STATE: Any = None
"""In a worker: the state the parent handed to the pool."""


class WorkerDied(DraftdeckError):
    """A worker process ended without sending its result (killed, or out of memory)."""

    def __init__(self) -> None:
        super().__init__(
            "a worker process ended early; it was stopped from outside, "
            "often for lack of memory: run the command again, or with --jobs 1"
        )


class Workers(Generic[S]):
    """Local worker processes that inherited one state (or this process alone)."""

    def __init__(
        self, state: S, pool: ProcessPoolExecutor | None, size: int, noted: Noted | None = None
    ) -> None:
        self.state, self._pool, self.size = state, pool, size
        self._noted = noted or Noted()

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
        pending = set(waiting)
        while pending:
            done, pending = wait(pending, timeout=LOOK_EVERY, return_when=FIRST_COMPLETED)
            self._noted.check()
            for future in done:
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
        from generator.pools import run_all

        return run_all(self, function, list(items), (lambda _: progress()) if progress else None)

    def stop(self) -> None:
        """End every worker now: their tasks are not waited for."""
        if self._pool is None:
            return
        # SIGKILL, not SIGTERM: a worker forked a moment ago may not have reset the parent's
        # SIGTERM handler yet, and would print its traceback; its work is dropped either way.
        for process in list(getattr(self._pool, "_processes", {}).values()):
            process.kill()  # the standard library gains kill_workers() in 3.14
        # The pool's manager thread closes its wake-up pipe as it ends; until 3.12 the
        # interpreter's exit hook may write to that pipe at the same moment and print an
        # OSError (Bad file descriptor). Waiting for the thread here closes the race (the
        # pool forgets the thread when shut down, so it is taken first).
        manager = getattr(self._pool, "_executor_manager_thread", None)
        self._pool.shutdown(wait=False, cancel_futures=True)
        if manager is not None:
            manager.join(timeout=MANAGER_ENDS)


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


def _receive(state: Any, parent: int) -> None:
    global _STATE  # noqa: PLW0603 - a worker's one piece of inherited state
    _STATE = state
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides; Ctrl-C reaches both
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, forked with it
    watch_parent(parent)


def _call(function: Callable[[Any, Any], Any], item: Any) -> Any:
    return function(_STATE, item)


def can_fork() -> bool:
    """Whether worker processes can safely inherit this one (Linux and the BSDs, not macOS)."""
    return sys.platform != "win32" and sys.platform != "darwin" and hasattr(os, "fork")


def start_method() -> str:
    """How worker processes start here: forked, or spawned where fork is unsafe."""
    return "fork" if can_fork() else "spawn"


def _read_only(contents: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    """A read-only mapping made again in the process that receives it."""
    return MappingProxyType(contents)


def _send_read_only(proxy: MappingProxyType[Any, Any]) -> tuple[Any, tuple[dict[Any, Any]]]:
    """How pickle sends a read-only mapping: as its contents."""
    return _read_only, (dict(proxy),)


def sendable(state: Any) -> bool:
    """Whether `state` can be sent to a spawned worker (read-only mappings, which models
    use, are sent as their contents)."""
    copyreg.pickle(MappingProxyType, _send_read_only)
    try:
        pickle.dumps(state)
    except Exception:  # any object pickle refuses (a lock, an open file, a lambda...)
        return False
    return True


@contextmanager
def local_workers(state: S, size: int) -> Iterator[Workers[S]]:
    """`size` worker processes started now with `state` (this process alone for a size of 1,
    or for a state that must be spawned and cannot be pickled)."""
    method = start_method()
    if size <= 1 or (method == "spawn" and not sendable(state)):
        yield Workers(state, None, 1)
        return
    sys.stdout.flush()  # so that no worker writes the parent's buffered output again
    sys.stderr.flush()
    context = multiprocessing.get_context(method)
    with signals_noted() as noted:
        pool = ProcessPoolExecutor(
            size, mp_context=context, initializer=_receive, initargs=(state, os.getpid())
        )
        local = Workers(state, pool, size, noted)
        try:
            yield local
        except BaseException:
            local.stop()
            raise
        pool.shutdown(wait=True)
