"""Joining PDF files written by ReportLab into one, with a bookmark per file.

ReportLab writes plain PDF 1.4: numbered objects, one classic cross-reference
table, a flat page tree. That is all this reads, and it refuses anything else.
Objects are copied byte for byte, streams untouched; only the references in
object headers are renumbered. It replaces a general PDF library on the build
path, where that library's import and parsing cost more than the drawing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from hashlib import md5
from itertools import pairwise

_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_XREF_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([nf])")
_TRAILER_REF = re.compile(rb"/(Root|Info) (\d+) 0 R")
_OBJECT_HEADER = re.compile(rb"(\d+) 0 obj\s")
_STREAM_START = re.compile(rb"\bstream\r?\n")
_LENGTH = re.compile(rb"/Length (\d+)\b")
_REFERENCE = re.compile(rb"(\d+) 0 R\b")
_PAGE_REFERENCE = re.compile(rb"(/Parent )?(\d+) 0 R\b")
"""A reference in a page object, whose parent is not followed but replaced."""
_XREF_HEAD = re.compile(rb"xref\s+0 (\d+)\s")
_KIDS = re.compile(rb"/Kids\s*\[([^\]]*)\]")
_PAGES_REF = re.compile(rb"/Pages (\d+) 0 R")
_TYPE_PAGES = re.compile(rb"/Type\s*/Pages\b")


class UnexpectedPdf(ValueError):
    """The input is not the simple PDF that ReportLab writes."""


@dataclass(frozen=True)
class Source:
    """One file to append: its bytes, and the title of its bookmark."""

    title: str
    data: bytes


@dataclass(frozen=True)
class Info:
    """The document information of the joined file."""

    title: str
    author: str
    subject: str
    language: str
    creator: str = "draftdeck"


@dataclass(frozen=True)
class _Object:
    head: bytes
    """The object up to its stream data, or all of it: the only part holding references."""
    stream: bytes
    """The stream data and what follows it, copied as is; empty for objects without one."""


def join(sources: Sequence[Source], info: Info) -> tuple[bytes, int]:
    """One PDF with every page of every source in order; returns (bytes, page count)."""
    # Object numbers 1-4 are the catalog, the page tree, the information and the outline root.
    catalog, root, information, outlines = 1, 2, 3, 4
    first_item = 5
    numbers = first_item + len(sources)
    bodies: list[bytes] = []
    kids: list[int] = []
    firsts: list[int] = []
    for source in sources:
        objects, pages = _read(source.data)
        order = _reachable(objects, pages)
        renumber = {old: numbers + index for index, old in enumerate(order)}
        numbers += len(order)
        firsts.append(renumber[pages[0]])
        kids += (renumber[page] for page in pages)
        is_page = set(pages)
        for old in order:
            head = _renumbered(objects[old].head, renumber, root if old in is_page else None)
            bodies.append(head + objects[old].stream)
    fixed = [
        b"<< /Lang %s /Outlines %d 0 R /PageMode /UseOutlines /Pages %d 0 R /Type /Catalog >>"
        % (_text(info.language), outlines, root),
        b"<< /Count %d /Kids [ %s ] /Type /Pages >>"
        % (len(kids), b" ".join(b"%d 0 R" % kid for kid in kids)),
        b"<< /Author %s /Creator %s /Producer %s /Subject %s /Title %s >>"
        % tuple(
            _text(t) for t in (info.author, info.creator, info.creator, info.subject, info.title)
        ),
        b"<< /Count %d /First %d 0 R /Last %d 0 R /Type /Outlines >>"
        % (len(sources), first_item, first_item + len(sources) - 1),
    ]
    for index, (source, page) in enumerate(zip(sources, firsts, strict=True)):
        links = b"".join(
            b" /%s %d 0 R" % (key, first_item + index + step)
            for key, step in ((b"Next", 1), (b"Prev", -1))
            if 0 <= index + step < len(sources)
        )
        fixed.append(
            b"<< /Dest [ %d 0 R /Fit ] /Parent %d 0 R /Title %s%s >>"
            % (page, outlines, _text(source.title), links)
        )
    return _write(fixed + bodies, catalog, information), len(kids)


def _renumbered(head: bytes, renumber: dict[int, int], parent: int | None) -> bytes:
    """The head with its references renumbered; a page's parent becomes `parent`."""

    def replace(match: re.Match[bytes]) -> bytes:
        if match[1] and parent is not None:
            return b"/Parent %d 0 R" % parent
        return b"%s%d 0 R" % (match[1] or b"", renumber[int(match[2])])

    return _PAGE_REFERENCE.sub(replace, head)


