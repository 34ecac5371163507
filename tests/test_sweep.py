"""`draftdeck sweep`: variants played against the base on a Dask cluster, cached, and refused
with a located error when the sweep file or the data it makes is wrong."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.play.sweeps.spec import read_sweep
from tests.conftest import copy_game

ARENAS = "editions/2025/arenas.yaml"
SWEEP = f"""\
game: all-star-draft
data: data
players: 4
games: 20
seed: 1
bots: [greedy, random]
variants:
  - name: combo
    edits:
      - {{file: {ARENAS}, path: arenas/combo-stadium-1/fans/0, range: {{from: -5, to: 5, step: 5}}}}
  - name: polarena pays last
    edits:
      - {{file: {ARENAS}, path: arenas/polarena-3/fans/5, value: 20}}
"""


@pytest.fixture
def sweep_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a copy of All-Star Draft's pack and a sweep file, the working folder."""
    copy_game(tmp_path, "all-star-draft")
    (tmp_path / "sweep.yaml").write_text(SWEEP, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.processes
def test_a_sweep_plays_each_variant_with_the_bases_seeds_on_a_local_cluster(
    sweep_folder: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = runner.invoke(app, ["sweep", "sweep.yaml", "--workers", "2"])
    assert result.exit_code == 0, result.output
    report = json.loads(Path("output/all-star-draft/sweep/sweep.json").read_text("utf-8"))
    assert Path("output/all-star-draft/sweep/sweep.pdf").read_bytes().startswith(b"%PDF")
    names = {v["name"] for v in report["variants"]}
    assert names == {"combo -5", "combo +5", "polarena pays last"}
    combo = next(v for v in report["variants"] if v["name"] == "combo +5")
    assert combo["edits"] == [
        {"file": ARENAS, "path": "arenas/combo-stadium-1/fans/0", "before": 21, "after": 26}
    ]
    figure = combo["figures"]["fans, seat 1"]
    low, high = figure["ci95"]
    assert low <= figure["change"] <= high and 0 <= figure["q_value"] <= 1
    assert figure["detectable"] > 0 and "fans, bot greedy" in combo["figures"]
    significant = [v["significant"] for v in report["variants"]]
    assert significant == sorted(significant, reverse=True)
    assert report["verdict"] in result.output
    for figure, moves in report["by_figure"].items():
        changes = [abs(m["change"]) for m in moves]
        assert changes == sorted(changes, reverse=True), figure

    # The base is what `simulate` plays with the same seeds, with the same intervals.
    simulated = runner.invoke(
        app,
        ["simulate", "--game", "all-star-draft", "--games", "20", "--seed", "1",
         "--bots", "greedy,random", "--jobs", "1"],
    )  # fmt: skip
    assert simulated.exit_code == 0, simulated.output
    plain = json.loads(
        Path(
            "output/all-star-draft/simulation/2025-4p-greedy-random-seed1-20games.json"
        ).read_text()
    )
    for seat in plain["win_rate_by_seat"]:
        base = report["base"]["figures"][f"win rate, seat {seat['seat']}"]
        assert base["mean"] == pytest.approx(seat["rate"], abs=1e-4)
        assert base["ci95"] == pytest.approx(seat["ci95"], abs=1e-4)

    # Run again: every variant comes from the cache, and the report is the same.
    again = runner.invoke(app, ["sweep", "sweep.yaml", "--workers", "2"])
    assert again.exit_code == 0, again.output
    assert "4 variant(s) cached, 0 to play" in again.output
    second = json.loads(Path("output/all-star-draft/sweep/sweep.json").read_text("utf-8"))
    assert all(v["cached"] for v in second["variants"])
    assert [v["figures"] for v in second["variants"]] == [v["figures"] for v in report["variants"]]

    # An entry that does not check out is played again, never trusted.
    entries = sorted(Path("output/all-star-draft/sweep/cache").glob("*.json"))
    assert len(entries) == 4
    stored = json.loads(entries[0].read_text("utf-8"))
    stored["figures"]["fans, seat 1"][0] += 100
    entries[0].write_text(json.dumps(stored), "utf-8")
    third = runner.invoke(app, ["sweep", "sweep.yaml", "--workers", "2"])
    assert third.exit_code == 0, third.output
    assert "3 variant(s) cached, 1 to play" in third.output

    # A change to the code that plays (a bot, a kernel) plays everything again, the base too.
    monkeypatch.setattr("generator.play.sweeps.code_digest", lambda module: "other code")
    fourth = runner.invoke(app, ["sweep", "sweep.yaml", "--workers", "2"])
    assert fourth.exit_code == 0, fourth.output
    assert "cached" not in fourth.output


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda s: s["figures"]["fans, seat 1"].__setitem__(0, "many"),
        lambda s: s["figures"]["fans, seat 1"].__setitem__(0, float("nan")),
        lambda s: s["figures"].pop("fans, seat 1"),
        lambda s: s["figures"].__setitem__("fans, seat 1", [1.0]),
        lambda s: s.pop("checksum"),
        lambda s: s["figures"]["fans, seat 1"].__setitem__(0, 999.0),
    ],
    ids=["a string", "NaN", "a missing figure", "too few games", "no checksum", "edited"],
)
def test_a_cache_entry_that_does_not_check_out_is_missing(
    tmp_path: Path, corrupt: Callable[[dict[str, Any]], object]
) -> None:
    from generator.play.sweeps.cache import read_entry, write_entry

    figures = {"fans, seat 1": [10.0, 12.0], "win rate, seat 1": [1.0, 0.0]}
    entry = tmp_path / "entry.json"
    write_entry(entry, "base", "digest", figures)
    assert read_entry(entry, 2, figures) == figures
    stored = json.loads(entry.read_text("utf-8"))
    corrupt(stored)
    entry.write_text(json.dumps(stored), "utf-8")
    assert read_entry(entry, 2, figures) is None


