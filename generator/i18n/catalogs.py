"""Reading the gettext catalogs in locales/ and checking data strings against them."""

from __future__ import annotations

import gettext
import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any, overload

from generator.core.contexts import TEMPLATE_CONTEXTS
from generator.core.diagnostics import Diagnostic, Severity
from generator.core.errors import InputError, UsageError
from generator.core.paths import display_path
from generator.grammar.markup import markup_problem
from generator.i18n.data_strings import DataString, data_strings
from generator.loading.document import Document
from generator.loading.files import not_regular, read_regular
from generator.loading.manifest import DOCUMENTS, LAYOUTS, PHRASES
from generator.printing.characters import unprintable

Key = tuple[str, str]
"""(context, English text); the context is '' when the entry has none."""
Translations = Mapping[Key, str]
Forms = Mapping[Key, tuple[str, ...]]
"""Every form of each finished translation: one, or one per plural form of the language."""
"""(context, English text) -> translation."""


class _LanguageNames(dict[str, str]):
    """Languages' English names by code: the three the shipped games speak, and any other
    as Babel names it (it -> Italian, pt_BR -> Portuguese (Brazil))."""

    @overload  # type: ignore[override]
    def get(self, code: str, default: None = None) -> str | None: ...
    @overload
    def get(self, code: str, default: str) -> str: ...

    def get(self, code: str, default: str | None = None) -> str | None:
        if code in self:
            return self[code]
        from babel import Locale, UnknownLocaleError

        try:
            name = Locale.parse(code).english_name
            return name if isinstance(name, str) and name else default
        except (UnknownLocaleError, ValueError, TypeError):
            return default


LANGUAGE_NAMES = _LanguageNames(de="German", fr="French", en="English")
MAX_CATALOG_BYTES = 2 * 2**20
"""The largest catalog read (the shipped games' are 12 to 33 KiB); checked before it is read."""


class CatalogError(InputError):
    """A catalog file that cannot be read (located: the CLI prints it without a traceback)."""

    def __init__(self, path: Path, line: int, problem: str) -> None:
        self.path, self.line, self.problem = path, line, problem
        super().__init__(f"{display_path(path)}:{line}: {problem}")


LOCALE = re.compile(r"[a-z]{2}(_[A-Z]{2})?")
"""A language code as packs write it (de, pt_BR): common.schema.json's locale."""


def check_locale(locale: str) -> None:
    """Refuse a language code that is not one, saying what one looks like."""
    from babel import Locale, UnknownLocaleError

    try:
        known = bool(LOCALE.fullmatch(locale)) and Locale.parse(locale) is not None
    except (UnknownLocaleError, ValueError):
        known = False
    if not known:
        raise UsageError(
            f"'{locale[:40]}' is not a language code: give one such as de, fr, en or pt_BR"
        )


def catalog_path(locales_dir: Path, locale: str, domain: str) -> Path:
    """Where the .po catalog of a language and domain lives."""
    return locales_dir / locale / "LC_MESSAGES" / f"{domain}.po"


_STRING_LINE = re.compile(
    r'(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"(?:[^"\\]|\\.)*"\s*'
)


def read_catalog(path: Path, locale: str | None = None) -> Any:
    """A .po file as Babel's Catalog; a malformed file raises CatalogError."""
    from babel.messages.pofile import PoFileError, read_po

    lines = _checked_lines(path)
    _check_plural_forms(path, lines)  # before Babel makes room for every form it names
    _check_duplicates(path, lines)  # Babel would keep one of them silently
    try:
        catalog = read_po(lines, locale=locale, abort_invalid=True)
    except PoFileError as error:
        message = str(error).rpartition(" on ")[0] or str(error)
        raise CatalogError(path, error.lineno + 1, message) from None
    except ValueError as error:
        raise CatalogError(path, 0, f"not a readable catalog ({error})") from None
    return catalog


