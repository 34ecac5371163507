"""`draftdeck cards` and `draftdeck arenas`: the data as tables or JSON."""

from __future__ import annotations

import json

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import DEFAULT_DATA, DataOption, EditionOption, JsonOption
from generator.cli.tables import render_table


@user_errors
def cards(data: DataOption = DEFAULT_DATA, as_json: JsonOption = False) -> None:
    """List the hockey-player cards."""
    from generator.games.all_star_draft.queries import card_rows, load

    rows = card_rows(load(data))
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    table = [[r["id"], r["species"], r["number"], r["symbol"]] for r in rows]
    typer.echo(render_table(["id", "species", "number", "symbol"], table))


@user_errors
def arenas(
    data: DataOption = DEFAULT_DATA, edition: EditionOption = None, as_json: JsonOption = False
) -> None:
    """List the arena cards of an edition."""
    from generator.games.all_star_draft.queries import arena_rows, load

    rows = arena_rows(load(data), edition)
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    table = [
        [r["id"], r["name"], r["fans"], r["special"], r["flags"], "yes" if r["provisional"] else ""]
        for r in rows
    ]
    typer.echo(
        render_table(["id", "name", "fans (rank 1-6)", "special", "flags", "provisional"], table)
    )
