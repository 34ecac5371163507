"""How long building the 2025 edition takes, against a minimal ReportLab script.

Both run as whole processes, alternating, on the same A4 sheets with 3 mm
bleed and duplex backs, for all three languages; bytecode is compiled first,
as an installed package has it. Prints the medians, the
median ratio of the pairs (target: at most 1.5), and the time of a second
build with nothing changed (target: well under a second).

    python benchmarks/build_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import compileall
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(sys.executable).with_name("draftdeck")


def wall(command: list[str]) -> float:
    """Seconds one run takes, output discarded."""
    start = time.perf_counter()
    subprocess.run(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
    )
    return time.perf_counter() - start


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    compileall.compile_dir(ROOT / "generator", quiet=1)  # as an installed package has it
    work = Path(tempfile.mkdtemp(prefix="draftdeck-bench-"))
    draftdeck = [
        str(SCRIPT),
        "build",
        "--edition",
        "2025",
        "--paper",
        "a4",
        "--backs",
        "duplex",
        "--out",
        str(work / "dd"),
    ]
    minimal = [sys.executable, str(ROOT / "benchmarks" / "minimal_reportlab.py"), str(work / "min")]
    try:
        wall([*draftdeck, "--force"]), wall(minimal)  # warm caches
        pairs = [(wall([*draftdeck, "--force"]), wall(minimal)) for _ in range(runs)]
        again = statistics.median(wall(draftdeck) for _ in range(runs))
    finally:
        shutil.rmtree(work)
    build = statistics.median(a for a, _ in pairs)
    base = statistics.median(b for _, b in pairs)
    ratio = statistics.median(a / b for a, b in pairs)
    print(f"runs: {runs} pairs; 2025 edition, de+fr+en, A4, duplex backs")
    print(f"minimal ReportLab script:  median {base:.2f} s")
    print(f"draftdeck build --force:   median {build:.2f} s")
    print(f"ratio build/minimal:       median {ratio:.2f} (target <= 1.50)")
    print(f"second build, no change:   median {again * 1000:.0f} ms (target: well under 1 s)")


if __name__ == "__main__":
    main()
