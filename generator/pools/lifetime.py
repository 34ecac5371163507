"""Workers that end with the command: however the parent ends, none is left behind.

Each worker watches the process that started it and ends as soon as that
process is gone (killed, SIGTERM, a closed terminal); `stopping_on_signals`
turns SIGTERM and SIGINT in the parent into `Stopped`, so that a pool
unwinds and terminates its workers instead of waiting for their tasks.
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


def stop_on_terminate() -> None:
    """From now on, SIGTERM raises `Stopped` in this process, as Ctrl-C raises
    KeyboardInterrupt (for the main thread of a command)."""
    if threading.current_thread() is not threading.main_thread():
        return

    def stop(signum: int, frame: object) -> None:
        raise Stopped(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, stop)


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
