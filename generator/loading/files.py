"""The files of a game pack, found without ever leaving it, whatever links it holds.

A pack must travel whole: copied anywhere, it works on its own. So every
file draftdeck reads from a pack must lie inside the pack folder once
links are followed; a link that leads out (to /etc/passwd, or to a folder
beside the pack) or that loops is refused, never followed. The folder a
build writes to when run inside the pack (`output/`) and hidden folders
are not part of the pack.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

from generator.core.errors import InputError
from generator.core.paths import display_path

NOT_PACK = frozenset({"output", "__pycache__"})
"""Folders of the pack folder that are not the pack (besides hidden ones)."""
MAX_FILES = 20_000
"""More files than this in a pack folder is not a pack (a home folder given by mistake)."""


class TooManyFiles(InputError):
    """The folder holds more files than a pack can."""

    def __init__(self, root: Path) -> None:
        super().__init__(
            f"{display_path(root)} holds more than {MAX_FILES:,} files, which no game pack "
            "does: check that --data names the pack, or move what is not the game elsewhere"
        )


class NotRegularFile(OSError):
    """A file draftdeck was to read is a folder, a pipe, a socket or a device."""


def not_regular(path: Path) -> str | None:
    """What a path that exists but is no regular file is ("a named pipe (FIFO)"), once links
    are followed; None for a regular file, or for nothing at all."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of a regular file, at most `limit` + 1 of them: what is not a regular file
    (a FIFO would block a read for ever) raises NotRegularFile, never hangs."""
    kind = not_regular(path)
    if kind is not None:
        raise NotRegularFile(0, f"it is {kind}, not a regular file", str(path))
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):  # swapped for a pipe meanwhile
            raise NotRegularFile(0, "it is not a regular file", str(path))
        with os.fdopen(handle, "rb", closefd=False) as stream:
            return stream.read(limit + 1)
    finally:
        os.close(handle)


def resolved_inside(root: Path, path: Path) -> Path | None:
    """`path` with its links followed, if that stays inside `root`; None if it leads out,
    loops or cannot be followed."""
    try:
        target = path.resolve(strict=True)
        top = root.resolve(strict=True)
    except (OSError, RuntimeError):  # a loop, a broken link, a missing file
        return None
    return target if target == top or target.is_relative_to(top) else None


def why_outside(root: Path, path: Path) -> str:
    """Why `path` cannot be read as a file of the pack at `root` (for a message)."""
    try:
        target = path.resolve(strict=True)
    except RuntimeError:
        return "is a link that loops back on itself"
    except OSError as error:
        if path.is_symlink():
            return "is a link to nothing (its target does not exist)"
        return f"cannot be read: {error.strerror or error}"
    if resolved_inside(root, path) is None:
        plain = Path(os.path.normpath(os.path.abspath(path)))
        if not plain.is_relative_to(Path(os.path.abspath(root))):
            return f"lies outside the pack folder ({display_path(target)})"
        return f"is a link that leads out of the pack folder (to {target})"
    kind = not_regular(path)
    return f"is {kind}, not a regular file" if kind is not None else "is not a file"


FILE, OUT, SPECIAL = "file", "out", "special"
"""What _walk finds: a regular file of the pack (or a link to one inside it), a link that
leads out, loops or points to nothing, and a pipe, socket or device (never read)."""


def pack_files(root: Path, suffixes: frozenset[str] | None = None) -> list[Path]:
    """Every regular file of the pack at `root` (with one of `suffixes`, if given), sorted;
    links that stay inside are read as the files they point to, links out are left out."""
    return sorted(path for path, kind in _walk(root, suffixes) if kind == FILE)


def links_out(root: Path) -> list[Path]:
    """Every link in the pack that leads out of it, loops or points to nothing."""
    return sorted(path for path, kind in _walk(root, None) if kind == OUT)


def special_files(root: Path) -> list[Path]:
    """Every pipe, socket or device in the pack: never read, but part of what it holds."""
    return sorted(path for path, kind in _walk(root, None) if kind == SPECIAL)


def _walk(root: Path, suffixes: frozenset[str] | None) -> Iterator[tuple[Path, str]]:
    """(file, FILE, OUT or SPECIAL) for each file below `root`. A folder that is a link is
    not entered: one that stays inside is read where it points, one that leads out is
    reported as a file that does."""
    seen = 0
    for folder, folders, names in os.walk(root, followlinks=False):
        here = Path(folder)
        entered = []
        for name in sorted(folders):
            path = here / name
            if name.startswith(".") or (here == root and name in NOT_PACK):
                continue
            if not path.is_symlink():
                entered.append(name)
            elif resolved_inside(root, path) is None:
                yield path, OUT
        folders[:] = entered
        for name in sorted(names):
            seen += 1
            if seen > MAX_FILES:
                raise TooManyFiles(root)
            path = here / name
            if name.startswith(".") or (suffixes is not None and path.suffix not in suffixes):
                continue
            if path.is_symlink() and resolved_inside(root, path) is None:
                yield path, OUT
            elif not_regular(path) is not None:
                yield path, SPECIAL  # a pipe, a socket, a device: never read (nor hung on)
            else:
                yield path, FILE
