"""`draftdeck build`: regenerate the outputs into output/."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import DEFAULT_DATA, DataOption
from generator.paths import OUTPUT_DIR, display_path


@user_errors
def build(
    data: DataOption = DEFAULT_DATA,
    out: Annotated[
        Path, typer.Option("--out", help="Folder to write into.", show_default="output/")
    ] = OUTPUT_DIR,
    edition: Annotated[
        list[str] | None, typer.Option("--edition", help="Build only this edition (repeatable).")
    ] = None,
) -> None:
    """Validate the data and write every output below output/<game>/<edition>/."""
    from generator.build import build as run_build

    for item in run_build(data, out, edition):
        state = "written" if item.changed else "unchanged"
        typer.echo(f"{state}: {display_path(item.path)}")
