"""`draftdeck preview`: a PNG of one card, front or back."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from generator.cli.boundary import report, user_errors
from generator.cli.options import DataOption, EditionOption, GameOption, out_option
from generator.core.errors import DraftdeckError
from generator.core.paths import display_path


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
    data: DataOption = None,
    game: GameOption = None,
    out: Annotated[str | None, out_option("output/preview/")] = None,
    watch: Annotated[
        bool,
        typer.Option(
            "--watch", help="Keep running: write the PNG again whenever the pack changes."
        ),
    ] = False,
) -> None:
    """Write a PNG of one card (with its bleed) and print its path."""
    from generator.core.workspace import workspace
    from generator.output.atomic import write_atomic
    from generator.services.find import choose_packs, load_capable
    from generator.services.preview import holds_card, may_hold_card, preview_png

    where = workspace(data, out, "preview")
    path = where.out / f"{card}{'-back' if back else ''}-{locale}.png"

    def write() -> None:
        loaded = load_capable(
            where.data,
            game,
            f"with a card '{card}'",
            lambda pack: holds_card(pack, card, edition, component),
            lambda root: may_hold_card(root, card),
        )
        picture = preview_png(loaded, card, locale, edition, component, back, warn=_warn)
        write_atomic(path, picture)
        typer.echo(display_path(path))

    if not watch:
        write()
        return
    _watch(choose_packs(where.data, game), write)


def _warn(warning: str) -> None:
    typer.echo(f"warning: {warning}", err=True)


def _watch(roots: list[Path], write: Callable[[], None]) -> None:
    """Write the preview now and after every change to the packs (their catalogs included),
    reporting errors without stopping."""
    from generator.loading.files import pack_files
    from generator.services.watch import watch

    def attempt() -> None:
        try:
            write()
        except (DraftdeckError, OSError) as error:
            report(error)
        sys.stdout.flush()

    typer.echo("watching for changes; press Ctrl-C to stop", err=True)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a watch ends
        watch(lambda: [path for root in roots for path in pack_files(root)], attempt, roots=roots)
