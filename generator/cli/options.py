"""Options shared by several commands."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

DataOption = Annotated[
    Path | None,
    typer.Option(
        "--data",
        help="Data folder to read: a folder of game packs, or one pack (a folder with a "
        "game.yaml).",
        show_default="the pack this folder is or lies in, else ./data",
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


def out_option(where: str) -> object:
    """The --out option of a command that writes below `where` by default."""
    return typer.Option(
        "--out",
        help="Folder to write into.",
        show_default=f"{where} of the working folder (./output with --data)",
    )


OutOption = Annotated[str | None, out_option("output/")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
EditionOption = Annotated[
    str | None,
    typer.Option(
        "--edition", help="Edition id, e.g. 2025 or 2020.", show_default="the game's default"
    ),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        help="Play on a Dask cluster: the address of its scheduler (tcp://HOST:PORT), or "
        "'local' for one of this machine's processes (docs/simulation.md).",
        show_default="this machine's cores",
    ),
]


@contextmanager
def games_bar(games: int, label: str) -> Iterator[Any]:
    """A progress bar of games played on standard error, with the time left."""
    with typer.progressbar(
        length=games, label=label, file=sys.stderr, show_eta=True, show_pos=True
    ) as bar:
        yield bar
