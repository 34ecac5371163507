"""Translating what the build draws: data names, interface strings, plurals, ordinals, numbers.

Interface strings are marked in the code with `N_` (for Babel's extractor)
and looked up at render time. A text of the source language (the pack's for
its data, English for draftdeck's own) is its own translation. A string another
language's catalog lacks, or has only as a fuzzy suggestion, is drawn in the
source language and remembered: a draft in one language never blocks another,
and `check` refuses the drafts where the user asked for finished catalogs.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

from generator.core.errors import DraftdeckError
from generator.core.paths import LOCALES_DIR
from generator.i18n.catalogs import LANGUAGE_NAMES, CatalogError, catalog_path, compile_catalog

UI_DOMAIN = "draftdeck"


def N_(message: str) -> str:
    """Mark a string for translation without translating it yet."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for translation (extracted with -k NP_:1,2)."""
    return singular, plural


ORDINAL_PATTERNS = {
    "one": N_("{n}st"),
    "two": N_("{n}nd"),
    "few": N_("{n}rd"),
    "other": N_("{n}th"),
}
"""English patterns of the ordinal plural categories; each catalog translates all four."""


class MissingTranslation(DraftdeckError):
    """Strings a language's catalog lacks."""

    def __init__(self, locale: str, missing: list[str]) -> None:
        self.locale, self.missing = locale, missing
        language = LANGUAGE_NAMES.get(locale, locale)
        shown = "; ".join(repr(m) for m in missing[:5]) + (
            f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        )
        super().__init__(
            f"the {language} catalog ({locale}) has no translation for {shown}"
            "; run draftdeck i18n extract and update, translate, and draftdeck i18n check lists what is left"
        )

    def __reduce__(self) -> tuple[type, tuple[str, list[str]]]:
        """Survive the trip back from a render process."""
        return (MissingTranslation, (self.locale, self.missing))


@dataclass
class Translator:
    """Lookups for one language; every miss is remembered, listed by `drafts` and raised
    by `check`."""

    locale: str
    ui: gettext.NullTranslations
    data: gettext.NullTranslations
    finished: set[tuple[str, str, str]]
    """(domain, context, msgid) with a finished translation."""
    missing: list[str] = field(default_factory=list)
    sources: frozenset[str] = frozenset()
    """The domains ("data", the interface's) whose source language this is."""

    def text(self, message: str) -> str:
        """An interface string."""
        self._need(UI_DOMAIN, "", message)
        return self.ui.gettext(message)

    def name(self, context: str, message: str) -> str:
        """A data string (a species, symbol, arena, … name)."""
        self._need("data", context, message)
        return self.data.pgettext(context, message)

    def name_plural(self, context: str, forms: tuple[str, str], count: int) -> str:
        """A data string with plural forms (a phrase book's message), in the form `count`
        asks for; its placeholders are left for the caller to fill."""
        singular, plural = forms
        self._need("data", context, singular)
        return self.data.npgettext(context, singular, plural, count)

    def plural(self, forms: tuple[str, str], count: int, **values: str) -> str:
        """An interface string (from NP_) in the plural form the count asks for, {n} and any
        other placeholders filled in."""
        singular, plural = forms
        self._need(UI_DOMAIN, "", singular)
        return self.ui.ngettext(singular, plural, count).format(n=self.number(count), **values)

    def term(self, term: str, text: str) -> str:
        """A term and its explanation, punctuated the language's way ("Penalty: ...")."""
        return self.text(N_("{term}: {text}")).format(term=term, text=text)

    def number(self, value: float) -> str:
        """A number in the locale's format."""
        return _decimal(value, self.locale)

    def percent(self, value: float) -> str:
        """A share (0.25) as a whole percentage in the locale's format (25 %, 25%)."""
        return _percent(round(value, 2), self.locale)

    def either(self, items: list[str]) -> str:
        """Items joined the language's way with its word for "or" ("2 or 3")."""
        from babel.lists import format_list

        return str(format_list(items, style="or", locale=self.locale))

    def joined(self, items: list[str]) -> str:
        """Items joined the language's way with its word for "and" ("A, B und C")."""
        from babel.lists import format_list

        return str(format_list(items, style="standard", locale=self.locale))

    def month(self, date: str) -> str:
        """A YYYY-MM-DD date as its month and year in this language ("Oktober 2020")."""
        import datetime

        from babel.dates import format_skeleton

        day = datetime.date.fromisoformat(date[:10] if len(date) >= 10 else date[:7] + "-01")
        return str(format_skeleton("yMMMM", day, locale=self.locale))

    def ordinal(self, value: int) -> str:
        """An ordinal such as 1st, 1., 1er, by the locale's ordinal rules."""
        category = _ordinal_form(value, self.locale)
        pattern = ORDINAL_PATTERNS.get(category, ORDINAL_PATTERNS["other"])
        return self.text(pattern).format(n=self.number(value))

    def check(self) -> None:
        """Raise MissingTranslation for everything looked up without a translation."""
        if self.missing:
            raise MissingTranslation(self.locale, self.drafts())

    def drafts(self) -> list[str]:
        """What was drawn in the source language for want of a finished translation
        ("context|text"), each once."""
        return sorted(set(self.missing))

    def _need(self, domain: str, context: str, message: str) -> None:
        if domain not in self.sources and (domain, context, message) not in self.finished:
            self.missing.append(f"{context}|{message}" if context else message)


