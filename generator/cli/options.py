"""Options shared by several commands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.paths import DATA_DIR, OUTPUT_DIR

DEFAULT_DATA = DATA_DIR
"""The project's data folder."""
DEFAULT_OUT = OUTPUT_DIR
"""The project's output folder."""

DataOption = Annotated[
    Path,
    typer.Option(
        "--data",
        help="Data folder to read: a folder of game packs, or one pack (a folder with a game.yaml).",
        show_default="data/",
    ),
]
GameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        help="The game, where the data folder holds several (its folder name or id).",
        show_default="the only one",
    ),
]
MAX_JOBS = 64
"""More processes than this only share the same few cores, each with its own memory."""

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
EditionOption = Annotated[
    str | None,
    typer.Option(
        "--edition", help="Edition id, e.g. 2025 or 2020.", show_default="the game's default"
    ),
]
