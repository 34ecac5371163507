"""Cards for a screen or a virtual table: one PNG per card face named by its id, a contact
sheet per component, and Tabletop Simulator decks (sheets of faces, backs and a saved
object that loads them)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

from generator.core.errors import InputError, UsageError
from generator.core.names import inside
from generator.i18n.env import LanguageEnv
from generator.loading.items import Card
from generator.loading.manifest import EditionInfo
from generator.output.atomic import write_atomic
from generator.printing.fonts import font_path
from generator.printing.rasterize import png_pages
from generator.services.find import LoadedPack
from generator.services.pictures import Picture, Shown, component_pictures, pictures_pdf, printed
from generator.services.render import Warn, translator
from generator.services.tts_objects import (
    BagObject,
    CardObject,
    CustomSheet,
    DeckObject,
    SavedObject,
    Transform,
)

Written = tuple[Path, bool]
"""A file written, and whether its bytes changed."""
MIN_DPI, MAX_DPI = 36, 1200
"""The resolutions a PNG export takes (a poker card at 1200 dpi is 3,000 x 4,200)."""
TTS_COLUMNS, TTS_ROWS = 10, 7
"""The largest grid of a Tabletop Simulator deck sheet; its last slot is the hidden card."""
TTS_SIDE = 4096
"""The longest side of a deck sheet in pixels: what Tabletop Simulator loads everywhere."""
CONTACT_WIDTH = 240
"""Width of a card on a contact sheet, in pixels."""
CONTACT_CARDS = 48
"""Cards on one contact sheet (8 by 6): a sheet stays a picture any viewer opens."""
PNG_CHUNK = 32
"""Card faces drawn at once by a PNG export: what memory holds."""
Progress = Callable[[int], None]
"""Told how many more cards were drawn."""


@dataclass(frozen=True)
class Target:
    """One component of one edition in one language, and where its files go."""

    edition: str
    component: str
    name: str
    """The component's name in the language."""
    locale: str
    root: Path
    """Where the export of this kind goes for the edition: `<out>/<game>/[<edition>/]<kind>`."""
    cards: list[Shown]

    @property
    def folder(self) -> Path:
        """The component's and language's own folder below `root`."""
        return self.root / self.component / self.locale


def targets(
    loaded: LoadedPack,
    out: Path,
    kind: str,
    editions: list[str],
    locales: list[str],
    warn: Warn | None = None,
    components: Sequence[str] = (),
) -> Iterator[Target]:
    """Each printed component of each edition and language (only `components`, where
    named), with its folder (`<out>/<game>/[<edition>/]<kind>/<component>/<locale>`)."""
    pack = loaded.pack
    game = pack.manifest.id
    chosen = loaded.editions(editions)
    _check_components(loaded, chosen, components)
    for info in chosen:
        edition = info.id
        box = pack.editions[edition]
        base = out / game / edition if edition else out / game
        for component in printed(box):
            if components and component.id not in components:
                continue
            for locale in loaded.locales(locales):
                env = LanguageEnv(translator(loaded, locale), False)
                yield Target(
                    edition,
                    component.id,
                    env.translate("components", component.name),
                    locale,
                    base / kind,
                    component_pictures(loaded, box, component, locale, warn=warn),
                )


def _check_components(
    loaded: LoadedPack, editions: list[EditionInfo], components: Sequence[str]
) -> None:
    """Every component asked for prints card by card in some edition asked for."""
    known = {c.id for info in editions for c in printed(loaded.pack.editions[info.id])}
    unknown = [c for c in components if c not in known]
    if unknown:
        raise UsageError(
            f"{loaded.pack.id} has no component {', '.join(unknown)} to export; "
            f"its components: {', '.join(sorted(known))}"
        )


