"""Replace a file only once its new content is completely written."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

_TEMPORARY = re.compile(r"\..+\.[A-Za-z0-9_]{8}\.tmp")
"""The name of a file write_atomic has not finished: .<name>.<8 random characters>.tmp"""


def write_atomic(path: Path, data: bytes) -> bool:
    """Write `data` to `path` through a temporary file; return False if it was already identical."""
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(temporary, 0o666 & ~_umask())
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except OSError as error:  # the disk full, say: name the file that could not be written
        Path(temporary).unlink(missing_ok=True)
        if error.errno is None or error.filename is not None:
            raise
        raise OSError(error.errno, error.strerror, str(path)) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return True


def remove_leftovers(folder: Path) -> int:
    """Remove the unfinished files a write that was killed left below `folder`; how many.

    Two commands writing into one folder at the same time are not supported:
    one could remove the other's file before it is finished."""
    removed = 0
    if folder.is_dir():
        for path in folder.rglob(".*.tmp"):
            if _TEMPORARY.fullmatch(path.name) and path.is_file() and not path.is_symlink():
                path.unlink(missing_ok=True)
                removed += 1
    return removed


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
