"""Drawing on a ReportLab canvas in millimetres, in a card's own coordinates.

The only module (with `sheets`) that talks to ReportLab. Origin is the
card's trim corner, lower left; the bleed lies at negative coordinates and
beyond the trim size. Every text is fitted to its box and checked glyph by
glyph before it is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any, NamedTuple

from generator.printing.fonts import coverage, register
from generator.printing.geometry import POINTS_PER_MM, Rect, pt
from generator.printing.rich import (
    ICON_DROP,
    ICON_WIDTH,
    RichFitted,
    Variants,
    fit_rich,
    line_width,
    segments,
)
from generator.printing.text import ASCENT, Fitted, Where, fit
from generator.printing.typography import NO_BREAK, tie

Colour = str
"""#RRGGBB."""
WHITE = "#FFFFFF"
"""White, as a colour the pen takes."""
BLACK = "#000000"
"""Black, as a colour the pen takes."""


class TextStyle(NamedTuple):
    """How a text is set (a named tuple: every text of every card has one)."""

    size: float
    """Preferred size in points."""
    minimum: float
    """Smallest size allowed before the build fails."""
    weight: str = "regular"
    colour: Colour = BLACK
    align: str = "centre"
    """left, centre or right."""
    wrap: bool = False
    same_size: str = ""
    """The style's name when every text of it on a face is set at one size (the theme's
    same-size), else empty."""
    markup: bool = False
    """The text holds rich-text markup (**bold**, *italic*, [icon])."""
    variants: tuple[str, ...] = ()
    """The weights of its upright, bold, italic and bold italic spans (rich text)."""
    hyphenate: bool = True
    """A word too wide for its line may break where the language's dictionary allows."""


class Setter:
    """How texts are set in one language: fonts, no-break spaces and hyphenation, fitting.
    The pen draws what it sets; the checks and the collision test set texts the same way."""

    def __init__(self, where: Where) -> None:
        self.where = where
        self.fonts = register()

    def tied(self, text: str, style: TextStyle, font: str) -> str:
        """A text that wraps, with its language's no-break spaces where its font has one."""
        if not style.wrap or ord(NO_BREAK) not in coverage(font):
            return text
        return tie(text, self.where.locale)

    def fitted(self, box: Rect, text: str, style: TextStyle) -> Fitted:
        """The text fitted into the box: its lines and the size they are set at."""
        font = self.fonts[style.weight]
        return fit(
            self.tied(text, style, font),
            font,
            pt(box.width),
            pt(box.height),
            style.size,
            style.minimum,
            self.where,
            wrap_lines=style.wrap,
            hyphenate=style.hyphenate,
        )

    def rich_fitted(self, box: Rect, text: str, style: TextStyle) -> RichFitted:
        """Rich text fitted into the box."""
        variants = self.variants(style)
        return fit_rich(
            self.tied(text, style, variants.regular),
            variants,
            pt(box.width),
            pt(box.height),
            style.size,
            style.minimum,
            self.where,
            wrap_lines=style.wrap,
            hyphenate=style.hyphenate,
        )

    def set_text(self, box: Rect, text: str, style: TextStyle) -> Fitted | RichFitted:
        """The text set as its style says: rich text where it has markup, else plain."""
        return (self.rich_fitted if style.markup else self.fitted)(box, text, style)

    def variants(self, style: TextStyle) -> Variants:
        """The ReportLab fonts of a rich text's spans."""
        weights = style.variants or (style.weight,) * 4
        regular, bold, italic, both = (self.fonts[w] for w in weights)
        return Variants(regular, bold, italic, both)