def _check_duplicates(path: Path, lines: list[str]) -> None:
    """Refuse a second entry with the context and text of an earlier one, at its line."""
    seen: dict[tuple[str | None, str], int] = {}
    context: str | None = None
    text: list[str] | None = None
    field, at = "", 0
    for number, line in enumerate(lines, 1):
        content = line.strip()
        keyword, _, rest = content.partition(" ")
        if content.startswith('"'):
            if field == "msgctxt" and context is not None:
                context += content
            elif field == "msgid" and text is not None:
                text.append(content)
            continue
        if keyword == "msgctxt":
            context, field = rest.strip(), "msgctxt"
        elif keyword == "msgid":
            text, field, at = [rest.strip()], "msgid", number
        elif keyword.startswith(("msgid_plural", "msgstr")) and text is not None:
            key = (context, "".join(text))
            if key != (None, '""'):
                if key in seen:
                    raise CatalogError(
                        path,
                        at,
                        f"this entry repeats the one at line {seen[key]} (same msgctxt and "
                        "msgid): keep one of them and delete the other",
                    )
                seen[key] = at
            context, text, field = None, None, keyword
        elif content and not content.startswith("#"):
            field = keyword


_PLURAL_FORMS = re.compile(r'^"Plural-Forms:\s*(.*?)(?:\\n)?"\s*$')


def _check_plural_forms(path: Path, lines: list[str]) -> None:
    """Refuse a Plural-Forms header gettext cannot evaluate, at its line."""
    found = next(
        (
            (n, m.group(1))
            for n, line in enumerate(lines, 1)
            if (m := _PLURAL_FORMS.match(line.strip()))
        ),
        None,
    )
    if found is None:
        return
    at, header = found
    expression = header.partition("plural=")[2].strip().rstrip(";")
    try:
        gettext.c2py(expression)
        count = int(header.partition("nplurals=")[2].partition(";")[0])
    except ValueError as error:
        raise CatalogError(
            path, at, f"the Plural-Forms header cannot be read ({error}): '{header}'"
        ) from None
    if not 1 <= count <= 6:
        raise CatalogError(path, at, f"the Plural-Forms header gives {count} forms, not 1 to 6")
    plural = gettext.c2py(expression)
    for n in PLURAL_PROBES:
        try:
            form = plural(n)
        except ArithmeticError as error:  # plural=(n % 0)
            raise CatalogError(
                path, at, f"the Plural-Forms header fails for {n} ({error}): '{header}'"
            ) from None
        if not 0 <= form < count:
            raise CatalogError(
                path,
                at,
                f"the Plural-Forms header picks form {form} for {n}, but there are {count}: "
                f"'{header}'",
            )


PLURAL_PROBES = (*range(201), 1000, 1001, 1_000_000)
"""Numbers a Plural-Forms rule is tried on before it is trusted (every rule of gettext's
languages is decided by n's last digits)."""


def _checked_lines(path: Path) -> list[str]:
    """The catalog's lines, refusing what Babel would read silently wrong.

    Babel decodes by the charset the header names, and reads a string with a
    missing closing quote as if its last character were the quote (so
    `msgstr "Eisbär` would print as "Eisbä"): both are refused here, at their line.
    """
    kind = not_regular(path)
    if kind is not None:
        raise CatalogError(path, 0, f"is {kind}, not a regular file")
    size = path.stat().st_size
    if size > MAX_CATALOG_BYTES:
        raise CatalogError(
            path,
            0,
            f"the catalog is {size / 2**20:.1f} MiB, more than a catalog may be "
            f"({MAX_CATALOG_BYTES // 2**20} MiB): a game's catalog holds a few hundred texts; "
            "check that this is the right file",
        )
    if not path.is_file():
        raise CatalogError(path, 0, "is not a file")
    raw = read_regular(path, MAX_CATALOG_BYTES)
    if len(raw) > MAX_CATALOG_BYTES:  # it grew while being read
        raise CatalogError(path, 0, f"the catalog is more than {MAX_CATALOG_BYTES // 2**20} MiB")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        at = raw.count(b"\n", 0, error.start) + 1
        raise CatalogError(path, at, f"byte 0x{raw[error.start]:02X} is not valid UTF-8") from None
    lines = text.splitlines(keepends=True)
    for number, line in enumerate(lines, 1):
        content = line.strip()
        if content and not content.startswith("#") and not _STRING_LINE.fullmatch(content):
            raise CatalogError(path, number, "expected a quoted string")
    return lines


