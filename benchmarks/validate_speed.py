"""How long `draftdeck validate` takes, as a ratio to `python -c "import yaml, jsonschema"`.

Both commands run as whole processes, alternating (see process_timing.py);
the median of the per-pair ratios is reported. Target (issue 2): ratio at
most 1.5.

    python benchmarks/validate_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import sys

from process_timing import SCRIPT, paired

BASELINE = [sys.executable, "-c", "import yaml, jsonschema"]
VALIDATE = (
    [str(SCRIPT), "validate"]
    if SCRIPT.exists()
    else [sys.executable, "-m", "generator", "validate"]
)


def main() -> None:
    """Print the median times and the median ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    timed = paired(VALIDATE, BASELINE, parser.parse_args().runs)
    print(f"runs: {timed.runs} pairs")
    print(f"import yaml, jsonschema: median {timed.baseline * 1000:.1f} ms")
    print(f"draftdeck validate:      median {timed.command * 1000:.1f} ms")
    print(f"ratio validate/baseline: median {timed.ratio:.2f} (target <= 1.50)")


if __name__ == "__main__":
    main()
