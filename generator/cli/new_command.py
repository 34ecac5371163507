"""`draftdeck new`: start a game pack that validates and prints as it is."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.boundary import user_errors
from generator.core.errors import UsageError
from generator.core.paths import display_path


@user_errors
def new(
    game: Annotated[str, typer.Argument(help="The new game's id, e.g. my-game: its folder name.")],
    into: Annotated[
        Path, typer.Option("--into", help="Folder to create the pack in.", show_default="here")
    ] = Path(),
    sheets: Annotated[
        list[Path] | None,
        typer.Option(
            "--from",
            help="Make the pack around this spreadsheet (CSV, XLSX or ODS; repeat for more): "
            "each list a component, its schema, a first face, a summary.",
        ),
    ] = None,
    language: Annotated[
        str,
        typer.Option("--language", help="The language the spreadsheet's texts are written in."),
    ] = "en",
    separator: Annotated[
        str,
        typer.Option("--separator", help="With --from: what separates a list's entries in a cell."),
    ] = ";",
    plugin: Annotated[
        bool,
        typer.Option(
            "--plugin",
            help="Also write a rules plug-in to start from (plugin/: its model, example rules, "
            "a rules question, bots, simulation, a cross-check and tests; docs/plugins.md).",
        ),
    ] = False,
) -> None:
    """Write a starter pack (game.yaml, cards, schema, templates, catalogs) to edit from, or
    one made around your spreadsheet (--from)."""
    from generator.core.workspace import check_writable
    from generator.services.starter import write_plugin, write_starter

    check_writable(into / game)
    if sheets and plugin:
        raise UsageError(
            "--plugin writes rules for the example game's cards (an id and a value each), "
            "not for your spreadsheet's: make the pack with --from, then write its plug-in "
            "as docs/plugins.md describes"
        )
    if sheets:
        from generator.i18n.catalogs import check_locale
        from generator.services.from_sheet import write_from_sheets

        check_locale(language)
        root = write_from_sheets(into / game, game, sheets, language, separator)
    else:
        root = write_starter(into / game, game, ("en",))
    shown = display_path(root)
    typer.echo(f"created {shown}/")
    if plugin:
        folder = write_plugin(root, game)
        typer.echo(
            f"and its rules plug-in in {display_path(folder)}/; install it beside draftdeck:"
        )
        typer.echo(f"      pip install -e {display_path(folder)}")
        typer.echo(f"      draftdeck simulate --data {shown} --bots highest,random")
    typer.echo(f"next: draftdeck validate --data {shown}")
    typer.echo(f"      draftdeck build --data {shown}")
    typer.echo(f"      draftdeck i18n add de --data {shown}   (a language to translate into)")
