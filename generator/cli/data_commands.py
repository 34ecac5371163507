"""`draftdeck cards`: the cards of a component, as a table or JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import DataOption, EditionOption, GameOption, JsonOption
from generator.core.text_tables import render_table

if TYPE_CHECKING:
    from generator.services.find import LoadedPack


@user_errors
def cards(
    component: Annotated[
        str | None,
        typer.Option(
            "--component",
            help="The component, e.g. hockey-player or arena.",
            show_default="the one with the most cards from the data",
        ),
    ] = None,
    edition: EditionOption = None,
    data: DataOption = None,
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """List the cards of a component with their fields, as the data gives them."""
    from generator.core.workspace import data_folder
    from generator.services.find import load_capable
    from generator.services.listing import card_count, card_rows, listed_component

    def has_component(loaded: LoadedPack) -> bool:
        wanted = loaded.pack.manifest.default_edition if edition is None else edition
        box = loaded.pack.editions.get(wanted)
        return box is not None and (
            component is None or any(c.id == component for c in box.components)
        )

    what = "to list cards from"
    if component:
        what = f"with a component '{component}'"
    if edition:
        what += f" in an edition '{edition}'"
    loaded = load_capable(data_folder(data), game, what, has_component)
    box = loaded.edition(edition)
    rows = card_rows(box, component)
    if as_json:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    columns = list(dict.fromkeys(key for row in rows for key in row))
    typer.echo(render_table(columns, [[_cell(row.get(c)) for c in columns] for row in rows]))
    typer.echo(card_count(listed_component(box, component)))


def _cell(value: Any) -> Any:
    """Nested data as people write it: `players: 4, pairs: A-D, B-C; players: 5, ...`."""
    if isinstance(value, dict):
        return ", ".join(f"{key}: {_cell(item)}" for key, item in value.items())
    if isinstance(value, list):
        joiner = "; " if any(isinstance(item, dict | list) for item in value) else ", "
        return joiner.join(str(_cell(item)) for item in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value
