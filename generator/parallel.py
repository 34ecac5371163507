"""Run functions in forked worker processes that inherit what the parent loaded.

A worker is a plain `os.fork()` child that sends its results back, pickled,
through a pipe. For the few, large pieces of work here (three documents, two
simulation shares) this costs about 5 ms where a process pool, with its
imports, queues and manager thread, cost about 18 ms (measured for three
documents).
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar

from generator.errors import DraftdeckError

T = TypeVar("T")
R = TypeVar("R")

SHARED: dict[str, Any] = {}
"""State the parent puts here before mapping; forked workers inherit it."""

_HEADER = 8
"""Bytes of the length that goes before each pickled message."""


class WorkerDied(DraftdeckError):
    """A worker process ended without sending all its results (killed, or out of memory)."""

    def __init__(self, how: str) -> None:
        super().__init__(
            f"a worker process ended early ({how}); it was stopped from outside, "
            "often for lack of memory: run the command again"
        )


class RemoteTraceback(Exception):
    """The traceback of an exception raised in a worker, attached as its cause."""

    def __str__(self) -> str:
        return str(self.args[0])


def workers_for(items: int, jobs: int = 0) -> int:
    """How many processes to use: `jobs`, or one per core (0), never more than items."""
    return max(1, min(items, jobs or os.cpu_count() or 1))


def can_fork() -> bool:
    """Whether worker processes can inherit the parent's memory."""
    return hasattr(os, "fork") and sys.platform != "win32"


def fork_map(
    function: Callable[[T], R],
    items: Iterable[T],
    jobs: int = 0,
    progress: Callable[[], None] | None = None,
) -> list[R]:
    """`[function(item) for item in items]`, in forked processes when that can help.

    Worker k of n takes items k, k + n, k + 2n, ...: the work here comes in
    pieces of equal size. `progress` is called in the parent as each result
    arrives, in order. An exception in a worker is raised here, with the
    worker's traceback as its cause, and the other workers are stopped.
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
    children = _start_all(function, [work[k::workers] for k in range(workers)])
    try:
        for index in range(len(work)):
            results.append(children[index % workers].next_result())
            if progress:
                progress()
    finally:
        for child in children:
            child.close()
    return results


class Background(Generic[R]):
    """`function(*args)` running in a forked process; `result()` waits for it."""

    def __init__(self, function: Callable[..., R], *args: Any) -> None:
        (self._child,) = _start_all(lambda arguments: function(*arguments), [[args]])

    def result(self) -> R:
        """The function's value, or its exception raised here."""
        try:
            return self._child.next_result()  # type: ignore[no-any-return]
        finally:
            self._child.close()

    def cancel(self) -> None:
        """Stop the process if it is still running."""
        self._child.close()


def _start_all(function: Callable[[Any], Any], shares: Sequence[list[Any]]) -> list[_Child]:
    """One child per share of the items, all started before any is waited for."""
    sys.stdout.flush()  # so that no child writes the parent's buffered output a second time
    sys.stderr.flush()
    gc.freeze()  # the children inherit the parent's objects; their collector leaves those pages alone
    children: list[_Child] = []
    try:
        for share in shares:
            children.append(_Child(function, share))
    except BaseException:
        for child in children:
            child.close()
        raise
    return children


class _Child:
    """One forked worker and the read end of its pipe."""

    def __init__(self, function: Callable[[Any], Any], items: list[Any]) -> None:
        read, write = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            raise
        if pid == 0:  # the worker: never returns into the parent's code
            os.close(read)
            _serve(function, items, write)
        os.close(write)
        self.pid: int | None = pid
        self._pipe = os.fdopen(read, "rb")

    def next_result(self) -> Any:
        """The worker's next result, in the order of its items."""
        header = self._pipe.read(_HEADER)
        size = int.from_bytes(header, "big")
        data = self._pipe.read(size) if len(header) == _HEADER else b""
        if len(data) < size or len(header) < _HEADER:
            raise WorkerDied(self._reap())
        ok, value = pickle.loads(data)
        if ok:
            return value
        error, remote = value
        raise error from RemoteTraceback(remote)

    def close(self) -> None:
        """Stop the worker if it still runs, and collect it."""
        self._pipe.close()
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError):  # it has ended, but is not collected
                os.kill(self.pid, signal.SIGTERM)
            self._reap()

    def _reap(self) -> str:
        if self.pid is None:
            return "already collected"
        _, status = os.waitpid(self.pid, 0)
        self.pid = None
        if os.WIFSIGNALED(status):
            return f"killed by signal {os.WTERMSIG(status)}"
        return f"exit status {os.waitstatus_to_exitcode(status)}"


def _serve(function: Callable[[Any], Any], items: list[Any], fd: int) -> None:
    """In the worker: send `(True, result)` per item, or `(False, (error, traceback))` and stop."""
    status = 0
    try:
        with os.fdopen(fd, "wb") as pipe:
            for message in _results(function, items):
                data = _pickled(message)
                pipe.write(len(data).to_bytes(_HEADER, "big"))
                pipe.write(data)
                pipe.flush()
    except BaseException:  # the parent stopped listening (it was interrupted, or failed)
        status = 1
    finally:
        with contextlib.suppress(BaseException):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(status)


def _results(function: Callable[[Any], Any], items: list[Any]) -> Iterator[tuple[bool, Any]]:
    for item in items:
        try:
            yield True, function(item)
        except BaseException as error:
            yield False, (_picklable(error), traceback.format_exc())
            return


def _pickled(message: tuple[bool, Any]) -> bytes:
    try:
        return pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    except Exception as error:
        problem = RuntimeError(f"a worker's result cannot be sent back: {error}")
        return pickle.dumps((False, (problem, traceback.format_exc())))


def _picklable(error: BaseException) -> BaseException:
    """The error itself if it survives pickling, else a RuntimeError that says what it was."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error