def test_the_cache_key_follows_the_code_that_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator.play.sweeps.cache import code_digest

    package = tmp_path / "sweepgame"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "bots.py").write_text("LOOK_AHEAD = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    code_digest.cache_clear()
    before = code_digest("sweepgame.simulation:SIMULATION")
    (package / "bots.py").write_text("LOOK_AHEAD = 2\n")
    code_digest.cache_clear()
    assert code_digest("sweepgame.simulation:SIMULATION") != before
    code_digest.cache_clear()


@pytest.mark.processes
@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "arenas/polarena-3/fans/5",
            "arenas/polarena-9/fans/5",
            "sweep.yaml:13:43: error: editions/2025/arenas.yaml: arenas has no item 'polarena-9'",
        ),
        (
            "value: 20",
            "value: -20",
            "sweep.yaml:13:75: error: the variant 'polarena pays last' makes data the game "
            "refuses: editions/2025/arenas.yaml: item 6 of fans is -20, must be at least 0",
        ),
        (
            "from: -5, to: 5",
            "from: 5, to: -5",
            "sweep.yaml:10:97: error: the range goes from 5 to -5",
        ),
        ("file: editions/2025/arenas.yaml, path: arenas/polarena", "file: arenas.yaml, path: arenas/polarena", "the pack all-star-draft has no data file arenas.yaml"),
        ("games: 20", "games: 0", "sweep.yaml:4:1: error: 'games' is 0, must be at least 1"),
        ("game: all-star-draft", "game: hockey", "sweep.yaml:1:1: error: data has no game 'hockey'"),
        ("bots: [greedy, random]", "bots: [greedy, clever]", "sweep.yaml:6:1: error: unknown bot clever"),
        ("- name: polarena pays last", "- name: combo +5", "two variants are called 'combo +5'"),
    ],
)  # fmt: skip
def test_a_wrong_sweep_file_is_a_located_error_and_writes_nothing(
    sweep_folder: Path, runner: CliRunner, old: str, new: str, expected: str
) -> None:
    text = SWEEP.replace(old, new)
    assert text != SWEEP
    Path("sweep.yaml").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["sweep", "sweep.yaml", "--workers", "2"])
    assert result.exit_code == 1, result.output
    assert expected in result.output, result.output
    assert "hint:" in result.output
    assert "Traceback" not in result.output
    assert not Path("output").exists()


class Listener:
    """A TCP server on localhost that is not a Dask scheduler: silent, or answering junk."""

    def __init__(self, answer: bytes) -> None:
        import socket
        import threading

        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen()
        self.port = self.server.getsockname()[1]
        self.answer = answer
        self.held: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            self.held.append(client)
            if self.answer:
                client.sendall(self.answer)

    def close(self) -> None:
        for client in self.held:
            client.close()
        self.server.close()


def _framed(payload: bytes) -> bytes:
    """One message as Dask's TCP comm frames it (a length, the frame count, each frame's
    length, the frames), whose payload is what the test makes it."""
    import struct

    body = struct.pack("<Q", 1) + struct.pack("<Q", len(payload)) + payload
    return struct.pack("<Q", len(body)) + body


