"""Where draftdeck's own files live: its package, its schemas and its interface catalogs.

The schemas and the interface catalog are kept at the top of the source
tree (`schemas/`, `locales/`) and shipped inside the package
(`generator/schemas`, `generator/locales`, mapped in pyproject.toml). An
installed draftdeck reads them from the package with importlib.resources; a
source checkout (an editable install) has them beside the package instead.

Commands read these and never write into them; the data a command works on
and the folder it writes to are found from the current folder
(`generator.core.workspace`).
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

PACKAGE_DIR = Path(str(files("generator"))).resolve()


def _shipped(name: str) -> Path:
    """A folder of draftdeck's own files: in the installed package, or beside the package in
    a source checkout."""
    installed = PACKAGE_DIR / name
    return installed if installed.is_dir() else PACKAGE_DIR.parent / name


SCHEMAS_DIR = _shipped("schemas")
"""draftdeck's own JSON Schemas: game.yaml, components, layouts, themes, sweeps..."""
LOCALES_DIR = _shipped("locales")
"""draftdeck's interface catalog, by language."""


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