def export_png(
    loaded: LoadedPack,
    out: Path,
    editions: list[str],
    locales: list[str],
    dpi: int = 300,
    bleed: float = 0.0,
    warn: Warn | None = None,
    progress: Progress | None = None,
    components: Sequence[str] = (),
) -> list[Written]:
    """One PNG per card face (`<id>.png`, `<id>-back.png`; copies once) and contact sheets
    of the component's fronts (`_contact-sheet-<n>.png`, CONTACT_CARDS a page), per
    component and language. Cards are drawn a chunk at a time, so memory holds one chunk
    (or one contact sheet) however many cards there are; `progress` is told of each card."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise UsageError(f"a resolution of {dpi} dpi is out of range: 36 to {MAX_DPI}")
    written: list[Written] = []
    for target in targets(loaded, out, "png", editions, locales, warn, components):
        _no_two_named_alike(target)
        for start in range(0, len(target.cards), PNG_CHUNK):
            chunk = target.cards[start : start + PNG_CHUNK]
            fronts = _rasterized([shown.front for shown in chunk], dpi, bleed)
            for shown, image in zip(chunk, fronts, strict=True):
                written.append(_write(inside(target.folder, shown.card.id, suffix=".png"), image))
            with_back = [shown for shown in chunk if shown.back is not None]
            backs = _rasterized([s.back for s in with_back if s.back is not None], dpi, bleed)
            for shown, image in zip(with_back, backs, strict=True):
                path = inside(target.folder, f"{shown.card.id}-back", suffix=".png")
                written.append(_write(path, image))
            if progress is not None:
                progress(len(chunk))
        small = _dpi_for(target.cards[0].front, CONTACT_WIDTH)
        for number, start in enumerate(range(0, len(target.cards), CONTACT_CARDS), 1):
            page = target.cards[start : start + CONTACT_CARDS]
            images = _rasterized([s.front for s in page], small, 0)
            sheet = _contact_sheet(images, [s.card.id for s in page])
            written.append(_write(target.folder / f"_contact-sheet-{number}.png", sheet))
    return written


def _no_two_named_alike(target: Target) -> None:
    """Refuse to export two faces whose files would have one name (a card 'sun-1-back'
    beside the back of 'sun-1'), naming both cards."""
    names: dict[str, str] = {}
    for shown in target.cards:
        faces = [(shown.card.id, f"card {shown.card.id}")]
        if shown.back is not None:
            faces.append((f"{shown.card.id}-back", f"the back of card {shown.card.id}"))
        for name, what in faces:
            if name in names:
                raise InputError(
                    f"{what} and {names[name]} of {target.component} would both be written as "
                    f"{name}.png: rename one of the cards"
                )
            names[name] = what


def _rasterized(pictures: list[Picture], dpi: int, bleed: float) -> list[bytes]:
    """PNGs of pictures of one size, drawn into one PDF and rasterized page by page."""
    if not pictures:
        return []
    found: dict[str, bytes] = {}
    unique = list({p.key: p for p in pictures}.values())
    for picture, image in zip(unique, png_pages(pictures_pdf(unique, bleed), dpi=dpi), strict=True):
        found[picture.key] = image
    return [found[p.key] for p in pictures]


def _dpi_for(picture: Picture, pixels: int) -> int:
    """The resolution at which a picture's trim is `pixels` wide."""
    return max(1, round(pixels / (picture.size.width / 25.4)))


def _write(path: Path, data: bytes) -> Written:
    return path, write_atomic(path, data)


def _contact_sheet(images: list[bytes], ids: list[str]) -> bytes:
    """The cards side by side in rows of up to eight, each with its id below it."""
    from PIL import Image, ImageDraw, ImageFont

    cards = [Image.open(BytesIO(data)).convert("RGB") for data in images]
    width, height = cards[0].size
    label, gap = 22, 12
    columns = min(8, len(cards))
    rows = math.ceil(len(cards) / columns)
    sheet = Image.new(
        "RGB",
        (columns * (width + gap) + gap, rows * (height + label + gap) + gap),
        "#FFFFFF",
    )
    font = ImageFont.truetype(str(font_path("semibold")), 14)
    pen = ImageDraw.Draw(sheet)
    for index, (card, card_id) in enumerate(zip(cards, ids, strict=True)):
        row, column = divmod(index, columns)
        x, y = gap + column * (width + gap), gap + row * (height + label + gap)
        sheet.paste(card, (x, y))
        pen.text((x + width / 2, y + height + 4), card_id, fill="#1B1F2A", font=font, anchor="ma")
    return _png(sheet)