def finished_entries(catalog: Any) -> dict[Key, str]:
    """Translated, non-fuzzy entries (header left out); a plural entry needs every form."""
    return {key: forms[0] for key, forms in finished_forms(catalog).items()}


def finished_forms(catalog: Any) -> dict[Key, tuple[str, ...]]:
    """Every form of the translated, non-fuzzy entries (a plural entry needs all of them)."""
    found = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if forms and all(form and form.strip() for form in forms):
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            found[(message.context or "", msgid)] = tuple(forms)
    return found


def read_translations(path: Path) -> Translations:
    """The finished translations of a .po file: fuzzy and empty entries are left out."""
    return finished_entries(read_catalog(path))


def compile_catalog(path: Path, locale: str) -> tuple[gettext.GNUTranslations, Forms]:
    """A .po file's finished entries, compiled in memory as gettext translations, and as a
    mapping; read once per version of the file (a build validates, then translates)."""
    status = path.stat()
    return _compiled(path, status.st_mtime_ns, status.st_size, locale)


@cache
def _compiled(
    path: Path, mtime: int, size: int, locale: str
) -> tuple[gettext.GNUTranslations, Forms]:
    from babel.messages.mofile import write_mo

    catalog = read_catalog(path, locale)
    finished = finished_forms(catalog)
    for message in list(catalog)[1:]:
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        if (message.context or "", msgid) not in finished:
            catalog.delete(message.id, message.context)
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer), finished


def check_translations(
    documents: Mapping[str, Document],
    locales_dir: Path,
    domain: str,
    locales: Iterable[str],
    translate: Collection[str],
    source: str = "en",
    glyphs: frozenset[int] = frozenset(),
) -> list[Diagnostic]:
    """A warning for each data string that lacks a finished translation (it prints in the
    `source` language meanwhile), naming the languages and, for a string used in several
    places, the items that use it; an error for each template text whose translation breaks
    its placeholders. The source language's catalog may be missing or incomplete: its texts
    are their own translation."""
    wanted = [
        (document, found)
        for key, document in documents.items()
        for found in data_strings(
            document,
            translate,
            layout=key.startswith(f"{LAYOUTS}/"),
            phrases=key == f"{LAYOUTS}/{PHRASES}",
            texts=key.startswith(f"{DOCUMENTS}/"),
        )
    ]
    diagnostics: list[Diagnostic] = []
    lacking: dict[Key, list[str]] = {}
    codes: dict[str, str] = {}
    for locale in locales:
        path = catalog_path(locales_dir, locale, domain)
        language = LANGUAGE_NAMES.get(locale, locale)
        codes[language] = locale
        there = path.is_file() or not_regular(path) is not None  # a FIFO is no missing file
        if not there and locale == source:
            continue
        if not there:
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
            _, translations = compile_catalog(path, locale)
        except CatalogError as error:
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
        for _, found in wanted:
            if locale != source and (found.context, found.text) not in translations:
                languages = lacking.setdefault((found.context, found.text), [])
                if language not in languages:
                    languages.append(language)
        checked: set[Key] = set()
        for document, found in wanted:
            key = (found.context, found.text)
            if key not in translations or key in checked:
                continue
            checked.add(key)
            forms = translations[key]
            for problem, hint in (
                *(
                    (problem, "keep every {placeholder} of the text as it is")
                    for translated in forms
                    for problem in (
                        _placeholder_problem(found.text, translated, found.plural)
                        if found.context in TEMPLATE_CONTEXTS
                        else ()
                    )
                ),
                *(
                    (problem, "retype it")
                    for problem in filter(None, (unprintable(t, True, glyphs) for t in forms))
                ),
                *(
                    (problem, "keep every [icon], **bold** and *italic* span of the text")
                    for problem in filter(None, (markup_problem(found.text, t) for t in forms))
                ),
            ):
                diagnostics.append(
                    document.diagnostic(
                        found.path,
                        f"the {language} translation of '{found.text}' {problem}",
                        hint=f"{hint}, in {display_path(path)}",
                    )
                )
    return [*_untranslated(wanted, lacking, locales_dir, domain, source, codes), *diagnostics]


