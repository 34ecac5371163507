"""Reading the gettext catalogs in locales/ and checking data strings against them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from generator.diagnostics import Diagnostic
from generator.i18n.data_strings import data_strings
from generator.i18n.po_reader import PoSyntaxError, read_finished
from generator.loading.document import Document
from generator.paths import display_path

Translations = Mapping[tuple[str, str], str]
"""(context, English text) -> translation."""

LANGUAGE_NAMES = {"de": "German", "fr": "French", "en": "English"}


def catalog_path(locales_dir: Path, locale: str, domain: str) -> Path:
    """Where the .po catalog of a language and domain lives."""
    return locales_dir / locale / "LC_MESSAGES" / f"{domain}.po"


def read_translations(path: Path) -> Translations:
    """The finished translations of a .po file: fuzzy and empty entries are left out."""
    return read_finished(path)


def check_translations(
    documents: Iterable[Document], locales_dir: Path, domain: str, locales: Iterable[str]
) -> list[Diagnostic]:
    """An error for every data string that lacks a finished translation in a language."""
    wanted = [(document, found) for document in documents for found in data_strings(document)]
    diagnostics: list[Diagnostic] = []
    for locale in locales:
        path = catalog_path(locales_dir, locale, domain)
        language = LANGUAGE_NAMES.get(locale, locale)
        if not path.is_file():
            diagnostics.append(
                Diagnostic(
                    display_path(path),
                    0,
                    0,
                    f"the {language} catalog is missing",
                    hint="create it with: draftdeck i18n update",
                )
            )
            continue
        try:
            translations = read_translations(path)
        except PoSyntaxError as error:
            diagnostics.append(
                Diagnostic(
                    display_path(path),
                    error.line,
                    0,
                    f"the {language} catalog cannot be read: {error.problem}",
                    hint="fix the line by hand, or restore the file from version control",
                )
            )
            continue
        diagnostics.extend(
            document.diagnostic(
                found.path,
                f"'{found.text}' has no {language} translation",
                hint="run draftdeck i18n extract and update, then translate "
                f'msgctxt "{found.context}" msgid "{found.text}" in {display_path(path)}',
            )
            for document, found in wanted
            if (found.context, found.text) not in translations
        )
    return diagnostics
