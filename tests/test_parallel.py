"""Worker processes: results in order, errors carried back, a dead worker reported plainly."""

from __future__ import annotations

import os
import signal
import threading
from typing import Any

import pytest

from generator.core.errors import DraftdeckError
from generator.pools import WorkerDied, can_fork, parallel_map
from tests.spawn_helpers import spawning

needs_fork = pytest.mark.skipif(not can_fork(), reason="workers are spawned here")
pytestmark = pytest.mark.processes


@pytest.fixture(params=["forked", "spawned"])
def started(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Workers forked (where the platform allows) or spawned, as on macOS and Windows; for
    spawned ones, whether each pool's state could be sent to them."""
    if request.param == "forked":
        if not can_fork():
            pytest.skip("no fork here")
        return []
    return spawning(monkeypatch)


def _square_and_pid(offset: int, n: int) -> tuple[int, int]:
    return n * n + offset, os.getpid()


def _fails_on_five(_: None, n: int) -> int:
    if n == 5:
        raise ValueError(f"no fives ({n})")
    return n


def _killed_on_three(_: None, n: int) -> int:
    if n == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return n


def test_results_come_back_in_order_and_the_state_is_inherited(started: list[bool]) -> None:
    done: list[int] = []
    results = parallel_map(_square_and_pid, 100, range(7), jobs=3, progress=lambda: done.append(1))
    assert [value for value, _ in results] == [n * n + 100 for n in range(7)]
    assert os.getpid() not in {pid for _, pid in results}
    assert len(done) == 7
    assert started in ([], [True])


def test_one_job_runs_in_this_process() -> None:
    results = parallel_map(_square_and_pid, 0, range(3), jobs=1)
    assert {pid for _, pid in results} == {os.getpid()}


def test_a_workers_exception_is_raised_with_its_traceback(started: list[bool]) -> None:
    with pytest.raises(ValueError, match=r"no fives \(5\)") as raised:
        parallel_map(_fails_on_five, None, range(8), jobs=2)
    assert "_fails_on_five" in str(raised.value.__cause__)


def test_a_killed_worker_is_reported_as_a_message_not_a_traceback(started: list[bool]) -> None:
    with pytest.raises(WorkerDied, match="a worker process ended early") as raised:
        parallel_map(_killed_on_three, None, range(6), jobs=2)
    assert isinstance(raised.value, DraftdeckError)  # the CLI prints it and exits 1


def _sleeps(_: None, seconds: float) -> float:
    import time

    time.sleep(seconds)
    return seconds


@needs_fork
def test_a_stopped_pool_has_ended_its_manager_thread_when_stop_returns() -> None:
    """The interpreter's exit hook writes to the wake-up pipe of a pool's manager thread; while
    that thread is still closing the pipe the write fails ('Bad file descriptor', printed after
    SIGTERM). Stopping a pool returns only once the thread is done."""
    from generator.pools.local import local_workers

    with pytest.raises(KeyboardInterrupt), local_workers(None, 2) as pool:
        assert pool.submit(_sleeps, 5.0) and pool.submit(_sleeps, 5.0)
        executor: Any = pool._pool
        thread = executor._executor_manager_thread  # the standard library's own
        manager: threading.Thread = thread
        raise KeyboardInterrupt
    assert manager is not None and not manager.is_alive()
