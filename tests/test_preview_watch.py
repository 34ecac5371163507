"""`preview --watch` writes the card again after every edit, and reports mistakes without stopping."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.loading.files import pack_files
from generator.services import watch as watch_module
from generator.services.watch import snapshot, watch
from tests.conftest import PACK, replace_once

ARENAS = Path(PACK) / "editions/2025/arenas.yaml"


def test_watch_acts_at_once_and_after_each_change_only(tmp_path: Path) -> None:
    watched = tmp_path / "pack"
    (watched / "deep").mkdir(parents=True)
    (watched / "deep" / "cards.yaml").write_text("a: 1\n", encoding="utf-8")
    acted: list[int] = []
    looks = iter(range(12))

    def keep_going() -> bool:
        look = next(looks, None)
        if look == 3:  # an edit that keeps the size: the time tells
            time.sleep(0.01)
            (watched / "deep" / "cards.yaml").write_text("a: 2\n", encoding="utf-8")
        if look == 6:
            (watched / "new.yaml").write_text("b: 1\n", encoding="utf-8")
        return look is not None

    watch(lambda: pack_files(watched), lambda: acted.append(len(acted)), keep_going, interval=0)
    assert acted == [0, 1, 2]


def test_a_save_in_several_steps_is_acted_on_once(tmp_path: Path) -> None:
    # An editor that empties the file, writes it, then sets its time: one save, one action.
    cards = tmp_path / "cards.yaml"
    cards.write_text("a: 1\n", encoding="utf-8")
    acted: list[int] = []
    saving: list[Callable[[], object]] = []
    looks = iter(range(8))

    def keep_going() -> bool:
        look = next(looks, None)
        if look == 2:
            saving.extend(
                [
                    lambda: cards.write_text("", encoding="utf-8"),
                    lambda: cards.write_text("a: 22\n", encoding="utf-8"),
                    lambda: os.utime(cards, ns=(1, 10**18)),
                ]
            )
        return look is not None

    def files() -> list[Path]:
        if saving:  # one step of the save lands at each look
            saving.pop(0)()
        return [cards]

    watch(files, lambda: acted.append(len(acted)), keep_going, interval=0)
    assert acted == [0, 1]


def test_the_file_system_wakes_the_watch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a minute between looks, only watchdog's event can show the save in time; an
    event about a file outside the pack acts on nothing."""
    monkeypatch.setattr(watch_module, "UNWOKEN", 60.0)
    cards = tmp_path / "cards.yaml"
    cards.write_text("a: 1\n", encoding="utf-8")
    acted: list[int] = []
    stop = threading.Event()
    woken = threading.Event()
    watching = threading.Thread(
        target=watch,
        args=(lambda: [cards], lambda: acted.append(len(acted))),
        kwargs={"keep_going": lambda: not stop.is_set(), "roots": [tmp_path], "woken": woken},
    )
    watching.start()
    try:
        _wait_for(lambda: len(acted) == 1)
        (tmp_path / "cards.yaml~").write_text("backup\n", encoding="utf-8")
        time.sleep(0.3)
        assert len(acted) == 1
        cards.write_text("a: 2\n", encoding="utf-8")
        _wait_for(lambda: len(acted) == 2)
    finally:
        stop.set()
        woken.set()
        watching.join(10)
    assert not watching.is_alive()


def _wait_for(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_snapshot_sees_every_file_given(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "c.po").write_text("x", encoding="utf-8")
    (tmp_path / "d.yaml").write_text("yy", encoding="utf-8")
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "card.png").write_bytes(b"png")
    assert {Path(p).name: size for p, (_, size) in snapshot(pack_files(tmp_path)).items()} == {
        "c.po": 1,
        "d.yaml": 2,
    }


def _read_line(process: subprocess.Popen[str], want: Callable[[str], bool]) -> str:
    assert process.stdout is not None
    while True:
        line = process.stdout.readline()
        assert line, "the watch ended early"
        if want(line):
            return line


@pytest.mark.slow
def test_preview_watch_writes_the_card_again_after_an_edit(project: Path) -> None:
    command = [str(Path(sys.executable).with_name("draftdeck")), "preview", "combo-stadium-1"]
    command += ["--data", "data", "--out", "png", "--watch"]
    png = project / "png" / "combo-stadium-1-en.png"
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=project
    )
    try:
        _read_line(process, lambda line: "combo-stadium-1-en.png" in line)
        first = png.read_bytes()
        replace_once(ARENAS, "fans: [21, 18, 15, 12, 9, 6]", "fans: [21, 18, 15, 12, 9, 700]")
        replace_once(ARENAS, "fans: [21, 18, 15, 12, 9, 700]", "fans: [21, 18, 15, 12, 9, 7]")
        _read_line(process, lambda line: "combo-stadium-1-en.png" in line)
        assert png.read_bytes() != first
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=30)
    assert "watching for changes" in errors
    assert "Traceback" not in errors


@pytest.mark.slow
def test_a_mistake_while_watching_is_reported_and_the_watch_goes_on(project: Path) -> None:
    command = [str(Path(sys.executable).with_name("draftdeck")), "preview", "combo-stadium-1"]
    command += ["--data", "data", "--out", "png", "--watch"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=project
    )
    try:
        _read_line(process, lambda line: "combo-stadium-1-en.png" in line)
        replace_once(ARENAS, "fans: [21, 18, 15, 12, 9, 6]", "fans: [21, 18, 15, 12, 9, 700]")
        error = _read_line(process, lambda line: "error:" in line)
        assert "arenas.yaml:7:31: error: item 6 of fans is 700, must be at most 99" in error
        replace_once(ARENAS, "fans: [21, 18, 15, 12, 9, 700]", "fans: [21, 18, 15, 12, 9, 8]")
        _read_line(process, lambda line: "combo-stadium-1-en.png" in line)
    finally:
        process.terminate()
        process.communicate(timeout=30)
