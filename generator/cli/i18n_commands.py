"""`draftdeck i18n …`: the translation workflow on top of Babel's tools."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.boundary import EXIT_DATA, user_errors
from generator.cli.options import DataOption, GameOption

app = typer.Typer(
    help="Translation catalogs: extract, update, compile and check (Babel underneath).",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def _packs(data: Path | None, game: str | None) -> list[tuple[Path, Path, str, list[str], str]]:
    """(pack folder, catalogs folder, game id, languages, source language) of each game (the one --game
    names, else every game in `data`), from the manifest alone.

    The catalogs are what these commands repair, so the packs are not fully
    validated here: only game.yaml has to be valid.
    """
    from generator.core.errors import DataError
    from generator.core.workspace import data_folder
    from generator.loading.manifest import MANIFEST, catalogs_problems, read_manifest
    from generator.loading.pack import load_one, pack_schemas
    from generator.services.find import choose_packs
    from generator.services.validate import links_leading_out

    found = []
    for pack in choose_packs(data_folder(data), game):
        document, problems = load_one(pack, MANIFEST, pack_schemas(pack))
        if document is None:
            raise DataError(problems)
        manifest = read_manifest(pack, document)
        outside = catalogs_problems(manifest, document) or links_leading_out(
            pack, manifest.catalogs
        )
        if outside:  # nothing is read from outside the pack, as validate refuses it
            raise DataError(outside)
        found.append(
            (pack, manifest.catalogs, manifest.id, list(manifest.locales), manifest.source_locale)
        )
    return found


@app.command("extract")
@user_errors
def extract(data: DataOption = None, game: GameOption = None) -> None:
    """Write the templates (.pot) from the data strings and the interface strings in the code."""
    from generator.core.paths import display_path
    from generator.i18n.workflow import extract as run

    for pack, locales_dir, game_id, _, _ in _packs(data, game):
        for path, changed in run(locales_dir, pack, game_id):
            typer.echo(f"{'written' if changed else 'unchanged'}: {display_path(path)}")


@app.command("add")
@user_errors
def add(
    locale: Annotated[str, typer.Argument(help="The language to add, e.g. de, fr or pt_BR.")],
    data: DataOption = None,
    game: GameOption = None,
) -> None:
    """Add a language: its catalog (from the pack's texts) and its place in game.yaml."""
    from generator.core.paths import display_path
    from generator.i18n.catalogs import catalog_path
    from generator.services.languages import add_language

    for pack, locales_dir, game_id, locales, _ in _packs(data, game):
        for path, changed in add_language(pack, locales_dir, game_id, locales, locale):
            typer.echo(f"{'written' if changed else 'unchanged'}: {display_path(path)}")
        typer.echo(
            f"next: translate {display_path(catalog_path(locales_dir, locale, game_id))}, "
            f"then draftdeck i18n check --locale {locale}"
        )


@app.command("export")
@user_errors
def export(
    data: DataOption = None,
    game: GameOption = None,
    locale: Annotated[
        list[str] | None,
        typer.Option("--locale", help="Export this language (repeat for more); default: all."),
    ] = None,
    file_format: Annotated[
        str, typer.Option("--format", help="The spreadsheet format: xlsx.")
    ] = "xlsx",
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="The workbook to write.",
            show_default="output/<game>/<game>-translations.xlsx",
        ),
    ] = None,
) -> None:
    """A workbook for translators: a sheet per language, a row per text (i18n import reads
    it back)."""
    from generator.core.errors import UsageError
    from generator.core.paths import display_path
    from generator.core.workspace import workspace
    from generator.services.translator_sheets import export_sheets

    if file_format != "xlsx":
        raise UsageError(f"--format {file_format[:20]}: translators' workbooks are xlsx")
    found = _packs(data, game)
    if out is not None and len(found) > 1:
        raise UsageError("--out names one workbook: choose the game with --game")
    where = workspace(data, None).out
    for _, locales_dir, game_id, locales, source in found:
        wanted = _languages(game_id, locales, source, locale)
        target = out or where / game_id / f"{game_id}-translations.xlsx"
        path, changed = export_sheets(locales_dir, game_id, wanted, target)
        typer.echo(f"{'written' if changed else 'unchanged'}: {display_path(path)}")
        typer.echo(
            f"next: send it to your translators; draftdeck i18n import {display_path(path)} "
            "brings their work back"
        )


