"""Run an action again whenever a file of some packs changes (for `preview --watch`).

Polling the files' modification times and sizes works the same on Linux,
macOS and Windows and needs no dependency; a pack has a few dozen files, so
one look costs well under a millisecond. An editor often saves in several
steps (a temporary file, then a rename; or emptying the file, then writing
it), so a change is acted on once the files have stopped changing for one
interval: each save is one action.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

INTERVAL = 0.05
"""Seconds between two looks at the files."""

Snapshot = dict[str, tuple[int, int]]


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
) -> None:
    """Call `act` now, then once after each change to `files()` has settled, while
    `keep_going()`; `files` is asked again at each look, as the pack may gain some."""
    seen: Snapshot | None = None
    while keep_going():
        now = snapshot(files())
        if now == seen:
            time.sleep(interval)
            continue
        for _ in range(SETTLE if seen is not None else 0):
            time.sleep(interval)
            settled = snapshot(files())
            if settled == now:
                break
            now = settled
        seen = now  # taken before acting, so that an edit made meanwhile is seen next
        act()
