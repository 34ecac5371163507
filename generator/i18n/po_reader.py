"""A small reader for the entries of a gettext .po file, and an in-memory compiler.

Babel manages the catalogs (extract, update, compile) and its `read_po` and
`write_mo` are the reference. Validating and rendering only need the entries,
and importing and running Babel's catalog machinery for that cost more than
the rest of `validate`. The test suite checks that this reader and compiler
agree with Babel on every catalog.
"""

from __future__ import annotations

import gettext
import re
import struct
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

Key = tuple[str, str]
"""(context, msgid); the context is '' when the entry has none."""


class PoSyntaxError(ValueError):
    """A line of the catalog that this reader cannot understand."""

    def __init__(self, path: Path, line: int, problem: str) -> None:
        self.path, self.line, self.problem = path, line, problem
        super().__init__(f"{path}:{line}: {problem}")


@dataclass(frozen=True)
class Entry:
    """One entry of a catalog; the header is the entry whose msgid is empty."""

    context: str
    msgid: str
    plural: str | None
    """The msgid_plural, for entries with plural forms."""
    forms: tuple[str, ...]
    """The msgstr, or msgstr[0], msgstr[1], … in order."""
    fuzzy: bool

    @property
    def finished(self) -> bool:
        """Translated in every form and not fuzzy."""
        return not self.fuzzy and bool(self.forms) and all(f.strip() for f in self.forms)


def read_finished(path: Path) -> dict[Key, str]:
    """Translated, non-fuzzy, non-obsolete entries of a .po file (header excluded).

    For plural entries the first plural form is returned, and only when every
    form is translated.
    """
    return {(e.context, e.msgid): e.forms[0] for e in read_entries(path) if e.msgid and e.finished}


def compile_finished(path: Path) -> tuple[gettext.GNUTranslations, frozenset[Key]]:
    """The catalog's header and finished entries as gettext translations, and their keys."""
    entries = read_entries(path)
    kept = [e for e in entries if not e.msgid or e.finished]
    keys = frozenset((e.context, e.msgid) for e in kept if e.msgid)
    return gettext.GNUTranslations(BytesIO(_mo(kept))), keys


def _mo(entries: list[Entry]) -> bytes:
    """GNU .mo bytes of the entries (the format `msgfmt` and Babel's `write_mo` write)."""
    pairs = []
    for e in entries:
        key = e.msgid if e.plural is None else f"{e.msgid}\0{e.plural}"
        pairs.append(((f"{e.context}\x04" if e.context else "") + key, "\0".join(e.forms)))
    table = sorted((k.encode(), v.encode()) for k, v in pairs)
    count = len(table)
    keys_at = 7 * 4
    values_at = keys_at + 8 * count
    text_at = values_at + 8 * count
    heads, strings = [], bytearray()
    for text in [k for k, _ in table] + [v for _, v in table]:
        heads.append((len(text), text_at + len(strings)))
        strings += text + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, count, keys_at, values_at, 0, 0)
    return header + b"".join(struct.pack("<2I", *h) for h in heads) + bytes(strings)


def read_entries(path: Path) -> list[Entry]:
    """Every entry of a .po file in order, the header first; obsolete (#~) entries are left out."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    fuzzy = False
    current: str | None = None

    def finish() -> None:
        nonlocal fields, fuzzy, current
        if "msgid" in fields:
            forms = tuple(
                v for k, v in sorted(fields.items(), key=_form_order) if k.startswith("msgstr")
            )
            entries.append(
                Entry(
                    fields.get("msgctxt", ""),
                    fields["msgid"],
                    fields.get("msgid_plural"),
                    forms,
                    fuzzy,
                )
            )
        fields, fuzzy, current = {}, False, None

    for number, raw in enumerate(_read_utf8(path).splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
        elif line.startswith("#"):
            if current is not None and "msgstr" in "".join(fields):
                finish()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
        elif line.startswith('"'):
            if current is None:
                raise PoSyntaxError(path, number, "text outside an entry")
            fields[current] += _unquote(line, path, number)
        else:
            keyword, _, rest = line.partition(" ")
            if keyword in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in fields):
                finish()
            if not (
                keyword in ("msgctxt", "msgid", "msgid_plural") or keyword.startswith("msgstr")
            ):
                raise PoSyntaxError(path, number, f"unknown keyword {keyword!r}")
            current = keyword
            fields[current] = _unquote(rest.strip(), path, number)
    finish()
    return entries


def _form_order(item: tuple[str, str]) -> tuple[int, str]:
    """msgstr[2] before msgstr[10]: plural forms in numeric order."""
    key = item[0]
    index = key[key.find("[") + 1 : -1] if "[" in key else ""
    return (int(index) if index.isdigit() else -1, key)


def _read_utf8(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise PoSyntaxError(path, line, f"byte 0x{raw[exc.start]:02X} is not valid UTF-8") from None


_ESCAPES = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    '"': '"',
    "\\": "\\",
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "v": "\v",
}
_ESCAPE = re.compile(r"\\(.)")


def _unquote(text: str, path: Path, number: int) -> str:
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise PoSyntaxError(path, number, "expected a quoted string")
    body = text[1:-1]
    if "\\" not in body:
        return body
    try:
        return _ESCAPE.sub(lambda m: _ESCAPES[m.group(1)], body)
    except KeyError as exc:
        raise PoSyntaxError(path, number, f"unknown escape \\{exc.args[0]}") from None
