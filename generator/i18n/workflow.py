"""The translation workflow on top of Babel: extract, update, compile and check the catalogs."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any, cast

from generator.core.contexts import DOCUMENT_CONTEXT
from generator.core.errors import DataError
from generator.core.paths import PACKAGE_DIR, display_path
from generator.grammar.markup import markup_problem
from generator.i18n.catalogs import LANGUAGE_NAMES, catalog_path
from generator.i18n.extract import UnreadableData
from generator.i18n.glossary import Glossary
from generator.i18n.ui import UI_DOMAIN, UI_SOURCE
from generator.output.atomic import write_atomic

UI_KEYWORDS = {"N_": None, "NP_": (1, 2)}


@dataclass(frozen=True)
class Problem:
    """Something wrong in a catalog."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return (
            f"{self.file}:{self.line}: {self.message}"
            if self.line
            else f"{self.file}: {self.message}"
        )


def domains(game_id: str, locales_dir: Path) -> tuple[str, ...]:
    """The game's data domain, and draftdeck's interface domain where the folder has its template.

    draftdeck's own locales/ has it; a pack's catalogs folder has it only to word
    the interface strings its own way.
    """
    return (game_id, UI_DOMAIN) if _has_ui(locales_dir) else (game_id,)


def _has_ui(locales_dir: Path) -> bool:
    return (locales_dir / f"{UI_DOMAIN}.pot").is_file()


Written = tuple[Path, bool]
"""A catalog file and whether writing it changed it."""


def extract(locales_dir: Path, pack_root: Path, game_id: str) -> list[Written]:
    """Write the templates (.pot) of the pack's data strings (and, where the pack words
    draftdeck's interface its own way, of draftdeck's code)."""
    written = [write_template(locales_dir / f"{game_id}.pot", data_template(pack_root))]
    if _has_ui(locales_dir):
        written.append(write_template(locales_dir / f"{UI_DOMAIN}.pot", interface_template()))
    return written


def data_template(pack_root: Path) -> Any:
    """The catalog template of every data string of the pack, located in its files."""
    from babel.messages.extract import extract_from_file

    from generator.i18n.extract import extract_data_strings, sheet_strings
    from generator.i18n.glossary import load_glossary
    from generator.loading.files import pack_files

    catalog = _template()
    options = {"glossary": load_glossary(pack_root)}
    try:
        for path in pack_files(pack_root, frozenset({".yaml"})):
            where = path.relative_to(pack_root).as_posix()
            for line, message, comments, context in extract_from_file(
                cast(Any, extract_data_strings), str(path), options=cast(Any, options)
            ):
                catalog.add(message, None, [(where, line)], auto_comments=comments, context=context)
        for where, (_, function, message, comments) in sheet_strings(
            pack_root, options["glossary"]
        ):
            context, *texts = message
            text: Any = tuple(texts) if function == "npgettext" else texts[0]
            catalog.add(text, None, [(where, None)], auto_comments=comments, context=context)
    except UnreadableData as error:
        raise DataError([error.problem]) from None
    return catalog


def interface_template() -> Any:
    """The catalog template of draftdeck's interface strings (marked N_ and NP_ in its code)."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    catalog = _template()
    code = PACKAGE_DIR
    for filename, line, message, comments, context in extract_from_dir(
        str(code), method_map=[("**.py", "python")], keywords={**DEFAULT_KEYWORDS, **UI_KEYWORDS}
    ):
        where = f"{code.name}/{Path(filename).as_posix()}"
        catalog.add(message, None, [(where, line)], auto_comments=comments, context=context)
    return catalog


def _template() -> Any:
    from babel.messages.catalog import Catalog

    return Catalog(project="draftdeck", version="0.1.0", copyright_holder="draftdeck developers")


def write_template(path: Path, catalog: Any) -> Written:
    """Write a template unless only its creation date would change."""
    data = _po_bytes(catalog)
    if path.is_file() and _undated(path.read_bytes()) == _undated(data):
        return path, False
    return path, write_atomic(path, data)


def _undated(po: bytes) -> bytes:
    """A catalog's bytes without the POT-Creation-Date header line."""
    return b"\n".join(
        line for line in po.split(b"\n") if not line.startswith(b'"POT-Creation-Date:')
    )


def update(locales_dir: Path, game_id: str, locales: list[str]) -> list[Written]:
    """Merge the templates into every language's catalog (new strings come untranslated)."""
    written = []
    for domain in domains(game_id, locales_dir):
        template = _read(locales_dir / f"{domain}.pot")
        written += update_domain(locales_dir, domain, template, locales)
    return written


def update_domain(
    locales_dir: Path, domain: str, template: Any, locales: list[str], keep_obsolete: bool = True
) -> list[Written]:
    """Merge one template into each language's catalog of its domain; texts gone from the
    template stay at the end as obsolete entries (#~), for a translator to reuse, unless
    `keep_obsolete` is false."""
    from babel.messages.catalog import Catalog

    written = []
    for locale in locales:
        path = catalog_path(locales_dir, locale, domain)
        catalog = _read(path, locale) if path.is_file() else Catalog(locale=locale, domain=domain)
        catalog.update(template, no_fuzzy_matching=False)  # a changed text keeps its old one, fuzzy
        written.append((path, write_atomic(path, _po_bytes(catalog, keep_obsolete))))
    return written


