"""Options shared by several commands."""

from __future__ import annotations

import sys
import time
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


LOG_EVERY = 5.0
"""Seconds between two lines of progress when standard error is not a terminal."""


@contextmanager
def games_bar(games: int, label: str) -> Iterator[Any]:
    """Progress of games played, on standard error: a bar with the time left on a terminal, a
    line every few seconds elsewhere (a log, a CI job)."""
    if sys.stderr.isatty():
        with typer.progressbar(
            length=games, label=label, file=sys.stderr, show_eta=True, show_pos=True
        ) as bar:
            yield bar
        return
    lines = ProgressLines(games, label)
    yield lines
    lines.finish()


class ProgressLines:
    """Progress as plain lines: '<label>: 400 of 2000 games (20%), about 1 min left'."""

    def __init__(self, games: int, label: str) -> None:
        self.games, self.label, self.done = games, label, 0
        self.start = self.last = time.monotonic()

    def update(self, games: int) -> None:
        """Count games just finished; print a line if the last one is a while ago."""
        self.done += games
        now = time.monotonic()
        if now - self.last >= LOG_EVERY and self.done < self.games:
            self.last = now
            left = (now - self.start) / self.done * (self.games - self.done)
            print(f"{self._count()}, about {_duration(left)} left", file=sys.stderr, flush=True)

    def finish(self) -> None:
        """The last line."""
        print(f"{self._count()} in {_duration(time.monotonic() - self.start)}", file=sys.stderr)

    def _count(self) -> str:
        share = 100 * self.done // max(self.games, 1)
        return f"{self.label}: {self.done} of {self.games} games ({share}%)"


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.0f} min"


class CountLines:
    """Progress of a long command as a line every few seconds on standard error:
    '<label>: 1,200 cards so far'; nothing for a command that ends sooner."""

    def __init__(self, label: str, unit: str) -> None:
        self.label, self.unit, self.done = label, unit, 0
        self.last = time.monotonic()

    def __call__(self, count: int) -> None:
        """Count more things done."""
        self.done += count
        now = time.monotonic()
        if now - self.last >= LOG_EVERY:
            self.last = now
            print(f"{self.label}: {self.done:,} {self.unit} so far", file=sys.stderr, flush=True)
