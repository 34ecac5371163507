"""Run an action again whenever a file of some packs changes (`preview --watch`, `serve`).

The file system wakes the watch (watchdog: inotify, FSEvents, ReadDirectoryChangesW), and
the files' modification times and sizes say whether a file of the packs changed: an event
about another file (an editor's backup, the output folder) acts on nothing. Where no
events come (a network drive, a system out of watches), a look every second still sees
each save. An editor often saves in several steps (a temporary file, then a rename; or
emptying the file, then writing it), so a change is acted on once the files have stopped
changing for one interval: each save is one action.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver

INTERVAL = 0.05
"""Seconds between two looks at the files while a save settles, or always without events."""
UNWOKEN = 1.0
"""Seconds between two looks at the files while the file system reports events."""

Snapshot = dict[str, tuple[int, int]]


class _StopRace(logging.Filter):
    """Drops what watchdog's inotify emitter logs when it is stopped while reading: the
    watch ends as asked and nothing is lost, so the user is not told of an error."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "called when the thread is inactive" not in record.getMessage()


logging.getLogger("watchdog.observers.inotify").addFilter(_StopRace())


SETTLE = 40
"""Looks at most to wait for a save to finish (2 s): a file written on and on is acted on."""


def snapshot(files: Iterable[Path]) -> Snapshot:
    """(modification time, size) of each of the files."""
    found: Snapshot = {}
    for path in files:
        try:
            status = os.stat(path)
        except OSError:  # removed while we looked
            continue
        found[str(path)] = (status.st_mtime_ns, status.st_size)
    return found


def watch(
    files: Callable[[], Iterable[Path]],
    act: Callable[[], None],
    keep_going: Callable[[], bool] = lambda: True,
    interval: float = INTERVAL,
    roots: Iterable[Path] = (),
    woken: threading.Event | None = None,
) -> None:
    """Call `act` now, then once after each change to `files()` has settled, while
    `keep_going()`; `files` is asked again at each look, as the pack may gain some. Events
    below `roots` wake the watch (as does setting `woken`, say after `keep_going` turned
    false); without roots it looks every `interval`."""
    woken = woken or threading.Event()
    observer = _observer(list(roots), woken)
    pause = UNWOKEN if observer is not None else interval
    seen: Snapshot | None = None
    try:
        while keep_going():
            now = snapshot(files())
            if now == seen:
                if woken.wait(pause):
                    woken.clear()  # before the next look, so no event goes unseen
                continue
            for _ in range(SETTLE if seen is not None else 0):
                time.sleep(interval)
                settled = snapshot(files())
                if settled == now:
                    break
                now = settled
            seen = now  # taken before acting, so that an edit made meanwhile is seen next
            act()
    finally:
        if observer is not None:
            observer.stop()
            observer.join()


def _observer(roots: list[Path], woken: threading.Event) -> BaseObserver | None:
    """A started watchdog observer that sets `woken` on any event below the roots, or None
    where the system cannot watch them (then the watch looks every interval)."""
    if not roots:
        return None

    class Wake(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            woken.set()

    observer = Observer()
    try:
        for root in roots:
            observer.schedule(Wake(), str(root), recursive=True)
        observer.start()
    except OSError:  # out of inotify watches, a folder gone meanwhile: look instead
        with contextlib.suppress(Exception):
            observer.stop()
        return None
    return observer
