"""`draftdeck sweep`: variants of a game's data, each played against the base, on a Dask cluster."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from generator.cli.boundary import user_errors
from generator.cli.options import MAX_JOBS, DataOption, OutOption, SchedulerOption, games_bar


@user_errors
def sweep(
    sweep_file: Annotated[
        str,
        typer.Argument(
            help="The sweep file (YAML): the game, its settings, a goal and the variants "
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

    Each variant's figures are compared with the base's game by game; with a
    goal the variants are ranked by how much closer to it each comes. The
    work runs on a Dask cluster: one of this machine's processes by default
    (--workers), or the cluster whose scheduler --scheduler names. Finished
    variants are cached by the hash of their data and of the code that
    plays: run the sweep again to resume it.
    """
    from generator.core.paths import display_path
    from generator.core.workspace import workspace
    from generator.play.sweeps import plan_sweep, read_sweep, run_sweep
    from generator.pools import stopping_on_signals, workers_for
    from generator.pools import workers as pool
    from generator.pools.dask import LOCAL

    spec = read_sweep(sweep_file)
    where = workspace(data if data is not None or spec.data is None else spec.data, out)
    typer.echo(f"checking {len(spec.variants)} variant(s) of {spec.game}", err=True)
    planned = plan_sweep(spec, Path(sweep_file), where.data, where.out, fresh)
    if planned.cached:
        typer.echo(
            f"{len(planned.cached)} variant(s) cached, {len(planned.pending)} to play", err=True
        )
    size = workers_for(10**6, workers)
    with (
        stopping_on_signals(),
        games_bar(spec.settings.games * len(planned.pending), "playing") as bar,
    ):
        written = run_sweep(
            planned,
            lambda state, tasks: pool(state, min(size, tasks), scheduler or LOCAL),
            bar.update,
        )
    typer.echo(written.gist)
    typer.echo(f"report: {display_path(written.paths[0])} (and .pdf)")
