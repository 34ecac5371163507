"""The layout editor's two halves: what a face's elements are (their boxes in millimetres,
each key's value and the file and line that define it), and one change to one key,
written into the template file that defines it, in place.

A change names the file as the editor last read it (its digest): a file saved since, by
hand or by another editor, is never overwritten; the editor reads it again instead. A
box moved or resized keeps how it is written: a number stays a number, a length
relative to the card stays relative. A key an element inherits through `extends` is
changed where it is defined, in the template it is inherited from.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

import yaml

from generator.core.errors import DraftdeckError, UsageError
from generator.core.plain import Plain
from generator.loading import yaml_edit
from generator.loading.files import read_regular
from generator.loading.manifest import LAYOUTS
from generator.model.pack import Component, Pack
from generator.printing.geometry import Size
from generator.printing.text import quoted
from generator.services.find import LoadedPack
from generator.templates.faces import length, shifted
from generator.templates.model import Element, Located

PANEL_KEYS = ("style", "size", "min", "align", "wrap", "hyphenate", "colour", "when")
"""The keys the side panel edits, besides the box."""
SIDES = ("front", "back")
MAX_TEMPLATE_BYTES = 1_000_000
"""A template file larger than this is not edited in the browser (hand-written ones are a
few kilobytes)."""


class StaleFile(DraftdeckError):
    """The file changed since the editor read it."""


@dataclass(frozen=True)
class Change:
    """One change to one key of one element: `value` set (None removes the key), or the
    key's length moved by `by` millimetres (a box's item, a circle's centre or radius)."""

    component: str
    side: str
    element: str
    key: str
    index: int | None = None
    value: Any = None
    by: float | None = None
    digest: str = ""
    """The digest of the file as the editor read it."""


@dataclass(frozen=True)
class Written:
    """What a change wrote: the template file (relative to the pack, and as shown), its new
    digest, and the key's value before (None where the key was not written) and after."""

    file: str
    shown: str
    digest: str
    before: Any
    after: Any


def digest(data: bytes) -> str:
    """How the editor names a version of a file."""
    return hashlib.sha256(data).hexdigest()[:32]


class KeyShown(TypedDict):
    """A key of an element as written, and the file and line that define it."""

    value: Plain
    file: str
    line: int


class ElementShown(TypedDict):
    """An element of a face as the editor shows it."""

    name: str
    type: str
    file: str
    line: int
    box: list[float] | None
    """[x, y, width, height] in millimetres from the card's bottom left corner; None where
    the element has none the editor can move."""
    keys: dict[str, KeyShown]


class FaceLayout(TypedDict):
    """A component's face as the editor shows it."""

    component: str
    side: str
    template: str
    width: float
    height: float
    safe: float
    styles: list[str]
    elements: list[ElementShown]
    files: dict[str, str]
    """Each file's version (`digest`), by its path in the pack."""


def face_layout(loaded: LoadedPack, root: Path, component_id: str, side: str) -> FaceLayout:
    """The elements of a component's face as the editor shows them: each with its box in
    millimetres from the card's bottom left corner (None where it has none to move), and
    each key it has with its value and the file and line that define it."""
    pack = loaded.pack
    component, template, sheet_size = _face(pack, component_id, side)
    elements = pack.templates[template].elements
    files: dict[str, str] = {}
    shown: list[ElementShown] = []
    for element in elements:
        keys: dict[str, KeyShown] = {}
        for key in ("box", "centre", "radius", *PANEL_KEYS):
            if key not in element.spec:
                continue
            file, line = _where(pack, root, element.at(key), files)
            keys[key] = {"value": element.spec[key], "file": file, "line": line}
        file, line = _where(pack, root, element.at(), files)
        shown.append(
            {
                "name": element.name,
                "type": element.kind,
                "file": file,
                "line": line,
                "box": _box(element, sheet_size),
                "keys": keys,
            }
        )
    styles = sorted(pack.theme.styles)
    return {
        "component": component.id,
        "side": side,
        "template": template,
        "width": sheet_size.width,
        "height": sheet_size.height,
        "safe": pack.theme.safe,
        "styles": styles,
        "elements": shown,
        "files": files,
    }


