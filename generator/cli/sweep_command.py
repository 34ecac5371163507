"""`draftdeck sweep`: variants of a game's data, each played against the base, on a Dask cluster."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import MAX_JOBS, DataOption, OutOption, SchedulerOption, games_bar
from generator.paths import display_path


@user_errors
def sweep(
    sweep_file: Annotated[
        str,
        typer.Argument(
            help="The sweep file (YAML): the game, its settings and the variants "
            "(docs/simulation.md#sweeps; an example: docs/examples/extraliga-sweep.yaml).",
            show_default=False,
        ),
    ],
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=0,
            max=MAX_JOBS,
            help="Processes of the Dask cluster started on this machine (0: one per core).",
        ),
    ] = 0,
    scheduler: SchedulerOption = None,
    fresh: Annotated[
        bool,
        typer.Option("--fresh", help="Play every variant again, even those already cached."),
    ] = False,
    data: DataOption = None,
    out: OutOption = None,
) -> None:
    """Play every variant of the sweep file with the base's seeds; write <out>/<game>/sweep/<file>.json and .pdf.

    Each variant's figures are compared with the base's game by game, and the
    variants are ranked by how far their figures moved. The work runs on a
    Dask cluster: one of this machine's processes by default (--workers), or
    the cluster whose scheduler --scheduler names. Finished variants are
    cached by the hash of their data: run the sweep again to resume it.
    """
    from pathlib import Path

    from generator.cluster import LOCAL
    from generator.documents.pdf import to_pdf
    from generator.output.atomic import write_atomic
    from generator.parallel import stopping_on_signals, workers_for
    from generator.parallel import workers as pool
    from generator.simulation import bots_by_seat, report_settings
    from generator.sweeps.edits import base_data, variant_data
    from generator.sweeps.report import gist, sweep_document, sweep_report
    from generator.sweeps.run import from_cache, play_variants
    from generator.sweeps.setup import game_of, simulation_of
    from generator.sweeps.spec import read_sweep
    from generator.workspace import workspace

    spec = read_sweep(sweep_file)
    where = workspace(data if data is not None or spec.data is None else spec.data, out)
    root = game_of(spec, where.data)
    base = base_data(spec, root)
    simulation = simulation_of(spec, base.loaded)
    typer.echo(f"checking {len(spec.variants)} variant(s) of {base.loaded.pack.id}", err=True)
    variants = [base, *(variant_data(spec, root, v) for v in spec.variants)]
    folder = where.out / base.loaded.pack.id / "sweep"
    cache = folder / "cache"
    found = {} if fresh else from_cache(variants, spec.settings, cache)
    pending = [n for n in range(len(variants)) if n not in found]
    if found:
        typer.echo(f"{len(found)} variant(s) cached, {len(pending)} to play", err=True)
    size = workers_for(10**6, workers)
    with stopping_on_signals(), games_bar(spec.settings.games * len(pending), "playing") as bar:
        played = play_variants(
            simulation,
            [variants[n] for n in pending],
            spec.settings,
            cache,
            lambda state, tasks: pool(state, min(size, tasks), scheduler or LOCAL),
            bar.update,
        )
    found |= dict(zip(pending, played, strict=True))
    settings = spec.settings
    names = bots_by_seat(settings.bots, settings.players, settings.bots)
    report = sweep_report(
        base.loaded.pack.id,
        display_path(Path(sweep_file)),
        report_settings(settings, names),
        found[0],
        [(variants[n], found[n]) for n in range(1, len(variants))],
    )
    stem = Path(sweep_file).stem
    pdf, _ = to_pdf(sweep_document(report), "draftdeck")
    write_atomic(folder / f"{stem}.pdf", pdf)
    path = folder / f"{stem}.json"
    write_atomic(path, (json.dumps(report, indent=2) + "\n").encode())
    typer.echo(gist(report))
    typer.echo(f"report: {display_path(path)} (and .pdf)")
