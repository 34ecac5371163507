"""What the gallery shows: every card of a pack in each of its languages, named by what its
faces draw; the texts the build would refuse, on the cards they happen on; the problems
that stop the pack from loading; and, for the layout editor, each face's elements.
Reloaded on every save; a card whose faces did not change keeps its pictures, so the page
draws again only what changed. A card that cannot be drawn is a picture of its message,
never a failed request."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypedDict

from generator.core.diagnostics import format_text
from generator.core.errors import DataError, DraftdeckError
from generator.core.plain import Plain
from generator.i18n.env import LanguageEnv
from generator.loading.files import pack_files
from generator.printing.text import TextProblem
from generator.services import layout_editor
from generator.services.find import LoadedPack, load_pack
from generator.services.pictures import (
    Picture,
    card_fields,
    card_origin,
    component_pictures,
    fit_problems,
    picture_png,
    printed,
    problem_png,
)
from generator.services.render import Warn, translator

DPI = 120
"""Resolution of the pictures on the page: a poker card is about 300 pixels wide."""
CACHED = 3000
"""Pictures kept drawn (a few MB); the least recently shown are drawn again when asked."""


class Problem(TypedDict):
    """What does not fit on a face: the element and why."""

    element: str
    message: str


class CardView(TypedDict):
    """A card as the page lists it."""

    id: str
    front: str
    """Its front picture's key."""
    back: str | None
    text: str
    """Every text its front draws, for the search box."""
    file: str
    line: int
    fields: dict[str, Plain]
    problems: dict[str, list[Problem]]
    """Language -> what does not fit on its faces."""


class ComponentView(TypedDict):
    """A component as the page lists it, with its cards."""

    id: str
    name: str
    width: float
    height: float
    cards: list[CardView]


class PageView(TypedDict):
    """What the page shows in one language."""

    version: int
    game: str
    locales: list[str]
    source: str
    locale: str
    components: list[ComponentView]
    problems: list[str]
    printing: list[str]
    notes: list[str]


class LayoutView(layout_editor.FaceLayout):
    """A face for the layout editor, with the gallery's version."""

    version: int


@dataclass
class State:
    """The gallery at one moment: its version counts the saves that changed something."""

    version: int = 0
    game: str = ""
    locales: tuple[str, ...] = ()
    source: str = ""
    """The language the pack is written in: the page opens in it."""
    views: Mapping[str, list[ComponentView]] = field(default_factory=dict)
    """Language -> its components, each with its cards, as the page lists them."""
    pictures: Mapping[str, Picture] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    """What stops the pack from loading, each as the command line prints it."""
    printing: tuple[str, ...] = ()
    """Texts the build would refuse, as validate prints them (the cards still show)."""
    notes: tuple[str, ...] = ()
    """Warnings (texts not translated yet, ...): worth a look, nothing is wrong."""
    loaded: LoadedPack | None = None


