"""How long draftdeck takes to start answering, as whole commands, against importing the
libraries every command needs (`python -c "import yaml, jsonschema, reportlab, babel"`).

Alternating pairs (see process_timing.py): `validate` of the three shipped games as a
user runs it again (its answer remembered) and with nothing remembered, and `rules match`
of the rulebook's example team without bonuses; then a first-ever run of
`rules match --bonuses` with an empty cache of compiled kernels, and the same again with
the cache it left.

    python benchmarks/start_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

from process_timing import ROOT, SCRIPT, paired

BASELINE = [sys.executable, "-c", "import yaml, jsonschema, reportlab, babel"]
TEAM = "martin-erat,vaclav-prospal,radek-dvorak,filip-hronek,frantisek-pospisil,tuukka-rask"
MATCH = [str(SCRIPT), "rules", "match", TEAM, "stand-in-opponent-03"]
TARGETS = {"validate": 1.5, "validate, nothing remembered": 3.0, "rules match": 2.5}


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    afresh = ["sh", "-c", f'DRAFTDECK_CACHE_DIR="$(mktemp -d)" exec {SCRIPT} validate']
    for name, command in (
        ("validate", [str(SCRIPT), "validate"]),
        ("validate, nothing remembered", afresh),
        ("rules match", MATCH),
    ):
        timed = paired(command, BASELINE, options.runs)
        print(
            f"{name}: {timed.command:.2f} s, baseline {timed.baseline:.2f} s (medians of "
            f"{timed.runs}), {timed.ratio:.1f}x; target {TARGETS[name]}x"
        )
    bonuses = [*MATCH, "--bonuses"]
    with tempfile.TemporaryDirectory() as cache:
        environment = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("first-ever run (empty kernel cache)", "second run (cache filled)"):
            start = time.perf_counter()
            subprocess.run(
                bonuses, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, check=True
            )
            print(f"rules match --bonuses, {label}: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
