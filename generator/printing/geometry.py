"""Print geometry in millimetres: paper, imposition, crop marks and duplex backs.

Pure arithmetic, no drawing. Positions are measured from the lower-left
corner of the sheet (PDF convention). Cards are laid out with their own
bleed around them, centred on the sheet, in the orientation (upright or
turned a quarter) that fits more cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

POINTS_PER_MM = 72 / 25.4
MAX_BLEED = 10.0
"""The largest bleed accepted, in mm; card backgrounds are painted this far beyond the trim."""


def pt(mm: float) -> float:
    """Millimetres to PDF points."""
    return mm * POINTS_PER_MM


class CropMarks(Enum):
    """Where cut guides go."""

    CORNERS = "corners"
    """At every card's corners, outside its bleed (cards get a gutter)."""
    PAGE_EDGE = "page-edge"
    """Along every trim line, in the sheet margin outside the card block."""
    NONE = "none"


@dataclass(frozen=True)
class Size:
    """A width and height in millimetres."""

    width: float
    height: float

    def turned(self) -> Size:
        """The size turned a quarter."""
        return Size(self.height, self.width)


PAPERS = {"a4": Size(210.0, 297.0), "letter": Size(215.9, 279.4)}


class Rect(NamedTuple):
    """A rectangle in millimetres from the sheet's lower-left corner.

    A named tuple: cards make many of them, and templates compare them.
    """

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        """x of the right edge."""
        return self.x + self.width

    @property
    def top(self) -> float:
        """y of the top edge."""
        return self.y + self.height

    def grown(self, by: float) -> Rect:
        """The rectangle grown by `by` on every side."""
        return Rect(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)


@dataclass(frozen=True)
class Slot:
    """Where one card goes on a sheet."""

    trim: Rect
    """The card's trim box on the sheet."""
    turned: bool
    """True when the card is drawn turned a quarter (counter-clockwise)."""


@dataclass(frozen=True)
class Line:
    """A straight line in millimetres."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class PrintSettings:
    """How the user prints."""

    paper: Size
    bleed: float = 3.0
    """Background beyond the trim, in mm."""
    margin: float = 5.0
    """Edge of the sheet a home printer cannot print, in mm."""
    marks: CropMarks = CropMarks.PAGE_EDGE
    mark_length: float = 3.0
    mark_gap: float = 1.0
    """Distance between a mark and the nearest bleed."""

    @property
    def mark_space(self) -> float:
        """Room a crop mark needs beside the bleed."""
        return 0.0 if self.marks is CropMarks.NONE else self.mark_gap + self.mark_length


@dataclass(frozen=True)
class Imposition:
    """Cards of one size on sheets of one paper."""

    settings: PrintSettings
    card: Size
    """Trim size of the card, upright."""
    columns: int
    rows: int
    turned: bool

    @property
    def per_sheet(self) -> int:
        """Cards on one sheet."""
        return self.columns * self.rows

    @property
    def cell(self) -> Size:
        """Trim size of a card as laid on the sheet."""
        return self.card.turned() if self.turned else self.card

    @property
    def pitch(self) -> Size:
        """Distance from one card's trim to the next card's trim."""
        gutter = 2 * self.settings.mark_space if self.settings.marks is CropMarks.CORNERS else 0.0
        step = 2 * self.settings.bleed + gutter
        return Size(self.cell.width + step, self.cell.height + step)

    def slots(self) -> list[Slot]:
        """Front slots in reading order: top row first, left to right."""
        paper, cell, pitch = self.settings.paper, self.cell, self.pitch
        block_w = self.columns * pitch.width - (pitch.width - cell.width)
        block_h = self.rows * pitch.height - (pitch.height - cell.height)
        left = (paper.width - block_w) / 2
        bottom = (paper.height - block_h) / 2
        return [
            Slot(
                Rect(
                    left + c * pitch.width,
                    bottom + (self.rows - 1 - r) * pitch.height,
                    cell.width,
                    cell.height,
                ),
                self.turned,
            )
            for r in range(self.rows)
            for c in range(self.columns)
        ]

    def back_slots(self) -> list[Slot]:
        """Back slots for a long-edge flip: the front slot mirrored left-right, in the same order."""
        width = self.settings.paper.width
        return [
            Slot(Rect(width - s.trim.right, s.trim.y, s.trim.width, s.trim.height), s.turned)
            for s in self.slots()
        ]

    def crop_marks(self, used: int | None = None) -> list[Line]:
        """Cut guides for the first `used` slots (all by default), never inside any card's bleed."""
        marks = self.settings.marks
        slots = self.slots()[:used]
        if marks is CropMarks.NONE or not slots:
            return []
        if marks is CropMarks.CORNERS:
            return [line for slot in slots for line in _corner_marks(slot.trim, self.settings)]
        return _edge_marks(slots, self.settings)


def impose(card: Size, settings: PrintSettings) -> Imposition:
    """The imposition that fits the most cards (upright wins a tie)."""
    best: Imposition | None = None
    for turned in (False, True):
        trial = Imposition(settings, card, 1, 1, turned)
        pitch, cell = trial.pitch, trial.cell
        room = Size(
            settings.paper.width - 2 * (settings.margin + settings.mark_space + settings.bleed),
            settings.paper.height - 2 * (settings.margin + settings.mark_space + settings.bleed),
        )
        columns = _fit(room.width, cell.width, pitch.width)
        rows = _fit(room.height, cell.height, pitch.height)
        candidate = Imposition(settings, card, columns, rows, turned)
        if best is None or candidate.per_sheet > best.per_sheet:
            best = candidate
    assert best is not None
    if best.per_sheet == 0:
        raise ValueError(f"a {card.width}x{card.height} mm card does not fit on this paper")
    return best


def _fit(room: float, size: float, pitch: float) -> int:
    if room < size:
        return 0
    return 1 + int((room - size) / pitch + 1e-9)


def _corner_marks(trim: Rect, settings: PrintSettings) -> list[Line]:
    start = settings.bleed + settings.mark_gap
    end = start + settings.mark_length
    lines = []
    for x, dx in ((trim.x, -1), (trim.right, 1)):
        for y, dy in ((trim.y, -1), (trim.top, 1)):
            lines.append(Line(x + dx * start, y, x + dx * end, y))  # horizontal, on the trim's y
            lines.append(Line(x, y + dy * start, x, y + dy * end))  # vertical, on the trim's x
    return lines


def _edge_marks(slots: list[Slot], settings: PrintSettings) -> list[Line]:
    left = min(s.trim.x for s in slots) - settings.bleed
    right = max(s.trim.right for s in slots) + settings.bleed
    bottom = min(s.trim.y for s in slots) - settings.bleed
    top = max(s.trim.top for s in slots) + settings.bleed
    gap, length = settings.mark_gap, settings.mark_length
    xs = sorted({round(v, 6) for s in slots for v in (s.trim.x, s.trim.right)})
    ys = sorted({round(v, 6) for s in slots for v in (s.trim.y, s.trim.top)})
    lines = []
    for x in xs:
        lines.append(Line(x, top + gap, x, top + gap + length))
        lines.append(Line(x, bottom - gap, x, bottom - gap - length))
    for y in ys:
        lines.append(Line(left - gap, y, left - gap - length, y))
        lines.append(Line(right + gap, y, right + gap + length, y))
    return lines
