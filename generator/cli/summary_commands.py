"""`draftdeck summary` and `draftdeck tables`: rules summaries and rulebook tables from the data."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import DataOption, GameOption, OutOption
from generator.core.paths import display_path

if TYPE_CHECKING:
    pass


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
FormatOption = Annotated[
    TextFormat, typer.Option("--format", help="pdf, or md (Markdown, for websites and forums).")
]
StrictOption = Annotated[
    bool,
    typer.Option(
        "--strict",
        help="Refuse a text without a finished translation instead of writing it in the "
        "source language.",
    ),
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
    data: DataOption = None,
    game: GameOption = None,
    out: OutOption = None,
    strict: StrictOption = False,
) -> None:
    """Write a rules summary per edition and language: <out>/<game>/<edition>/<locale>/summary.pdf (or .md)."""
    _write_all("summary", data, game, out, edition, locale, output, paper, strict)


@user_errors
def tables(
    edition: EditionsOption = None,
    locale: LocalesOption = None,
    output: FormatOption = TextFormat.PDF,
    paper: PaperOption = TextPaper.A4,
    data: DataOption = None,
    game: GameOption = None,
    out: OutOption = None,
    strict: StrictOption = False,
) -> None:
    """Write the rulebook tables per edition and language: <out>/<game>/<edition>/<locale>/tables.pdf (or .md)."""
    _write_all("tables", data, game, out, edition, locale, output, paper, strict)


def _write_all(
    kind: str,
    data: Path | None,
    game: str | None,
    out: str | None,
    editions: list[str] | None,
    locales: list[str] | None,
    output: TextFormat,
    paper: TextPaper,
    strict: bool,
) -> None:
    """Build every document first, in parallel processes, then write each atomically."""
    from generator.core.workspace import workspace
    from generator.output.atomic import write_atomic
    from generator.pools import parallel_map
    from generator.services.find import load_capable
    from generator.services.texts import KINDS, has_document

    where = workspace(data, out)
    loaded = load_capable(
        where.data, game, f"with {KINDS[kind]}", lambda pack: has_document(pack, kind)
    )
    keys = [
        (e.id, loc)
        for e in loaded.editions(editions or ())
        for loc in loaded.locales(locales or ())
    ]
    state = (loaded, kind, output.value, paper.value, strict)
    files = dict(zip(keys, parallel_map(_render_one, state, keys), strict=True))
    for warning in dict.fromkeys(w for _, warnings in files.values() for w in warnings):
        typer.echo(f"warning: {warning}", err=True)
    for (edition, language), (content, _) in files.items():
        folder = where.out / loaded.pack.id
        folder = folder / edition if edition else folder
        path = folder / language / f"{kind}.{output.value}"
        written = "written" if write_atomic(path, content) else "unchanged"
        typer.echo(f"{written}: {display_path(path)}")


def _render_one(
    state: tuple[Any, str, str, str, bool], key: tuple[str, str]
) -> tuple[bytes, list[str]]:
    """One document, built and rendered (in a worker process), and its warnings."""
    from generator.services.texts import render_text, text_document

    loaded, kind, output, paper, strict = state
    warnings: list[str] = []
    document = text_document(loaded, kind, *key, strict=strict, warn=warnings.append)
    authors = ", ".join(loaded.pack.manifest.authors)
    return render_text(document, authors, output, paper), warnings
