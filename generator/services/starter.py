"""`draftdeck new`: a starter pack that validates, prints and previews as it is.

The files are in generator/starter/, with @GAME_ID@, @GAME_NAME@ and
@SCHEMAS@ (the relative path to the pack's schemas/ folder, for editors)
filled in here. draftdeck's own schemas the files name are copied into the
pack's schemas/, so that an editor finds them wherever the pack goes;
draftdeck itself always validates against the schemas it ships. The
catalogs are written with Babel, translated for de, fr and en.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from importlib.resources import files
from io import BytesIO
from pathlib import Path
from typing import Any

from generator.core.errors import UsageError
from generator.core.paths import SCHEMAS_DIR, display_path
from generator.i18n.catalogs import catalog_path
from generator.output.atomic import write_atomic

STARTER = Path(str(files("generator") / "starter"))
STARTER_PLUGIN = Path(str(files("generator") / "starter_plugin"))
"""A rules plug-in to start from: its files end in -tpl, with @GAME_ID@, @GAME_NAME@ and
@PACKAGE@ (the plug-in's Python package) filled in."""
PLUGIN_FOLDER = "plugin"
"""Where `draftdeck new --plugin` writes the plug-in, inside the pack."""
_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
TRANSLATIONS = {
    ("components", "Card"): {"de": "Karte", "fr": "Carte", "en": "Card"},
    ("cards", "Sun"): {"de": "Sonne", "fr": "Soleil", "en": "Sun"},
    ("cards", "Moon"): {"de": "Mond", "fr": "Lune", "en": "Moon"},
    ("cards", "Star"): {"de": "Stern", "fr": "Étoile", "en": "Star"},
    ("documents", "{game.name|tr}: rules summary"): {
        "de": "{game.name|tr}: Regelübersicht",
        "fr": "{game.name|tr}\u202f: résumé des règles",
        "en": "{game.name|tr}: rules summary",
    },
    ("documents", "For {game.players.min|number} to {game.players.max|number} players."): {
        "de": "Für {game.players.min|number} bis {game.players.max|number} Personen.",
        "fr": "Pour {game.players.min|number} à {game.players.max|number} joueurs.",
        "en": "For {game.players.min|number} to {game.players.max|number} players.",
    },
    ("documents", "Goal"): {"de": "Ziel des Spiels", "fr": "But du jeu", "en": "Goal"},
    (
        "documents",
        "Collect cards of high value. Whoever holds the most points at the end wins.",
    ): {
        "de": "Sammle Karten mit hohem Wert. Wer am Ende die meisten Punkte hat, gewinnt.",
        "fr": "Collectez des cartes de grande valeur. Le joueur qui a le plus de points à la "
        "fin gagne.",
        "en": "Collect cards of high value. Whoever holds the most points at the end wins.",
    },
    ("documents", "The deck has {cards.cards|copies|number} cards."): {
        "de": "Das Deck hat {cards.cards|copies|number} Karten.",
        "fr": "La pioche compte {cards.cards|copies|number} cartes.",
        "en": "The deck has {cards.cards|copies|number} cards.",
    },
    ("documents", "A turn"): {"de": "Ein Spielzug", "fr": "Un tour", "en": "A turn"},
    ("documents", "Draw a card."): {
        "de": "Ziehe eine Karte.",
        "fr": "Piochez une carte.",
        "en": "Draw a card.",
    },
    ("documents", "Play a card from your hand face up in front of you."): {
        "de": "Lege eine Karte aus deiner Hand offen vor dir aus.",
        "fr": "Posez une carte de votre main face visible devant vous.",
        "en": "Play a card from your hand face up in front of you.",
    },
    ("documents", "End of the game"): {
        "de": "Spielende",
        "fr": "Fin de la partie",
        "en": "End of the game",
    },
    (
        "documents",
        "When the deck is empty, everyone adds up the values of the cards in front of them. "
        "The player with the most points wins.",
    ): {
        "de": "Ist das Deck leer, zählt jede Person die Werte der Karten vor sich zusammen. "
        "Wer die meisten Punkte hat, gewinnt.",
        "fr": "Quand la pioche est vide, chacun additionne les valeurs des cartes posées "
        "devant lui. Le joueur qui a le plus de points gagne.",
        "en": "When the deck is empty, everyone adds up the values of the cards in front of "
        "them. The player with the most points wins.",
    },
    (
        "documents",
        "This summary is a starting point: write your game's rules in documents/summary.yaml.",
    ): {
        "de": "Diese Übersicht ist ein Anfang: Schreibe die Regeln deines Spiels in "
        "documents/summary.yaml.",
        "fr": "Ce résumé est un point de départ\u202f: écrivez les règles de votre jeu dans "
        "documents/summary.yaml.",
        "en": "This summary is a starting point: write your game's rules in "
        "documents/summary.yaml.",
    },
    ("documents", "{game.name|tr}: rulebook tables"): {
        "de": "{game.name|tr}: Tabellen der Spielanleitung",
        "fr": "{game.name|tr}\u202f: tableaux du livret",
        "en": "{game.name|tr}: rulebook tables",
    },
    ("documents", "The cards"): {"de": "Die Karten", "fr": "Les cartes", "en": "The cards"},
    ("documents", "How to play"): {"de": "Spielablauf", "fr": "Déroulement", "en": "How to play"},
    ("documents", "Cards"): {"de": "Karten", "fr": "Cartes", "en": "Cards"},
    ("documents", "Name"): {"de": "Name", "fr": "Nom", "en": "Name"},
    ("documents", "Card"): {"de": "Karte", "fr": "Carte", "en": "Card"},
    ("documents", "Value"): {"de": "Wert", "fr": "Valeur", "en": "Value"},
}
"""The texts draftdeck writes into new packs, in its three languages (the game's name is
kept as it is); `draftdeck i18n add` fills them into a new language's catalog."""


EDITOR_SCHEMAS = (
    "game.schema.json",
    "document.schema.json",
    "components.schema.json",
    "glossary.schema.json",
    "layout.schema.json",
    "theme.schema.json",
    "common.schema.json",
)
"""draftdeck's schemas a starter's files name, copied into the pack for editors."""


LANGUAGES = ("de", "fr", "en")
"""The languages the starter's texts are written in."""


def write_starter(root: Path, game_id: str, languages: Sequence[str] = LANGUAGES) -> Path:
    """Create the pack folder `root` for the game `game_id` in `languages` (English, the
    source language, and any of the others); refuse to touch an existing one."""
    check_game_id(game_id)
    if root.exists():
        raise UsageError(f"{display_path(root)} already exists; choose another id or folder")
    name = game_name(game_id)
    for source in sorted(STARTER.rglob("*")):
        if not source.is_file() or source.name.startswith(".") or "__pycache__" in source.parts:
            continue
        relative = source.relative_to(STARTER)
        schemas = "/".join([".."] * (len(relative.parts) - 1) + ["schemas"])
        text = source.read_text(encoding="utf-8")
        text = text.replace("@GAME_ID@", game_id).replace("@GAME_NAME@", name)
        text = text.replace("@LOCALES@", ", ".join(languages))
        write_atomic(root / relative, text.replace("@SCHEMAS@", schemas).encode("utf-8"))
    for schema in EDITOR_SCHEMAS:
        write_atomic(root / "schemas" / schema, (SCHEMAS_DIR / schema).read_bytes())
    _catalogs(root, game_id, name, languages)
    return root


def check_game_id(game_id: str) -> None:
    """Refuse an id a game cannot have, saying what one looks like."""
    if not _ID.fullmatch(game_id):
        raise UsageError(
            f"'{game_id}' cannot be a game id: use lower-case letters and digits, "
            "words joined by hyphens (e.g. my-game)"
        )


def game_name(game_id: str) -> str:
    """A first name for a game, from its id: my-game -> My Game."""
    return " ".join(word.capitalize() for word in game_id.split("-"))


def write_plugin(root: Path, game_id: str) -> Path:
    """Write the starter plug-in into the pack at `root` and name it in its game.yaml; the
    plug-in's folder, which `pip install -e` installs."""
    name = game_name(game_id)
    package = plugin_package(game_id)
    folder = root / PLUGIN_FOLDER
    for source in sorted(STARTER_PLUGIN.rglob("*-tpl")):
        relative = source.relative_to(STARTER_PLUGIN).as_posix().removesuffix("-tpl")
        relative = relative.replace("package/", f"{package}/", 1)
        text = source.read_text(encoding="utf-8")
        for key, value in (("@GAME_ID@", game_id), ("@GAME_NAME@", name), ("@PACKAGE@", package)):
            text = text.replace(key, value)
        write_atomic(folder / relative, text.encode("utf-8"))
    manifest = root / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    write_atomic(
        manifest, text.replace("\ndocuments:", f"\nplugin: {game_id}\ndocuments:", 1).encode()
    )
    return folder


def plugin_package(game_id: str) -> str:
    """The Python package of a game's starter plug-in: tidepool -> tidepool_rules."""
    return game_id.replace("-", "_") + "_rules"


def _catalogs(root: Path, game_id: str, name: str, languages: Sequence[str]) -> None:
    """The template and a finished catalog per language."""
    from babel.messages.catalog import Catalog

    entries = {**TRANSLATIONS, ("game", name): {"de": name, "fr": name, "en": name}}
    template = Catalog(project=name, domain=game_id)
    for context, text in entries:
        template.add(text, context=context)
    write_atomic(root / "locales" / f"{game_id}.pot", _po(template))
    for locale in languages:
        catalog = Catalog(locale=locale, project=name, domain=game_id)
        for (context, text), translated in entries.items():
            catalog.add(text, translated[locale], context=context)
        write_atomic(catalog_path(root / "locales", locale, game_id), _po(catalog))


def _po(catalog: Any) -> bytes:
    from babel.messages.pofile import write_po

    buffer = BytesIO()
    write_po(buffer, catalog, width=100)
    return buffer.getvalue()