def read_template(path: Path) -> Any:
    """A catalog template (.pot) as Babel reads it."""
    return _read(path)


def write_catalog(
    path: Path, template: Any, locale: str, domain: str, known: dict[tuple[str, str], str]
) -> Written:
    """A new language's catalog made from the template, with the translations `known` by
    (context, text) filled in and the rest empty."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale=locale, domain=domain, project=template.project)
    for message in template:
        if not message.id:
            continue
        plural = not isinstance(message.id, str)
        catalog.add(
            message.id,
            ("",) * catalog.num_plurals
            if plural
            else known.get((message.context or "", message.id), ""),
            locations=message.locations,
            auto_comments=message.auto_comments,
            context=message.context,
        )
    return path, write_atomic(path, _po_bytes(catalog))


def compile_all(locales_dir: Path, game_id: str, locales: list[str]) -> list[Written]:
    """Write a .mo file next to every finished catalog."""
    from babel.messages.mofile import write_mo

    written = []
    for domain in domains(game_id, locales_dir):
        for locale in locales:
            path = catalog_path(locales_dir, locale, domain)
            buffer = BytesIO()
            write_mo(buffer, _read(path, locale), use_fuzzy=False)
            target = path.with_suffix(".mo")
            written.append((target, write_atomic(target, buffer.getvalue())))
    return written


def check(
    locales_dir: Path,
    game_id: str,
    locales: list[str],
    glossary: Glossary | None = None,
    source: str = "en",
) -> Iterator[Problem]:
    """Missing, untranslated or fuzzy entries, Babel's checkers (placeholders included), and
    translations that stray from the pack's glossary. The source language (`source` for the
    game's texts, English for draftdeck's own) needs no entry: its texts are their own."""
    for domain in domains(game_id, locales_dir):
        template = _read(locales_dir / f"{domain}.pot")
        wanted = {(m.context, _key(m.id)) for m in template if m.id}
        for locale in locales:
            path = catalog_path(locales_dir, locale, domain)
            shown = display_path(path)
            language = LANGUAGE_NAMES.get(locale, locale)
            own = locale == (source if domain == game_id else UI_SOURCE)
            if own and not path.is_file():
                continue
            if not path.is_file():
                yield Problem(
                    shown, 0, f"the {language} catalog is missing; run draftdeck i18n update"
                )
                continue
            catalog = _read(path, locale)
            have = {(m.context, _key(m.id)) for m in catalog if m.id}
            for _, msgid in sorted(wanted - have if not own else (), key=str):
                yield Problem(shown, 0, f"{msgid!r} is missing; run draftdeck i18n update")
            for message in catalog:
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if not message.id or own:
                    continue
                if message.fuzzy:
                    yield Problem(
                        shown,
                        message.lineno or 0,
                        f"{_key(message.id)!r} is fuzzy: review it and remove the flag",
                    )
                elif not all(strings):
                    yield Problem(
                        shown,
                        message.lineno or 0,
                        f"{_key(message.id)!r} has no {language} translation",
                    )
                else:
                    for string in dict.fromkeys(strings):
                        broken = markup_problem(_key(message.id), string)
                        if broken is not None:
                            yield Problem(
                                shown, message.lineno or 0, f"{_key(message.id)!r}: {broken}"
                            )
            for (
                message,
                errors,
            ) in catalog.check():  # Babel's checkers and ours (babel.checkers:braces)
                for error in errors:
                    yield Problem(shown, message.lineno or 0, f"{_key(message.id)!r}: {error}")
            if glossary is not None and domain == game_id:
                for message in catalog:
                    for problem in _strays(glossary, message, locale):
                        yield Problem(shown, message.lineno or 0, problem)


def _strays(glossary: Glossary, message: Any, locale: str) -> Iterator[str]:
    """How a finished catalog entry strays from the glossary, each problem after its text."""
    for problem in strays(glossary, message, locale):
        yield f"{_key(message.id)!r}: {problem}"


def strays(glossary: Glossary, message: Any, locale: str) -> Iterator[str]:
    """How a finished catalog entry strays from the glossary: a card's text or label in
    full, a document's prose (context documents) in the words it must never use only."""
    if not message.id or message.fuzzy:
        return
    source = " ".join(message.id) if isinstance(message.id, tuple) else message.id
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    strict = message.context != DOCUMENT_CONTEXT
    found = [
        p
        for string in strings
        if string
        for p in glossary.problems(source, string, locale, strict=strict)
    ]
    yield from dict.fromkeys(found)  # each once, whichever plural forms share it


def _key(msgid: Any) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def _read(path: Path, locale: str | None = None) -> Any:
    from generator.i18n.catalogs import read_catalog

    return read_catalog(path, locale)


def catalog_bytes(catalog: Any) -> bytes:
    """A catalog as draftdeck writes every .po file (so an unchanged one keeps its bytes)."""
    return _po_bytes(catalog)


def _po_bytes(catalog: Any, keep_obsolete: bool = True) -> bytes:
    from babel.messages.pofile import write_po

    buffer = BytesIO()
    write_po(
        buffer,
        catalog,
        width=100,
        sort_output=False,
        ignore_obsolete=not keep_obsolete,
        include_previous=True,
    )
    return buffer.getvalue()
