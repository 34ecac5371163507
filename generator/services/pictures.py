"""Every card of a pack as a picture: each face bound in a language and named by what it
draws, so that a picture is drawn again only when what it draws changed (the gallery of
`draftdeck serve`) and copies are drawn once (the exports)."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from generator.core.plain import Plain
from generator.loading.items import Card
from generator.loading.sheets import SheetDocument
from generator.model.pack import Component, EditionBox
from generator.printing.geometry import PAPERS, PrintSettings, Size
from generator.printing.pdf import render_pod
from generator.printing.pen import Pen, Setter
from generator.printing.rasterize import png_pages
from generator.printing.sheets import Deck, Document
from generator.printing.text import TextProblem, Where, quoted
from generator.services.find import LoadedPack
from generator.services.render import Warn, bound_faces, settle_drafts, translator
from generator.templates.faces import DrawingOp, Face, ImageOp, TextOp


@dataclass(frozen=True)
class Picture:
    """One face of one card, ready to draw."""

    key: str
    """What the face draws, as a name: equal faces have equal keys."""
    component: str
    size: Size
    locale: str
    draw: Callable[[Pen], None]
    texts: tuple[str, ...] = ()
    """The texts it prints, for a search."""
    face: Face = ()
    """What it draws."""


@dataclass(frozen=True)
class Shown:
    """One card of a component as a viewer lists it: its pictures and where it is written."""

    card: Card
    front: Picture
    back: Picture | None


def printed(box: EditionBox) -> Iterator[Component]:
    """The components of an edition that print card by card."""
    for component in box.components:
        if component.front is not None and component.size is not None and component.cards:
            yield component


def component_pictures(
    loaded: LoadedPack,
    box: EditionBox,
    component: Component,
    locale: str,
    generation: str = "",
    warn: Warn | None = None,
) -> list[Shown]:
    """Each card of the component once (copies are one card), with its front and back; a
    text without a finished translation is drawn in the source language, with a warning.

    `generation` enters the key of a face that draws from more than its bound text and
    shapes (an image file, a plug-in's drawing of the model): such a face is drawn again
    whenever the pack changes."""
    tr = translator(loaded, locale)
    assert component.front is not None and component.size is not None
    unique = list({id(card): card for card in component.cards}.values())
    fronts = bound_faces(loaded, box, component, component.front, tr, False, unique)
    backs = (
        bound_faces(loaded, box, component, component.back, tr, False, unique)
        if component.back is not None
        else None
    )
    settle_drafts(loaded, tr, False, warn)
    shown = []
    for index, card in enumerate(unique):
        front = _picture(component, locale, fronts[index], generation)
        back = _picture(component, locale, backs[index], generation) if backs else None
        shown.append(Shown(card, front, back))
    return shown


def _picture(
    component: Component,
    locale: str,
    bound: tuple[Face, Callable[[Pen], None]],
    generation: str,
) -> Picture:
    face, draw = bound
    assert component.size is not None
    dynamic = any(isinstance(op, DrawingOp | ImageOp) for op in face)
    name = repr((component.size, locale, face, generation if dynamic else ""))
    key = hashlib.sha1(name.encode("utf-8")).hexdigest()[:20]
    texts = tuple(op.text for op in face if isinstance(op, TextOp))
    return Picture(key, component.id, component.size, locale, draw, texts, face)


def fit_problems(picture: Picture) -> tuple[tuple[str, str], ...]:
    """The texts of a picture the build would refuse, as (element, message): each set as
    the pen sets it."""
    setter = Setter(Where(picture.component, picture.locale))
    found = []
    for op in picture.face:
        if not isinstance(op, TextOp):
            continue
        try:
            setter.set_text(op.box, op.text, op.style)
        except TextProblem as problem:
            element = op.origin.rpartition(", element ")[2].strip("'")
            found.append((element, f"{op.origin}: {problem.problem}: {quoted(problem.text)}"))
    return tuple(found)


def problem_png(size: Size, dpi: int, message: str) -> bytes:
    """A card-sized PNG that says why the card cannot be drawn, in place of the card."""
    from PIL import Image, ImageDraw, ImageFont

    from generator.printing.fonts import font_path

    scale = dpi / 25.4
    width, height = max(1, round(size.width * scale)), max(1, round(size.height * scale))
    image = Image.new("RGB", (width, height), "#fff3f0")
    draw = ImageDraw.Draw(image)
    border = max(2, width // 60)
    draw.rectangle((0, 0, width - 1, height - 1), outline="#a3221b", width=border)
    font = ImageFont.truetype(str(font_path("regular")), max(9, width // 22))
    margin = border * 3
    lines = _wrapped(quoted_lines(message), font, width - 2 * margin)
    y = margin
    for line in lines:
        if y + font.size > height - margin:
            draw.text((margin, y), "…", fill="#a3221b", font=font)
            break
        draw.text((margin, y), line, fill="#5a120e", font=font)
        y += round(font.size * 1.25)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def quoted_lines(message: str) -> list[str]:
    """A message's lines, each at most a few hundred characters."""
    return [line[:300] for line in message.splitlines()[:20]]


def _wrapped(lines: list[str], font: Any, width: int) -> list[str]:
    out: list[str] = []
    for line in lines:
        words, current = line.split(" "), ""
        for word in words:
            trial = f"{current} {word}".strip()
            if font.getlength(trial) <= width or not current:
                current = trial
            else:
                out.append(current)
                current = word
        out.append(current)
    return out


def pictures_pdf(pictures: list[Picture], bleed: float, title: str = "pictures") -> bytes:
    """A PDF of one page per picture (of one size), each at its trim plus `bleed` mm."""
    first = pictures[0]
    deck = Deck(first.component, title, first.size, tuple(p.draw for p in pictures), None)
    document = Document(
        title, "draftdeck", "pictures", first.locale, PrintSettings(PAPERS["a4"], bleed)
    )
    return render_pod(deck, document).data


def picture_png(picture: Picture, dpi: int, bleed: float = 0.0) -> bytes:
    """One picture as a PNG."""
    return png_pages(pictures_pdf([picture], bleed), dpi=dpi)[0]


def card_fields(card: Card) -> dict[str, Plain]:
    """A card's data as written, for a viewer (plain JSON values)."""
    return {key: _plain(value) for key, value in card.item.fields.items()}


def _plain(value: Any) -> Plain:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def card_origin(card: Card) -> tuple[str, int]:
    """The file and line a card is written at (its file and cell, and 0, in a spreadsheet;
    '', 0 for a card made without data)."""
    origin = card.item.origin
    if origin is None:
        return "", 0
    document, path = origin
    if isinstance(document, SheetDocument):  # a cell: cards.xlsx:Cards!C12
        return document.where(path), 0
    line, _ = document.locate(path)
    return document.display, line
