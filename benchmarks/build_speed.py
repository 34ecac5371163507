"""How long building the 2025 edition takes, against a minimal ReportLab script.

Both run as whole processes, alternating (see process_timing.py), on the same
A4 sheets with 3 mm bleed and duplex backs, for all three languages. Prints
the medians, the median ratio of the pairs (target: at most 1.5), and the
time of a second build with nothing changed (target: well under a second).

    python benchmarks/build_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from process_timing import ROOT, SCRIPT, paired, wall


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    work = Path(tempfile.mkdtemp(prefix="draftdeck-bench-"))
    draftdeck = [str(SCRIPT), "build", "--edition", "2025", "--paper", "a4"]
    draftdeck += ["--backs", "duplex", "--out", str(work / "dd")]
    minimal = [sys.executable, str(ROOT / "benchmarks" / "minimal_reportlab.py"), str(work / "min")]
    try:
        timed = paired([*draftdeck, "--force"], minimal, runs)
        again = statistics.median(wall(draftdeck) for _ in range(runs))
    finally:
        shutil.rmtree(work)
    print(f"runs: {runs} pairs; 2025 edition, de+fr+en, A4, duplex backs")
    print(f"minimal ReportLab script:  median {timed.baseline:.2f} s")
    print(f"draftdeck build --force:   median {timed.command:.2f} s")
    print(f"ratio build/minimal:       median {timed.ratio:.2f} (target <= 1.50)")
    print(f"second build, no change:   median {again * 1000:.0f} ms (target: well under 1 s)")


if __name__ == "__main__":
    main()