def _png(image: Any) -> bytes:
    buffer = BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def export_tts(
    loaded: LoadedPack,
    out: Path,
    editions: list[str],
    locales: list[str],
    base_url: str = "",
    warn: Warn | None = None,
    progress: Progress | None = None,
    components: Sequence[str] = (),
) -> list[Written]:
    """Tabletop Simulator decks, every file of an edition in one folder to upload as it is
    (`<out>/<game>/[<edition>/]tts/`), each named by game, edition, component and language:
    per component and language the deck sheets (`<deck>-sheet-<n>.png`), the back
    (`<deck>-back.png`, or `<deck>-back-<n>.png` sheets where backs differ) and
    `<deck>.json`, a saved object that loads them as one deck in data order, copies as
    copies; per language `<game>[-<edition>]-<language>.json`, a bag of every deck.
    Images are named below `base_url`, else by their full file:// address."""
    _check_base_url(base_url)
    written: list[Written] = []
    bags: dict[tuple[str, str, Path], list[CardObject | DeckObject]] = {}
    for target in targets(loaded, out, "tts", editions, locales, warn, components):
        files, deck = _tts_deck(loaded, target, base_url, progress)
        written += files
        bags.setdefault((target.edition, target.locale, target.root), []).append(deck)
    for (edition, locale, root), decks in bags.items():
        env = LanguageEnv(translator(loaded, locale), False)
        bag: BagObject = {
            "Name": "Bag",
            "Nickname": env.translate("game", loaded.pack.manifest.name),
            "Description": _deck_stem(loaded, edition, "", locale),
            "Transform": _transform(1.0),
            "ContainedObjects": decks,
        }
        name = inside(root, _deck_stem(loaded, edition, "", locale), suffix=".json")
        written.append(_write(name, _saved_json(bag)))
    _no_file_written_twice(written)
    return written


def _deck_stem(loaded: LoadedPack, edition: str, component: str, locale: str) -> str:
    """How a deck's files begin: all-star-draft-2025-hockey-player-de."""
    return "-".join(part for part in (loaded.pack.manifest.id, edition, component, locale) if part)


def _no_file_written_twice(written: list[Written]) -> None:
    """Refuse names two decks share (a component called like a language), naming the file."""
    seen: set[Path] = set()
    for path, _ in written:
        if path in seen:
            raise InputError(
                f"two decks of the export would both be written as {path.name}: "
                "rename one of the components"
            )
        seen.add(path)


def _check_base_url(base_url: str) -> None:
    """Refuse an address Tabletop Simulator cannot load images from, or one that would break
    the JSON's lines: only http(s):// and file:// addresses, without spaces or controls."""
    if not base_url:
        return
    if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in base_url):
        raise UsageError("--base-url holds a space or a control character: give one address")
    scheme = base_url.split(":", 1)[0].lower()
    if ":" not in base_url or scheme not in ("http", "https", "file"):
        raise UsageError(
            f"--base-url must be an http://, https:// or file:// address, not '{base_url[:60]}'"
        )


