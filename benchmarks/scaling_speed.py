"""How `sweep` and `simulate` scale with workers: parallel efficiency at 1, 2 and every core,
with what a run pays once and what each task costs, so that the figure at 16 or 64 cores
can be worked out.

Each command runs as a user runs it (a new process, the pack loaded and checked, the
workers started, every game played, the report written), at two amounts of work, each
the best of two runs: one task per table gives the run's fixed cost (the command's start,
the variants checked, the workers started, the pack and kernels each worker loads once,
the report), a full run the marginal time per game beyond it. The baseline, in the same
run, is one core's marginal time per game playing in this process.

- speed-up = baseline marginal time / the run's marginal time; efficiency = speed-up / W;
- a task's overhead = what a task of `chunk` games costs a worker beyond playing them;
- the time at N workers = fixed + games x (baseline + overhead / chunk) / N, assuming the
  fixed cost stays as measured at the most workers here (it grows with N on one machine).

Targets: sweep 2 -> 16 workers at least 6.5x, and 16 workers within 1.3x of the pure playing
time; simulate 1 -> 16 jobs at least 12x, and 2 jobs at least 1.9x as fast as 1.

    python benchmarks/scaling_speed.py [--quick]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from playing import DATA_DIR, EXTRALIGA_BOTS, extraliga_sweep, table

from generator.play.simulation import CHUNK, play_figures
from generator.play.sweeps.run import SWEEP_CHUNK

DRAFTDECK = str(Path(sys.executable).with_name("draftdeck"))
VARIANTS = 7
"""Variants of the sweep, played with the base: 8 tables."""


@dataclass(frozen=True)
class Line:
    """A command's time as a fixed cost plus a marginal time per game."""

    workers: int
    fixed: float
    per_game: float

    def at(self, games: int) -> float:
        return self.fixed + self.per_game * games


def measured(
    run: Callable[[int, int], None], workers: int, chunk: int, full: int, tables: int = 1
) -> Line:
    """A run's fixed cost and marginal time per game: the fixed cost is the time of a run of
    one task per table (`chunk` games each), the marginal time the rest of a run of `full`
    games each, per game played; each the best of two runs (the machine may be shared)."""
    times = {}
    for games in (chunk, full):
        best = float("inf")
        for _ in range(2):
            start = time.perf_counter()
            run(workers, games)
            best = min(best, time.perf_counter() - start)
        times[games] = best
    per_game = (times[full] - times[chunk]) / ((full - chunk) * tables)
    return Line(workers, times[chunk] - per_game * chunk * tables, per_game)


def baseline(game: str, bots: list[str], games: int) -> float:
    """One core's marginal seconds per game, playing in this process after a warm-up."""
    seated = table(game, bots)
    play_figures(seated, range(1, 4))
    start = time.perf_counter()
    play_figures(seated, range(1, games + 1))
    return (time.perf_counter() - start) / games


def report(title: str, lines: list[Line], one: float, chunk: int, games: int) -> None:
    """Each worker count's figures, and what they make of 16 and 64 workers."""
    print(f"\n{title}: one core plays a game in {one * 1000:.2f} ms (baseline)")
    print(" workers  fixed s  ms/game  speed-up  efficiency  task overhead ms")
    for line in lines:
        speed_up = one / line.per_game
        overhead = line.per_game * line.workers * chunk - one * chunk
        print(
            f" {line.workers:7d}  {line.fixed:7.2f}  {line.per_game * 1000:7.3f}  "
            f"{speed_up:8.2f}  {speed_up / line.workers:10.0%}  {overhead * 1000:16.1f}"
        )
    most = lines[-1]
    overhead = max(0.0, most.per_game * most.workers * chunk - one * chunk)
    for n in (16, 64):
        seconds = most.fixed + games * (one + overhead / chunk) / n
        pure = games * one / n
        print(
            f" at {n} workers, {games} games: {seconds:.1f} s worked out "
            f"({seconds / pure:.2f}x the pure playing time {pure:.1f} s)"
        )


def sweep_lines(cores: list[int], chunk: int, full: int) -> list[Line]:
    def run(workers: int, games: int) -> None:
        with tempfile.TemporaryDirectory() as folder:
            sweep = Path(folder) / "sweep.yaml"
            sweep.write_text(extraliga_sweep(games, VARIANTS), encoding="utf-8")
            subprocess.run(
                [DRAFTDECK, "sweep", str(sweep), "--workers", str(workers), "--out", folder],
                check=True,
                capture_output=True,
            )

    return [measured(run, workers, chunk, full, VARIANTS + 1) for workers in cores]


def simulate_lines(cores: list[int], chunk: int, full: int) -> list[Line]:
    def run(jobs: int, games: int) -> None:
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run(
                [DRAFTDECK, "simulate", "--data", str(DATA_DIR / "disaster-draft"),
                 "--games", str(games), "--bots", "greedy,random", "--jobs", str(jobs),
                 "--out", folder],
                check=True,
                capture_output=True,
            )  # fmt: skip

    return [measured(run, jobs, chunk, full) for jobs in cores]


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a fifth of the games")
    scale = 5 if parser.parse_args().quick else 1
    cores = sorted({1, 2, os.cpu_count() or 1})
    print(f"{os.cpu_count()} cores; worker counts {cores}")

    seasons = 1000 // scale
    one = baseline("extraliga-all-stars", list(EXTRALIGA_BOTS), 600 // scale)
    lines = sweep_lines(cores, SWEEP_CHUNK, seasons)
    tables = VARIANTS + 1
    report(
        f"draftdeck sweep, Extraliga, {tables} tables x {SWEEP_CHUNK} and {seasons} seasons, "
        f"LocalCluster, tasks of {SWEEP_CHUNK}",
        lines,
        one,
        SWEEP_CHUNK,
        tables * 3000,
    )
    one = baseline("disaster-draft", ["greedy", "random"], 2000 // scale)
    games = 5000 // scale
    lines = simulate_lines(cores, CHUNK, games)
    report(
        f"draftdeck simulate, Disaster Draft, {CHUNK} and {games} games, --jobs, tasks of {CHUNK}",
        lines,
        one,
        CHUNK,
        8000,
    )
    two = next((line for line in lines if line.workers == 2), None)
    if two is not None:
        full = games
        print(
            f" {full} games: --jobs 2 {lines[0].at(full) / two.at(full):.2f}x as fast as "
            "--jobs 1, whole command (target >= 1.9x)"
        )


if __name__ == "__main__":
    main()
