"""A sweep of 20 variants x 1,000 Extraliga seasons on a 2-worker LocalCluster, against one process.

The sweep is `draftdeck sweep` run as a user runs it (a new process, its
variants checked, a Dask cluster of two processes started, every variant
played and the report written), with an empty cache. The baseline, in the
same run, is the base's 1,000 seasons played on one process without Dask;
the sweep's ideal on two workers is 21 times that, halved. The
target: the sweep in under 2 minutes.

    python benchmarks/sweep_speed.py [--games N]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playing import EXTRALIGA_BOTS, extraliga_sweep, table

from generator.play.simulation import play_figures

VARIANTS = 20


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    games = parser.parse_args().games
    baseline = _one_process(games)
    with tempfile.TemporaryDirectory() as folder:
        sweep = Path(folder) / "sweep.yaml"
        sweep.write_text(extraliga_sweep(games, VARIANTS), encoding="utf-8")
        command = Path(sys.executable).with_name("draftdeck")
        start = time.perf_counter()
        subprocess.run(
            [str(command), "sweep", str(sweep), "--workers", "2", "--out", folder],
            check=True,
            capture_output=True,
        )
        seconds = time.perf_counter() - start
    ideal = baseline * (VARIANTS + 1) / 2
    print(
        f"baseline: the base's {games} seasons on one process in {baseline:.1f} s "
        f"({games / baseline:.0f} seasons/s)"
    )
    print(
        f"draftdeck sweep, {VARIANTS} variants + the base x {games} seasons, 2-worker "
        f"LocalCluster: {seconds:.1f} s (target: under 120 s); {ideal / seconds:.0%} of the "
        f"ideal {ideal:.1f} s of two processes playing without overhead"
    )


def _one_process(games: int) -> float:
    seated = table("extraliga-all-stars", list(EXTRALIGA_BOTS))
    play_figures(seated, range(1, 3))  # warm up
    start = time.perf_counter()
    play_figures(seated, range(1, games + 1))
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
