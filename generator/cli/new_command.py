"""`draftdeck new`: start a game pack that validates and prints as it is."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.boundary import user_errors
from generator.core.paths import display_path


@user_errors
def new(
    game: Annotated[str, typer.Argument(help="The new game's id, e.g. my-game: its folder name.")],
    into: Annotated[
        Path, typer.Option("--into", help="Folder to create the pack in.", show_default="here")
    ] = Path(),
) -> None:
    """Write a starter pack (game.yaml, cards, schema, templates, catalogs) to edit from."""
    from generator.core.workspace import check_writable
    from generator.services.starter import write_starter

    check_writable(into / game)
    root = write_starter(into / game, game)
    typer.echo(f"created {display_path(root)}/")
    typer.echo(f"next: draftdeck validate --data {display_path(root)}")
    typer.echo(f"      draftdeck build --data {display_path(root)}")