class Gallery:
    """A pack's cards for the page, reloaded when asked (thread-safe)."""

    def __init__(self, root: Path, edition: str | None = None) -> None:
        self.root, self.edition = root, edition
        self.state = State()
        self._lock = threading.Lock()
        self._drawn: OrderedDict[str, bytes] = OrderedDict()
        self._fit: dict[str, tuple[tuple[str, str], ...]] = {}

    def files(self) -> list[Path]:
        """Every file of the pack: what a save can change."""
        return pack_files(self.root)

    def reload(self) -> bool:
        """Read the pack again; whether what the page shows changed (its version then grows).
        While the pack has problems, the page keeps the last cards it could draw."""
        state = self.state
        game, locales, source = state.game, state.locales, state.source
        views, pictures, loaded = state.views, state.pictures, state.loaded
        problems: tuple[str, ...] = ()
        printing, notes = state.printing, state.notes
        try:
            loaded = load_pack(self.root, to_view=True)
            warnings: list[str] = []
            views, pictures = self._views(loaded, warnings.append)
            notes = tuple(f"warning: {w}" for w in dict.fromkeys(warnings))
            printing = tuple(format_text(d) for d in loaded.printing_problems)
            manifest = loaded.pack.manifest
            game, locales, source = manifest.id, tuple(manifest.locales), manifest.source_locale
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
        shown = (views, problems, printing, notes)
        if shown == (state.views, state.problems, state.printing, state.notes):
            if loaded is not state.loaded:
                with self._lock:
                    self.state = replace(state, loaded=loaded)  # the same cards, newer files
            return False
        with self._lock:
            self.state = State(
                state.version + 1,
                game,
                locales,
                source,
                views,
                pictures,
                problems,
                printing,
                notes,
                loaded,
            )
        return True

    def _views(
        self, loaded: LoadedPack, warn: Warn
    ) -> tuple[dict[str, list[ComponentView]], dict[str, Picture]]:
        box = loaded.edition(self.edition)
        generation = str(self.state.version + 1)  # faces drawn from more than their text
        views: dict[str, list[ComponentView]] = {}
        pictures: dict[str, Picture] = {}
        overflow: dict[tuple[str, str], dict[str, list[Problem]]] = {}
        """(component, card) -> language -> what does not fit on its faces."""
        fit: dict[str, tuple[tuple[str, str], ...]] = {}
        for locale in loaded.pack.manifest.locales:
            env = LanguageEnv(translator(loaded, locale), False)
            components: list[ComponentView] = []
            for component in printed(box):
                shown = component_pictures(loaded, box, component, locale, generation, warn)
                cards: list[CardView] = []
                for one in shown:
                    pictures[one.front.key] = one.front
                    if one.back is not None:
                        pictures[one.back.key] = one.back
                    found: list[Problem] = [
                        {"element": element, "message": message}
                        for face in (one.front, one.back)
                        if face is not None
                        for element, message in self._problems(face, fit)
                    ]
                    if found:
                        overflow.setdefault((component.id, one.card.id), {})[locale] = found
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
                            "problems": {},
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
        for listed in views.values():
            for shown_component in listed:
                for card in shown_component["cards"]:
                    card["problems"] = overflow.get((shown_component["id"], card["id"]), {})
        self._fit = fit
        return views, pictures

    def _problems(
        self, picture: Picture, fit: dict[str, tuple[tuple[str, str], ...]]
    ) -> tuple[tuple[str, str], ...]:
        """What does not fit on a face, remembered by what the face draws."""
        found = fit.get(picture.key)
        if found is None:
            found = self._fit.get(picture.key)
            if found is None:
                found = fit_problems(picture)
            fit[picture.key] = found
        return found

    def picture(self, key: str) -> tuple[bytes, bool] | None:
        """A picture as PNG, drawn when first asked for, and whether it is the card (not a
        picture of why the card cannot be drawn); None for a key the gallery never showed."""
        with self._lock:
            found = self._drawn.get(key)
            if found is not None:
                self._drawn.move_to_end(key)
                return found, True
            picture = self.state.pictures.get(key)
        if picture is None:
            return None
        try:
            data = picture_png(picture, DPI)
        except (KeyboardInterrupt, SystemExit):
            raise
        except TextProblem as error:  # it names the component, language, card and element
            return problem_png(picture.size, DPI, str(error)), False
        except DraftdeckError as error:
            where = f"{picture.component} [{picture.locale}]"
            return problem_png(picture.size, DPI, f"{where}: {error}"), False
        except Exception as error:  # a card that cannot be drawn says why in its place
            return problem_png(
                picture.size,
                DPI,
                f"{picture.component} [{picture.locale}]: the card could not be drawn "
                f"({type(error).__name__}: {str(error)[:200]}); report this as a bug",
            ), False
        with self._lock:
            self._drawn[key] = data
            while len(self._drawn) > CACHED:
                self._drawn.popitem(last=False)
        return data, True

    def view(self, locale: str) -> PageView:
        """What the page shows in a language (the pack's source language for an unknown
        one)."""
        state = self.state
        fallback = state.source if state.source in state.views else next(iter(state.views), "")
        chosen = locale if locale in state.views else fallback
        return {
            "version": state.version,
            "game": state.game,
            "locales": list(state.locales),
            "source": state.source,
            "locale": chosen,
            "components": state.views.get(chosen, []),
            "problems": list(state.problems),
            "printing": list(state.printing),
            "notes": list(state.notes),
        }

    def layout(self, component: str, side: str) -> LayoutView:
        """A face's elements for the layout editor, from the pack as last loaded."""
        loaded = self.state.loaded
        if loaded is None:
            raise DraftdeckError("the pack has not loaded yet")
        found = layout_editor.face_layout(loaded, self.root, component, side)
        return {**found, "version": self.state.version}

    def change(self, change: layout_editor.Change) -> layout_editor.Written:
        """Write one change of the layout editor into its template file."""
        loaded = self.state.loaded
        if loaded is None:
            raise DraftdeckError("the pack has not loaded yet")
        return layout_editor.apply_change(loaded, self.root, change)
