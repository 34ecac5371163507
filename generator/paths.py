"""Where draftdeck's own files live: its package, its schemas and its interface catalogs.

Commands read these and never write into them; the data a command works on
and the folder it writes to are found from the current folder
(`generator.workspace`).
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent
SCHEMAS_DIR = PROJECT_ROOT / "schemas"
LOCALES_DIR = PROJECT_ROOT / "locales"


def display_path(path: Path) -> str:
    """Return `path` relative to the working directory when it lies below it.

    The file itself is never followed: it may be a link that loops or leads nowhere,
    which is what the message is about."""
    here = Path.cwd()
    absolute = Path(os.path.abspath(path))
    for shown in (absolute, absolute.parent.resolve() / absolute.name):
        for base in (here, here.resolve()):
            if shown.is_relative_to(base):
                return str(shown.relative_to(base))
    return str(path)
