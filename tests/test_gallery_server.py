"""The gallery's server without a browser: only its routes answer (no URL reaches a file),
it listens on this computer only unless told otherwise, it writes nothing, and open or
dropped event streams cost it nothing lasting, and Ctrl-C ends it quietly."""

from __future__ import annotations

import http.client
import io
import json
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import urlopen

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.services.starter import write_starter
from generator.web.gallery import Gallery
from generator.web.server import Server
from tests.conftest import replace_once


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Server, Path]]:
    monkeypatch.chdir(tmp_path)
    pack = write_starter(Path("demo"), "demo")
    server = Server(Gallery(pack))
    ready = threading.Event()
    thread = threading.Thread(target=server.run, args=(ready.set,), daemon=True)
    thread.start()
    assert ready.wait(30)
    yield server, pack
    server.stop()
    thread.join(30)
    assert not thread.is_alive()


def _get(server: Server, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


def test_it_listens_on_this_computer_only_and_shows_every_card(served: tuple[Server, Path]) -> None:
    server, _ = served
    assert urlsplit(server.url).hostname == "127.0.0.1"
    status, body = _get(server, "/api/view?locale=fr")
    assert status == 200
    view = json.loads(body)
    assert view["locale"] == "fr" and view["problems"] == []
    (component,) = view["components"]
    assert len(component["cards"]) == 12 and component["name"] == "Carte"
    status, picture = _get(server, f"/picture/{component['cards'][0]['front']}.png")
    assert status == 200 and picture.startswith(b"\x89PNG")


@pytest.mark.parametrize(
    "path",
    [
        "/../demo/cards.yaml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/picture/..%2f..%2fdemo%2fcards.yaml",
        "/picture/0123456789abcdef0123.png",  # a name the gallery never showed
        "/gallery.js/../../demo/game.yaml",
        "/demo/cards.yaml",
    ],
)
def test_no_url_reads_a_file(served: tuple[Server, Path], path: str) -> None:
    server, _ = served
    status, body = _get(server, path)
    assert status == 404
    assert b"id: sun-1" not in body and b"root:" not in body


def test_it_writes_nothing_into_the_pack_or_the_working_folder(
    served: tuple[Server, Path],
) -> None:
    server, pack = served
    before = {p: p.stat().st_mtime_ns for p in Path().rglob("*")}
    view = json.loads(_get(server, "/api/view")[1])
    for card in view["components"][0]["cards"]:
        assert _get(server, f"/picture/{card['front']}.png")[0] == 200
    after = {p: p.stat().st_mtime_ns for p in Path().rglob("*")}
    assert after == before
    assert not Path("output").exists() and not (pack / "output").exists()


def test_many_event_streams_opened_and_dropped_cost_nothing_lasting(
    served: tuple[Server, Path],
) -> None:
    server, pack = served
    cards = pack / "cards.yaml"

    def change(old: str, new: str, version: int) -> None:
        cards.write_text(cards.read_text(encoding="utf-8").replace(old, new, 1))
        deadline = time.monotonic() + 10
        while json.loads(_get(server, "/api/view")[1])["version"] < version:
            assert time.monotonic() < deadline, "the change was not seen"
            time.sleep(0.05)

    change("value: 1,", "value: 5,", 2)  # the watch is up, with its threads
    threads = threading.active_count()
    streams = []
    for _ in range(40):
        stream = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        stream.sendall(b"GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert b"event: version" in stream.recv(4096)
        streams.append(stream)
    for stream in streams[::2]:
        stream.close()  # half go away mid-stream
    change("value: 5,", "value: 6,", 3)
    for stream in streams[1::2]:
        assert b"event: version\ndata: 3" in stream.recv(4096)  # told of the change
        stream.close()
    assert threading.active_count() == threads  # a stream is no thread
    assert _get(server, "/api/view")[0] == 200


def test_serve_asks_which_game_where_there_are_several(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.chdir(tmp_path)
    write_starter(Path("data/one"), "one")
    write_starter(Path("data/two"), "two")
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 2
    assert "choose one with --game" in result.output


def test_a_port_in_use_is_a_clear_error(served: tuple[Server, Path], runner: CliRunner) -> None:
    server, _ = served
    result = runner.invoke(app, ["serve", "--data", "demo", "--port", str(server.port)])
    assert result.exit_code == 2
    assert f"cannot listen on 127.0.0.1:{server.port}" in result.output
    assert "Traceback" not in result.output


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_ends_serving_quietly_with_pages_open(tmp_path: Path) -> None:
    write_starter(tmp_path / "demo", "demo")
    command = [sys.executable, "-X", "faulthandler", "-m", "generator", "serve", "--data", "demo"]
    # As a terminal starts it: Ctrl-C delivered (a suite run as a background job has it
    # ignored, and the ignoring is inherited); and blocked, as it is for a process whose
    # parent was starting multiprocessing's resource tracker that moment: serve unblocks it.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        serving = subprocess.Popen(
            command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        signal.signal(signal.SIGINT, previous)
    try:
        assert serving.stdout is not None
        url = urlsplit(serving.stdout.readline().strip())
        stream = socket.create_connection((url.hostname, url.port), timeout=10)
        stream.sendall(b"GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert b"event: version" in stream.recv(4096)
        serving.send_signal(signal.SIGINT)
        try:
            _, errors = serving.communicate(timeout=30)
        except subprocess.TimeoutExpired:  # say where each of its threads waits
            status = Path(f"/proc/{serving.pid}/status")
            masks = [ln for ln in status.read_text().splitlines() if ln.startswith("Sig")]
            serving.send_signal(signal.SIGABRT)
            _, errors = serving.communicate(timeout=30)
            pytest.fail(f"serve did not stop on Ctrl-C ({masks}); its threads:\n{errors[-6000:]}")
    finally:
        if serving.poll() is None:
            serving.kill()
    assert serving.returncode == 0, errors
    assert errors.splitlines() == [f"serving demo at {url.geturl()} (press Ctrl-C to stop)"]
    assert stream.recv(4096) == b""  # the page's stream was closed, not left hanging
    stream.close()


def _version(url: str, deadline: float) -> int:
    """The gallery's version, asked until it answers (a refused connection is tried again)."""
    while True:
        try:
            with urlopen(f"{url}api/view", timeout=10) as answer:
                return int(json.loads(answer.read())["version"])
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def _limited_files() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))  # a desktop's usual limit


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX limits and signals")
def test_a_thousand_slow_clients_neither_block_others_nor_end_the_watch(tmp_path: Path) -> None:
    """1,100 connections that never finish their headers once made tornado log a traceback
    in a busy loop (too many open files), blocked every other client and ended live reload
    for good. Now the extra connections are closed, the refusal is said once, a page still
    loads, a save is still seen, and SIGTERM ends serving quietly."""
    pack = write_starter(tmp_path / "demo", "demo")
    command = [sys.executable, "-m", "generator", "serve", "--data", "demo"]
    serving = subprocess.Popen(
        command,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_limited_files,  # noqa: PLW1509 (the test starts no threads before)
    )
    slow: list[socket.socket] = []
    try:
        assert serving.stdout is not None
        url = urlsplit(serving.stdout.readline().strip())
        address = (url.hostname, url.port)
        for _ in range(1100):
            try:
                client = socket.create_connection(address, timeout=10)
                client.sendall(b"GET / HTTP/1.1\r\nHost: loc")  # and never more
                slow.append(client)
            except OSError:
                break
        started = time.monotonic()
        before = _version(url.geturl(), started + 30)  # once the slow ones time out at most
        assert len(slow) == 1100
        replace_once(pack / "cards.yaml", "{id: sun-1, name: Sun,", "{id: sun-1, name: Sunny,")
        version = before
        while version == before and time.monotonic() < started + 60:
            time.sleep(0.5)
            version = _version(url.geturl(), started + 60)
        assert version > before, "the save was not seen"
        for client in slow:
            client.close()
        serving.send_signal(signal.SIGTERM)
        _, errors = serving.communicate(timeout=30)
    finally:
        for client in slow:
            client.close()
        if serving.poll() is None:
            serving.kill()
    assert serving.returncode == 0, errors[-2000:]
    assert "Traceback" not in errors and "Too many open files" not in errors
    assert len(errors) < 2000, errors[-2000:]
    assert errors.count("connections are open; closing new ones") <= 3


def _ask(
    server: Server, method: str, path: str, headers: dict[str, str], body: bytes | None = None
) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for name, value in headers.items():
        connection.putheader(name, value)
    if body is not None:
        connection.putheader("Content-Length", str(len(body)))
    connection.endheaders(body)
    response = connection.getresponse()
    answer = response.read()
    connection.close()
    return response.status, answer


def _edit(server: Server, pack: Path) -> bytes:
    """A change the editor would send: the name 1 mm to the right."""
    from generator.services.layout_editor import digest

    known = digest((pack / "layouts/card.yaml").read_bytes())
    change = {"component": "card", "side": "front", "element": "name", "key": "box"}
    return json.dumps({**change, "index": 0, "by": 1, "digest": known}).encode()


def test_only_its_own_origin_is_answered_and_only_its_page_writes(
    served: tuple[Server, Path],
) -> None:
    """A page of another site (its Host a name of its own, or its Origin another's) gets
    nothing; a write needs the token of the page the server served."""
    server, pack = served
    own = f"127.0.0.1:{server.port}"
    template = pack / "layouts/card.yaml"
    original = template.read_bytes()
    for host in (f"evil.example:{server.port}", "evil.example", f"127.0.0.1:{server.port + 1}"):
        assert _ask(server, "GET", "/api/view", {"Host": host})[0] == 403, host
        assert _ask(server, "GET", "/", {"Host": host})[0] == 403, host
    for host in (own, f"localhost:{server.port}", "localhost"):
        assert _ask(server, "GET", "/api/view", {"Host": host})[0] == 200, host
    other = {"Host": own, "Origin": "http://evil.example"}
    assert _ask(server, "GET", "/api/view", other)[0] == 403
    write = {"Host": own, "Origin": f"http://{own}", "Content-Type": "application/json"}
    assert _ask(server, "POST", "/api/change", write, _edit(server, pack))[0] == 403  # no token
    wrong = {**write, "X-Draftdeck-Token": "guessed"}
    assert _ask(server, "POST", "/api/change", wrong, _edit(server, pack))[0] == 403
    tokened = {"Host": own, "X-Draftdeck-Token": server.token}
    assert _ask(server, "POST", "/api/change", tokened, _edit(server, pack))[0] == 403  # no Origin
    evil = {**write, "Origin": "http://evil.example", "X-Draftdeck-Token": server.token}
    assert _ask(server, "POST", "/api/change", evil, _edit(server, pack))[0] == 403
    assert template.read_bytes() == original
    page = _ask(server, "GET", "/", {"Host": own})[1].decode()
    assert f'<meta name="draftdeck-token" content="{server.token}">' in page
    good = {**write, "X-Draftdeck-Token": server.token}
    status, answer = _ask(server, "POST", "/api/change", good, _edit(server, pack))
    assert status == 200, answer
    assert json.loads(answer)["after"] == 9
    assert b"box: [9, 12, 47, 12]" in template.read_bytes()
    stale = _ask(
        server,
        "POST",
        "/api/change",
        good,
        _edit(server, pack).replace(b'"digest": "', b'"digest": "0'),
    )
    assert stale[0] == 409 and b"changed since the editor read it" in stale[1]
    for body in (b"not json", b"[]", b'{"component": 3}', b"x" * 100_000):
        status, answer = _ask(server, "POST", "/api/change", good, body)
        assert status == 400 and json.loads(answer)["error"], body[:20]


def test_a_card_that_cannot_be_drawn_is_a_picture_of_its_message(
    served: tuple[Server, Path],
) -> None:
    """A name too long for its box in every language: the pack still shows, the card's
    picture says why (never a 500), the view marks it, and the list of texts the build
    would refuse names it; translation warnings are a note."""
    server, pack = served
    cards = pack / "cards.yaml"
    long_name = "Sunnyside Wonderfully Magnificent Extraordinary"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace(
            "{id: sun-1, name: Sun,", f"{{id: sun-1, name: {long_name},"
        )
    )
    deadline = time.monotonic() + 15
    while True:
        view = json.loads(_get(server, "/api/view")[1])
        if view["version"] >= 2:
            break
        assert time.monotonic() < deadline, "the change was not seen"
        time.sleep(0.05)
    assert view["problems"] == [] and view["locale"] == "en"
    (printing,) = view["printing"]
    assert "does not fit its 47.0x12.0 mm box" in printing and long_name in printing
    assert any("not translated" in note for note in view["notes"])
    card = next(c for c in view["components"][0]["cards"] if c["id"] == "sun-1")
    assert set(card["problems"]) == {"de", "fr", "en"}
    assert "element 'name'" in card["problems"]["en"][0]["message"]
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", f"/picture/{card['front']}.png")
    response = connection.getresponse()
    picture = response.read()
    assert response.status == 200 and picture.startswith(b"\x89PNG")
    assert response.getheader("X-Draftdeck-Problem") == "1"
    assert response.getheader("Cache-Control") == "no-store"
    from PIL import Image

    image = Image.open(io.BytesIO(picture))
    assert image.getpixel((1, 1)) == (163, 34, 27)  # the red frame of a message
