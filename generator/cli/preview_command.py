"""`draftdeck preview`: a PNG of one card, front or back."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from generator.cli.boundary import report, user_errors
from generator.cli.options import DEFAULT_DATA, DEFAULT_OUT, DataOption, EditionOption, GameOption
from generator.errors import DraftdeckError
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
    watch: Annotated[
        bool,
        typer.Option(
            "--watch", help="Keep running: write the PNG again whenever the pack changes."
        ),
    ] = False,
) -> None:
    """Write a PNG of one card (with its bleed) and print its path."""
    from generator.output.atomic import write_atomic
    from generator.packs.find import choose_packs, load_capable
    from generator.packs.preview import holds_card, may_hold_card, preview_png

    path = out / f"{card}{'-back' if back else ''}-{locale}.png"

    def write() -> None:
        loaded = load_capable(
            data,
            game,
            f"with a card '{card}'",
            lambda pack: holds_card(pack, card, edition, component),
            lambda root: may_hold_card(root, card),
        )
        write_atomic(path, preview_png(loaded, card, locale, edition, component, back))
        typer.echo(display_path(path))

    if not watch:
        write()
        return
    _watch(choose_packs(data, game), write)


def _watch(roots: list[Path], write: Callable[[], None]) -> None:
    """Write the preview now and after every change to the packs or their catalogs, reporting
    errors without stopping."""
    from generator.loading.strict_yaml import load_file
    from generator.packs.watch import watch

    folders = []
    for root in roots:
        folders.append(root)
        manifest, _ = load_file(root / "game.yaml", "game.yaml")
        value = manifest.value if manifest is not None else None
        if isinstance(value, dict) and isinstance(value.get("catalogs"), str):
            folders.append((root / value["catalogs"]).resolve())
    folders = list(dict.fromkeys(folders))

    def attempt() -> None:
        try:
            write()
        except (DraftdeckError, OSError) as error:
            report(error)
        sys.stdout.flush()

    typer.echo("watching for changes; press Ctrl-C to stop", err=True)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a watch ends
        watch(lambda: folders, attempt)
