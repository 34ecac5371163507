"""How long `draftdeck summary` takes for three languages, against a minimal ReportLab script.

Whole processes, alternating A B A B, bytecode compiled first. Prints the
medians and the median ratio (target: at most 1.5).

    python benchmarks/summary_speed.py [--runs N]
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
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    compileall.compile_dir(ROOT / "generator", quiet=1)
    work = Path(tempfile.mkdtemp(prefix="draftdeck-summary-"))
    summary = [str(SCRIPT), "summary", "--edition", "2025", "--out", str(work / "dd")]
    minimal = [sys.executable, str(ROOT / "benchmarks" / "minimal_summary.py"), str(work / "min")]
    try:
        wall(summary), wall(minimal)
        pairs = [(wall(summary), wall(minimal)) for _ in range(runs)]
    finally:
        shutil.rmtree(work)
    print(f"runs: {runs} pairs; 2025 summary, de+fr+en, A4 PDF")
    print(f"minimal ReportLab script: median {statistics.median(b for _, b in pairs):.2f} s")
    print(f"draftdeck summary:        median {statistics.median(a for a, _ in pairs):.2f} s")
    print(
        f"ratio summary/minimal:    median {statistics.median(a / b for a, b in pairs):.2f} (target <= 1.50)"
    )


if __name__ == "__main__":
    main()