UI_SOURCE = "en"
"""The language draftdeck's own strings are written in."""


def drafts_warning(locale: str, drafts: list[str], source: str) -> str:
    """One line saying which texts a language shows in the source language."""
    language = LANGUAGE_NAMES.get(locale, locale)
    shown = ", ".join(repr(d.partition("|")[2] or d) for d in drafts[:3])
    more = f" and {len(drafts) - 3} more" if len(drafts) > 3 else ""
    return (
        f"{language} ({locale}): {len(drafts)} text(s) not translated yet, or only fuzzy, "
        f"drawn in {LANGUAGE_NAMES.get(source, source)}: {shown}{more}; "
        "draftdeck i18n check lists them"
    )


def load_translator(
    catalogs: Path, locale: str, data_domain: str, source: str = "en"
) -> Translator:
    """The translator of a language: a pack's catalog (`catalogs`) and draftdeck's own;
    `source` is the language the pack's data is written in.

    A pack's catalogs folder may hold its own draftdeck.po, which then wins over
    the one draftdeck ships (to word the interface strings differently).
    """
    sources = frozenset(
        domain
        for domain, language in (("data", source), (UI_DOMAIN, UI_SOURCE))
        if locale == language
    )
    ui_path = catalog_path(catalogs, locale, UI_DOMAIN)
    if not ui_path.is_file():
        ui_path = catalog_path(LOCALES_DIR, locale, UI_DOMAIN)
    data_path = catalog_path(catalogs, locale, data_domain)
    ui, ui_done = _compiled(ui_path, locale, UI_DOMAIN, UI_DOMAIN in sources)
    data, data_done = _compiled(data_path, locale, "data", "data" in sources)
    return Translator(locale, ui, data, set(ui_done | data_done), sources=sources)


def _compiled(
    path: Path, locale: str, domain: str, optional: bool
) -> tuple[gettext.NullTranslations, frozenset[tuple[str, str, str]]]:
    """A catalog compiled in memory and its finished entries (cached per file version); the
    source language's may be missing (its texts are their own translation)."""
    if not path.is_file():
        if optional:
            return gettext.NullTranslations(), frozenset()
        raise MissingTranslation(locale, [f"the whole catalog {path.name}"])
    try:
        translations, finished = compile_catalog(path, locale)
    except CatalogError as error:
        raise MissingTranslation(locale, [f"the whole catalog {path.name} ({error})"]) from None
    return translations, frozenset((domain, context, msgid) for context, msgid in finished)


@lru_cache(maxsize=None, typed=True)
def _decimal(value: float, locale: str) -> str:
    """Babel's formatting of a number, done once per number and language."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=locale))


@cache
def _percent(value: float, locale: str) -> str:
    from babel.numbers import format_percent

    return str(format_percent(value, locale=locale))


@cache
def _ordinal_form(value: int, locale: str) -> str:
    """The language's ordinal category of a number (one, two, few, other, …)."""
    from babel import Locale

    return str(Locale.parse(locale).ordinal_form(value))
