"""A sweep's finished variants, kept so that a sweep run again plays only what is missing.

An entry is named by the hash of what its figures depend on: the variant's
data, the settings, and the code that plays (every Python file of
draftdeck and of the game's plug-in, so a change to a bot or a kernel plays
everything again, the base included). It records a checksum of its
figures; an entry that does not check out (cut short, edited by hand, a
figure missing, a value that is not a number) is treated as missing and
played again, never trusted.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Collection
from dataclasses import asdict
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from generator.core.paths import PACKAGE_DIR
from generator.output.atomic import write_atomic
from generator.plugins.simulation import SimulationSettings

Figures = dict[str, list[float]]


def cache_key(digest: str, settings: SimulationSettings, code: str) -> str:
    """What a variant's figures depend on: its data, the settings and the code that plays."""
    recorded = asdict(settings) | {"jobs": None}
    text = json.dumps([digest, recorded, code], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


@cache
def code_digest(module: str) -> str:
    """The hash of every Python file of draftdeck and of the package of `module` (a plug-in's)."""
    folders = {PACKAGE_DIR}
    spec = find_spec(module.split(".", maxsplit=1)[0])
    if spec is not None and spec.origin is not None:
        folders.add(Path(spec.origin).resolve().parent)
    digest = hashlib.sha256()
    for folder in sorted(folders):
        for path in sorted(folder.rglob("*.py")):
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def read_entry(path: Path, games: int, names: Collection[str]) -> Figures | None:
    """The figures an entry holds, if it checks out: its checksum, the figures `names` and
    nothing else, `games` finite numbers each."""
    try:
        stored = json.loads(path.read_text("utf-8"))
        figures, checksum = stored["figures"], stored["checksum"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):  # a damaged entry
        return None
    if (
        not isinstance(figures, dict)
        or set(figures) != set(names)
        or checksum != _checksum(figures)
    ):
        return None
    for values in figures.values():
        if not isinstance(values, list) or len(values) != games:
            return None
        if not all(_number(v) for v in values):
            return None
    return {str(k): [float(x) for x in v] for k, v in figures.items()}


def write_entry(path: Path, name: str, digest: str, figures: Figures) -> None:
    """Keep a finished variant's figures, with their checksum."""
    record = {"variant": name, "data": digest, "figures": figures, "checksum": _checksum(figures)}
    write_atomic(path, json.dumps(record).encode())


def _checksum(figures: Any) -> str:
    return hashlib.sha256(json.dumps(figures, sort_keys=True).encode()).hexdigest()


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