@app.command("import")
@user_errors
def import_(
    file: Annotated[Path, typer.Argument(help="A workbook from i18n export, translated.")],
    data: DataOption = None,
    game: GameOption = None,
) -> None:
    """Merge a translators' workbook into the catalogs, checking every changed entry."""
    from generator.core.errors import UsageError
    from generator.core.paths import display_path
    from generator.services.translator_sheets import import_sheets

    if not file.is_file():
        raise UsageError(f"there is no file {display_path(file)}")
    found = _packs(data, game)
    if len(found) > 1:
        raise UsageError("a workbook holds one game's texts: choose the game with --game")
    for pack, locales_dir, game_id, locales, source in found:
        imported = import_sheets(pack, locales_dir, game_id, locales, source, file)
        for path, entries in imported.catalogs:
            changed = "1 entry" if entries == 1 else f"{entries} entries"
            typer.echo(f"updated: {display_path(path)} ({changed} changed)")
        if not imported.catalogs:
            typer.echo(f"{game_id}: nothing changed")


def _languages(
    game_id: str, locales: list[str], source: str, wanted: list[str] | None
) -> list[str]:
    """The translated languages asked for (all, by default), each one the game has."""
    from generator.core.errors import UsageError

    translated = [code for code in locales if code != source]
    unknown = [code for code in wanted or () if code not in translated]
    if unknown:
        raise UsageError(
            f"{game_id} is not translated into {', '.join(unknown)}; its translations: "
            f"{', '.join(translated) or 'none'} (draftdeck i18n add adds one)"
        )
    chosen = [code for code in translated if not wanted or code in wanted]
    if not chosen:
        raise UsageError(f"{game_id} has no language to translate into: draftdeck i18n add de")
    return chosen


@app.command("update")
@user_errors
def update(data: DataOption = None, game: GameOption = None) -> None:
    """Merge the templates into every language's catalog; new strings arrive untranslated."""
    from generator.core.paths import display_path
    from generator.i18n.workflow import update as run

    for _, locales_dir, game_id, locales, _ in _packs(data, game):
        for path, changed in run(locales_dir, game_id, locales):
            typer.echo(f"{'updated' if changed else 'unchanged'}: {display_path(path)}")


@app.command("compile")
@user_errors
def compile_catalogs(data: DataOption = None, game: GameOption = None) -> None:
    """Write .mo files next to the catalogs (for tools that want them)."""
    from generator.core.paths import display_path
    from generator.i18n.workflow import compile_all

    for _, locales_dir, game_id, locales, _ in _packs(data, game):
        for path, changed in compile_all(locales_dir, game_id, locales):
            typer.echo(f"{'compiled' if changed else 'unchanged'}: {display_path(path)}")


@app.command("check")
@user_errors
def check(
    data: DataOption = None,
    game: GameOption = None,
    locale: Annotated[
        list[str] | None,
        typer.Option("--locale", help="Check only this language (repeat for more)."),
    ] = None,
    render: Annotated[
        bool,
        typer.Option(
            "--render/--no-render",
            help="Also set every text of every card in every language, to find text that does "
            "not fit or runs into another element.",
        ),
    ] = True,
) -> None:
    """Fail on missing, untranslated or fuzzy strings, placeholder mismatches and overflowing text."""
    from generator.core.errors import UsageError
    from generator.i18n.glossary import load_glossary
    from generator.i18n.workflow import check as run
    from generator.services.validate import text_problems

    failed = False
    for pack, locales_dir, game_id, every, source in _packs(data, game):
        unknown = [code for code in locale or () if code not in every]
        if unknown:
            raise UsageError(
                f"{game_id} has no language {', '.join(unknown)}; its languages: "
                f"{', '.join(every)} (draftdeck i18n add adds one)"
            )
        locales = [code for code in every if not locale or code in locale]
        glossary = load_glossary(pack)
        problems = [f"error: {p}" for p in run(locales_dir, game_id, locales, glossary, source)]
        if render:  # each language that can be read, complete or not
            problems += text_problems(pack)
        for problem in problems:
            typer.echo(problem)
        if problems:
            typer.echo(f"{game_id}: {len(problems)} problem(s) in the translations", err=True)
            failed = True
        else:
            typer.echo(f"{game_id}: catalogs complete for {', '.join(locales)}; every text fits")
    if failed:
        raise typer.Exit(EXIT_DATA)
