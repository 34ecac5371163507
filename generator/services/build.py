"""`draftdeck build`: regenerate every pack's print-and-play output from its data, stage by stage.

1. Load and validate every pack: bad data stops the build before anything is written.
2. Skip a pack when nothing that shapes its output changed since its last build.
3. Render each component of each edition in each language in memory, in parallel processes.
4. Join each edition's parts in each language into its print-and-play file.
5. Write every file atomically, so a failed build never damages the last good output.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from generator.core.diagnostics import Diagnostic
from generator.core.errors import DataError, DraftdeckError, UsageError
from generator.core.paths import LOCALES_DIR, PACKAGE_DIR
from generator.core.plain import Plain
from generator.loading.files import pack_files
from generator.output import stamp
from generator.output.atomic import remove_leftovers
from generator.output.staging import Staging, locked, remove_stale
from generator.plugins import checked_drawings
from generator.pools import workers, workers_for
from generator.printing.geometry import PAPERS, CropMarks, PrintSettings
from generator.printing.pdf import Rendered
from generator.services.find import LoadedPack, choose_packs, load_pack, same_ids
from generator.services.render import (
    Job,
    PartRender,
    Plan,
    plan,
    render_combined,
    render_one,
    weight,
)


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
    check_only: bool = False
    """Render everything but write nothing (for `draftdeck i18n check`)."""
    strict: bool = False
    """Refuse a text without a finished translation (else it is drawn untranslated)."""
    game: str | None = None
    """Build only this game of the data folder."""


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
    up_to_date: tuple[str, ...] = ()
    """Games whose output was already up to date."""


@dataclass(frozen=True)
class _Output:
    relative: str
    data: bytes
    pages: int | None = None


Key = tuple[int, str, str]
"""(pack index, edition, locale)."""
Task = tuple[Key, str]
"""One part of one edition in one language."""


@dataclass(frozen=True)
class _Work:
    """What the render processes are given."""

    packs: tuple[LoadedPack, ...]
    jobs: dict[Key, Job]
    staging: dict[int, Path]
    """Each built pack's staging folder, where the print-on-demand pages are drawn."""


class BuildFailed(DraftdeckError):
    """Every problem that stopped the build, in the order of the parts."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\nerror: ".join(dict.fromkeys(problems)))

    def __reduce__(self) -> tuple[type, tuple[list[str]]]:
        """Survive the trip between processes."""
        return (BuildFailed, (self.problems,))


def build(
    data_dir: Path,
    out_dir: Path,
    options: BuildOptions,
    progress: Callable[[int, int], None] | None = None,
    waiting: Callable[[Path], None] | None = None,
) -> BuildReport:
    """Validate, render and write every output below `out_dir/<game>/`; `waiting` is told
    when another command is writing into a game's output folder and this build waits."""
    # 1. Every pack is validated before anything is rendered or written.
    packs = _load_all(choose_packs(data_dir, options.game))
    if options.editions and len(packs) > 1:
        packs = _with_editions(packs, options.editions)
    for loaded in packs:  # an unknown edition or language is said before anything is written
        loaded.editions(options.editions)
        loaded.locales(options.locales)
    with ExitStack() as held:
        if not options.check_only:  # one command at a time writes into an output folder
            for loaded in packs:
                folder = out_dir / loaded.pack.id
                on_wait = (lambda f=folder: waiting(f)) if waiting is not None else None
                held.enter_context(locked(folder, on_wait))
                remove_leftovers(folder)  # what a build that was killed did not finish
                remove_stale(folder)
        return _build(packs, out_dir, options, progress)
    raise AssertionError("unreachable")  # pragma: no cover - the block returns


