"""`draftdeck i18n add LANG`: a language added to a pack in one step.

The pack's template is extracted afresh, the language's catalog made from it (texts that
draftdeck itself wrote into the pack, such as the starter summary's, arrive translated;
the pack's own texts arrive empty), and the language added to `locales:` in game.yaml
with every other character of the file kept.
"""

from __future__ import annotations

from pathlib import Path

from generator.core.errors import UsageError
from generator.core.paths import display_path
from generator.i18n.catalogs import LANGUAGE_NAMES, catalog_path, check_locale
from generator.i18n.workflow import Written, extract, read_template, update_domain, write_catalog
from generator.loading.yaml_edit import edit, value_at
from generator.output.atomic import write_atomic
from generator.services.starter import TRANSLATIONS

MANIFEST = "game.yaml"


def add_language(
    pack: Path, locales_dir: Path, game_id: str, locales: list[str], locale: str
) -> list[Written]:
    """Add `locale` to the pack: its catalog and its place in game.yaml; the files written."""
    check_locale(locale)
    if locale in locales:
        raise UsageError(
            f"{game_id} already has {LANGUAGE_NAMES.get(locale, locale)} ({locale}): "
            "draftdeck i18n update brings its catalog up to date"
        )
    manifest = pack / MANIFEST
    text = manifest.read_text(encoding="utf-8")
    listed = value_at(text, ("locales",))
    if not isinstance(listed, list):
        raise UsageError(f"{display_path(manifest)} has no list of locales to add {locale} to")
    changed = edit(text, ("locales",), [*listed, locale])  # before anything is written
    written = extract(locales_dir, pack, game_id)
    template = read_template(locales_dir / f"{game_id}.pot")
    path = catalog_path(locales_dir, locale, game_id)
    if path.exists():
        written += update_domain(locales_dir, game_id, template, [locale])
    else:
        known = _known(locale)
        name = value_at(text, ("name",))
        if isinstance(name, str):
            known[("game", name)] = name  # a game's name stays its name, until changed
        written.append(write_catalog(path, template, locale, game_id, known))
    written.append((manifest, write_atomic(manifest, changed.encode("utf-8"))))
    return written


def _known(locale: str) -> dict[tuple[str, str], str]:
    """Translations draftdeck has of the texts it writes into new packs, by (context, text)."""
    return {key: texts[locale] for key, texts in TRANSLATIONS.items() if locale in texts}
