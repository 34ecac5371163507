"""Card faces as the build binds them, for tests that read what a card prints."""

from __future__ import annotations

from generator.i18n.env import LanguageEnv
from generator.model.pack import Component
from generator.services.find import LoadedPack
from generator.services.render import translator
from generator.templates.faces import Binder


def front(
    loaded: LoadedPack, component: str, locale: str, edition: str | None = None
) -> tuple[Binder, Component]:
    """A component of an edition (the pack's default one), and what binds its front in a
    language."""
    box = loaded.edition(edition)
    (found,) = (c for c in box.components if c.id == component)
    assert found.front is not None
    sheet = loaded.pack.sheet(box, found, found.front)
    return Binder(sheet, LanguageEnv(translator(loaded, locale), False)), found
