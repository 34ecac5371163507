"""The gallery's web server (Tornado): the page, what it shows as JSON, the pictures, a
stream of server-sent events that tells every open page when the pack changed, and the
layout editor's one write: a change to a template key.

Only fixed routes answer; a picture is found by the name of what it draws, never by a
path, so no part of a URL reaches the file system. The server answers only its own origin:
a request whose Host is not this server's (a page of another site reaching it through a
name of its own) or whose Origin is another site's is refused, and a write must carry the
token the page was served with. The pack is watched as `preview --watch` watches it,
reloaded, drawn and written in one worker thread, outside the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import secrets
import signal
import socket
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from typing import Any
from urllib.parse import urlsplit

from tornado.httpserver import HTTPServer
from tornado.iostream import IOStream, StreamClosedError
from tornado.netutil import bind_sockets
from tornado.web import Application, HTTPError, RequestHandler

from generator.core.errors import DraftdeckError
from generator.services.layout_editor import Change, StaleFile
from generator.services.watch import watch
from generator.web.gallery import Gallery

KEEPALIVE = 15.0
"""Seconds between two comments on an idle event stream, so that proxies keep it open."""
MAX_CONNECTIONS = 256
"""Connections served at once; more are closed at once (a page needs a handful), so that
no number of clients exhausts the process's files."""
HEADER_SECONDS = 10.0
"""How long a client may take to send a request's headers, or sit idle between requests."""
STOP_SECONDS = 10.0
"""How long a stop waits for the watch to end (its thread is a daemon: the process ends
without it)."""
DEFAULT_PORT = 8642
"""The port `serve` tries first, so that a bookmark keeps working; the next free one after
it when it is taken."""
PORTS_TRIED = 20
MAX_BODY = 64 * 1024
"""The largest change the editor sends (a few hundred bytes)."""
TOKEN_HEADER = "X-Draftdeck-Token"
ASSETS = {
    "/": ("page.html", "text/html; charset=utf-8"),
    "/gallery.js": ("gallery.js", "text/javascript; charset=utf-8"),
    "/editor.js": ("editor.js", "text/javascript; charset=utf-8"),
    "/gallery.css": ("gallery.css", "text/css; charset=utf-8"),
}
"""The page's own files, by route."""


def asset(name: str) -> bytes:
    """One of the page's files, from draftdeck's installation."""
    return (files("generator.web") / "assets" / name).read_bytes()


class Server:
    """A gallery served on a host and port until stopped."""

    def __init__(
        self, gallery: Gallery, host: str = "127.0.0.1", port: int = 0, tries: int = 1
    ) -> None:
        self.gallery, self.host = gallery, host
        self.socket = _bind(host, port, tries)
        self.port: int = self.socket.getsockname()[1]
        self.token = secrets.token_urlsafe(24)
        """Given to the page it serves; every write must carry it."""
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="draftdeck-gallery")
        self.stopping = threading.Event()
        self.woken = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.changed: asyncio.Condition | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def run(self, ready: Callable[[], None] = lambda: None) -> None:
        """Serve until `stop()` (or Ctrl-C); `ready` is called once the pack is loaded and the
        server listens."""
        asyncio.run(self._serve(ready))

    def stop(self) -> None:
        """Stop serving (from any thread)."""
        self.stopping.set()
        self.woken.set()
        if self.loop is not None:
            self.loop.call_soon_threadsafe(lambda: None)

    async def _serve(self, ready: Callable[[], None]) -> None:
        self.loop = asyncio.get_running_loop()
        self.changed = asyncio.Condition()
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            self.loop.add_signal_handler(signal.SIGTERM, self.stop)  # ends as Ctrl-C does
        loaded = threading.Event()
        watcher = threading.Thread(
            target=self._watch, args=(loaded,), name="draftdeck-watch", daemon=True
        )
        watcher.start()  # its first look loads the pack, so no save after it goes unseen
        await self.loop.run_in_executor(None, loaded.wait)
        server = _Bounded(self._application(), idle_connection_timeout=HEADER_SECONDS)
        server.add_sockets([self.socket])
        ready()
        try:
            while not self.stopping.is_set():
                await asyncio.sleep(0.1)
        finally:
            self.stopping.set()  # after Ctrl-C too: the streams and the watch end
            self.woken.set()
            server.stop()
            closing = asyncio.ensure_future(server.close_all_connections())
            while not closing.done():  # a stream between two waits is woken at its next
                async with self.changed:
                    self.changed.notify_all()  # open streams see the stop and end
                await asyncio.wait([closing], timeout=0.1)
            await closing
            await self.loop.run_in_executor(None, watcher.join, STOP_SECONDS)
            self.worker.shutdown(wait=True, cancel_futures=True)

    def _watch(self, loaded: threading.Event) -> None:
        """Load the pack, then reload it after each save and tell the open pages."""

        def act() -> None:
            if not loaded.is_set():
                try:
                    self.worker.submit(self.gallery.reload).result()
                finally:
                    loaded.set()
            elif self.worker.submit(self.gallery.reload).result() and self.loop is not None:
                asyncio.run_coroutine_threadsafe(self._announce(), self.loop)

        watch(
            self.gallery.files,
            act,
            keep_going=lambda: not self.stopping.is_set(),
            roots=[self.gallery.root],
            woken=self.woken,
        )

    async def _announce(self) -> None:
        assert self.changed is not None
        async with self.changed:
            self.changed.notify_all()

    def _application(self) -> Application:
        given = {"server": self}
        return Application(
            [
                (r"/", Asset, given),
                (r"/gallery\.js", Asset, given),
                (r"/gallery\.css", Asset, given),
                (r"/editor\.js", Asset, given),
                (r"/api/view", View, given),
                (r"/api/layout", Layout, given),
                (r"/api/change", ChangeKey, given),
                (r"/picture/([0-9a-f]{20})\.png", Picture, given),
                (r"/events", Events, given),
                (r"/favicon\.ico", NoIcon, given),
            ],
            compress_response=True,
            log_function=_log_failures,
        )