def _build(
    packs: list[LoadedPack],
    out_dir: Path,
    options: BuildOptions,
    progress: Callable[[int, int], None] | None,
) -> BuildReport:
    # 2. Plan what each pack prints; leave out the packs whose output is up to date.
    todo, current, signatures, jobs, plans = [], [], {}, {}, {}
    for index, loaded in enumerate(packs):
        editions = [e.id for e in loaded.editions(options.editions)]
        locales = loaded.locales(options.locales)
        folder = out_dir / loaded.pack.id
        signature = _signature(loaded, options, editions, locales)
        if not options.force and not options.check_only and stamp.up_to_date(folder, signature):
            current.append(loaded.pack.id)
            continue
        todo.append(index)
        signatures[index] = signature
        for edition in editions:
            found = plan(loaded, edition)
            for locale in locales:
                key = (index, edition, locale)
                jobs[key] = _job(options, edition, locale)
                plans[key] = found
    warnings = list(dict.fromkeys(w for found in plans.values() for w in found.warnings))
    # 3. Render, heaviest parts first so that the processes finish together.
    stagings = {index: Staging(out_dir / packs[index].pack.id) for index in todo}
    work = _Work(tuple(packs), jobs, {index: s.root for index, s in stagings.items()})
    tasks = sorted(
        ((key, part) for key, found in plans.items() for part in found.parts),
        key=lambda t: -weight(packs[t[0][0]], t[0][1], t[1]),
    )
    step = _Progress(progress, len(tasks) + len(plans))
    if tasks:
        _warm_up(packs, [(key[0], key[2]) for key in plans])
    try:
        with workers(work, workers_for(len(tasks), options.jobs)) as pool:
            rendered = pool.map(_render_part, tasks, step)
            _refuse_failures(rendered)
            parts = {t: r for t, r in zip(tasks, rendered, strict=True) if isinstance(r, _Part)}
            warnings += _drafts_warnings(packs, parts)
            files = [
                (key, [parts[(key, part)].file for part in found.parts])
                for key, found in plans.items()
            ]
            # 4. Join each edition-language's parts into its print-and-play file; draw the
            # print-on-demand pages as PNG files, a chunk of pages in each task.
            combined = pool.map(_combine, files, step)
            if options.check_only:
                return BuildReport((), tuple(warnings))
            rasters = _raster_chunks(parts, stagings)
            step.total += len(rasters)
            pngs = [name for found in pool.map(_raster, rasters, step) for name in found]
        # 5. Stage every file, then move each pack's whole set into place, and remember
        # what it was made from.
        written = _write_all(packs, plans, parts, combined, pngs, stagings, signatures, options)
    finally:
        for staging in stagings.values():
            staging.discard()
    return BuildReport(tuple(written), tuple(warnings), tuple(current))


def _write_all(
    packs: list[LoadedPack],
    plans: dict[Key, Plan],
    parts: dict[Task, _Part],
    combined: list[Rendered],
    pngs: list[tuple[int, str]],
    stagings: dict[int, Staging],
    signatures: dict[int, str],
    options: BuildOptions,
) -> list[Written]:
    """Stage the outputs of every pack built, then commit each pack's set as a whole."""
    outputs: dict[int, list[_Output]] = {index: [] for index in stagings}
    for index in stagings:
        for edition in [e.id for e in packs[index].editions(options.editions)]:
            outputs[index].append(
                _Output(_folder(edition, "data.json"), _export(packs[index], edition))
            )
    for (key, found), whole in zip(plans.items(), combined, strict=True):
        index, edition, locale = key
        base = _folder(edition, locale)
        for part in found.parts:
            outputs[index] += (
                _Output(f"{base}/{o.relative}", o.data, o.pages) for o in parts[(key, part)].outputs
            )
        outputs[index].append(_Output(f"{base}/{whole.name}", whole.data, whole.pages))
    written: list[Written] = []
    digests: dict[int, dict[str, str]] = {index: {} for index in stagings}
    for index, files_of_pack in outputs.items():
        staging = stagings[index]
        for output in files_of_pack:
            changed = staging.write(output.relative, output.data)
            path = staging.folder / output.relative
            written.append(Written(path, changed, len(output.data), output.pages))
            digests[index][output.relative] = hashlib.sha256(output.data).hexdigest()
    for index, relative in pngs:
        staging = stagings[index]
        staged = staging.path(relative)
        size = staged.stat().st_size
        digests[index][relative] = stamp.file_digest(staged)
        changed = staging.adopt(relative)
        written.append(Written(staging.folder / relative, changed, size))
    for index, staging in stagings.items():
        staging.commit()
        stamp.remember_digests(staging.folder, signatures[index], digests[index])
    return written


