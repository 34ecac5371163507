"""Remembering what an output folder was built from, to skip builds that would change nothing."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path

from generator.output.atomic import write_atomic

STAMP = ".draftdeck-build.json"
"""The record, kept in the output folder."""
SOURCE_SUFFIXES = frozenset({".yaml", ".yml", ".json", ".po", ".py", ".png", ".jpg", ".jpeg"})


def signature(files: Iterable[Path], settings: object) -> str:
    """A hash of the source files (names and contents) and of the settings."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.as_posix().encode())
        digest.update(path.read_bytes())
    digest.update(json.dumps(settings, sort_keys=True).encode())
    return digest.hexdigest()


def up_to_date(out_dir: Path, expected: str) -> bool:
    """Whether the folder was built from the same sources and still holds those very files."""
    try:
        record = json.loads((out_dir / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if record.get("signature") != expected:
        return False
    for relative, digest in record.get("files", {}).items():
        path = out_dir / relative
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            return False
    return True


def remember(out_dir: Path, expected: str, files: Mapping[str, bytes]) -> None:
    """Record the signature and the files just written."""
    digests = {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}
    remember_digests(out_dir, expected, digests)


def remember_digests(out_dir: Path, expected: str, digests: Mapping[str, str]) -> None:
    """Record the signature and the SHA-256 of each file just written."""
    record = {"signature": expected, "files": dict(digests)}
    write_atomic(out_dir / STAMP, json.dumps(record, indent=1, sort_keys=True).encode())


def file_digest(path: Path) -> str:
    """A file's SHA-256, read a block at a time."""
    with path.open("rb") as stream:
        return hashlib.file_digest(stream, "sha256").hexdigest()
