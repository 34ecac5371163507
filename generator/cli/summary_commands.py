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

    PDF = "pdf"
    MARKDOWN = "md"


class TextPaper(StrEnum):
    """Page layouts of the PDF documents."""

    A4 = "a4"
    A5_BOOKLET = "a5-booklet"


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
    TextFormat, typer.Option("--format", help="pdf, or md (Markdown, for websites and forums).")
]
PaperOption = Annotated[
    TextPaper,
    typer.Option("--paper", help="PDF pages: a4, or a5-booklet (A5 pages on A4 sheets, to fold)."),
]


@user_errors
def summary(
    edition: EditionsOption = None,
    locale: LocalesOption = None,
    output: FormatOption = TextFormat.PDF,
    paper: PaperOption = TextPaper.A4,
    data: DataOption = DEFAULT_DATA,
    out: OutOption = OUTPUT_DIR,
) -> None:
    """Write a rules summary per edition and language: <out>/<edition>/<locale>/summary.pdf (or .md)."""
    from generator.games.all_star_draft.summary.render import summary_document

    def make(game: Any, edition_id: str, language: str, locales: Path, pack: Path) -> Any:
        return summary_document(game, edition_id, language, locales, pack)

    _write_all(data, out, edition, locale, "summary", make, output, paper)


@user_errors
def tables(
    edition: EditionsOption = None,
    locale: LocalesOption = None,
    output: FormatOption = TextFormat.PDF,
    paper: PaperOption = TextPaper.A4,
    data: DataOption = DEFAULT_DATA,
    out: OutOption = OUTPUT_DIR,
) -> None:
    """Write the rulebook tables per edition and language: <out>/<edition>/<locale>/tables.pdf (or .md)."""
    from generator.games.all_star_draft.summary.render import tables_document

    def make(game: Any, edition_id: str, language: str, locales: Path, pack: Path) -> Any:
        return tables_document(game, edition_id, language, locales)

    _write_all(data, out, edition, locale, "tables", make, output, paper)


def _write_all(
    data: Path,
    out: Path,
    editions: list[str] | None,
    locales: list[str] | None,
    stem: str,
    make: Callable[..., Any],
    output: TextFormat,
    paper: TextPaper,
) -> None:
    """Build every document first, then write each atomically."""
    from generator.errors import UsageError
    from generator.games.all_star_draft.queries import edition as pick_edition
    from generator.games.all_star_draft.queries import load
    from generator.loading.validate import locales_for
    from generator.output.atomic import write_atomic
    from generator.parallel import parallel_map

    game = load(data)
    pack = data / game.id if (data / game.id).is_dir() else data
    chosen = [pick_edition(game, e).id for e in editions] if editions else list(game.editions)
    languages = locales or list(game.locales)
    unknown = [loc for loc in languages if loc not in game.locales]
    if unknown:
        raise UsageError(
            f"unknown locale {', '.join(unknown)}; this game has: {', '.join(game.locales)}"
        )
    catalogs = locales_for(pack)
    state = (game, make, catalogs, pack, output.value, paper.value)
    keys = [(e, loc) for e in chosen for loc in languages]
    files = dict(zip(keys, parallel_map(_render_one, state, keys), strict=True))
    for (e, loc), content in files.items():
        path = out / e / loc / f"{stem}.{output.value}"
        written = "written" if write_atomic(path, content) else "unchanged"
        typer.echo(f"{written}: {display_path(path)}")


def _render_one(state: tuple[Any, ...], key: tuple[str, str]) -> bytes:
    """One document, built and rendered (in a worker process)."""
    from generator.games.all_star_draft.summary.render import render_text

    game, make, locales_dir, pack, output, paper = state
    edition_id, language = key
    return bytes(
        render_text(make(game, edition_id, language, locales_dir, pack), game, output, paper)
    )
