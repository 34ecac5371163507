"""`draftdeck validate`: report every problem in the data."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from generator.cli.boundary import EXIT_DATA, user_errors
from generator.cli.options import DataOption, GameOption
from generator.core.errors import UsageError

if TYPE_CHECKING:
    from generator.services.pack_outcome import PackOutcome


class OutputFormat(StrEnum):
    """How validate prints its findings."""

    TEXT = "text"
    JSON = "json"
    GITHUB = "github"


@user_errors
def validate(
    path: Annotated[
        Path | None,
        typer.Argument(
            help="Data folder, game pack folder, or a file inside a pack.",
            show_default="the pack this folder is or lies in, else ./data",
        ),
    ] = None,
    data: DataOption = None,
    game: GameOption = None,
    output: Annotated[
        OutputFormat, typer.Option("--format", help="text, json, or github (workflow annotations).")
    ] = OutputFormat.TEXT,
    strict: Annotated[
        bool,
        typer.Option("--strict", help="Also fail on warnings and on values marked provisional."),
    ] = False,
    quiet: Annotated[
        bool,
        typer.Option("--quiet", "-q", help="Print errors only (and the summary line)."),
    ] = False,
    fresh: Annotated[
        bool,
        typer.Option(
            "--fresh",
            help="Check everything anew, not from the answer remembered for the same files.",
        ),
    ] = False,
) -> None:
    """Check data files against their schemas and each other; exit 1 on errors."""
    from generator.core.workspace import data_folder
    from generator.services.pack_folders import choose_packs, find_packs
    from generator.services.remembered import remembered

    if path is not None and data is not None and path.resolve() != data.resolve():
        raise UsageError("give the data folder either as PATH or as --data, not both")
    roots = choose_packs(data_folder(data), game) if path is None else find_packs(path)

    def work() -> tuple[str, bool]:
        from generator.cli.validate_output import validation_report
        from generator.services.pack_folders import same_ids
        from generator.services.remembered import remembered_pack
        from generator.services.validate import validate_pack

        def outcome(root: Path) -> PackOutcome:
            return remembered_pack(root, lambda: validate_pack(root).outcome(), fresh)

        results = [outcome(root) for root in roots]
        report = validation_report(results, strict=strict, extra=same_ids(roots))
        return report.render(output.value, quiet), report.passed

    key = ("validate", output.value, str(strict), str(quiet))
    text, passed = remembered(roots, key, work, fresh)
    typer.echo(text)
    if not passed:
        raise typer.Exit(EXIT_DATA)
