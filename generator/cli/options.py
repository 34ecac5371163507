"""Options shared by several commands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.paths import DATA_DIR

DataOption = Annotated[
    Path,
    typer.Option(
        "--data", help="Data folder to read (a copy of data/ works too).", show_default="data/"
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
EditionOption = Annotated[
    str | None,
    typer.Option(
        "--edition", help="Edition id, e.g. 2025 or 2020.", show_default="the game's default"
    ),
]
DEFAULT_DATA = DATA_DIR
