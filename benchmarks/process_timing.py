"""Timing whole commands in pairs, for the benchmarks that compare against a baseline.

The two commands alternate A B A B so that drift in the machine's speed hits
both alike; the ratio of each pair is kept and the median reported. Bytecode
is compiled first, as an installed package has it.
"""

from __future__ import annotations

import compileall
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(sys.executable).with_name("draftdeck")
"""The installed console script, as users run it."""


def wall(command: list[str]) -> float:
    """Seconds one run of `command` takes, its output discarded."""
    start = time.perf_counter()
    subprocess.run(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
    )
    return time.perf_counter() - start


@dataclass(frozen=True)
class Paired:
    """Medians of `runs` alternating runs of a command and its baseline."""

    runs: int
    command: float
    baseline: float
    ratio: float
    """The median of the per-pair ratios command/baseline."""


def paired(command: list[str], baseline: list[str], runs: int) -> Paired:
    """Warm both up once, then time `runs` alternating pairs."""
    compileall.compile_dir(ROOT / "generator", quiet=1)
    wall(command), wall(baseline)  # warm the file cache
    pairs = [(wall(command), wall(baseline)) for _ in range(runs)]
    return Paired(
        runs,
        statistics.median(a for a, _ in pairs),
        statistics.median(b for _, b in pairs),
        statistics.median(a / b for a, b in pairs),
    )


def compile_seconds(script: str) -> tuple[float, float]:
    """What `script` prints (the seconds it timed) when run in a new process with an empty
    cache of compiled kernels, then again with the cache the first run left."""
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as cache:
        environment = {**os.environ, "NUMBA_CACHE_DIR": cache}
        cold, warm = (
            float(
                subprocess.run(
                    [sys.executable, "-c", script],
                    env=environment,
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
            )
            for _ in range(2)
        )
    return cold, warm
