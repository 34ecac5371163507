"""`draftdeck new`: a starter pack that validates, prints and previews as it is.

The files are in generator/starter/, with @GAME_ID@, @GAME_NAME@ and
@SCHEMAS@ (the relative path to draftdeck's schemas, for editors) filled in
here; the catalogs are written with Babel, translated for de, fr and en.
"""

from __future__ import annotations

import os
import re
from importlib.resources import files
from io import BytesIO
from pathlib import Path
from typing import Any

from generator.core.errors import UsageError
from generator.core.paths import SCHEMAS_DIR, display_path
from generator.i18n.catalogs import catalog_path
from generator.output.atomic import write_atomic

STARTER = Path(str(files("generator") / "starter"))
_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
TRANSLATIONS = {
    ("components", "Card"): {"de": "Karte", "fr": "Carte", "en": "Card"},
    ("cards", "Sun"): {"de": "Sonne", "fr": "Soleil", "en": "Sun"},
    ("cards", "Moon"): {"de": "Mond", "fr": "Lune", "en": "Moon"},
    ("cards", "Star"): {"de": "Stern", "fr": "Étoile", "en": "Star"},
}
"""The starter's texts in its three languages (the game's name is kept as it is)."""


def write_starter(root: Path, game_id: str) -> Path:
    """Create the pack folder `root` for the game `game_id`; refuse to touch an existing one."""
    if not _ID.fullmatch(game_id):
        raise UsageError(
            f"'{game_id}' cannot be a game id: use lower-case letters and digits, "
            "words joined by hyphens (e.g. my-game)"
        )
    if root.exists():
        raise UsageError(f"{display_path(root)} already exists; choose another id or folder")
    name = " ".join(word.capitalize() for word in game_id.split("-"))
    for source in sorted(STARTER.rglob("*")):
        if not source.is_file() or source.name.startswith(".") or "__pycache__" in source.parts:
            continue
        relative = source.relative_to(STARTER)
        target = root / relative
        schemas = Path(os.path.relpath(SCHEMAS_DIR, os.path.abspath(target.parent))).as_posix()
        text = source.read_text(encoding="utf-8")
        text = text.replace("@GAME_ID@", game_id).replace("@GAME_NAME@", name)
        write_atomic(target, text.replace("@SCHEMAS@", schemas).encode("utf-8"))
    _catalogs(root, game_id, name)
    return root


def _catalogs(root: Path, game_id: str, name: str) -> None:
    """The template and a finished catalog per language."""
    from babel.messages.catalog import Catalog

    entries = {**TRANSLATIONS, ("game", name): {"de": name, "fr": name, "en": name}}
    template = Catalog(project=name, domain=game_id)
    for context, text in entries:
        template.add(text, context=context)
    write_atomic(root / "locales" / f"{game_id}.pot", _po(template))
    for locale in ("de", "fr", "en"):
        catalog = Catalog(locale=locale, project=name, domain=game_id)
        for (context, text), translated in entries.items():
            catalog.add(text, translated[locale], context=context)
        write_atomic(catalog_path(root / "locales", locale, game_id), _po(catalog))


def _po(catalog: Any) -> bytes:
    from babel.messages.pofile import write_po

    buffer = BytesIO()
    write_po(buffer, catalog, width=100)
    return buffer.getvalue()
