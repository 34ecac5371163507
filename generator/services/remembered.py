"""Remembering `validate`'s answer, and that a pack passed its schemas, by everything it was
worked out from.

Validating the three shipped games takes about a second, almost all of it checking every
template against every card; the answer only changes when a file of a pack, draftdeck's own
code, schemas or catalogs, an installed plug-in, the options or the folder it is asked
from change. The answer (the report as printed, and whether it passed) is kept in the
user's cache folder under a hash of all of that: the contents of every file of the packs
(the size and time of a large picture), the size and time of every file of draftdeck (its
code, schemas and catalogs) and of the plug-ins, the version of every library draftdeck
depends on, and the links that lead out of a pack. `validate --fresh` works the answer out
anew (and remembers it); deleting the folder forgets everything. Each pack's outcome is
remembered on its own as well, so that after an edit to one pack of a folder only that
pack is validated again. Anything that cannot be read just means the pack is validated
again; the cache holds the last MAX_REMEMBERED entries. A rules question or a simulation remembers in
the same way that a pack's files passed their schemas, and does not check them again.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from generator.core.paths import LOCALES_DIR, PACKAGE_DIR, SCHEMAS_DIR
from generator.loading.files import links_out, pack_files, special_files
from generator.output.atomic import write_atomic
from generator.services.pack_outcome import PackOutcome

MAX_REMEMBERED = 64
"""Answers kept; the oldest go first."""
FORMAT = 1
"""Changes when what is kept changes."""
CONTENT_BYTES = 4 * 2**20
"""Files of a pack up to this size are known by their contents (every data file, catalog
and template); larger ones, pictures, by their size and time."""
CACHE_VARIABLE = "DRAFTDECK_CACHE_DIR"
"""Where draftdeck keeps what it remembers, if not in the user's cache folder."""

Answer = tuple[str, bool]
"""(the report as printed, whether it passed)."""
SCHEMAS_PASSED: Answer = ("", True)
"""What a rules load keeps: the pack's files passed their schemas (no report is printed)."""


def remembered(
    roots: Sequence[Path],
    options: Sequence[str],
    work: Callable[[], Answer],
    fresh: bool = False,
) -> Answer:
    """The answer `work` gives for these packs and options, remembered across runs (`fresh`
    works it out anew, and remembers that)."""
    try:
        key = fingerprint(roots, options)
    except OSError:
        return work()
    kept = None if fresh else recall(key)
    if kept is not None:
        return kept
    answer = work()
    remember(key, answer)
    return answer


def remembered_pack(
    root: Path, work: Callable[[], PackOutcome], fresh: bool = False
) -> PackOutcome:
    """What validating the pack at `root` reports, remembered across runs on its own: a
    change to one pack of a folder validates that pack alone (`fresh` works it out anew)."""
    try:
        key = fingerprint([root], ("pack",))
    except OSError:
        return work()
    path = cache_folder() / f"{key}.json"
    if not fresh:
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            if kept.get("format") == FORMAT:
                return PackOutcome.from_json(root, kept["outcome"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass
    outcome = work()
    try:
        write_atomic(path, json.dumps({"format": FORMAT, "outcome": outcome.as_json()}).encode())
        _forget_oldest(path.parent)
    except OSError:
        pass
    return outcome


def recall(key: str) -> Answer | None:
    """The answer kept under `key` (a `fingerprint`), if any."""
    try:
        kept = json.loads((cache_folder() / f"{key}.json").read_text(encoding="utf-8"))
        if kept.get("format") == FORMAT:
            return str(kept["report"]), bool(kept["passed"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return None


def remember(key: str, answer: Answer) -> None:
    """Keep an answer under `key` (a `fingerprint`); a cache that cannot be written is none."""
    path = cache_folder() / f"{key}.json"
    try:
        data = {"format": FORMAT, "report": answer[0], "passed": answer[1]}
        write_atomic(path, json.dumps(data).encode("utf-8"))
        _forget_oldest(path.parent)
    except OSError:
        pass


def cache_folder() -> Path:
    """The folder of remembered answers: $DRAFTDECK_CACHE_DIR, else the user's cache."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen:
        return Path(chosen) / "validate"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("draftdeck", appauthor=False)) / "validate"


def fingerprint(roots: Sequence[Path], options: Sequence[str]) -> str:
    """A hash of everything an answer about these packs depends on."""
    digest = hashlib.sha256()
    digest.update(_bytes(repr((FORMAT, sys.version, os.getcwd(), tuple(options)))))
    digest.update(_bytes(repr(dependency_versions())))
    _stat_tree(digest, PACKAGE_DIR)
    for shipped in (SCHEMAS_DIR, LOCALES_DIR):  # beside the package in a checkout
        if not shipped.is_relative_to(PACKAGE_DIR):
            _stat_tree(digest, shipped)
    for folder in _plugin_folders():
        _stat_tree(digest, folder)
    for root in roots:
        digest.update(_bytes(f"pack {root.resolve()}\n"))
        for path in pack_files(root):
            status = path.stat()
            digest.update(_bytes(f"{path.relative_to(root).as_posix()} {status.st_size}\n"))
            if status.st_size > CONTENT_BYTES:  # art: its size and time stand for it
                digest.update(f"{status.st_mtime_ns}\n".encode())
                continue
            with path.open("rb") as stream:
                digest.update(hashlib.file_digest(stream, "sha1").digest())
        for path in links_out(root):
            digest.update(_bytes(f"out {path.relative_to(root).as_posix()}\n"))
        for path in special_files(root):
            digest.update(_bytes(f"special {path.relative_to(root).as_posix()}\n"))
    return digest.hexdigest()


@cache
def dependency_versions() -> tuple[tuple[str, str], ...]:
    """The installed version of each library draftdeck depends on (none where draftdeck
    runs from a folder it was not installed from)."""
    try:
        required = metadata.requires("draftdeck") or []
    except metadata.PackageNotFoundError:
        return ()
    found = []
    for requirement in required:
        if "extra ==" in requirement:
            continue
        name = re.split(r"[\s;<>=!~\[(]", requirement, maxsplit=1)[0]
        try:
            found.append((name, metadata.version(name)))
        except metadata.PackageNotFoundError:
            found.append((name, ""))
    return tuple(sorted(found))


def _bytes(text: str) -> bytes:
    """A text holding file names as bytes, whatever the system's encoding made of them (a
    name that is not UTF-8 under LC_ALL=C holds surrogates)."""
    return text.encode("utf-8", "surrogateescape")


def _stat_tree(digest: Any, folder: Path) -> None:
    """Every file below `folder`, by name, size and time (caches left out)."""
    for base, folders, names in os.walk(folder):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for name in sorted(names):
            status = os.stat(os.path.join(base, name))
            digest.update(_bytes(f"{base}/{name} {status.st_size} {status.st_mtime_ns}\n"))


def _plugin_folders() -> Iterable[Path]:
    """The folders of installed plug-ins that are not part of draftdeck."""
    from importlib.metadata import entry_points
    from importlib.util import find_spec

    from generator.plugins import ENTRY_POINT_GROUP

    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        module = point.value.partition(":")[0]
        if module.split(".")[0] == "generator":
            continue
        try:
            spec = find_spec(module.split(".")[0])
        except (ImportError, ValueError):
            spec = None
        if spec is None or spec.origin is None:
            raise OSError(f"cannot find the plug-in {point.name}")  # validate afresh
        yield Path(spec.origin).parent


def _forget_oldest(folder: Path) -> None:
    kept = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime_ns)
    for path in kept[:-MAX_REMEMBERED]:
        path.unlink(missing_ok=True)
