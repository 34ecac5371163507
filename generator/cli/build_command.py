"""`draftdeck build`: regenerate the print-and-play output into output/."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import MAX_JOBS, DataOption, GameOption, OutOption
from generator.core.paths import display_path
from generator.printing.geometry import MAX_BLEED


class Paper(StrEnum):
    """Paper sizes."""

    A4 = "a4"
    LETTER = "letter"


class Marks(StrEnum):
    """Crop mark styles."""

    CORNERS = "corners"
    PAGE_EDGE = "page-edge"
    NONE = "none"


class Backs(StrEnum):
    """Whether back sheets are printed."""

    DUPLEX = "duplex"
    NONE = "none"


@user_errors
def build(
    data: DataOption = None,
    game: GameOption = None,
    out: OutOption = None,
    edition: Annotated[
        list[str] | None, typer.Option("--edition", help="Build only this edition (repeatable).")
    ] = None,
    locale: Annotated[
        list[str] | None,
        typer.Option("--locale", help="Build only this language (repeatable): de, fr, en."),
    ] = None,
    paper: Annotated[Paper, typer.Option("--paper", help="a4 or letter.")] = Paper.A4,
    crop_marks: Annotated[
        Marks, typer.Option("--crop-marks", help="corners, page-edge or none.")
    ] = Marks.PAGE_EDGE,
    backs: Annotated[
        Backs,
        typer.Option("--backs", help="duplex (mirrored back sheets, long-edge flip) or none."),
    ] = Backs.DUPLEX,
    bleed: Annotated[
        float, typer.Option("--bleed", min=0, max=MAX_BLEED, help="Bleed around each card in mm.")
    ] = 3.0,
    pod: Annotated[
        bool,
        typer.Option(
            "--pod", help="Also write one card per page (trim + bleed) and a 300 dpi PNG per page."
        ),
    ] = False,
    ink_saver: Annotated[
        bool,
        typer.Option(
            "--ink-saver", help="White backgrounds; colour only where it carries meaning."
        ),
    ] = False,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", min=0, max=MAX_JOBS, help="Processes to render with (0: one per core)."
        ),
    ] = 0,
    force: Annotated[
        bool, typer.Option("--force", help="Rebuild even if nothing changed.")
    ] = False,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Refuse a text without a finished translation instead of printing it "
            "in the source language.",
        ),
    ] = False,
) -> None:
    """Validate the data and write every PDF below output/<game>/<edition>/<locale>/."""
    from generator.core.text_tables import render_table
    from generator.core.workspace import workspace
    from generator.services.build import BuildOptions
    from generator.services.build import build as run_build

    where = workspace(data, out)
    options = BuildOptions(
        editions=tuple(edition or ()),
        locales=tuple(locale or ()),
        paper=paper.value,
        crop_marks=crop_marks.value,
        backs=backs.value,
        pod=pod,
        ink_saver=ink_saver,
        bleed=bleed,
        jobs=jobs,
        force=force,
        strict=strict,
        game=game,
    )
    bars: list[Any] = []

    def progress(done: int, total: int) -> None:
        if not bars:
            bars.append(
                typer.progressbar(length=total, label="rendering", file=sys.stderr).__enter__()
            )
        bars[0].update(1)

    try:
        report = run_build(where.data, where.out, options, progress=progress, waiting=_waiting)
    finally:
        for bar in bars:
            bar.__exit__(None, None, None)
    for warning in report.warnings:
        typer.echo(f"warning: {warning}", err=True)
    for game_id in report.up_to_date:
        typer.echo(
            f"{display_path(where.out / game_id)}: up to date (nothing changed since the last build; --force rebuilds)"
        )
    if not report.files:
        return
    rows = [
        [
            display_path(w.path),
            "-" if w.pages is None else w.pages,
            _size(w.size),
            "written" if w.changed else "unchanged",
        ]
        for w in report.files
        if w.path.suffix != ".png"
    ]
    pngs = [w for w in report.files if w.path.suffix == ".png"]
    typer.echo(render_table(["file", "pages", "size", "state"], rows))
    if pngs:
        typer.echo(
            f"and {len(pngs)} PNG files ({_size(sum(w.size for w in pngs))}) in the pod/png folders"
        )


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KiB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.1f} MiB"


def _waiting(folder: Path) -> None:
    typer.echo(
        f"waiting: another draftdeck command is writing into {display_path(folder)}", err=True
    )
