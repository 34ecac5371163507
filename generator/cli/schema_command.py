"""`draftdeck schema infer`: a first JSON Schema for a data file, from its values."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.boundary import user_errors

app = typer.Typer(help="JSON Schemas for a pack's data files.", no_args_is_help=True)


@app.command("infer")
@user_errors
def infer(
    file: Annotated[
        Path, typer.Argument(help="A data file: YAML, or a spreadsheet (.csv, .xlsx, .ods).")
    ],
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write the schema to this file instead of printing it."),
    ] = None,
    separator: Annotated[
        str,
        typer.Option("--separator", help="In a spreadsheet, what separates a list's entries."),
    ] = ";",
    force: Annotated[
        bool, typer.Option("--force", help="Replace the --out file if it exists.")
    ] = False,
) -> None:
    """Guess a starting schema from the file's values: check and describe every field."""
    from generator.core.errors import UsageError
    from generator.core.paths import display_path
    from generator.output.atomic import write_atomic
    from generator.services.infer import infer_schema, schema_text

    text = schema_text(infer_schema(file, display_path(file), separator))
    if out is None:
        typer.echo(text, nl=False)
        return
    if out.exists() and not force:
        raise UsageError(f"{display_path(out)} exists; add --force to replace it")
    write_atomic(out, text.encode("utf-8"))
    typer.echo(f"written: {display_path(out)} (check every field and write its description)")
