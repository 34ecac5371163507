"""`draftdeck build`: regenerate every output from the data, stage by stage.

1. Load and validate the data: bad data stops the build before anything is written.
2. Skip everything when nothing that shapes the output changed since the last build.
3. Render each edition in each language in memory, in parallel processes.
4. Write every file atomically, so a failed build never damages the last good output.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from generator.errors import DraftdeckError, UsageError
from generator.games.all_star_draft.export import export_bytes
from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.printing.render import parts
from generator.games.all_star_draft.queries import edition as pick_edition
from generator.games.all_star_draft.queries import load
from generator.output import stamp
from generator.output.atomic import write_atomic
from generator.parallel import parallel_map
from generator.paths import PROJECT_ROOT


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


def build(
    data_dir: Path,
    out_dir: Path,
    options: BuildOptions,
    progress: Callable[[int, int], None] | None = None,
) -> BuildReport:
    """Validate, render and write every output below `out_dir/<edition>/<locale>/`."""
    # 1. Load and validate the data: invalid data stops the build before anything is written.
    game = load(data_dir)
    prepared = _prepare(game, data_dir, out_dir, options)
    if prepared is None:
        return BuildReport((), (), up_to_date=True)
    editions, signature, jobs, plans = (
        prepared.editions,
        prepared.signature,
        prepared.jobs,
        prepared.plans,
    )
    warnings = list(dict.fromkeys(w for _, found in plans.values() for w in found))
    # Language by language, heaviest part first: each combine overlaps the next language's parts.
    tasks = [
        (key, part) for key, (names, _) in plans.items() for part in sorted(names, key=_heaviness)
    ]
    total = len(tasks) + len(jobs)
    outputs: list[_Output] = [
        _Output(f"{e}/data.json", export_bytes(game, game.edition(e))) for e in editions
    ]
    finished = _render_all(game, jobs, tasks, plans, options.jobs, _Progress(progress, total))
    for key in jobs:
        base = f"{key[0]}/{key[1]}"
        for part in plans[key][0]:
            part_render, extra = finished.parts[(key, part)]
            file = part_render.file
            outputs.append(_Output(f"{base}/{file.name}", file.data, file.pages))
            outputs += extra
        combined = finished.combined[key]
        outputs.append(_Output(f"{base}/{combined.name}", combined.data, combined.pages))
    if options.check_only:
        return BuildReport((), tuple(warnings))
    # 4. Write atomically, then remember what the output was made from.
    written = []
    for output in outputs:
        path = out_dir / output.relative
        written.append(
            Written(path, write_atomic(path, output.data), len(output.data), output.pages)
        )
    stamp.remember(out_dir, signature, {o.relative: o.data for o in outputs})
    return BuildReport(tuple(written), tuple(warnings))


@dataclass(frozen=True)
class _Prepared:
    """What a build renders, and the signature it will record."""

    editions: list[str]
    signature: str
    jobs: dict[tuple[str, str], Any]
    """(edition, locale) -> render job."""
    plans: dict[tuple[str, str], Any]
    """(edition, locale) -> (part names, warnings)."""


def _prepare(game: Game, data_dir: Path, out_dir: Path, options: BuildOptions) -> _Prepared | None:
    """Plan the build; None when the output is up to date."""
    from generator.loading.validate import locales_for

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
    sources = [pack, locales_dir, PROJECT_ROOT / "generator"]
    signature = stamp.signature(sources, [asdict(options) | {"force": False}, editions, locales])
    if not options.force and stamp.up_to_date(out_dir, signature):
        return None
    # 3. Plan every part of every edition and language, after the first-use work forks inherit.
    jobs = {(e, loc): _job(pack, locales_dir, options, e, loc) for e in editions for loc in locales}
    _warm_up(locales_dir, locales, game.id)
    return _Prepared(
        editions, signature, jobs, {key: parts(game, job) for key, job in jobs.items()}
    )


HEAVY = ("hockey-player", "arena", "fan-zone", "tiebreaker")


def _heaviness(part: str) -> int:
    return HEAVY.index(part) if part in HEAVY else len(HEAVY)


def _job(pack: Path, locales_dir: Path, options: BuildOptions, edition: str, locale: str) -> Any:
    from generator.games.all_star_draft.printing.render import Job
    from generator.printing.geometry import PAPERS, CropMarks, PrintSettings

    settings = PrintSettings(
        PAPERS[options.paper], bleed=options.bleed, marks=CropMarks(options.crop_marks)
    )
    return Job(
        edition,
        locale,
        settings,
        locales_dir,
        pack,
        options.backs == "duplex",
        options.ink_saver,
        options.pod,
    )


@dataclass
class _Finished:
    parts: dict[tuple[tuple[str, str], str], tuple[Any, list[_Output]]]
    combined: dict[tuple[str, str], Any]


def _render_all(
    game: Game,
    jobs: dict[tuple[str, str], Any],
    tasks: list[tuple[tuple[str, str], str]],
    plans: dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]],
    processes: int,
    step: Callable[[], None],
) -> _Finished:
    """Render every part, then combine each edition-language's parts into one file."""
    state = (game, jobs)
    outcomes = parallel_map(_render_part, state, tasks, processes, step)
    rendered = [o for o in outcomes if not isinstance(o, DraftdeckError)]
    if len(rendered) < len(outcomes):
        raise BuildFailed([str(o) for o in outcomes if isinstance(o, DraftdeckError)])
    finished = _Finished(dict(zip(tasks, rendered, strict=True)), {})
    combines = [
        (key, [finished.parts[(key, part)][0].file for part in plans[key][0]]) for key in plans
    ]
    combined = parallel_map(_combine, state, combines, processes, step)
    finished.combined = {key: file for (key, _), file in zip(combines, combined, strict=True)}
    return finished