def apply_change(loaded: LoadedPack, root: Path, change: Change) -> Written:
    """Write one change into the template file that defines the key. StaleFile when the
    file changed since the editor read it."""
    pack = loaded.pack
    _, template, _ = _face(pack, change.component, change.side)
    element = next((e for e in pack.templates[template].elements if e.name == change.element), None)
    if element is None:
        raise UsageError(f"template '{template}' has no element '{change.element}'")
    if change.key not in ("box", "centre", "radius", *PANEL_KEYS):
        raise UsageError(f"the editor does not change '{change.key}'")
    located = element.where.get(change.key)
    path: yaml_edit.PathKey = (
        located.path if located is not None else (*element.at().path, change.key)
    )
    if change.index is not None:
        path = (*path, change.index)
    name = f"{LAYOUTS}/{_template_of(pack, located or element.at())}.yaml"
    data = _read(root, name)
    shown = (located or element.at()).document.display
    if change.digest != digest(data):
        raise StaleFile(
            f"{shown} changed since the editor read it; the editor shows it again: make the "
            "change once more"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{shown} is not UTF-8 text; validate says where") from None
    try:
        before = yaml_edit.value_at(text, path)
    except (KeyError, IndexError, TypeError):
        before = None
    value = _value(change, before)
    changed = yaml_edit.edit(text, path, value).encode("utf-8")
    _replace_file(root / name, changed)
    after = None if value is yaml_edit.REMOVE else yaml_edit.value_at(changed.decode("utf-8"), path)
    return Written(name, shown, digest(changed), before, after)


def _value(change: Change, before: Any) -> Any:
    """The value a change writes (REMOVE for none)."""
    if change.by is not None:
        if before is None:
            raise UsageError(f"element '{change.element}' has no '{change.key}' to move")
        try:
            return shifted(before, change.by)
        except (TypeError, ValueError):
            raise UsageError(
                f"'{change.key}' of element '{change.element}' is not a length to move"
            ) from None
    if change.value is None:
        if change.index is not None:
            raise UsageError(f"each length of '{change.key}' needs a value")
        return yaml_edit.REMOVE
    if change.key == "when" and isinstance(change.value, str):
        try:
            when = yaml.safe_load(change.value)
        except yaml.YAMLError:
            when = None
        if not isinstance(when, dict):
            raise UsageError(
                f"when: is a mapping of fields to values, such as {{suit: red}}, not "
                f"{quoted(change.value)}"
            )
        return when
    return change.value


def _face(pack: Pack, component_id: str, side: str) -> tuple[Component, str, Size]:
    if side not in SIDES:
        raise UsageError(f"a face is 'front' or 'back', not '{side}'")
    for edition in pack.editions.values():
        for component in edition.components:
            if component.id != component_id:
                continue
            template = getattr(component, side)
            if template is None or template not in pack.templates or component.size is None:
                raise UsageError(f"component '{component_id}' has no {side} to lay out")
            return component, template, component.size
    raise UsageError(f"there is no component '{component_id}'")


def _template_of(pack: Pack, located: Located) -> str:
    """The name of the template file a value is written in."""
    for key, document in pack.documents.items():
        if document is located.document and key.startswith(f"{LAYOUTS}/"):
            return key.removeprefix(f"{LAYOUTS}/")
    raise UsageError(f"{located.document.display} is not a template of the pack")


def _where(pack: Pack, root: Path, located: Located, files: dict[str, str]) -> tuple[str, int]:
    """The template file (relative to the pack) and line a value is written at; the file's
    digest is remembered in `files`."""
    name = f"{LAYOUTS}/{_template_of(pack, located)}.yaml"
    if name not in files:
        files[name] = digest(_read(root, name))
    line, _ = located.document.locate(located.path)
    return name, line


def _read(root: Path, name: str) -> bytes:
    """A template file's bytes, for the editor."""
    try:
        data = read_regular(root / name, MAX_TEMPLATE_BYTES)
    except OSError as error:
        raise UsageError(f"{name} cannot be read ({error.strerror or error})") from None
    if len(data) > MAX_TEMPLATE_BYTES:
        raise UsageError(
            f"{name} is larger than {MAX_TEMPLATE_BYTES:,} bytes: edit it in a text editor"
        )
    return data


def _box(element: Element, size: Size) -> list[float] | None:
    """The element's box [x, y, width, height] in millimetres, when it is written as four
    lengths (or, for a circle, as a centre and radius) the editor can move."""
    spec: Mapping[str, Any] = element.spec
    try:
        if isinstance(spec.get("box"), list):
            x, y, w, h = (
                length(v, size.width if axis == 0 else size.height)
                for axis, v in zip((0, 1, 0, 1), spec["box"], strict=True)
            )
            return [x, y, w, h]
        if element.kind == "circle" and isinstance(spec.get("centre"), list):
            cx, cy = length(spec["centre"][0], size.width), length(spec["centre"][1], size.height)
            r = float(spec["radius"])
            return [cx - r, cy - r, 2 * r, 2 * r]
    except (TypeError, ValueError, KeyError):
        return None
    return None


def _replace_file(file: Path, data: bytes) -> None:
    """Write the file anew in one step: a reader sees the old file or the new, never half."""
    mode = file.stat().st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, mode)
        os.replace(temporary, file)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
