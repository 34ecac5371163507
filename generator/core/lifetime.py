"""Workers that end with the command: however the parent ends, none is left behind.

Each worker watches the process that started it and ends as soon as that
process is gone (killed, SIGTERM, a closed terminal); `stopping_on_signals`
turns SIGTERM and SIGINT in the parent into `Stopped`, so that a pool
unwinds and terminates its workers instead of waiting for their tasks.

While the parent talks to a pool of processes, an exception raised by a
signal handler may land inside the standard library's locks (a future's,
the pool's) and leave one held, and the pool's manager thread then waits on
it for ever. `signals_noted` keeps the signals for that stretch: they are
noted, and raised as `Stopped` where the pool's own loop looks for them.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

WATCH_INTERVAL = 0.5
"""Seconds between two looks of a worker at its parent."""


class Stopped(KeyboardInterrupt):
    """The command was asked to stop (Ctrl-C, SIGINT or SIGTERM)."""


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


class Noted:
    """Signals that arrived while they were noted rather than raised."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def check(self) -> None:
        """Raise `Stopped` for the first signal noted, if any."""
        if self.names:
            raise Stopped(self.names[0])


@contextmanager
def signals_noted() -> Iterator[Noted]:
    """Within the block SIGINT and SIGTERM are noted, not raised: call `check()` of what this
    gives where stopping is safe. One noted by the end of the block raises on leaving it."""
    noted = Noted()
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return

    def note(signum: int, frame: object) -> None:
        noted.names.append(signal.Signals(signum).name)

    previous = {sig: signal.signal(sig, note) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield noted
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    noted.check()


def stop_on_terminate() -> None:
    """From now on, SIGTERM raises `Stopped` in this process, as Ctrl-C raises
    KeyboardInterrupt (for the main thread of a command). Both are unblocked first: a
    process started while its parent held them blocked (multiprocessing does so for a
    moment while it starts its resource tracker) inherits the mask, and would never see
    Ctrl-C."""
    if threading.current_thread() is not threading.main_thread():
        return
    if hasattr(signal, "pthread_sigmask"):  # POSIX
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})

    def stop(signum: int, frame: object) -> None:
        raise Stopped(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, stop)


def watch_parent(parent: int, direct: bool = True) -> None:
    """End this process as soon as process `parent` is gone, whatever ended it.

    A thread looks every WATCH_INTERVAL seconds (a direct child sees its parent
    change; otherwise, and on Windows, where an orphan keeps its parent's number,
    the parent's process must be gone or another process); on Linux a direct
    child also asks the kernel to kill it with its parent.
    """
    if direct and sys.platform.startswith("linux"):
        _die_with_parent()
    if direct and sys.platform != "win32":

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
