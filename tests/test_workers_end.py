"""No worker outlives the command that started it, whatever ends the command; Ctrl-C, SIGINT or
SIGTERM stop a run with a message and exit 130."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from tests.conftest import copy_game

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals"),
    pytest.mark.processes,
]

LONG_RUN = ["simulate", "--game", "all-star-draft", "--games", "100000", "--bots", "random"]


@pytest.fixture
def started(tmp_path: Path) -> Iterator[list[subprocess.Popen[str]]]:
    """The runs a test starts, killed afterwards with everything they started if a test
    failed before they ended."""
    runs: list[subprocess.Popen[str]] = []
    yield runs
    for run in runs:
        if run.poll() is None:
            for process in [*_descendants(run.pid), psutil.Process(run.pid)]:
                process.kill()
            run.wait()


def _start(
    runs: list[subprocess.Popen[str]], tmp_path: Path, *options: str
) -> tuple[subprocess.Popen[str], list[psutil.Process]]:
    """A long simulation in a folder of its own, and its worker processes once they run."""
    copy_game(tmp_path, "all-star-draft")
    command = str(Path(sys.executable).with_name("draftdeck"))
    parent = subprocess.Popen(
        [command, *LONG_RUN, *options],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    runs.append(parent)
    wanted = (
        3 if "--scheduler" in options else 2
    )  # and the resource tracker of Dask's spawned workers
    deadline = time.monotonic() + 90
    workers: list[psutil.Process] = []
    while time.monotonic() < deadline and parent.poll() is None:
        workers = _descendants(parent.pid)
        if len(workers) >= wanted:
            time.sleep(1.0)  # let them get to work
            return parent, _descendants(parent.pid)
        time.sleep(0.2)
    parent.kill()
    raise AssertionError(f"the workers did not start: {parent.communicate()}")


def _descendants(pid: int) -> list[psutil.Process]:
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def _all_gone(workers: list[psutil.Process], seconds: float = 15) -> list[int]:
    """The workers still running after `seconds` (none, if they all ended)."""
    _, alive = psutil.wait_procs(workers, timeout=seconds)
    for process in alive:
        process.kill()
    return [p.pid for p in alive]


@pytest.mark.parametrize("sent", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_to_the_parent_stops_the_run_and_its_workers(
    started: list[subprocess.Popen[str]], tmp_path: Path, sent: signal.Signals
) -> None:
    parent, workers = _start(started, tmp_path, "--jobs", "2")
    parent.send_signal(sent)
    _, errors = parent.communicate(timeout=30)
    assert parent.returncode == 130, errors
    assert "stopped" in errors and "Traceback" not in errors
    assert _all_gone(workers) == []


def test_a_killed_parent_leaves_no_worker(
    started: list[subprocess.Popen[str]], tmp_path: Path
) -> None:
    parent, workers = _start(started, tmp_path, "--jobs", "2")
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait(timeout=30)
    assert _all_gone(workers) == []


def test_a_dask_cluster_started_for_the_run_ends_with_it(
    started: list[subprocess.Popen[str]], tmp_path: Path
) -> None:
    """Killed, the parent can do nothing: the workers see it gone and end themselves."""
    parent, workers = _start(started, tmp_path, "--jobs", "2", "--scheduler", "local")
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait(timeout=60)
    assert _all_gone(workers) == []


@pytest.mark.slow
def test_a_cluster_killed_during_play_leaves_draftdecks_message_alone(
    started: list[subprocess.Popen[str]], tmp_path: Path
) -> None:
    """Its workers and their resource tracker killed, the run ends with draftdeck's message:
    no traceback of the run, of Dask's log or of a tracker started again."""
    parent, workers = _start(started, tmp_path, "--jobs", "2", "--scheduler", "local")
    for process in workers:
        process.kill()
    _, errors = parent.communicate(timeout=60)
    assert parent.returncode == 1, errors
    shown = [line for line in errors.splitlines() if not line.startswith(("simulat", "playing"))]
    assert shown == [
        "error: the Dask workers stopped before the work was done (the cluster lost them); "
        "nothing of it was written: run the command again"
    ], errors


@pytest.mark.slow
def test_a_signal_at_any_moment_of_start_up_stops_the_run_cleanly(tmp_path: Path) -> None:
    """SIGTERM from the first tenth of a second on, SIGINT once Python is up: while the data
    loads, while the workers start, while they play. Each stops the run without a traceback
    (exit 130, or killed outright before draftdeck had begun) and leaves no worker."""
    copy_game(tmp_path, "all-star-draft")
    command = str(Path(sys.executable).with_name("draftdeck"))
    moments = [0.1 + 0.3 * n for n in range(8)]
    for number, moment in enumerate(moments):
        sent = signal.SIGTERM if number % 2 == 0 or moment < 0.5 else signal.SIGINT
        run = subprocess.Popen(
            [command, *LONG_RUN, "--jobs", "2"],
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(moment)
        workers = _descendants(run.pid)
        run.send_signal(sent)
        _, errors = run.communicate(timeout=60)
        assert run.returncode in (130, -sent), (moment, sent.name, errors)
        assert "Traceback" not in errors and "Exception ignored" not in errors, (moment, errors)
        assert _all_gone(workers) == [], moment