def _refuse_failures(rendered: list[Any]) -> None:
    """Raise every part's problems at once: the data's, located, else the others."""
    located = [d for r in rendered if isinstance(r, DataError) for d in r.diagnostics]
    if located:
        raise DataError(list(dict.fromkeys(located)))
    failures = [str(r) for r in rendered if isinstance(r, DraftdeckError)]
    if failures:
        raise BuildFailed(failures)


def _with_editions(packs: list[LoadedPack], wanted: tuple[str, ...]) -> list[LoadedPack]:
    """Of several games, those that have every edition asked for (--edition)."""
    having = [p for p in packs if all(e in p.pack.editions for e in wanted)]
    if not having:
        names = ", ".join(p.pack.id for p in packs)
        raise UsageError(f"no game has edition {', '.join(wanted)}; games: {names}")
    return having


def _load_all(roots: list[Path]) -> list[LoadedPack]:
    """Every pack loaded; the data errors of all of them at once if any has some."""
    packs: list[LoadedPack] = []
    errors: list[Diagnostic] = same_ids(roots)
    for root in roots:
        try:
            packs.append(load_pack(root))
        except DataError as error:
            errors += error.diagnostics
    if errors:
        raise DataError(errors)
    return packs


def _signature(
    loaded: LoadedPack, options: BuildOptions, editions: list[str], locales: list[str]
) -> str:
    own = [LOCALES_DIR, PACKAGE_DIR]
    files = [
        *pack_files(loaded.pack.manifest.root, stamp.SOURCE_SUFFIXES),
        *sorted(p for folder in own for p in folder.rglob("*") if p.suffix in (".po", ".py")),
    ]
    settings = [asdict(options) | {"force": False}, editions, locales]
    return stamp.signature(files, settings)


def _job(options: BuildOptions, edition: str, locale: str) -> Job:
    settings = PrintSettings(
        PAPERS[options.paper], bleed=options.bleed, marks=CropMarks(options.crop_marks)
    )
    strict = options.strict or options.check_only
    duplex = options.backs == "duplex"
    return Job(edition, locale, settings, duplex, options.ink_saver, options.pod, strict)


def _folder(edition: str, name: str) -> str:
    return f"{edition}/{name}" if edition else name


