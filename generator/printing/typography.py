"""Where a language's typography forbids a line break: no-break spaces after short words.

Line breaking is printing's job, and where a line may break depends on the language of
the text (never after « des » in French). Each language may have a `typography.yaml`
beside draftdeck's catalog of it (`locales/<lang>/typography.yaml`): the words a line
never ends on (articles, prepositions) and whether a number stays with the word after
it. `tie` turns the space after such a word into a no-break space (U+00A0), which every
line breaker of draftdeck (card texts, rich texts, documents) keeps inside its word;
the pen and the document writer call it on each text that wraps. A language without
the file is left as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from typing import Any

from generator.core.paths import LOCALES_DIR

NO_BREAK = "\u00a0"
_OPENING = "«„“‚‘(\"'[*\u202f\u00a0"
"""Quotes, brackets and markup a word may open with; they do not change the word."""
_MARKUP = "*"
"""Rich-text markup a word may end with (**de**)."""
_NUMBER = re.compile(r"\d+(?:[.,\u202f\u00a0]\d+)*")
_LETTERS = re.compile(r"[^\W\d_]{5,}")
"""A run of letters long enough to hyphenate (a dictionary leaves two and three)."""


@dataclass(frozen=True)
class Typography:
    """One language's rules."""

    keep_with_next: frozenset[str]
    numbers_keep_with_next: bool
    numbers_break_before: frozenset[str] = frozenset()
    """Words a number does not keep with it ("0 und 20" may break before "und")."""

    def ties(self, word: str, following: str) -> bool:
        """Whether no line may break between `word` and `following`."""
        bare = word.lstrip(_OPENING).rstrip(_MARKUP)
        if not bare:
            return False
        if bare.casefold() in self.keep_with_next:
            return True
        after = following.lstrip(_OPENING)
        return (
            self.numbers_keep_with_next
            and _NUMBER.fullmatch(bare) is not None
            and after[:1].isalpha()
            and after.casefold() not in self.numbers_break_before
        )


NONE = Typography(frozenset(), False)


@cache
def typography(locale: str) -> Typography:
    """The rules of a language (its base language's, for de_CH and the like)."""
    import yaml

    language = locale.replace("-", "_").split("_")[0]
    path = LOCALES_DIR / language / "typography.yaml"
    if not path.is_file():
        return NONE
    rules = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return Typography(
        frozenset(str(word).casefold() for word in rules.get("keep-with-next", ())),
        bool(rules.get("numbers-keep-with-next", False)),
        frozenset(str(word).casefold() for word in rules.get("numbers-break-before", ())),
    )


def tie(text: str, locale: str) -> str:
    """The text with a no-break space wherever the language keeps two words on one line."""
    rules = typography(locale)
    if rules is NONE or " " not in text:
        return text
    words = text.split(" ")
    out = [words[0]]
    for word, following in pairwise(words):
        last, first = word.rsplit("\n", 1)[-1], following.split("\n", 1)[0]
        out.append(NO_BREAK if last and first and rules.ties(last, first) else " ")
        out.append(following)
    return "".join(out)


def bad_break(line: str, following: str, locale: str) -> bool:
    """Whether a line ends where the language forbids a break (on "des", on a number before
    its noun), given the line after it; for checks of laid-out text."""
    words, after = line.rstrip().split(), following.lstrip().split()
    return bool(words and after) and typography(locale).ties(words[-1], after[0])


SOFT_HYPHEN = "\u00ad"
"""A break a translator marks inside a word: invisible unless the line breaks there."""
Breaks = Callable[[str], list[tuple[str, str]]]
"""A word's places to break, longest head first: (head as drawn, tail)."""


@cache
def breaks_in(locale: str, dictionary: bool) -> Breaks:
    """Where a word of this language may break across lines: after a hyphen it holds, at a
    soft hyphen (drawn as a hyphen), and, with `dictionary`, where the language's
    hyphenation dictionary (Pyphen's, LibreOffice's) allows, with a hyphen drawn."""

    @lru_cache(maxsize=8192)
    def breaks(word: str) -> list[tuple[str, str]]:
        cuts: dict[int, tuple[bool, int]] = {}  # where -> (draw a hyphen, characters skipped)
        for index, char in enumerate(word):
            if char == "-" and 0 < index < len(word) - 1:
                cuts[index + 1] = (False, 0)
            elif char == SOFT_HYPHEN and 0 < index < len(word) - 1:
                cuts[index] = (True, 1)
        own = set(cuts)
        hyphenator = _hyphenator(locale) if dictionary and _LETTERS.search(word) else None
        if hyphenator is not None:  # loaded only when a word needs it: a dictionary takes 0.4 s
            for run in _LETTERS.finditer(word):
                for head, _ in hyphenator.iterate(run.group()):
                    cuts.setdefault(run.start() + len(head), (True, 0))
        # The word's own hyphens and soft hyphens first, then the dictionary's places; the
        # longest head first in each (a line is filled as far as it goes).
        ranked = sorted(cuts.items(), key=lambda c: (c[0] not in own, -c[0]))
        return [
            (word[:cut].replace(SOFT_HYPHEN, "") + ("-" if hyphen else ""), word[cut + skip :])
            for cut, (hyphen, skip) in ranked
        ]

    return breaks


@cache
def _hyphenator(locale: str) -> Any:
    """Pyphen's hyphenator of a language (None where it has no dictionary)."""
    import pyphen

    language = locale.replace("-", "_")
    for name in (language, language.split("_")[0]):
        if name in pyphen.LANGUAGES or pyphen.language_fallback(name):
            return pyphen.Pyphen(lang=name, left=2, right=3)
    return None
