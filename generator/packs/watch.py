"""Run an action again whenever a file below some folders changes (for `preview --watch`).

Polling the files' modification times and sizes works the same on Linux,
macOS and Windows and needs no dependency; a pack has a few dozen files, so
one look costs well under a millisecond.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

INTERVAL = 0.05
"""Seconds between two looks at the files."""

Snapshot = dict[str, tuple[int, int]]


def snapshot(folders: Iterable[Path]) -> Snapshot:
    """(modification time, size) of every file below the folders."""
    found: Snapshot = {}
    for folder in folders:
        for parent, _, names in os.walk(folder):
            for name in names:
                path = os.path.join(parent, name)
                try:
                    status = os.stat(path)
                except OSError:  # removed while we looked
                    continue
                found[path] = (status.st_mtime_ns, status.st_size)
    return found


def watch(
    folders: Callable[[], Iterable[Path]],
    act: Callable[[], None],
    keep_going: Callable[[], bool] = lambda: True,
    interval: float = INTERVAL,
) -> None:
    """Call `act` now, then after each change to the files below `folders()`, while
    `keep_going()`; `folders` is asked again after each action, as it may find more."""
    seen: Snapshot | None = None
    while keep_going():
        now = snapshot(folders())
        if now != seen:
            seen = now  # taken before acting, so that an edit made meanwhile is seen next
            act()
        else:
            time.sleep(interval)
