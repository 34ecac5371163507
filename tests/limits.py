"""Running draftdeck as a user runs it, in a process of its own held to a memory limit and a
time limit, for inputs that once exhausted one or the other."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

MEMORY = 2 * 1024**3
"""The address space a hostile input's command may use (bytes)."""
SECONDS = 120
"""How long it may run."""


def _limited() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def draftdeck(*args: str, cwd: Path, memory: bool = True) -> subprocess.CompletedProcess[str]:
    """Run `draftdeck ARGS` in `cwd` with its output captured, under the limits."""
    command = [sys.executable, "-c", "from generator.cli.app import main; main()", *args]
    environment = {**os.environ, "COLUMNS": "200", "PYTHONWARNINGS": "ignore"}
    return subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=SECONDS,
        env=environment,
        preexec_fn=_limited if memory else None,
        check=False,
    )
