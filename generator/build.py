"""`draftdeck build`: regenerate every output from the data, stage by stage.

1. Load and validate the data: bad data stops the build before anything is written.
2. Skip everything when nothing that shapes the output changed since the last build.
3. Render each edition in each language in memory, in parallel processes.
4. Write every file atomically, so a failed build never damages the last good output.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from generator.errors import UsageError
from generator.games.all_star_draft.export import export_bytes
from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.queries import edition as pick_edition
from generator.games.all_star_draft.queries import load
from generator.output.atomic import write_atomic
from generator.paths import PROJECT_ROOT

STAMP = ".draftdeck-build.json"
"""Remembers what the last build was made from, in the output folder."""


@dataclass(frozen=True)
class BuildOptions:
    """Everything the user chose about the build."""

    editions: tuple[str, ...] = ()
    """Edition ids; empty for all."""
    locales: tuple[str, ...] = ()
    """Languages; empty for all the game has."""
    paper: str = "a4"
    crop_marks: str = "page-edge"
    backs: str = "duplex"
    pod: bool = False
    ink_saver: bool = False
    bleed: float = 3.0
    jobs: int = 0
    """Processes to render with; 0 means one per core."""
    force: bool = False
    """Rebuild even when nothing changed."""


@dataclass(frozen=True)
class Written:
    """One output file."""

    path: Path
    changed: bool
    size: int
    pages: int | None = None


@dataclass(frozen=True)
class BuildReport:
    """What a build did."""

    files: tuple[Written, ...]
    warnings: tuple[str, ...]
    up_to_date: bool = False


@dataclass(frozen=True)
class _Output:
    relative: str
    data: bytes
    pages: int | None = None


@dataclass
class _Job:
    game: Game
    data_dir: Path
    locales_dir: Path
    options: BuildOptions
    outputs: list[_Output] = field(default_factory=list)


_SHARED: dict[str, Any] = {}
"""The loaded game, inherited by forked render processes."""


def build(
    data_dir: Path,
    out_dir: Path,
    options: BuildOptions,
    progress: Callable[[int, int], None] | None = None,
) -> BuildReport:
    """Validate, render and write every output below `out_dir/<edition>/<locale>/`."""
    from generator.loading.validate import locales_for

    # 1. Load and validate.
    game = load(data_dir)
    pack = data_dir / game.id if (data_dir / game.id).is_dir() else data_dir
    locales_dir = locales_for(pack)
    editions = (
        [pick_edition(game, e).id for e in options.editions]
        if options.editions
        else list(game.editions)
    )
    locales = list(options.locales) or list(game.locales)
    unknown = [loc for loc in locales if loc not in game.locales]
    if unknown:
        raise UsageError(
            f"unknown locale {', '.join(unknown)}; this game has: {', '.join(game.locales)}"
        )
    # 2. Nothing changed: keep the last output.
    signature = _signature(pack, locales_dir, options, editions, locales)
    if not options.force and _up_to_date(out_dir, signature):
        return BuildReport((), (), up_to_date=True)
    # 3. Render everything in memory.
    tasks = [(e, loc) for e in editions for loc in locales]
    _SHARED["job"] = _Job(game, pack, locales_dir, options)
    outputs: list[_Output] = [
        _Output(f"{e}/data.json", export_bytes(game, game.edition(e))) for e in editions
    ]
    warnings: list[str] = []
    for done, (result, _) in enumerate(_run(tasks, options.jobs), 1):
        outputs += result[0]
        warnings += [w for w in result[1] if w not in warnings]
        if progress:
            progress(done, len(tasks))
    # 4. Write atomically, then remember what the output was made from.
    written = []
    for output in outputs:
        path = out_dir / output.relative
        written.append(
            Written(path, write_atomic(path, output.data), len(output.data), output.pages)
        )
    stamp = {
        "signature": signature,
        "files": {o.relative: hashlib.sha256(o.data).hexdigest() for o in outputs},
    }
    write_atomic(out_dir / STAMP, json.dumps(stamp, indent=1, sort_keys=True).encode())
    return BuildReport(tuple(written), tuple(warnings))


def _run(
    tasks: list[tuple[str, str]], jobs: int
) -> Iterable[tuple[tuple[list[_Output], list[str]], str]]:
    workers = min(len(tasks), jobs or os.cpu_count() or 1)
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for task in tasks:
            yield _render_task(task), f"{task[0]}/{task[1]}"
        return
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        for task, result in zip(tasks, pool.map(_render_task, tasks), strict=True):
            yield result, f"{task[0]}/{task[1]}"


def _render_task(task: tuple[str, str]) -> tuple[list[_Output], list[str]]:
    """Render one edition in one language (in a worker process)."""
    from generator.games.all_star_draft.printing.render import render_edition
    from generator.printing.geometry import PAPERS, CropMarks, PrintSettings
    from generator.printing.rasterize import png_pages

    job: _Job = _SHARED["job"]
    edition, locale = task
    options = job.options
    settings = PrintSettings(
        PAPERS[options.paper], bleed=options.bleed, marks=CropMarks(options.crop_marks)
    )
    rendered = render_edition(
        job.game,
        edition,
        locale,
        settings,
        locales_dir=job.locales_dir,
        data_dir=job.data_dir,
        duplex=options.backs == "duplex",
        ink_saver=options.ink_saver,
        pod=options.pod,
    )
    base = f"{edition}/{locale}"
    outputs = [_Output(f"{base}/{f.name}", f.data, f.pages) for f in rendered.files]
    for pod in rendered.pod:
        outputs.append(_Output(f"{base}/pod/{pod.name}", pod.data, pod.pages))
        stem = pod.name.removesuffix(".pdf")
        for index, png in enumerate(png_pages(pod.data, dpi=300), 1):
            outputs.append(_Output(f"{base}/pod/png/{stem}-{index:03d}.png", png))
    return outputs, list(rendered.warnings)


def _signature(
    pack: Path, locales_dir: Path, options: BuildOptions, editions: list[str], locales: list[str]
) -> str:
    """A hash of everything that shapes the output: data, catalogs, code, layout and options."""
    digest = hashlib.sha256()
    sources = [
        *sorted(pack.rglob("*")),
        *sorted(locales_dir.rglob("*.po")),
        *sorted((PROJECT_ROOT / "generator").rglob("*.py")),
        *sorted((PROJECT_ROOT / "generator").rglob("*.yaml")),
    ]
    for path in sources:
        if path.is_file():
            digest.update(path.as_posix().encode())
            digest.update(path.read_bytes())
    digest.update(
        json.dumps([asdict(options) | {"force": False}, editions, locales], sort_keys=True).encode()
    )
    return digest.hexdigest()


def _up_to_date(out_dir: Path, signature: str) -> bool:
    stamp_path = out_dir / STAMP
    try:
        stamp = json.loads(stamp_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if stamp.get("signature") != signature:
        return False
    for relative, digest in stamp.get("files", {}).items():
        path = out_dir / relative
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            return False
    return True