class BuildFailed(DraftdeckError):
    """Every problem that stopped the build, in the order of the parts."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\nerror: ".join(dict.fromkeys(problems)))

    def __reduce__(self) -> tuple[type, tuple[list[str]]]:
        """Survive the trip between processes."""
        return (BuildFailed, (self.problems,))


@dataclass
class _Progress:
    report: Callable[[int, int], None] | None
    total: int
    done: int = 0

    def __call__(self) -> None:
        self.done += 1
        if self.report:
            self.report(self.done, self.total)


def _warm_up(locales_dir: Path, locales: list[str], game_id: str) -> None:
    """Do the first-use work once, before render processes fork and inherit it."""
    import pypdf  # noqa: F401 - joins the combined files
    from babel.numbers import format_decimal
    from reportlab.pdfgen import canvas  # noqa: F401 - the import every render process needs

    from generator.games.all_star_draft.printing.layout import load_layout
    from generator.games.all_star_draft.printing.render import render_one  # noqa: F401
    from generator.i18n.ui import load_translator
    from generator.printing.fonts import coverage, register

    for font in register().values():
        coverage(font)
    load_layout()
    for locale in locales:
        load_translator(locales_dir, locale, game_id)
        format_decimal(1, locale=locale)  # loads the language's number symbols


def _render_part(
    state: tuple[Game, dict[tuple[str, str], Any]], task: tuple[tuple[str, str], str]
) -> tuple[Any, list[_Output]] | DraftdeckError:
    """Render one part of one edition in one language (in a worker process).

    A problem in the data or catalogs is returned, so that every part's are reported.
    """
    from generator.games.all_star_draft.printing.render import render_one
    from generator.printing.rasterize import png_pages

    game, jobs = state
    key, part = task
    try:
        result = render_one(game, jobs[key], part)
    except DraftdeckError as problem:
        return problem
    extra: list[_Output] = []
    if result.pod is not None:
        base = f"{key[0]}/{key[1]}/pod"
        extra.append(_Output(f"{base}/{result.pod.name}", result.pod.data, result.pod.pages))
        stem = result.pod.name.removesuffix(".pdf")
        for index, png in enumerate(png_pages(result.pod.data, dpi=300), 1):
            extra.append(_Output(f"{base}/png/{stem}-{index:03d}.png", png))
    return result, extra


def _combine(
    state: tuple[Game, dict[tuple[str, str], Any]], task: tuple[tuple[str, str], list[Any]]
) -> Any:
    """The combined print-and-play file of one edition in one language."""
    from generator.games.all_star_draft.printing.render import render_combined

    game, jobs = state
    key, files = task
    return render_combined(game, jobs[key], files)


def text_problems(data_dir: Path, locales: tuple[str, ...] = ()) -> list[str]:
    """Render every edition in memory and return each text that overflows or lacks a glyph or translation."""
    try:
        with tempfile.TemporaryDirectory() as scratch:
            build(
                data_dir, Path(scratch), BuildOptions(locales=locales, force=True, check_only=True)
            )
    except BuildFailed as failure:
        return list(dict.fromkeys(failure.problems))
    return []
