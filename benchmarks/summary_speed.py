"""How long `draftdeck summary` takes for three languages, against a minimal ReportLab script.

Whole processes, alternating (see process_timing.py). The minimal script lays
out the same words, which it reads from the Markdown summaries written here
before the timed runs. Prints the medians and the median ratio (target: at
most 1.5).

    python benchmarks/summary_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from process_timing import ROOT, SCRIPT, paired


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    work = Path(tempfile.mkdtemp(prefix="draftdeck-summary-"))
    summary = [str(SCRIPT), "summary", "--edition", "2025", "--out", str(work / "dd")]
    words = [*summary[:-1], str(work / "md"), "--format", "md"]
    minimal = [
        sys.executable,
        str(ROOT / "benchmarks" / "minimal_summary.py"),
        str(work / "md"),
        str(work / "min"),
    ]
    try:
        subprocess.run(words, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
        timed = paired(summary, minimal, runs)
    finally:
        shutil.rmtree(work)
    print(f"runs: {runs} pairs; 2025 summary, de+fr+en, A4 PDF")
    print(f"minimal ReportLab script: median {timed.baseline:.2f} s")
    print(f"draftdeck summary:        median {timed.command:.2f} s")
    print(f"ratio summary/minimal:    median {timed.ratio:.2f} (target <= 1.50)")


if __name__ == "__main__":
    main()
