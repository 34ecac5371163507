"""`draftdeck preview`: a PNG of one card, front or back."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import DEFAULT_DATA, DEFAULT_OUT, DataOption, EditionOption, GameOption
from generator.paths import display_path


@user_errors
def preview(
    card: Annotated[str, typer.Argument(help="A card id, e.g. duck-4 or combo-stadium-2.")],
    component: Annotated[
        str | None,
        typer.Option("--component", help="The card's component, where an id is in several."),
    ] = None,
    back: Annotated[bool, typer.Option("--back", help="Show the card's back.")] = False,
    locale: Annotated[str, typer.Option("--locale", help="Language: de, fr or en.")] = "en",
    edition: EditionOption = None,
    data: DataOption = DEFAULT_DATA,
    game: GameOption = None,
    out: Annotated[
        Path, typer.Option("--out", help="Folder for the PNG.", show_default="output/preview/")
    ] = DEFAULT_OUT / "preview",
) -> None:
    """Write a PNG of one card (with its bleed) and print its path."""
    from generator.output.atomic import write_atomic
    from generator.packs.find import load_game
    from generator.packs.preview import preview_png

    loaded = load_game(data, game)
    png = preview_png(loaded, card, locale, edition, component, back)
    path = out / f"{card}{'-back' if back else ''}-{locale}.png"
    write_atomic(path, png)
    typer.echo(display_path(path))