def _export(loaded: LoadedPack, edition: str) -> bytes:
    """The edition's data as JSON: the plug-in's export, or every data file as written."""
    if loaded.plugin is not None and loaded.plugin.has("export"):
        box = loaded.pack.editions[edition]
        content = loaded.plugin.export(loaded.model, box.info.id)
    else:
        content = data_export(loaded, edition)
    return (json.dumps(content, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def data_export(loaded: LoadedPack, edition: str) -> dict[str, Plain]:
    """The game, and every data file of the edition (shared ones included), by name."""
    manifest = loaded.pack.manifest
    documents = loaded.pack.documents
    files = {
        spec.key: documents[spec.key].value for spec in manifest.documents if spec.key in documents
    }
    info = manifest.edition(edition)
    for spec in manifest.edition_documents:
        key = info.key(spec.key)
        if key in documents:
            files[spec.key] = documents[key].value
    box = documents.get(info.key("components"))
    if box is not None:
        files["components"] = box.value
    return {"game": manifest.id, "edition": edition or None, "files": files}


@dataclass(frozen=True)
class _Part:
    """A rendered part: its PDF, for the combined file, every file it writes, and the texts
    it drew untranslated."""

    file: Rendered
    outputs: list[_Output]
    drafts: tuple[str, ...] = ()
    pod: Rendered | None = None
    """The print-on-demand PDF, whose pages are drawn as PNG files by raster tasks."""


def _drafts_warnings(packs: list[LoadedPack], parts: dict[Task, _Part]) -> list[str]:
    """One warning per game, edition and language that drew texts untranslated."""
    from generator.i18n.ui import drafts_warning

    drafts: dict[Key, set[str]] = {}
    for (key, _), part in parts.items():
        drafts.setdefault(key, set()).update(part.drafts)
    warnings = []
    for (index, edition, locale), found in drafts.items():
        if found:
            manifest = packs[index].pack.manifest
            where = f"{manifest.id} {edition}".strip()
            warning = drafts_warning(locale, sorted(found), manifest.source_locale)
            warnings.append(f"{where}: {warning}")
    return warnings


def _part(result: PartRender) -> _Part:
    found = [_Output(result.file.name, result.file.data, result.file.pages)]
    if result.pod is not None:
        found.append(_Output(f"pod/{result.pod.name}", result.pod.data, result.pod.pages))
    return _Part(result.file, found, result.drafts, result.pod)


RASTER_PAGES = 50
"""Print-on-demand pages drawn as PNG files by one task (a progress step each)."""
Raster = tuple[int, str, int, int, str, str]
"""(pack index, staged PDF, first page, last page, folder of the PNG files, their stem)."""


def _raster_chunks(parts: dict[Task, _Part], stagings: dict[int, Staging]) -> list[Raster]:
    """Write each print-on-demand PDF where the raster tasks read it; their tasks."""
    chunks: list[Raster] = []
    for ((index, edition, locale), name), part in parts.items():
        if part.pod is None:
            continue
        source = stagings[index].path(f".sources/{edition or '-'}-{locale}-{name}.pdf")
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_bytes(part.pod.data)
        folder = f"{_folder(edition, locale)}/pod/png"
        stem = part.pod.name.removesuffix(".pdf")
        pages = part.pod.pages or 0
        chunks += [
            (index, str(source), first, min(first + RASTER_PAGES, pages), folder, stem)
            for first in range(0, pages, RASTER_PAGES)
        ]
    return chunks


def _raster(work: _Work, task: Raster) -> list[tuple[int, str]]:
    """Draw pages first..last-1 of a staged PDF as 300 dpi PNG files into the staging folder
    (in a worker process); their names below the output folder."""
    from generator.printing.rasterize import png_page_range

    index, source, first, last, folder, stem = task
    names = []
    for number, png in enumerate(png_page_range(Path(source), first, last, dpi=300), first + 1):
        relative = f"{folder}/{stem}-{number:03d}.png"
        target = work.staging[index] / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png)
        names.append((index, relative))
    return names


@dataclass
class _Progress:
    report: Callable[[int, int], None] | None
    total: int
    done: int = 0

    def __call__(self) -> None:
        self.done += 1
        if self.report:
            self.report(self.done, self.total)


def _warm_up(packs: list[LoadedPack], languages: list[tuple[int, str]]) -> None:
    """Do the first-use work once, before the render processes fork and inherit it:
    the plug-in's model, drawings and icons, fonts, catalogs and number formats."""
    import pypdf  # noqa: F401 - joins the combined files
    from reportlab.pdfgen import canvas  # noqa: F401 - every render process draws on one

    from generator.printing.fonts import coverage, register
    from generator.services.render import icons, translator

    for font in register().values():
        coverage(font)
    for loaded in packs:
        if loaded.plugin is not None:
            icons(loaded)
            checked_drawings(loaded.plugin)
        loaded.model  # noqa: B018 - computed once, here
    for index, locale in dict.fromkeys(languages):
        translator(packs[index], locale).number(1)


def _render_part(work: _Work, task: Task) -> _Part | DraftdeckError:
    """Render one part of one edition in one language (in a worker process).

    A problem in the data or catalogs is returned, so that every part's are reported.
    """
    key, part = task
    try:
        return _part(render_one(work.packs[key[0]], work.jobs[key], part))
    except DraftdeckError as problem:
        return problem


def _combine(work: _Work, task: tuple[Key, list[Any]]) -> Any:
    """The combined print-and-play file of one edition in one language."""
    key, files = task
    return render_combined(work.packs[key[0]], work.jobs[key], files)
