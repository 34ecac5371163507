"""What the gallery shows: every card of a pack in each of its languages, named by what its
faces draw, and the problems that stop the pack from loading. Reloaded on every save; a
card whose faces did not change keeps its pictures, so the page draws again only what
changed."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.diagnostics import format_text
from generator.core.errors import DataError, DraftdeckError
from generator.i18n.env import LanguageEnv
from generator.loading.files import pack_files
from generator.services.find import LoadedPack, load_pack
from generator.services.pictures import (
    Picture,
    card_fields,
    card_origin,
    component_pictures,
    picture_png,
    printed,
)
from generator.services.render import Warn, translator

DPI = 120
"""Resolution of the pictures on the page: a poker card is about 300 pixels wide."""
CACHED = 3000
"""Pictures kept drawn (a few MB); the least recently shown are drawn again when asked."""


@dataclass
class State:
    """The gallery at one moment: its version counts the saves that changed something."""

    version: int = 0
    game: str = ""
    locales: tuple[str, ...] = ()
    views: Mapping[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Language -> its components, each with its cards, as the page lists them."""
    pictures: Mapping[str, Picture] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    """What stops the pack from loading, each as the command line prints it."""


class Gallery:
    """A pack's cards for the page, reloaded when asked (thread-safe)."""

    def __init__(self, root: Path, edition: str | None = None) -> None:
        self.root, self.edition = root, edition
        self.state = State()
        self._lock = threading.Lock()
        self._drawn: OrderedDict[str, bytes] = OrderedDict()

    def files(self) -> list[Path]:
        """Every file of the pack: what a save can change."""
        return pack_files(self.root)

    def reload(self) -> bool:
        """Read the pack again; whether what the page shows changed (its version then grows).
        While the pack has problems, the page keeps the last cards it could draw."""
        state = self.state
        game, locales = state.game, state.locales
        views, pictures = state.views, state.pictures
        problems: tuple[str, ...] = ()
        try:
            loaded = load_pack(self.root)
            warnings: list[str] = []
            views, pictures = self._views(loaded, warnings.append)
            problems = tuple(f"warning: {w}" for w in dict.fromkeys(warnings))
            game, locales = loaded.pack.manifest.id, tuple(loaded.pack.manifest.locales)
        except DataError as error:
            problems = tuple(format_text(d) for d in error.diagnostics)
        except DraftdeckError as error:
            problems = (f"error: {error}",)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:  # a reader's panic too: the watch must go on
            problems = (
                f"error: the pack could not be read ({type(error).__name__}: "
                f"{str(error)[:200]}); save the file again, or report this as a bug",
            )
        if views == state.views and problems == state.problems:
            return False
        with self._lock:
            self.state = State(state.version + 1, game, locales, views, pictures, problems)
        return True

    def _views(
        self, loaded: LoadedPack, warn: Warn
    ) -> tuple[dict[str, list[dict[str, Any]]], dict[str, Picture]]:
        box = loaded.edition(self.edition)
        generation = str(self.state.version + 1)  # faces drawn from more than their text
        views: dict[str, list[dict[str, Any]]] = {}
        pictures: dict[str, Picture] = {}
        for locale in loaded.pack.manifest.locales:
            env = LanguageEnv(translator(loaded, locale), False)
            components = []
            for component in printed(box):
                shown = component_pictures(loaded, box, component, locale, generation, warn)
                cards = []
                for one in shown:
                    pictures[one.front.key] = one.front
                    if one.back is not None:
                        pictures[one.back.key] = one.back
                    file, line = card_origin(one.card)
                    cards.append(
                        {
                            "id": one.card.id,
                            "front": one.front.key,
                            "back": one.back.key if one.back else None,
                            "text": " ".join(one.front.texts),
                            "file": file,
                            "line": line,
                            "fields": card_fields(one.card),
                        }
                    )
                size = component.size
                assert size is not None
                components.append(
                    {
                        "id": component.id,
                        "name": env.translate("components", component.name),
                        "width": size.width,
                        "height": size.height,
                        "cards": cards,
                    }
                )
            views[locale] = components
        return views, pictures

    def picture(self, key: str) -> bytes | None:
        """A picture as PNG, drawn when first asked for; None for a key the gallery never
        showed."""
        with self._lock:
            found = self._drawn.get(key)
            if found is not None:
                self._drawn.move_to_end(key)
                return found
            picture = self.state.pictures.get(key)
        if picture is None:
            return None
        data = picture_png(picture, DPI)
        with self._lock:
            self._drawn[key] = data
            while len(self._drawn) > CACHED:
                self._drawn.popitem(last=False)
        return data

    def view(self, locale: str) -> dict[str, Any]:
        """What the page shows in a language (the first of the pack's for an unknown one)."""
        state = self.state
        chosen = locale if locale in state.views else next(iter(state.views), "")
        return {
            "version": state.version,
            "game": state.game,
            "locales": list(state.locales),
            "locale": chosen,
            "components": state.views.get(chosen, []),
            "problems": list(state.problems),
        }
