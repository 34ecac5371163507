"""A sweep on a cluster started by hand, as a studio runs one: a scheduler and worker
processes of its own. Two variants keep four workers busy, and the figures are the ones a
cluster draftdeck starts itself gives."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from tests.conftest import copy_game

SWEEP = """\
game: all-star-draft
data: data
players: 4
games: 100
seed: 3
bots: [greedy, random]
variants:
  - name: polarena pays last
    edits:
      - {file: editions/2025/arenas.yaml, path: arenas/polarena-3/fans/5, value: 20}
"""
WORKERS = 4


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[str]:
    """The address of a scheduler with four one-thread worker processes, stopped after."""
    dask = str(Path(sys.executable).with_name("dask"))
    address_file = tmp_path / "scheduler.json"
    common = ["--no-dashboard"]
    scheduler = subprocess.Popen(
        [dask, "scheduler", "--host", "127.0.0.1", "--port", "0",
         "--scheduler-file", str(address_file), *common],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    workers = None
    try:
        _wait_for(address_file.exists, "the scheduler's address")
        workers = subprocess.Popen(
            [dask, "worker", "--scheduler-file", str(address_file), "--nworkers",
             str(WORKERS), "--nthreads", "1", *common],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        address = json.loads(address_file.read_text("utf-8"))["address"]
        _wait_for(lambda: len(_executed(address)) == WORKERS, "the workers")
        yield address
    finally:
        for process in (workers, scheduler):
            if process is not None:
                process.terminate()
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()


def _wait_for(ready: object, what: str) -> None:
    deadline = time.monotonic() + 60
    while not ready():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"{what} did not come up"
        time.sleep(0.2)


def _executed(address: str) -> dict[str, int]:
    """The tasks each worker of the cluster has run."""
    from distributed import Client

    with Client(address, timeout="10s") as client:  # type: ignore[no-untyped-call]
        counts: dict[str, int] = client.run(lambda dask_worker: dask_worker.state.executed_count)
        return counts


@pytest.mark.slow
@pytest.mark.processes
def test_two_variants_keep_four_workers_busy_with_a_local_clusters_figures(
    tmp_path: Path, cluster: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy_game(tmp_path, "all-star-draft")
    (tmp_path / "sweep.yaml").write_text(SWEEP, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    before = _executed(cluster)
    by_hand = runner.invoke(app, ["sweep", "sweep.yaml", "--scheduler", cluster, "--out", "hand"])
    assert by_hand.exit_code == 0, by_hand.output
    ran = {worker: count - before[worker] for worker, count in _executed(cluster).items()}
    # The base and one variant, 100 games each in tasks of 25: eight tasks on four workers.
    assert sum(ran.values()) == 8 and all(count >= 1 for count in ran.values()), ran

    local = runner.invoke(app, ["sweep", "sweep.yaml", "--workers", "2", "--out", "local"])
    assert local.exit_code == 0, local.output
    reports = [
        json.loads((tmp_path / out / "all-star-draft/sweep/sweep.json").read_text("utf-8"))
        for out in ("hand", "local")
    ]
    assert reports[0]["base"] == reports[1]["base"]
    assert reports[0]["variants"] == reports[1]["variants"]
