"""Pieces of work on a Dask cluster, behind the same pool interface as local workers.

`dask_workers(state, size, scheduler)` connects to the scheduler a studio
already runs (`tcp://HOST:PORT`), or starts a cluster of `size` processes on
this machine (`local`) that ends with the command. The state is sent to
every worker once (scattered); each task is `function(state, item)`, so the
same functions run locally and on the cluster. Workers of a cluster started
here watch this process and end when it is gone, whatever ended it; the
workers of a cluster the studio runs are theirs, and are left running.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

from generator.core.errors import InputError, UsageError

T = TypeVar("T")
R = TypeVar("R")
S = TypeVar("S")

LOCAL = "local"
"""The scheduler name for a cluster of this machine's processes, started for the command."""
HANDSHAKE = 0.5
"""Seconds beyond the connect timeout a scheduler's handshake is given."""
CONNECT_TIMEOUT = "10s"
"""How long to try to reach a scheduler, unless Dask's configuration says otherwise
(`draftdeck.connect-timeout`, e.g. DASK_DRAFTDECK__CONNECT_TIMEOUT=30s)."""


class ClusterError(InputError):
    """The Dask scheduler cannot be reached or used."""


class DaskWorkers(Generic[S]):
    """The workers of a Dask cluster, holding one state."""

    def __init__(self, client: Any, state: Any, size: int) -> None:
        self.client, self._state, self.size = client, state, size

    def submit(self, function: Callable[[S, T], R], item: T) -> Any:
        """Start one piece of work on the cluster."""
        return self.client.submit(function, self._state, item, pure=False)

    def completed(self, futures: Iterable[Any]) -> Iterator[Any]:
        """The futures as they finish."""
        from distributed import as_completed

        yield from as_completed(list(futures))


def require_dask() -> None:
    """Refuse, saying what to install, where Dask is missing (draftdeck without `play`)."""
    import importlib.util

    if importlib.util.find_spec("distributed") is None:
        raise UsageError(
            "this runs on a Dask cluster, which draftdeck's light install leaves out: "
            "pip install 'draftdeck[play]' adds Dask and compiled kernels (simulate without "
            "--scheduler plays on this machine's cores without it)"
        )


def connect(scheduler: str) -> Any:
    """A client of the scheduler at `scheduler`, or a ClusterError within the connect timeout:
    an address that cannot be, a refused connection (at once), and a listener that is not a
    Dask scheduler (silent, or answering something else) are all told apart."""
    import dask
    from dask.utils import parse_timedelta
    from distributed import Client
    from distributed.comm.addressing import parse_address, parse_host_port

    timeout = float(parse_timedelta(dask.config.get("draftdeck.connect-timeout", CONNECT_TIMEOUT)))
    try:
        protocol, location = parse_address(scheduler)
        host, port = parse_host_port(location) if protocol in ("tcp", "tls") else (None, None)
    except (ValueError, TypeError) as error:
        raise ClusterError(_unreachable(scheduler, f"not an address: {error}")) from None
    if port is not None and not 0 < int(port) < 65536:
        raise ClusterError(_unreachable(scheduler, f"port {port} cannot be: ports are 1 to 65535"))
    if host is not None and port is not None:
        try:
            socket.create_connection((host, int(port)), timeout=timeout).close()
        except OSError as error:
            raise ClusterError(_unreachable(scheduler, error.strerror or str(error))) from None
    made: dict[str, Any] = {}

    def attempt() -> None:
        try:
            made["client"] = Client(scheduler, timeout=timeout)
        except Exception as error:  # any answer but a scheduler's is the same
            made["error"] = error

    # Dask's own timeout covers connecting, not the handshake that follows: a listener that
    # accepts and stays silent (a web server) would keep Client() waiting for ever.
    thread = threading.Thread(target=attempt, name="draftdeck-dask-connect", daemon=True)
    thread.start()
    thread.join(timeout + HANDSHAKE)
    if "client" in made:
        return made["client"]
    if "error" in made:
        failed = made["error"]
        said = str(failed) or "it answered with a message no Dask scheduler sends"
        raise ClusterError(_unreachable(scheduler, f"{type(failed).__name__}: {said}")) from None
    raise ClusterError(
        _unreachable(
            scheduler,
            f"something listens there but does not answer as a Dask scheduler within {timeout:g} s",
        )
    )


def _unreachable(scheduler: str, why: str) -> str:
    return (
        f"cannot reach the Dask scheduler at {scheduler} ({why}); start one with "
        "`dask scheduler` and its workers with `dask worker tcp://HOST:8786` "
        "(docs/simulation.md), or leave --scheduler out to use this machine"
    )