USERS_NAMED = 5
"""Items named in a message about a string many use; the rest are counted."""


def _untranslated(
    wanted: list[tuple[Document, DataString]],
    lacking: Mapping[Key, list[str]],
    locales_dir: Path,
    domain: str,
    source: str,
    codes: Mapping[str, str],
) -> Iterator[Diagnostic]:
    """Per language (`codes`: each language's code by its name), one warning for its
    untranslated strings: where one string lacks, at
    its first use, naming the items that use it; where several do, at the language's
    catalog, counting them (`draftdeck i18n check --locale` lists them)."""
    uses: dict[Key, list[tuple[Document, DataString]]] = {}
    for document, found in wanted:
        if (found.context, found.text) in lacking:
            uses.setdefault((found.context, found.text), []).append((document, found))
    source_language = LANGUAGE_NAMES.get(source, source)
    languages = list(dict.fromkeys(lang for langs in lacking.values() for lang in langs))
    alone: dict[Key, list[str]] = {}
    for language in languages:
        keys = [key for key in uses if language in lacking[key]]
        if len(keys) == 1:
            alone.setdefault(keys[0], []).append(language)
            continue
        code = codes.get(language, language)
        catalog = display_path(catalog_path(locales_dir, code, domain))
        yield Diagnostic(
            catalog,
            0,
            0,
            f"{len(keys):,} texts have no {language} translation yet; they print in "
            f"{source_language} meanwhile",
            Severity.WARNING,
            None,
            f"draftdeck i18n check --locale {code} lists them; translate them in {catalog} "
            "(draftdeck i18n update first brings it up to date)",
        )
    catalogs = display_path(locales_dir / "<language>" / "LC_MESSAGES" / f"{domain}.po")
    for (context, text), missing in alone.items():
        places = uses[context, text]
        document, first = places[0]
        named = list(dict.fromkeys(f.item_id for _, f in places if f.item_id))
        used = ""
        if len(places) > 1:
            shown = ", ".join(named[:USERS_NAMED])
            rest = len(named) - USERS_NAMED
            used = f"; used by {shown}" + (f" and {rest} more" if rest > 0 else "")
        yield document.diagnostic(
            first.path,
            f"'{text}' has no {_either(missing)} translation yet{used}; "
            f"it prints in {source_language} meanwhile",
            hint="run draftdeck i18n extract and update, then translate "
            f'msgctxt "{context}" msgid "{text}" in {catalogs} '
            "(a changed text keeps its old translation there as a fuzzy suggestion)",
            severity=Severity.WARNING,
        )


def _either(languages: list[str]) -> str:
    return (
        languages[0] if len(languages) == 1 else ", ".join(languages[:-1]) + " or " + languages[-1]
    )


def _placeholder_problem(text: str, translated: str, plural: str | None = None) -> Iterator[str]:
    """Why a template text's translation cannot be filled in as the text can, if it cannot: it
    names each placeholder of the text and no other (how often is the language's affair:
    French says "jusqu’à {n} cartes" once where English repeats the number). A form of a
    plural text may leave out what only one English form names ("one card" for "{n} cards")."""
    from generator.grammar.placeholders import ExpressionError, Placeholder, parse_text

    def names(source: str) -> set[str]:
        return {p.source for p in parse_text(source) if isinstance(p, Placeholder)}

    try:
        theirs = names(translated)
    except ExpressionError as error:
        yield f"is broken: {error.message}"
        return
    ours = names(text)
    if plural is None:
        allowed, needed = ours, ours
    else:
        other = names(plural)
        allowed, needed = ours | other, ours & other
    if not needed <= theirs <= allowed:
        shown = ", ".join(f"{{{p}}}" for p in sorted(theirs)) or "none"
        wanted = ", ".join(f"{{{p}}}" for p in sorted(allowed)) or "none"
        yield f"has the placeholders {shown}, not {wanted}"
