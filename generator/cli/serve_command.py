"""`draftdeck serve`: every card of a pack in the browser, redrawn as the pack is saved."""

from __future__ import annotations

import contextlib
from typing import Annotated

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import DataOption, EditionOption, GameOption


@user_errors
def serve(
    data: DataOption = None,
    game: GameOption = None,
    edition: EditionOption = None,
    port: Annotated[
        int,
        typer.Option("--port", min=0, max=65535, help="Port to listen on; 0 takes a free one."),
    ] = 0,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="Address to listen on; the default lets only this computer in.",
        ),
    ] = "127.0.0.1",
) -> None:
    """Show every card of the pack in the browser, and each change as it is saved."""
    from generator.core.errors import UsageError
    from generator.core.workspace import workspace
    from generator.services.find import choose_packs
    from generator.web.gallery import Gallery
    from generator.web.server import Server

    where = workspace(data, None)
    packs = choose_packs(where.data, game)
    if len(packs) > 1:
        names = ", ".join(p.name for p in packs)
        raise UsageError(f"there are several games here ({names}); choose one with --game")
    try:
        server = Server(Gallery(packs[0], edition), host, port)
    except OSError as error:
        raise UsageError(
            f"cannot listen on {host}:{port} ({error.strerror or error}); "
            "choose another --port, or leave it out for a free one"
        ) from None

    def ready() -> None:
        typer.echo(f"serving {packs[0].name} at {server.url} (press Ctrl-C to stop)", err=True)
        typer.echo(server.url)

    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how serving ends
        server.run(ready)
