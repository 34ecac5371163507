"""Names that become file names: a card's id names its picture, a component's its PDF.

A pack's own schema may let an id be any text, so draftdeck holds every name it writes a
file by to one rule, whatever the schema says: letters, digits, hyphens and underscores,
starting with a letter or digit, at most MAX_NAME characters, and none of the names
Windows keeps for devices. Every writer joins such names to its folder through `inside`,
which refuses a result that would leave the folder.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from generator.core.errors import DraftdeckError

MAX_NAME = 100
"""The longest name a file is written by (a temporary file adds to it)."""
_SAFE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
_DEVICES = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(10)), *(f"lpt{n}" for n in range(10))}
)


class UnsafeName(DraftdeckError):
    """A name that would leave its folder, or that no file system can hold."""


def why_unsafe(name: str) -> str | None:
    """Why `name` cannot be a file name draftdeck writes, or None."""
    if len(name) > MAX_NAME:
        return f"it is {len(name):,} characters long; a name has at most {MAX_NAME}"
    if not _SAFE.fullmatch(name):
        return (
            "a name that becomes a file name may hold only letters, digits, hyphens and "
            "underscores, starting with a letter or digit"
        )
    if name.lower() in _DEVICES:
        return f"'{name}' is a name Windows keeps for a device"
    return None


def inside(folder: Path, *names: str, suffix: str = "") -> Path:
    """`folder/names.../last+suffix`, each name checked (UnsafeName otherwise), and never a
    path outside `folder`."""
    path = folder
    for name in names:
        why = why_unsafe(name)
        if why is not None:
            raise UnsafeName(f"cannot write a file named '{name[:60]}': {why}")
        path = path / name
    path = path.with_name(path.name + suffix) if suffix else path
    if not path.resolve().is_relative_to(folder.resolve()):
        raise UnsafeName(f"{path} would lie outside {folder}")
    return path


def slug(text: str, longest: int = 60) -> str:
    """An id made from a text: 'Grand Hôtel!' -> 'grand-hotel' ('' where no letter or digit
    is left); at most `longest` characters."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[a-z0-9]+", folded.lower())
    found = "-".join(words)[:longest].strip("-")
    return "" if found.lower() in _DEVICES else found