class _Bounded(HTTPServer):
    """An HTTP server that serves at most MAX_CONNECTIONS connections at once: one more is
    closed as soon as it is accepted, and the refusal is logged once until it eases."""

    refusing = False

    def handle_stream(self, stream: IOStream, address: tuple[Any, ...]) -> None:
        if len(self._connections) >= MAX_CONNECTIONS:
            if not self.refusing:
                self.refusing = True
                logging.getLogger("draftdeck.serve").warning(
                    "serve: %d connections are open; closing new ones until some end",
                    MAX_CONNECTIONS,
                )
            stream.close()
            return
        self.refusing = False
        super().handle_stream(stream, address)


def _log_failures(handler: RequestHandler) -> None:
    """Log a request only when the server failed it (the page's own requests are many)."""
    if handler.get_status() >= 500:
        logging.getLogger("tornado.access").error(
            "%d %s", handler.get_status(), handler._request_summary()
        )


def _bind(host: str, port: int, tries: int = 1) -> socket.socket:
    """A listening socket on `port`, else on one of the next `tries` - 1 ports (a free
    port for 0)."""
    for attempt in range(max(1, tries)):
        try:
            (found, *_) = bind_sockets(port + attempt if port else 0, address=host)
            return found
        except OSError:
            if attempt + 1 >= tries or not port:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


class Guarded(RequestHandler):
    """A handler that answers only requests made to this server by its own pages: the Host
    names it (an address, or localhost: never another site's name that leads here), an
    Origin, where sent, is its own, and a write carries the page's token."""

    def initialize(self, server: Server) -> None:
        self.server = server

    def prepare(self) -> None:
        if not self._own_host():
            raise HTTPError(403, reason="Not this server's host")
        origin = self.request.headers.get("Origin")
        if origin is not None and origin != f"{self.request.protocol}://{self.request.host}":
            raise HTTPError(403, reason="Another site's page")
        if self.request.method not in ("GET", "HEAD"):
            token = self.request.headers.get(TOKEN_HEADER, "")
            if origin is None or not secrets.compare_digest(token, self.server.token):
                raise HTTPError(403, reason="A write without the page's token")

    def _own_host(self) -> bool:
        try:
            asked = urlsplit(f"//{self.request.host}")
            name, port = (asked.hostname or "").lower(), asked.port
        except ValueError:
            return False
        if port is not None and port != self.server.port:
            return False
        if _loopback(name):
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False  # a name: another site's, pointed here (DNS rebinding)
        return not _loopback(self.server.host)  # an address, when serving the network


class Asset(Guarded):
    def get(self) -> None:
        name, kind = ASSETS[self.request.path]
        self.set_header("Content-Type", kind)
        self.set_header("Cache-Control", "no-cache")
        body = asset(name)
        if name == "page.html":
            body = body.replace(b"@TOKEN@", self.server.token.encode("ascii"))
            self.set_header("Cache-Control", "no-store")
        self.write(body)


