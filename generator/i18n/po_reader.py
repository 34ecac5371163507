"""A small reader for the finished entries of a gettext .po file.

Babel manages the catalogs (extract, update, compile) and its `read_po` is
the reference; validation only needs to know which strings are translated,
and importing Babel for that would cost more than the rest of `validate`.
The test suite checks that this reader agrees with Babel on every catalog.
"""

from __future__ import annotations

import re
from pathlib import Path

Key = tuple[str, str]
"""(context, msgid); the context is '' when the entry has none."""


class PoSyntaxError(ValueError):
    """A line of the catalog that this reader cannot understand."""

    def __init__(self, path: Path, line: int, problem: str) -> None:
        self.path, self.line, self.problem = path, line, problem
        super().__init__(f"{path}:{line}: {problem}")


def read_finished(path: Path) -> dict[Key, str]:
    """Translated, non-fuzzy, non-obsolete entries of a .po file (header excluded).

    For plural entries the first plural form is returned, and only when every
    form is translated.
    """
    entries: dict[Key, str] = {}
    fields: dict[str, str] = {}
    fuzzy = False
    current: str | None = None

    def finish() -> None:
        nonlocal fields, fuzzy, current
        msgid = fields.get("msgid")
        forms = [v for k, v in sorted(fields.items()) if k.startswith("msgstr")]
        if msgid and not fuzzy and forms and all(f.strip() for f in forms):
            entries[(fields.get("msgctxt", ""), msgid)] = forms[0]
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
