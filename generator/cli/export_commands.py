"""`draftdeck export`: the cards as PNG files, or as Tabletop Simulator decks."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import CountLines, DataOption, GameOption, out_option

if TYPE_CHECKING:
    from generator.services.find import LoadedPack

app = typer.Typer(
    help="The cards as pictures: one PNG per card, or Tabletop Simulator decks.",
    no_args_is_help=True,
)

Editions = Annotated[
    list[str] | None,
    typer.Option("--edition", help="Only this edition (repeatable).", show_default="all"),
]
Locales = Annotated[
    list[str] | None,
    typer.Option("--locale", help="Only this language (repeatable).", show_default="all"),
]
Components = Annotated[
    list[str] | None,
    typer.Option("--component", help="Only this component (repeatable).", show_default="all"),
]


@app.command("png")
@user_errors
def png(
    data: DataOption = None,
    game: GameOption = None,
    edition: Editions = None,
    locale: Locales = None,
    component: Components = None,
    dpi: Annotated[int, typer.Option("--dpi", min=36, max=1200, help="Resolution.")] = 300,
    bleed: Annotated[
        float,
        typer.Option("--bleed", min=0.0, max=10.0, help="Background beyond the trim, in mm."),
    ] = 0.0,
    out: Annotated[str | None, out_option("output/")] = None,
) -> None:
    """One PNG per card face, named by card id (copies once), and contact sheets per
    component, below <out>/<game>/[<edition>/]png/<component>/<language>/."""
    from generator.services.exports import export_png

    for loaded, folder in _packs(data, game, out):
        written = export_png(
            loaded,
            folder,
            list(edition or ()),
            list(locale or ()),
            dpi,
            bleed,
            _warn,
            CountLines("export png", "cards drawn"),
            list(component or ()),
        )
        _report(folder, loaded.pack.id, written)


@app.command("tts")
@user_errors
def tts(
    data: DataOption = None,
    game: GameOption = None,
    edition: Editions = None,
    locale: Locales = None,
    component: Components = None,
    base_url: Annotated[
        str,
        typer.Option(
            "--base-url",
            help="Where the images will be on the web (the JSON names them below it); "
            "by default, by file name beside the JSON.",
        ),
    ] = "",
    out: Annotated[str | None, out_option("output/")] = None,
) -> None:
    """Tabletop Simulator decks: per component and language, deck sheets, a back and a
    saved object per deck and a bag of every deck per language, in
    <out>/<game>/[<edition>/]tts/, named by game, edition, component and language."""
    from generator.services.exports import export_tts

    for loaded, folder in _packs(data, game, out):
        written = export_tts(
            loaded,
            folder,
            list(edition or ()),
            list(locale or ()),
            base_url,
            _warn,
            CountLines("export tts", "cards placed on deck sheets"),
            list(component or ()),
        )
        _report(folder, loaded.pack.id, written)


def _packs(data: Path | None, game: str | None, out: str | None) -> list[tuple[LoadedPack, Path]]:
    from generator.core.workspace import workspace
    from generator.services.find import choose_packs, load_pack

    where = workspace(data, out)
    return [(load_pack(root), where.out) for root in choose_packs(where.data, game)]


def _warn(warning: str) -> None:
    typer.echo(f"warning: {warning}", err=True)


def _report(folder: Path, game: str, written: list[tuple[Path, bool]]) -> None:
    from generator.core.paths import display_path

    changed = sum(1 for _, new in written if new)
    typer.echo(
        f"{game}: {len(written)} files in {display_path(folder / game)} "
        f"({changed} written, {len(written) - changed} unchanged)"
    )
