"""Reading catalogs in tests: Babel's message ids and strings come as text, or as a tuple or
list of plural forms."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from generator.core.paths import LOCALES_DIR
from generator.i18n.catalogs import catalog_path
from generator.i18n.ui import UI_DOMAIN
from tests.conftest import DATA


def forms(value: Any) -> tuple[str, ...]:
    """Every form of a message id or string."""
    if isinstance(value, str):
        return (value,)
    assert isinstance(value, tuple | list) and value, value
    return tuple(str(form) for form in value)


def singular(value: Any) -> str:
    """The singular (first) form of a message id or string."""
    return forms(value)[0]


def catalog_file(locale: str, domain: str) -> Path:
    """draftdeck's interface catalog, or the catalog a game's pack carries (from the copy)."""
    folder = LOCALES_DIR if domain == UI_DOMAIN else DATA / domain / "locales"
    return catalog_path(folder, locale, domain)


def english_fragments(locale: str, game: str) -> list[str]:
    """Pieces of English source text (six letters or more, placeholders cut out) that a
    translation into `locale` replaced, in draftdeck's catalog and the game's."""
    fragments = []
    for domain in ("draftdeck", game):
        with catalog_file(locale, domain).open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            source, target = singular(message.id), singular(message.string)
            if not source or source == target:
                continue
            fragments += [
                piece.strip() for piece in re.split(r"\{[^}]*\}", source) if len(piece.strip()) >= 6
            ]
    return fragments
