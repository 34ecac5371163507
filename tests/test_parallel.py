"""Forked workers: results in order, errors carried back, no process left behind."""

from __future__ import annotations

import os
import signal

import pytest

from generator.errors import DraftdeckError
from generator.parallel import Background, RemoteTraceback, WorkerDied, fork_map


def _square_and_pid(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


def _fails_on_five(n: int) -> int:
    if n == 5:
        raise ValueError(f"no fives ({n})")
    return n


def _killed_on_three(n: int) -> int:
    if n == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return n


def _unpicklable(n: int) -> object:
    return lambda: n


def _no_children_left() -> bool:
    try:
        os.waitpid(-1, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def test_results_come_back_in_order_from_every_worker() -> None:
    done: list[int] = []
    results = fork_map(_square_and_pid, range(7), jobs=3, progress=lambda: done.append(1))
    assert [square for square, _ in results] == [n * n for n in range(7)]
    assert len({pid for _, pid in results}) == 3
    assert os.getpid() not in {pid for _, pid in results}
    assert len(done) == 7
    assert _no_children_left()


def test_one_job_runs_in_this_process() -> None:
    assert {pid for _, pid in fork_map(_square_and_pid, range(3), jobs=1)} == {os.getpid()}


def test_a_workers_exception_is_raised_with_its_traceback() -> None:
    with pytest.raises(ValueError, match=r"no fives \(5\)") as raised:
        fork_map(_fails_on_five, range(8), jobs=2)
    cause = raised.value.__cause__
    assert isinstance(cause, RemoteTraceback)
    assert "_fails_on_five" in str(cause)
    assert _no_children_left()


def test_a_killed_worker_is_reported_as_a_message_not_a_traceback() -> None:
    with pytest.raises(WorkerDied, match="killed by signal 9") as raised:
        fork_map(_killed_on_three, range(6), jobs=2)
    assert isinstance(raised.value, DraftdeckError)  # the CLI prints it and exits 1
    assert _no_children_left()


def test_a_result_that_cannot_travel_is_reported() -> None:
    with pytest.raises(RuntimeError, match="cannot be sent back"):
        fork_map(_unpicklable, range(2), jobs=2)
    assert _no_children_left()


def test_background_gives_the_value_or_the_error() -> None:
    assert Background(_square_and_pid, 4).result()[0] == 16
    with pytest.raises(ValueError, match="no fives"):
        Background(_fails_on_five, 5).result()
    Background(_square_and_pid, 1).cancel()
    assert _no_children_left()