class Pen(Setter):
    """A canvas seen in millimetres, with text fitting and glyph checks."""

    def __init__(self, canvas: Any, where: Where, ink_saver: bool = False) -> None:
        super().__init__(where)
        self.canvas = canvas
        self.ink_saver = ink_saver
        if not hasattr(canvas, "draftdeck_forms"):
            canvas.draftdeck_forms = set()  # forms already defined in this document
        self.forms: set[str] = canvas.draftdeck_forms
        self.defining_form = False

    @contextmanager
    def placed(self, x: float, y: float, turned: bool = False, width: float = 0.0) -> Iterator[Pen]:
        """Draw a card whose trim corner is at (x, y); turned cards are rotated a quarter."""
        c = self.canvas
        c.saveState()
        if turned:
            c.translate(pt(x + width), pt(y))
            c.rotate(90)
        else:
            c.translate(pt(x), pt(y))
        try:
            yield self
        finally:
            c.restoreState()

    @contextmanager
    def clipped(self, rect: Rect) -> Iterator[Pen]:
        """Limit drawing to a rectangle."""
        c = self.canvas
        c.saveState()
        path = c.beginPath()
        path.rect(pt(rect.x), pt(rect.y), pt(rect.width), pt(rect.height))
        c.clipPath(path, stroke=0, fill=0)
        try:
            yield self
        finally:
            c.restoreState()

    def rect(
        self,
        rect: Rect,
        fill: Colour | None = None,
        stroke: Colour | None = None,
        width: float = 0.3,
        radius: float = 0.0,
    ) -> None:
        """A rectangle, filled and/or outlined (line width in mm)."""
        c = self.canvas
        self._colours(fill, stroke, width)
        args = (pt(rect.x), pt(rect.y), pt(rect.width), pt(rect.height))
        if radius:
            c.roundRect(
                *args, pt(radius), stroke=int(stroke is not None), fill=int(fill is not None)
            )
        else:
            c.rect(*args, stroke=int(stroke is not None), fill=int(fill is not None))

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        fill: Colour | None = None,
        stroke: Colour | None = None,
        width: float = 0.3,
    ) -> None:
        """A circle around (x, y)."""
        self._colours(fill, stroke, width)
        self.canvas.circle(
            pt(x), pt(y), pt(r), stroke=int(stroke is not None), fill=int(fill is not None)
        )

    def ellipse(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        fill: Colour | None = None,
        stroke: Colour | None = None,
        width: float = 0.3,
    ) -> None:
        """An ellipse inside the box from (x1, y1) to (x2, y2)."""
        self._colours(fill, stroke, width)
        self.canvas.ellipse(
            pt(x1),
            pt(y1),
            pt(x2),
            pt(y2),
            stroke=int(stroke is not None),
            fill=int(fill is not None),
        )

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        colour: Colour = BLACK,
        width: float = 0.25,
    ) -> None:
        """A straight line."""
        self._colours(None, colour, width)
        self.canvas.line(pt(x1), pt(y1), pt(x2), pt(y2))

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        fill: Colour | None = None,
        stroke: Colour | None = None,
        width: float = 0.3,
    ) -> None:
        """A closed polygon."""
        self._colours(fill, stroke, width)
        path = self.canvas.beginPath()
        path.moveTo(pt(points[0][0]), pt(points[0][1]))
        for x, y in points[1:]:
            path.lineTo(pt(x), pt(y))
        path.close()
        self.canvas.drawPath(path, stroke=int(stroke is not None), fill=int(fill is not None))

    def text(self, box: Rect, text: str, style: TextStyle) -> Fitted:
        """Fit text into the box (centred vertically) and draw it."""
        fitted = self.fitted(box, text, style)
        font = fitted.font
        c = self.canvas
        self._colours(style.colour, None, 0)
        c.setFont(font, fitted.size)
        ascent = fitted.size * ASCENT
        block = ascent + fitted.leading * (len(fitted.lines) - 1)
        top = pt(box.y) + (pt(box.height) + block) / 2
        for index, line in enumerate(fitted.lines):
            baseline = top - ascent - index * fitted.leading
            if style.align == "left":
                c.drawString(pt(box.x), baseline, line)
            elif style.align == "right":
                c.drawRightString(pt(box.right), baseline, line)
            else:
                c.drawCentredString(pt(box.x + box.width / 2), baseline, line)
        return fitted

    def rich_text(
        self, box: Rect, text: str, style: TextStyle, icon: Callable[[str, Rect], None]
    ) -> RichFitted:
        """Fit rich text into the box (centred vertically) and draw it; `icon` draws an
        inline icon by name into a box in millimetres."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        fitted = self.rich_fitted(box, text, style)
        size, fonts = fitted.size, fitted.fonts
        c = self.canvas
        self._colours(style.colour, None, 0)
        ascent = size * ASCENT
        block = ascent + fitted.leading * (len(fitted.lines) - 1)
        top = pt(box.y) + (pt(box.height) + block) / 2
        for index, line in enumerate(fitted.lines):
            baseline = top - ascent - index * fitted.leading
            wide = line_width(line, fonts, size)
            if style.align == "left":
                x = pt(box.x)
            elif style.align == "right":
                x = pt(box.right) - wide
            else:
                x = pt(box.x + box.width / 2) - wide / 2
            for segment in segments(line, fonts):
                if isinstance(segment, float):
                    x += stringWidth(" ", fonts.regular, size)
                    continue
                font, content = segment
                if font:
                    c.setFont(font, size)
                    c.drawString(x, baseline, content)
                    x += stringWidth(content, font, size)
                else:
                    step = size * ICON_WIDTH
                    mm = 1 / POINTS_PER_MM
                    bottom = (baseline - size * ICON_DROP) * mm
                    icon(content, Rect(x * mm, bottom, step * mm, step * mm))
                    self._colours(style.colour, None, 0)
                    x += step
        return fitted

    def reused(self, key: str, box: Rect, draw: Callable[[Pen], None]) -> None:
        """Draw something that recurs (an emblem, an icon) once as a PDF form, then place it.

        `draw` draws in the coordinates of `box`'s lower-left corner; the form is
        clipped to the box.
        """
        c = self.canvas
        if self.defining_form:  # forms cannot nest: draw in place
            c.saveState()
            c.translate(pt(box.x), pt(box.y))
            draw(self)
            c.restoreState()
            return
        name = "reuse-" + key
        if name not in self.forms:
            c.saveState()
            c.beginForm(name, 0, 0, pt(box.width), pt(box.height))
            draw(self)
            c.endForm()
            c.restoreState()
            self.forms.add(name)
        c.saveState()
        c.translate(pt(box.x), pt(box.y))
        c.doForm(name)
        c.restoreState()

    def image(self, path: str, box: Rect) -> None:
        """A raster image scaled to fit the box."""
        self.canvas.drawImage(
            path,
            pt(box.x),
            pt(box.y),
            pt(box.width),
            pt(box.height),
            preserveAspectRatio=True,
            anchor="c",
            mask="auto",
        )

    def _colours(self, fill: Colour | None, stroke: Colour | None, width: float) -> None:
        c = self.canvas
        if fill is not None:
            c.setFillColor(_colour(fill))
        if stroke is not None:
            c.setStrokeColor(_colour(stroke))
            c.setLineWidth(pt(width))


@cache
def _colour(hex_colour: str) -> Any:
    """ReportLab's colour object for #RRGGBB, parsed once."""
    from reportlab.lib.colors import HexColor

    return HexColor(hex_colour)