def _read(data: bytes) -> tuple[dict[int, _Object], list[int]]:
    """Every object of the file by number, and its page objects in order."""
    end = _STARTXREF.search(data[-64:])
    if end is None:
        raise UnexpectedPdf("no startxref at the end")
    xref = int(end[1])
    head = _XREF_HEAD.match(data, xref)
    if head is None:
        raise UnexpectedPdf("not one cross-reference table starting at object 0")
    trailer = data.index(b"trailer", xref)
    offsets = {
        number: int(entry[1])
        for number, entry in enumerate(_XREF_ENTRY.finditer(data, xref, trailer))
        if entry[3] == b"n"
    }
    refs = {name.decode(): int(number) for name, number in _TRAILER_REF.findall(data, trailer)}
    if len(offsets) != int(head[1]) - 1 or "Root" not in refs:
        raise UnexpectedPdf("free objects in the cross-reference table, or no catalog")
    following = dict(pairwise([*sorted(offsets.values()), xref]))
    objects = {
        number: _object(data, number, start, following[start]) for number, start in offsets.items()
    }
    tree = _PAGES_REF.search(objects[refs["Root"]].head)
    if tree is None:
        raise UnexpectedPdf("the catalog has no page tree")
    return objects, _pages(objects, int(tree[1]))


def _object(data: bytes, number: int, start: int, end: int) -> _Object:
    header = _OBJECT_HEADER.match(data, start)
    if header is None or int(header[1]) != number:
        raise UnexpectedPdf(f"object {number} is not at its cross-reference offset")
    body = data[header.end() : end].rstrip()
    if not body.endswith(b"endobj"):
        raise UnexpectedPdf(f"object {number} does not end with endobj")
    body = body[: -len(b"endobj")].rstrip(b"\r\n")
    stream = _STREAM_START.search(body)
    if stream is None:
        return _Object(body, b"")
    length = _LENGTH.search(body, 0, stream.start())
    if length is None:
        raise UnexpectedPdf(f"stream object {number} has no direct /Length")
    cut = stream.end()
    if not body[cut + int(length[1]) :].lstrip(b"\r\n").startswith(b"endstream"):
        raise UnexpectedPdf(f"stream object {number} has the wrong /Length")
    return _Object(body[:cut], body[cut:])


def _pages(objects: dict[int, _Object], node: int) -> list[int]:
    """The leaves of the page tree below `node`, in order."""
    head = objects[node].head
    if not _TYPE_PAGES.search(head):
        return [node]
    kids = _KIDS.search(head)
    if kids is None:
        raise UnexpectedPdf(f"page tree node {node} has no /Kids")
    return [page for kid in _REFERENCE.findall(kids[1]) for page in _pages(objects, int(kid))]


def _reachable(objects: dict[int, _Object], pages: list[int]) -> list[int]:
    """The pages and every object they use, in first-use order (not the old page tree)."""
    is_page = set(pages)
    seen: dict[int, None] = {}
    waiting = list(reversed(pages))
    while waiting:
        number = waiting.pop()
        if number in seen:
            continue
        seen[number] = None
        references = _PAGE_REFERENCE.findall(objects[number].head)
        followed = [int(n) for parent, n in references if not (parent and number in is_page)]
        waiting += reversed(followed)
    return list(seen)


def _write(bodies: list[bytes], catalog: int, information: int) -> bytes:
    """The file: header, objects numbered from 1, cross-reference table, trailer."""
    out = bytearray(b"%PDF-1.4\n%\x93\x8c\x8b\x9e draftdeck\n")
    offsets = []
    for number, body in enumerate(bodies, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(bodies) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    digest = md5(out, usedforsecurity=False).hexdigest().encode()
    out += b"trailer\n<< /ID [ <%s> <%s> ] /Info %d 0 R /Root %d 0 R /Size %d >>\n" % (
        digest,
        digest,
        information,
        catalog,
        len(bodies) + 1,
    )
    out += b"startxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


def _text(value: str) -> bytes:
    """A PDF text string: literal when plain ASCII, else UTF-16 with a byte-order mark."""
    if value.isascii() and value.isprintable():
        return b"(%s)" % value.encode().replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(
            b")", b"\\)"
        )
    return b"<FEFF%s>" % value.encode("utf-16-be").hex().upper().encode()
