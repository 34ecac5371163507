"""A variant's data: the base pack copied, its edits made, and the copy checked as `validate` would.

Every edit names a YAML file inside the pack and a path in it, step by step:
a key of a mapping, a position in a list (from 0), or the id of an item of a
list. A path that leads nowhere, a number added to something that is not a
number, and data the game refuses once edited are errors located at the
edit in the sweep file. An edited file is written as JSON (which is YAML),
so no value changes its type on the way. The variant's hash is that of
every file of the edited pack, so equal data gives an equal hash.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from generator.core.errors import DataError, ScenarioError
from generator.core.plain import Plain
from generator.loading import strict_yaml
from generator.loading.files import pack_files, resolved_inside
from generator.play.sweeps.spec import Edit, SweepSpec, VariantSpec
from generator.services.find import LoadedPack, load_pack

SHOWN = 12
"""Keys or ids a message lists at most."""


class EditMade(TypedDict):
    """An edit as made: the file, the path in it, the value before and after."""

    file: str
    path: str
    before: Plain
    after: Plain


@dataclass(frozen=True)
class VariantData:
    """A variant's checked data."""

    name: str
    loaded: LoadedPack
    digest: str
    """SHA-256 of every file of the pack as played."""
    edits: tuple[EditMade, ...]


def base_data(spec: SweepSpec, root: Path) -> VariantData:
    """The base: the pack as it is."""
    return VariantData("base", load_pack(root, printing=False), data_digest(root), ())


def variant_data(spec: SweepSpec, root: Path, variant: VariantSpec) -> VariantData:
    """The pack at `root` with the variant's edits, loaded and checked."""
    with _copy(root) as copy:
        documents: dict[str, Plain] = {}
        made = []
        for edit in variant.edits:
            if edit.file not in documents:
                documents[edit.file] = _read(spec, root, copy, edit)
            made.append(_apply(spec, documents[edit.file], edit))
        for name, value in documents.items():
            (copy / name).write_text(json.dumps(value, indent=1, ensure_ascii=False), "utf-8")
        unchanged = {p.relative_to(copy).as_posix() for p in pack_files(copy)} - set(documents)
        try:  # the base passed its schemas: only the edited files are held against theirs
            loaded = load_pack(copy, printing=False, passed=unchanged)
            _ = loaded.model
        except DataError as error:
            raise _refused(spec, variant, copy, error) from None
        return VariantData(variant.name, loaded, data_digest(copy), tuple(made))


def data_digest(root: Path) -> str:
    """The SHA-256 of every file of a pack, with their paths."""
    digest = hashlib.sha256()
    for path in pack_files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


@contextmanager
def _copy(root: Path) -> Iterator[Path]:
    """A copy of the pack in a temporary folder, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="draftdeck-sweep-") as folder:
        copy = Path(folder) / root.name
        shutil.copytree(root, copy, symlinks=False)
        yield copy


def _read(spec: SweepSpec, root: Path, copy: Path, edit: Edit) -> Plain:
    """The value of the data file an edit names, refused if it is not one of the pack's."""
    inside = resolved_inside(root, root / edit.file)
    if inside is None or not inside.is_file():
        known = sorted(
            p.relative_to(root).as_posix() for p in pack_files(root, frozenset({".yaml"}))
        )
        raise _at(
            spec,
            (*edit.at, "file"),
            f"the pack {root.name} has no data file {edit.file}",
            f"its data files: {_listed(known)}",
        )
    document, problems = strict_yaml.load_file(copy / edit.file, edit.file)
    if document is None:
        raise ScenarioError(problems[0])
    found: Plain = document.value
    return found


def _apply(spec: SweepSpec, value: Plain, edit: Edit) -> EditMade:
    """Make the edit in `value` (in place); what was there and what is now."""
    steps = edit.path.split("/")
    here: Any = value
    for depth, step in enumerate(steps):
        holder, key = here, _key(spec, here, step, edit, steps[:depth])
        here = holder[key]
    before: Plain = here
    after: Plain
    if edit.add is not None:
        if isinstance(before, bool) or not isinstance(before, int | float):
            raise _at(
                spec,
                (*edit.at, "path"),
                f"{edit.file}: {edit.path} is {json.dumps(before)[:60]}, not a number to add to",
                "a range or 'add' changes a number; give a 'value' instead",
            )
        added = before + edit.add
        after = int(added) if isinstance(added, float) and added.is_integer() else added
    else:
        after = edit.value
    holder[key] = after
    return {"file": edit.file, "path": edit.path, "before": before, "after": after}


def _key(spec: SweepSpec, here: Any, step: str, edit: Edit, done: list[str]) -> str | int:
    """The key or list position one step of a path names in `here`."""
    where = "/".join(done) or "the top"
    if isinstance(here, dict):
        if step in here:
            return step
        raise _at(
            spec,
            (*edit.at, "path"),
            f"{edit.file}: no '{step}' in {where}",
            f"keys there: {_listed(sorted(map(str, here)))}",
        )
    if isinstance(here, list):
        if step.isdigit() and int(step) < len(here):
            return int(step)
        for position, item in enumerate(here):
            if isinstance(item, dict) and item.get("id") == step:
                return position
        ids = [str(i["id"]) for i in here if isinstance(i, dict) and "id" in i]
        raise _at(
            spec,
            (*edit.at, "path"),
            f"{edit.file}: {where} has no item '{step}'",
            f"its items' ids: {_listed(ids)}"
            if ids
            else f"it is a list of {len(here)}: name a position from 0",
        )
    raise _at(
        spec,
        (*edit.at, "path"),
        f"{edit.file}: {where} is a single value, so '{step}' leads nowhere",
        "end the path there",
    )


def _refused(spec: SweepSpec, variant: VariantSpec, copy: Path, error: DataError) -> ScenarioError:
    """The first problem of a variant's data, told at the edit that made it (an edited file
    was written anew, so its own lines mean nothing to the designer and are left out)."""
    problem = error.diagnostics[0]
    blamed = next((e for e in variant.edits if problem.file.endswith(e.file)), None)
    where = blamed.file if blamed else problem.location.replace(str(copy), copy.name)
    blamed = blamed or variant.edits[0]
    return _at(
        spec,
        (*blamed.at, "value" if blamed.add is None and blamed.value is not None else "path"),
        f"the variant '{variant.name}' makes data the game refuses: {where}: {problem.message}",
        problem.hint or "change the edit so that the data stays valid",
    )


def _at(spec: SweepSpec, path: tuple[str | int, ...], message: str, hint: str) -> ScenarioError:
    return ScenarioError(spec.document.diagnostic(path, message, hint=hint))


def _listed(names: list[str]) -> str:
    shown = ", ".join(names[:SHOWN])
    return shown + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN else "") or "none"
