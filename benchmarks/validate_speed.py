"""How long `draftdeck validate` takes, as a ratio to `python -c "import yaml, jsonschema"`.

Both commands run as whole processes, alternating A B A B so that drift in
the machine's speed hits both alike; the ratio of each pair is kept and the
median is reported. Bytecode is compiled first, as an installed package has
it. Target (issue 2): ratio at most 1.5.

    python benchmarks/validate_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = [sys.executable, "-c", "import yaml, jsonschema"]
SCRIPT = Path(sys.executable).with_name("draftdeck")
VALIDATE = (
    [str(SCRIPT), "validate"]
    if SCRIPT.exists()
    else [sys.executable, "-m", "generator", "validate"]
)
"""The installed console script, as users run it."""


def wall(command: list[str]) -> float:
    """Seconds one run of `command` takes, its output discarded."""
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    """Print the median times and the median ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    runs = parser.parse_args().runs
    compileall.compile_dir(ROOT / "generator", quiet=1)
    wall(VALIDATE), wall(BASELINE)  # warm the file cache
    pairs = [(wall(VALIDATE), wall(BASELINE)) for _ in range(runs)]
    validate = statistics.median(a for a, _ in pairs)
    baseline = statistics.median(b for _, b in pairs)
    ratio = statistics.median(a / b for a, b in pairs)
    print(f"runs: {runs} pairs")
    print(f"import yaml, jsonschema: median {baseline * 1000:.1f} ms")
    print(f"draftdeck validate:      median {validate * 1000:.1f} ms")
    print(f"ratio validate/baseline: median {ratio:.2f} (target <= 1.50)")


if __name__ == "__main__":
    main()
