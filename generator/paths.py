"""Where draftdeck's own files live: its package, its schemas and its interface catalogs.

Commands read these and never write into them; the data a command works on
and the folder it writes to are found from the current folder
(`generator.workspace`).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent
SCHEMAS_DIR = PROJECT_ROOT / "schemas"
LOCALES_DIR = PROJECT_ROOT / "locales"


def display_path(path: Path) -> str:
    """Return `path` relative to the working directory when it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
