"""A set of output files written whole before any of them replaces the last good one.

A build writes every new or changed file into a staging folder beside its output folder
(on the same disk), and only once all of them are written does it move them into place,
each by a rename, which needs no room on the disk. A full disk, a kill or an error while
writing leaves the last good output as it was; `discard` (or the next build) removes what
was staged. The output folder is locked for the while, so that two commands writing into
it at once take turns instead of mixing their files.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

PREFIX = ".draftdeck-staging-"
"""Staging folders are named <PREFIX><folder name>-<random>, beside the output folder."""
LOCK = ".draftdeck.lock"
"""The lock file of an output folder, inside it."""


class Staging:
    """Files staged for one output folder, moved into place by `commit`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.root = folder.parent / f"{PREFIX}{folder.name}-{secrets.token_hex(4)}"
        self.moves: list[tuple[Path, Path]] = []

    def path(self, relative: str) -> Path:
        """Where a file of the set is staged (a worker may write it there itself)."""
        return self.root / relative

    def write(self, relative: str, data: bytes) -> bool:
        """Stage a file's new content; False (nothing staged) if the file already holds it."""
        final = self.folder / relative
        if final.is_file() and final.stat().st_size == len(data) and final.read_bytes() == data:
            return False
        staged = self.path(relative)
        staged.parent.mkdir(parents=True, exist_ok=True)
        try:
            with staged.open("wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
        except OSError as error:  # the disk full, say: name the file that could not be written
            if error.errno is None or error.filename is not None:
                raise
            raise OSError(error.errno, error.strerror, str(final)) from None
        self.moves.append((staged, final))
        return True

    def adopt(self, relative: str) -> bool:
        """Take a file a worker wrote at `path(relative)` into the set; False (and the staged
        copy removed) if the output already holds the same bytes."""
        staged, final = self.path(relative), self.folder / relative
        if final.is_file() and _same(staged, final):
            staged.unlink()
            return False
        self.moves.append((staged, final))
        return True

    def commit(self) -> None:
        """Move every staged file into place, then remove the staging folder."""
        for staged, final in self.moves:
            final.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged, final)
        self.discard()

    def discard(self) -> None:
        """Remove the staging folder and whatever is still in it."""
        shutil.rmtree(self.root, ignore_errors=True)


def _same(one: Path, other: Path) -> bool:
    if one.stat().st_size != other.stat().st_size:
        return False
    with one.open("rb") as first, other.open("rb") as second:
        while True:
            a, b = first.read(1 << 20), second.read(1 << 20)
            if a != b:
                return False
            if not a:
                return True


def remove_stale(folder: Path) -> None:
    """Remove what killed builds left staged for `folder` (call with its lock held)."""
    for leftover in folder.parent.glob(f"{PREFIX}{folder.name}-*"):
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover, ignore_errors=True)


@contextmanager
def locked(folder: Path, waiting: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the output folder's lock for the block; wait for another command holding it
    (calling `waiting`, if given, as soon as it has to wait)."""
    from filelock import FileLock, Timeout

    folder.mkdir(parents=True, exist_ok=True)  # an OSError here is the user's to see
    lock = FileLock(folder / LOCK)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        if waiting is not None:
            waiting()
        lock.acquire()
    try:
        yield
    finally:
        lock.release()
