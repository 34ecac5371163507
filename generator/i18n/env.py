"""What template filters need from a language: the `Env` of one Translator."""

from __future__ import annotations

from dataclasses import dataclass

from generator.i18n.ui import Translator


@dataclass(frozen=True)
class LanguageEnv:
    """What template filters need: one language, and whether ink is saved."""

    tr: Translator
    ink_saver: bool

    def translate(self, context: str, text: str) -> str:
        """A data or template text in this language."""
        return self.tr.name(context, text)

    def translate_plural(self, context: str, singular: str, plural: str, count: int) -> str:
        """A data text in this language's plural form for the count."""
        return self.tr.name_plural(context, (singular, plural), count)

    def number(self, value: float) -> str:
        """A number in this language."""
        return self.tr.number(value)

    def ordinal(self, value: int) -> str:
        """An ordinal in this language."""
        return self.tr.ordinal(value)

    def joined(self, items: list[str]) -> str:
        """Items joined with this language's "and"."""
        return self.tr.joined(items)

    def either(self, items: list[str]) -> str:
        """Items joined with this language's "or"."""
        return self.tr.either(items)

    def month(self, date: str) -> str:
        """A date's month and year in this language."""
        return self.tr.month(date)