@contextmanager
def dask_workers(state: S, size: int, scheduler: str) -> Iterator[DaskWorkers[S]]:
    """A pool on the cluster at `scheduler`, or on a cluster of `size` processes of this
    machine (`local`), with `state` on every worker."""
    require_dask()
    from distributed import Client, LocalCluster

    with quiet_distributed():
        yield from _workers(state, size, scheduler, Client, LocalCluster)


def _workers(
    state: S, size: int, scheduler: str, Client: Any, LocalCluster: Any
) -> Iterator[DaskWorkers[S]]:
    cluster = None
    try:
        if scheduler == LOCAL:
            cluster = LocalCluster(
                n_workers=max(1, size),
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.CRITICAL,
            )
            client = Client(cluster)
            _watch_this_process(client)
        else:
            client = connect(scheduler)
    except ClusterError:
        raise
    except Exception as error:  # a nanny that failed to start, a port taken, a timeout...
        if cluster is not None:
            with contextlib.suppress(Exception):
                cluster.close()
        why = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        if scheduler == LOCAL:
            raise ClusterError(
                f"the Dask cluster of this machine's processes could not start ({why}); "
                "try again, or leave --scheduler out to play in this machine's own processes"
            ) from None
        raise ClusterError(_unreachable(scheduler, why)) from None
    try:
        shared = client.scatter(state, broadcast=True, hash=False)
        yield DaskWorkers(client, shared, size or len(client.scheduler_info()["workers"]))
    except Exception as error:  # what the cluster raises when its workers are gone
        if type(error).__module__.split(".")[0] not in ("distributed", "concurrent"):
            raise
        lost = "Cancelled" in type(error).__name__
        why = "the cluster lost them" if lost else f"{type(error).__name__}: {error}"
        raise ClusterError(
            f"the Dask workers stopped before the work was done ({why}); nothing of it was "
            "written: run the command again"
        ) from None
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def quiet_distributed() -> Iterator[None]:
    """Keep Dask's own log lines (a lost worker's ERROR, a bad message's CRITICAL with its
    traceback) off the terminal while draftdeck uses the cluster: draftdeck says what
    went wrong itself, once, in its words."""
    loggers = [logging.getLogger(name) for name in ("distributed", "tornado")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        with quiet_resource_tracker(), warnings.catch_warnings():
            # A local cluster's scheduler serves its health page on another port where a
            # studio's scheduler holds Dask's usual one: nothing for the user to do.
            warnings.filterwarnings("ignore", "Port .* is already in use", UserWarning)
            yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


@contextmanager
def quiet_resource_tracker() -> Iterator[None]:
    """Keep multiprocessing's resource tracker off the terminal while a local cluster runs.

    The spawned workers' locks are registered with a tracker process this process starts;
    when the tracker is killed (with the workers, say), it is started again, warns, and
    prints a traceback for every lock it is later told to forget and never knew. The
    tracker (on POSIX, where it exists) is therefore started with its standard error on
    the null device, and the parent's warning about the restart is not shown: draftdeck
    says what became of the run itself."""
    import warnings
    from multiprocessing import util

    original = getattr(util, "spawnv_passfds", None)
    if original is None or os.name != "posix":
        yield
        return

    def spawn_quietly(path: Any, args: Any, passfds: Any) -> int:
        # The child alone gets the null device as standard error: this process's own is
        # never touched, so nothing it prints meanwhile (from any thread) is lost.
        import subprocess

        child = subprocess.Popen(
            list(args),
            executable=path,
            pass_fds=tuple(sorted(map(int, passfds))),
            stderr=subprocess.DEVNULL,
            close_fds=True,
        )
        child.returncode = 0  # the tracker's own code waits for it, not this object
        return child.pid

    util.spawnv_passfds = spawn_quietly
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="resource_tracker: process died")
            yield
    finally:
        util.spawnv_passfds = original


def _watch_this_process(client: Any) -> None:
    """Have every worker of a cluster started here, and its nanny, end with this process."""
    from distributed.diagnostics.plugin import NannyPlugin, WorkerPlugin

    parent = os.getpid()

    class WorkerWatch(WorkerPlugin):
        """A worker that ends when the command that started its cluster is gone."""

        def setup(self, worker: Any) -> None:
            from generator.core.lifetime import watch_parent

            watch_parent(parent, direct=False)

    class NannyWatch(NannyPlugin):
        """A nanny that ends when the command that started its cluster is gone."""

        def setup(self, nanny: Any) -> None:
            from generator.core.lifetime import watch_parent

            watch_parent(parent, direct=False)

    client.register_plugin(WorkerWatch(), name="draftdeck-watch")
    client.register_plugin(NannyWatch(), name="draftdeck-nanny-watch")