class View(Guarded):
    def get(self) -> None:
        locale = self.get_query_argument("locale", "")
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.write(json.dumps(self.server.gallery.view(locale), ensure_ascii=False))


class Layout(Guarded):
    """A face's elements for the editor."""

    def get(self) -> None:
        component = self.get_query_argument("component", "")
        side = self.get_query_argument("side", "front")
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        try:
            found = self.server.gallery.layout(component, side)
        except DraftdeckError as error:
            self.set_status(400)
            self.write(json.dumps({"error": str(error)}, ensure_ascii=False))
            return
        self.write(json.dumps(found, ensure_ascii=False))


class ChangeKey(Guarded):
    """The editor's one write: a key of an element set, moved or removed in its template."""

    async def post(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        try:
            change = _change(self.request.body)
        except ValueError as error:
            self.set_status(400)
            self.write(json.dumps({"error": str(error)}, ensure_ascii=False))
            return
        loop = asyncio.get_running_loop()
        try:
            written = await loop.run_in_executor(
                self.server.worker, self.server.gallery.change, change
            )
        except StaleFile as error:
            self.set_status(409)
            self.write(json.dumps({"error": str(error)}, ensure_ascii=False))
            return
        except DraftdeckError as error:
            self.set_status(400)
            self.write(json.dumps({"error": str(error)}, ensure_ascii=False))
            return
        except OSError as error:
            self.set_status(500)
            message = f"the template could not be written ({error.strerror or error})"
            self.write(json.dumps({"error": message}, ensure_ascii=False))
            return
        self.server.woken.set()  # the watch looks at once
        answer = {
            "file": written.file,
            "shown": written.shown,
            "digest": written.digest,
            "before": written.before,
            "after": written.after,
        }
        self.write(json.dumps(answer, ensure_ascii=False))


def _change(body: bytes) -> Change:
    """The change a request asks for; ValueError saying what is wrong with it."""
    if len(body) > MAX_BODY:
        raise ValueError("the change is too large")
    try:
        asked = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("the change is not JSON") from None
    if not isinstance(asked, dict):
        raise ValueError("the change is not a JSON object")
    texts = ("component", "side", "element", "key", "digest")
    if not all(isinstance(asked.get(name), str) for name in texts):
        raise ValueError(f"a change names {', '.join(texts)}")
    index, by = asked.get("index"), asked.get("by")
    if index is not None and (not isinstance(index, int) or isinstance(index, bool)):
        raise ValueError("index is a whole number")
    if by is not None and (not isinstance(by, int | float) or isinstance(by, bool)):
        raise ValueError("by is a number of millimetres")
    return Change(
        asked["component"],
        asked["side"],
        asked["element"],
        asked["key"],
        index,
        asked.get("value"),
        None if by is None else float(by),
        asked["digest"],
    )


class Picture(Guarded):
    async def get(self, key: str) -> None:
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(self.server.worker, self.server.gallery.picture, key)
        if found is None:
            raise HTTPError(404)
        data, drawn = found
        self.set_header("Content-Type", "image/png")
        if drawn:  # a picture's name is what it draws: it never changes
            self.set_header("Cache-Control", "public, max-age=31536000, immutable")
        else:  # a card's message: drawn again once what it draws from is fixed
            self.set_header("Cache-Control", "no-store")
            self.set_header("X-Draftdeck-Problem", "1")
        self.write(data)


class NoIcon(Guarded):
    """The page has no icon: a browser that asks for one gets nothing, not an error."""

    def get(self) -> None:
        self.set_status(204)


class Events(Guarded):
    def initialize(self, server: Server) -> None:
        super().initialize(server)
        self.closed = False

    def send_error(self, status_code: int = 500, **kwargs: Any) -> None:
        """A stream that fails once it has begun just ends: its page reconnects."""
        if self._headers_written:
            if not self._finished:
                self.finish()
            return
        super().send_error(status_code, **kwargs)

    def on_connection_close(self) -> None:
        self.closed = True

    async def get(self) -> None:
        self.set_header("Content-Type", "text/event-stream")
        self.set_header("Cache-Control", "no-store")
        changed = self.server.changed
        assert changed is not None
        seen = -1
        try:
            while not (self.closed or self.server.stopping.is_set()):
                version = self.server.gallery.state.version
                if version != seen:
                    seen = version
                    self.write(f"event: version\ndata: {version}\n\n")
                else:
                    self.write(": keep-alive\n\n")
                await self.flush()
                async with changed:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(changed.wait(), KEEPALIVE)
        except StreamClosedError:  # the page went away
            return
