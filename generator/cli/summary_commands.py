"""`draftdeck summary` and `draftdeck tables`: rules summaries and rulebook tables from the data."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import DEFAULT_DATA, DataOption
from generator.paths import OUTPUT_DIR, display_path


class TextFormat(StrEnum):
    """Output formats of the text documents."""

    MARKDOWN = "md"


EditionsOption = Annotated[
    list[str] | None, typer.Option("--edition", help="Edition id (repeatable); default: all.")
]
LocalesOption = Annotated[
    list[str] | None,
    typer.Option("--locale", help="Language (repeatable): de, fr, en; default: all."),
]
OutOption = Annotated[
    Path, typer.Option("--out", help="Folder to write into.", show_default="output/")
]
FormatOption = Annotated[
    TextFormat, typer.Option("--format", help="md (Markdown, for websites and forums).")
]


@user_errors
def summary(
    edition: EditionsOption = None,
    locale: LocalesOption = None,
    output: FormatOption = TextFormat.MARKDOWN,
    data: DataOption = DEFAULT_DATA,
    out: OutOption = OUTPUT_DIR,
) -> None:
    """Write a rules summary per edition and language into <out>/<edition>/<locale>/summary.md."""
    from generator.games.all_star_draft.summary.render import summary_markdown

    _write_all(data, out, edition, locale, "summary.md", summary_markdown)


@user_errors
def tables(
    edition: EditionsOption = None,
    locale: LocalesOption = None,
    output: FormatOption = TextFormat.MARKDOWN,
    data: DataOption = DEFAULT_DATA,
    out: OutOption = OUTPUT_DIR,
) -> None:
    """Write the rulebook tables per edition and language into <out>/<edition>/<locale>/tables.md."""
    from generator.games.all_star_draft.summary.render import tables_markdown

    _write_all(data, out, edition, locale, "tables.md", tables_markdown)


def _write_all(
    data: Path,
    out: Path,
    editions: list[str] | None,
    locales: list[str] | None,
    name: str,
    make: Callable[..., str],
) -> None:
    from generator.errors import UsageError
    from generator.games.all_star_draft.queries import edition as pick_edition
    from generator.games.all_star_draft.queries import load
    from generator.loading.validate import locales_for
    from generator.output.atomic import write_atomic

    game: Any = load(data)
    pack = data / game.id if (data / game.id).is_dir() else data
    chosen = [pick_edition(game, e).id for e in editions] if editions else list(game.editions)
    languages = locales or list(game.locales)
    unknown = [loc for loc in languages if loc not in game.locales]
    if unknown:
        raise UsageError(
            f"unknown locale {', '.join(unknown)}; this game has: {', '.join(game.locales)}"
        )
    texts = {(e, loc): make(game, e, loc, locales_for(pack)) for e in chosen for loc in languages}
    for (e, loc), text in texts.items():
        path = out / e / loc / name
        state = "written" if write_atomic(path, text.encode("utf-8")) else "unchanged"
        typer.echo(f"{state}: {display_path(path)}")
