"""`draftdeck preview`: a PNG of one card."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import DEFAULT_DATA, DataOption, EditionOption
from generator.paths import OUTPUT_DIR, display_path


@user_errors
def preview(
    card: Annotated[
        str, typer.Argument(help="A card id (duck-4) or an arena id (combo-stadium-2).")
    ],
    locale: Annotated[str, typer.Option("--locale", help="Language: de, fr or en.")] = "en",
    edition: EditionOption = None,
    data: DataOption = DEFAULT_DATA,
    out: Annotated[
        Path, typer.Option("--out", help="Folder for the PNG.", show_default="output/preview/")
    ] = OUTPUT_DIR / "preview",
) -> None:
    """Write a PNG of one card and print its path."""
    from generator.games.all_star_draft.printing.preview import preview_png
    from generator.games.all_star_draft.queries import load
    from generator.loading.validate import locales_for
    from generator.output.atomic import write_atomic

    game = load(data)
    pack = data / game.id if (data / game.id).is_dir() else data
    png = preview_png(game, card, locale, edition, locales_for(pack), pack)
    path = out / f"{card}-{locale}.png"
    write_atomic(path, png)
    typer.echo(display_path(path))
