"""Rich-text markup, parsed: `**bold**`, `*italic*` (both may nest), `[name]` an icon
where the name stands; `\\*`, `\\[` and `\\\\` write the character itself.

The pen lays out what `pieces` finds; validation and the translation checks
read a text's markup without drawing it.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

_TOKEN = re.compile(r"\\([*\[\]\\])|(\*\*)|(\*)|\[([a-z][a-z0-9]*(?:[_-][a-z0-9]+)*)\]")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
BOLD, ITALIC = 1, 2


class Piece(NamedTuple):
    """A run of text in one font, or an icon (`icon` set, `text` empty)."""

    text: str
    emphasis: int
    icon: str = ""


def pieces(text: str) -> list[Piece | None]:
    """The text as pieces; None where a line breaks."""
    found: list[Piece | None] = []
    emphasis, start = 0, 0
    buffer = ""

    def flush() -> None:
        nonlocal buffer
        for number, part in enumerate(buffer.split("\n")):
            if number:
                found.append(None)
            if part:
                found.append(Piece(part, emphasis))
        buffer = ""

    for match in _TOKEN.finditer(text):
        buffer += text[start : match.start()]
        start = match.end()
        literal, bold, italic, icon = match.groups()
        if literal:
            buffer += literal
            continue
        flush()
        if bold:
            emphasis ^= BOLD
        elif italic:
            emphasis ^= ITALIC
        else:
            found.append(Piece("", emphasis, icon))
    buffer += text[start:]
    flush()
    return found


def unclosed(text: str) -> str | None:
    """What markup of a text is opened and never closed ("**", "*"), or None: everything
    after it would print bold or italic."""
    emphasis = 0
    for match in _TOKEN.finditer(text):
        if match.group(2):
            emphasis ^= BOLD
        elif match.group(3):
            emphasis ^= ITALIC
    if emphasis & BOLD:
        return "**"
    return "*" if emphasis & ITALIC else None


def plain(text: str) -> str:
    """The characters a text draws, its markup and icons left out."""
    return "".join("\n" if piece is None else piece.text for piece in pieces(text))


def icons(text: str) -> list[str]:
    """The icons a text draws, in order."""
    return [piece.icon for piece in pieces(text) if piece is not None and piece.icon]


def markup(text: str) -> Counter[str]:
    """What a translation must keep of a text's markup: each icon, and the bold and italic
    markers (counted); a {placeholder} (whose [0] is no icon) is left out."""
    text = _PLACEHOLDER.sub("", text)
    found: Counter[str] = Counter(f"[{name}]" for name in icons(text))
    for match in _TOKEN.finditer(text):
        if match.group(2):
            found["**"] += 1
        elif match.group(3):
            found["*"] += 1
    return found


def markup_problem(source: str, translated: str) -> str | None:
    """How a translation breaks its text's rich-text markup (drops or invents an icon, a
    bold or an italic span), or None; a text without markup may be translated freely."""
    wanted = markup(source)
    if not wanted:
        return None
    found = markup(translated)
    if found == wanted:
        return None
    lost = sorted((wanted - found).elements())
    extra = sorted((found - wanted).elements())
    parts = []
    if lost:
        parts.append("drops " + ", ".join(dict.fromkeys(lost)))
    if extra:
        parts.append("adds " + ", ".join(dict.fromkeys(extra)))
    return "changes the markup: " + " and ".join(parts)
