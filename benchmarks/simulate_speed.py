"""Simulated 4-player games per second with greedy bots: one process, then two.

The one-process run is the baseline; the two-process run is reported as a
speed-up over it (targets: 2,000 games/s per core, and 10,000 games in
under 20 s on two cores). Random bots, on one process, are the floor: what a game costs when
no bot weighs anything.

    python benchmarks/simulate_speed.py [--games N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from playing import table

from generator.play.simulation import Prepared, simulate
from generator.plugins.simulation import SimulationSettings

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    games = parser.parse_args().games
    greedy, random = table("all-star-draft", ["greedy"]), table("all-star-draft", ["random"])

    def run(seated: Prepared, count: int, jobs: int) -> None:
        settings = SimulationSettings(4, count, 1, ("greedy",), "2025", None, jobs)
        simulate(seated, settings)

    run(greedy, 20, 1)  # warm up
    seconds = {}
    for jobs in (1, 2):
        start = time.perf_counter()
        run(greedy, games, jobs)
        seconds[jobs] = time.perf_counter() - start
    per_second = games / seconds[1]
    start = time.perf_counter()
    run(random, games, 1)
    floor = games / (time.perf_counter() - start)
    print(f"{games} four-player games, greedy bots, 2025 edition")
    print(
        f"one process:   {per_second:7.1f} games/s (target >= 2,000; random bots, the floor: "
        f"{floor:.1f} games/s, {floor / per_second:.2f}x greedy's speed)"
    )
    print(
        f"two processes: {games / seconds[2]:7.1f} games/s, speed-up {seconds[1] / seconds[2]:.2f}x"
    )
    print(f"{games} games on two processes: {seconds[2]:.1f} s (target: 10,000 in < 20 s)")


if __name__ == "__main__":
    main()
