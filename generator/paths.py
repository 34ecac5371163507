"""Where the project's data, schemas and catalogs live."""

from __future__ import annotations

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = PROJECT_ROOT / "data"
SCHEMAS_DIR = PROJECT_ROOT / "schemas"
LOCALES_DIR = PROJECT_ROOT / "locales"
OUTPUT_DIR = PROJECT_ROOT / "output"


def display_path(path: Path) -> str:
    """Return `path` relative to the working directory when it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