@pytest.mark.processes
@pytest.mark.parametrize(
    ("listener", "why"),
    [
        (None, "Connection refused"),
        (b"", "does not answer as a Dask scheduler within 2 s"),
        (b"HTTP/1.0 400 Bad request\r\n\r\n" + b"\xff" * 64, "error"),
        (_framed(b"\xc1"), "it answered with a message no Dask scheduler sends"),
    ],
    ids=[
        "nothing listens",
        "a silent listener",
        "a listener answering junk",
        "a well-framed message that is no msgpack",
    ],
)
def test_an_unreachable_scheduler_is_an_error_within_the_timeout(
    sweep_folder: Path, runner: CliRunner, listener: bytes | None, why: str
) -> None:
    import time

    import dask

    served = Listener(listener) if listener is not None else None
    port = served.port if served else 9
    start = time.monotonic()
    try:
        with dask.config.set({"draftdeck.connect-timeout": "2s"}):
            result = runner.invoke(
                app, ["sweep", "sweep.yaml", "--scheduler", f"tcp://127.0.0.1:{port}"]
            )
    finally:
        if served:
            served.close()
    assert time.monotonic() - start < 20
    assert result.exit_code == 1, result.output
    assert f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port} (" in result.output
    assert why in result.output
    assert "dask scheduler" in result.output and "Traceback" not in result.output
    assert "CRITICAL" not in result.output and "Failed to deserialize" not in result.output
    assert not Path("output").exists()


@pytest.mark.slow
def test_an_address_that_cannot_be_is_refused_at_once(
    sweep_folder: Path, runner: CliRunner
) -> None:
    result = runner.invoke(app, ["sweep", "sweep.yaml", "--scheduler", "tcp://127.0.0.1:99999"])
    assert result.exit_code == 1
    assert "port 99999 cannot be: ports are 1 to 65535" in result.output


def test_losing_every_worker_keeps_the_finished_variants_and_says_so(tmp_path: Path) -> None:
    """The cluster cancels every task when its last worker is gone: the variants that
    finished before are cached, and the sweep ends with a message, not a traceback."""
    from concurrent.futures import Future

    from distributed.client import FutureCancelledError

    from generator.play.sweeps.run import Pending, WorkersLost, play_variants
    from generator.plugins.simulation import SimulationSettings

    class Lost(Future[Any]):
        def result(self, timeout: float | None = None) -> Any:
            raise FutureCancelledError("task", reason="lost dependencies")

    class Pool:
        """Plays the first variant's tasks; the rest are lost with the workers."""

        def __init__(self) -> None:
            self.calls = 0

        def submit(self, function: Callable[..., Any], item: Any) -> Future[Any]:
            future: Future[Any] = Future() if item[0] == 0 else Lost()
            if item[0] == 0:
                future.set_result([{"win rate, seat 1": 1.0}] * len(item[1]))
            return future

        def completed(self, futures: list[Future[Any]]) -> Iterator[Future[Any]]:
            yield from sorted(futures, key=lambda f: isinstance(f, Lost))

    @contextmanager
    def pool(state: Any, tasks: int) -> Iterator[Pool]:
        yield Pool()

    settings = SimulationSettings(2, 30, 1, ("greedy",))
    variants = [
        Pending(name, name, None, tmp_path / f"{name}.json")  # type: ignore[arg-type]
        for name in ("base", "other")
    ]
    with pytest.raises(WorkersLost, match=r"1 of 2 variant\(s\) finished and are cached"):
        play_variants(variants, settings, pool)
    assert (tmp_path / "base.json").is_file() and not (tmp_path / "other.json").exists()


def test_a_range_is_one_variant_per_step_and_the_base_is_left_out(sweep_folder: Path) -> None:
    spec = read_sweep("sweep.yaml")
    assert [v.name for v in spec.variants] == ["combo -5", "combo +5", "polarena pays last"]
    assert [e.add for e in spec.variants[0].edits] == [-5]
    assert spec.settings.bots == ("greedy", "random") and spec.settings.games == 20
    assert spec.data == Path("data")


@pytest.mark.slow
def test_the_example_sweep_file_makes_valid_variants(tmp_path: Path) -> None:
    """docs/examples/extraliga-sweep.yaml, where it ships (beside a copy of the data)."""
    from generator.play.sweeps.edits import variant_data
    from tests.conftest import PROJECT_ROOT

    example = PROJECT_ROOT / "docs/examples/extraliga-sweep.yaml"
    copy_game(tmp_path, "extraliga-all-stars")
    (tmp_path / "docs/examples").mkdir(parents=True)
    placed = tmp_path / "docs/examples" / example.name
    placed.write_bytes(example.read_bytes())
    spec = read_sweep(str(placed))
    root = (placed.parent / "../../data/extraliga-all-stars").resolve()
    made = [variant_data(spec, root, v) for v in spec.variants]
    assert [v.name for v in made] == [
        "Pospíšil joins Kladno",
        "Jágr's bonus is a -1",
        "the die's sixth face +1",
        "the die's sixth face +2",
        "the die's sixth face +3",
    ]
    assert len({v.digest for v in made}) == len(made)


def test_a_cache_entry_nested_without_end_is_missing(tmp_path: Path) -> None:
    """200,000 nested brackets once raised RecursionError out of the sweep."""
    from generator.play.sweeps.cache import read_entry

    entry = tmp_path / "entry.json"
    entry.write_text("[" * 200_000 + "]" * 200_000, "utf-8")
    assert read_entry(entry, 2, {"fans, seat 1"}) is None


@pytest.mark.slow
def test_a_local_cluster_that_cannot_start_is_a_message(
    sweep_folder: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Workers killed as the cluster starts once made LocalCluster raise 'Nanny failed to
    start.' out of the sweep, with a dozen more tracebacks."""

    class Failing:
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise RuntimeError("Nanny failed to start.")

    monkeypatch.setattr("distributed.LocalCluster", Failing)
    result = runner.invoke(app, ["sweep", "sweep.yaml", "--scheduler", "local"])
    assert result.exit_code == 1, result.output
    assert (
        "the Dask cluster of this machine's processes could not start "
        "(RuntimeError: Nanny failed to start.)"
    ) in result.output
    assert "Traceback" not in result.output
