"""A pack's glossary (glossary.yaml): one term per concept in each language.

Each term lists the English words the source texts use for a concept
(matched as whole words, in any case) and, for each language, the words a
translation must use for it (one of them, anywhere in the translation, in
any case, so that "Straf" covers "Strafe" and "Strafbank") and the words it
must never use (the synonyms a translator might reach for; matched where a
word starts, so that "Renne" does not find "prennent"). `draftdeck i18n
check` holds every entry of the pack's catalogs to it; `draftdeck i18n
extract` writes the terms an entry uses into the catalogs as translator
comments.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
"""A template placeholder ({trio}): a name in code, not a word of the text."""
LANGUAGES = frozenset({"de", "fr"})
"""The languages a term gives words for (English is the source)."""


@dataclass(frozen=True)
class Term:
    """One concept: the English words for it, and each language's."""

    english: tuple[str, ...]
    """The words the English source texts use (whole words, any case)."""
    words: Mapping[str, tuple[str, ...]]
    """Language -> the words a translation uses for it (one of them, any case)."""
    avoid: Mapping[str, tuple[str, ...]]
    """Language -> words a translation must not use (any case, anywhere)."""
    note: str = ""

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """Matches any of the English words, as whole words."""
        words = "|".join(re.escape(word) for word in sorted(self.english, key=len, reverse=True))
        return re.compile(rf"(?<!\w)(?:{words})(?!\w)", re.IGNORECASE)

    def comment(self) -> str:
        """The term as a translator reads it in a catalog."""
        said = "; ".join(f"{lang} {' / '.join(w)}" for lang, w in self.words.items() if w)
        return f"glossary: {self.english[0]} = {said}"


@dataclass(frozen=True)
class Glossary:
    """The pack's terms (none without a glossary.yaml)."""

    terms: tuple[Term, ...] = ()

    def found_in(self, text: str) -> list[Term]:
        """The terms an English source text uses (its placeholders left out). The longest
        words are matched first, and what they cover is not matched again: "Fan Zone" is the
        fan zone, not also a fan."""
        words = _PLACEHOLDER.sub(" ", text)
        found = []
        for term in self._longest_first:
            if term.pattern.search(words):
                found.append(term)
                words = term.pattern.sub(" ", words)
        return found

    @cached_property
    def _longest_first(self) -> tuple[Term, ...]:
        return tuple(sorted(self.terms, key=lambda t: -max(len(w) for w in t.english)))

    def comments(self, text: str) -> list[str]:
        """Translator comments for an English source text: the glossary terms it uses."""
        return [term.comment() for term in self.found_in(text)]

    def problems(
        self, source: str, translation: str, locale: str, *, strict: bool = True
    ) -> list[str]:
        """How a translation strays from the glossary: a word the glossary rules out, and
        (`strict`, for card texts and labels) a term of the source said otherwise. Prose
        may say a sentence without a term ("wer die meisten Punkte hat, gewinnt" for "the
        manager with the most points wins"), so it is held to the words it rules out only."""
        found = []
        lowered = _PLACEHOLDER.sub(" ", translation).lower()
        for term in self.found_in(source) if strict else ():
            wanted = term.words.get(locale, ())
            if wanted and not any(word.lower() in lowered for word in wanted):
                found.append(
                    f"'{term.english[0]}' is {' or '.join(repr(w) for w in wanted)} in the "
                    "glossary, not used here"
                )
        for term in self.terms:
            for word in term.avoid.get(locale, ()):
                if re.search(rf"(?<!\w){re.escape(word.lower())}", lowered):
                    found.append(
                        f"uses {word!r}, which the glossary rules out for '{term.english[0]}'"
                    )
        return found


def glossary_from(value: Any) -> Glossary:
    """The glossary of a schema-valid glossary.yaml's value."""
    terms = []
    for raw in value.get("terms", []):
        terms.append(
            Term(
                english=tuple(raw["en"]),
                words={k: tuple(v) for k, v in raw.items() if k in LANGUAGES},
                avoid={k: tuple(v) for k, v in raw.get("avoid", {}).items()},
                note=raw.get("note", ""),
            )
        )
    return Glossary(tuple(terms))


def load_glossary(root: Path) -> Glossary:
    """The glossary beside a pack's game.yaml (none without one), schema-checked as validate
    checks it; a DataError with the located problems if it is broken or leads out of the pack."""
    from generator.core.errors import DataError
    from generator.loading.manifest import GLOSSARY
    from generator.loading.pack import load_one, pack_schemas

    document, problems = load_one(root, GLOSSARY, pack_schemas(root))
    if problems:
        raise DataError(problems)
    return Glossary() if document is None else glossary_from(document.value)
