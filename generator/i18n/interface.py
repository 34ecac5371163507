"""draftdeck's own interface catalog (locales/draftdeck.*), for draftdeck's developers.

The strings the code marks with N_ and NP_ live in draftdeck's installation,
which no `draftdeck` command writes into; `make catalogs` runs this module to
extract them and merge them into each language:

    python -m generator.i18n.interface
"""

from __future__ import annotations

from generator.core.paths import LOCALES_DIR, display_path
from generator.i18n.catalogs import read_catalog
from generator.i18n.ui import UI_DOMAIN
from generator.i18n.workflow import interface_template, update_domain, write_template

LANGUAGES = ["de", "fr", "en"]


def main() -> None:
    """Extract the interface strings and merge them into each language's catalog."""
    path, changed = write_template(LOCALES_DIR / f"{UI_DOMAIN}.pot", interface_template())
    print(f"{'written' if changed else 'unchanged'}: {display_path(path)}")
    template = read_catalog(path)  # with the date it was written on, which the catalogs copy
    # Texts the code no longer marks are dropped: the history of a message is git's.
    for path, changed in update_domain(
        LOCALES_DIR, UI_DOMAIN, template, LANGUAGES, keep_obsolete=False
    ):
        print(f"{'updated' if changed else 'unchanged'}: {display_path(path)}")


if __name__ == "__main__":
    main()