def tts_grid(cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet for this many cards (at most 69): at least 2 x 2, as
    Tabletop Simulator's decks are, with a slot beyond the cards for the last one, the
    hidden card (bottom right)."""
    slots = cards + 1
    columns = max(2, min(TTS_COLUMNS, slots))
    return columns, max(2, math.ceil(slots / columns))


def _tts_deck(
    loaded: LoadedPack, target: Target, base_url: str, progress: Progress | None = None
) -> tuple[list[Written], CardObject | DeckObject]:
    """One component's deck in one language: its files, and the deck object."""
    from PIL import Image

    written: list[Written] = []
    shown = target.cards
    size = shown[0].front.size
    per_sheet = TTS_COLUMNS * TTS_ROWS - 1
    chunks = [shown[i : i + per_sheet] for i in range(0, len(shown), per_sheet)]
    longest = max(TTS_COLUMNS * size.width, TTS_ROWS * size.height)
    pixel_width = min(750, math.floor(TTS_SIDE * size.width / longest))
    pixels = (pixel_width, round(pixel_width * size.height / size.width))
    dpi = math.ceil(pixels[0] / (size.width / 25.4))
    backs = [s.back for s in shown if s.back is not None]
    unique_back = len({b.key for b in backs}) > 1
    decks: dict[str, CustomSheet] = {}
    stem = _deck_stem(loaded, target.edition, target.component, target.locale)
    root = target.root

    def address(path: Path) -> str:
        return base_url.rstrip("/") + "/" + path.name if base_url else path.resolve().as_uri()

    for number, chunk in enumerate(chunks, 1):
        columns, rows = tts_grid(len(chunk))
        faces = _cells([s.front for s in chunk], dpi, pixels)
        back_cells = _cells([s.back for s in chunk if s.back], dpi, pixels) if backs else []
        hidden = back_cells[0] if back_cells else Image.new("RGB", pixels, "#FFFFFF")
        sheet = _grid(faces, hidden, columns, rows, pixels)
        face_path = inside(root, f"{stem}-sheet-{number}", suffix=".png")
        written.append(_write(face_path, _png(sheet)))
        if unique_back:
            back_path = inside(root, f"{stem}-back-{number}", suffix=".png")
            written.append(
                _write(back_path, _png(_grid(back_cells, hidden, columns, rows, pixels)))
            )
        else:
            back_path = inside(root, f"{stem}-back", suffix=".png")
            if number == 1:
                written.append(_write(back_path, _png(hidden)))
        if progress is not None:
            progress(len(chunk))
        decks[str(number)] = {
            "FaceURL": address(face_path),
            "BackURL": address(back_path),
            "NumWidth": columns,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": unique_back,
            "Type": 0,
        }
    deck = _deck_object(loaded, target, chunks, decks, per_sheet)
    written.append(_write(inside(root, stem, suffix=".json"), _saved_json(deck)))
    return written, deck


def _saved_json(held: CardObject | DeckObject | BagObject) -> bytes:
    """A saved object's file holding one object, as Tabletop Simulator reads it."""
    saved: SavedObject = {"SaveName": "", "GameMode": "", "Date": "", "ObjectStates": [held]}
    return (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _cells(pictures: list[Picture | None], dpi: int, pixels: tuple[int, int]) -> list[Any]:
    from PIL import Image

    present = [p for p in pictures if p is not None]
    images = _rasterized(present, dpi, 0.0)
    return [
        Image.open(BytesIO(data)).convert("RGB").resize(pixels, Image.Resampling.LANCZOS)
        for data in images
    ]


def _grid(cells: list[Any], hidden: Any, columns: int, rows: int, pixels: tuple[int, int]) -> Any:
    """The cells left to right, top to bottom, and the hidden card in the last slot."""
    from PIL import Image

    sheet = Image.new("RGB", (columns * pixels[0], rows * pixels[1]), "#FFFFFF")
    last = columns * rows - 1
    for index, cell in [*enumerate(cells), (last, hidden)]:
        row, column = divmod(index, columns)
        sheet.paste(cell, (column * pixels[0], row * pixels[1]))
    return sheet


def _deck_object(
    loaded: LoadedPack,
    target: Target,
    chunks: list[list[Shown]],
    decks: dict[str, CustomSheet],
    per_sheet: int,
) -> CardObject | DeckObject:
    """A deck of every physical card (copies repeated) in data order, as large on the table
    as the card is beside a poker card; a deck of one card is that card."""
    env = LanguageEnv(translator(loaded, target.locale), False)
    box = loaded.pack.editions[target.edition]
    component = box.component(target.component)
    assert component is not None
    index = {
        id(s.card): (sheet, slot)
        for sheet, chunk in enumerate(chunks, 1)
        for slot, s in enumerate(chunk)
    }
    transform = _transform(chunks[0][0].front.size.width / POKER_WIDTH)
    translate = loaded.pack.manifest.translate
    cards: list[CardObject] = []
    for card in component.cards:
        sheet, slot = index[id(card)]
        cards.append(
            {
                "Name": "Card",
                "Nickname": _card_name(env, translate, card),
                "Description": "",
                "GMNotes": card.id,
                "CardID": sheet * 100 + slot,
                "CustomDeck": {str(sheet): decks[str(sheet)]},
                "Transform": transform,
            }
        )
    assert per_sheet < 100  # a CardID is sheet * 100 + slot
    if len(cards) == 1:
        return cards[0]
    return {
        "Name": "DeckCustom",
        "Nickname": target.name,
        "Description": f"{loaded.pack.manifest.id} {target.edition}".strip(),
        "DeckIDs": [c["CardID"] for c in cards],
        "CustomDeck": decks,
        "ContainedObjects": cards,
        "Transform": transform,
    }


POKER_WIDTH = 63.5
"""The width in mm of the card Tabletop Simulator draws at scale 1."""


def _transform(scale: float) -> Transform:
    """Where a loaded deck lies (on the table, face down) and how large it is."""
    scale = round(scale, 4)
    return {
        "posX": 0.0,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": scale,
        "scaleY": 1.0,
        "scaleZ": scale,
    }


def _card_name(env: LanguageEnv, translate: frozenset[str], card: Card) -> str:
    """A card's name in the language: its `name`, else the first of its translated texts (by
    key), else its id."""
    fields = card.item.fields
    keys = ["name", *sorted(k for k in translate if "@" not in k and k != "name")]
    for key in keys:
        value = fields.get(key)
        if isinstance(value, str) and value.strip():
            return env.translate(card.item.context, value) if key in translate else value
    return card.id
