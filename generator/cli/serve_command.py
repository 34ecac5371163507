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
        int | None,
        typer.Option(
            "--port",
            min=0,
            max=65535,
            help="Port to listen on (0 takes any free one); by default 8642, or the next free "
            "port after it.",
        ),
    ] = None,
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
    from generator.web.server import DEFAULT_PORT, PORTS_TRIED, Server

    where = workspace(data, None)
    packs = choose_packs(where.data, game)
    if len(packs) > 1:
        names = ", ".join(p.name for p in packs)
        raise UsageError(f"there are several games here ({names}); choose one with --game")
    try:
        if port is None:
            server = Server(Gallery(packs[0], edition), host, DEFAULT_PORT, PORTS_TRIED)
        else:
            server = Server(Gallery(packs[0], edition), host, port)
    except OSError as error:
        asked = f"{host}:{port}" if port is not None else f"{host}:{DEFAULT_PORT} or the next ports"
        raise UsageError(
            f"cannot listen on {asked} ({error.strerror or error}); "
            "choose another --port, or --port 0 for any free one"
        ) from None

    def ready() -> None:
        typer.echo(f"serving {packs[0].name} at {server.url} (press Ctrl-C to stop)", err=True)
        typer.echo(server.url)

    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how serving ends
        server.run(ready)
