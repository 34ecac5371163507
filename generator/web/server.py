"""The gallery's web server (Tornado): the page, what it shows as JSON, the pictures, and a
stream of server-sent events that tells every open page when the pack changed.

Only fixed routes answer; a picture is found by the name of what it draws, never by a
path, so no part of a URL reaches the file system. The pack is watched as
`preview --watch` watches it, reloaded and drawn in one worker thread, outside the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
import socket
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.iostream import IOStream, StreamClosedError
from tornado.netutil import bind_sockets
from tornado.web import Application, HTTPError, RequestHandler

from generator.services.watch import watch
from generator.web.gallery import Gallery

KEEPALIVE = 15.0
"""Seconds between two comments on an idle event stream, so that proxies keep it open."""
MAX_CONNECTIONS = 256
"""Connections served at once; more are closed at once (a page needs a handful), so that
no number of clients exhausts the process's files."""
HEADER_SECONDS = 10.0
"""How long a client may take to send a request's headers, or sit idle between requests."""
ASSETS = {
    "/": ("page.html", "text/html; charset=utf-8"),
    "/gallery.js": ("gallery.js", "text/javascript; charset=utf-8"),
    "/gallery.css": ("gallery.css", "text/css; charset=utf-8"),
}
"""The page's own files, by route."""


def asset(name: str) -> bytes:
    """One of the page's files, from draftdeck's installation."""
    return (files("generator.web") / "assets" / name).read_bytes()


class Server:
    """A gallery served on a host and port until stopped."""

    def __init__(self, gallery: Gallery, host: str = "127.0.0.1", port: int = 0) -> None:
        self.gallery, self.host = gallery, host
        self.socket = _bind(host, port)
        self.port: int = self.socket.getsockname()[1]
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
            async with self.changed:
                self.changed.notify_all()  # open streams see the stop and end
            await server.close_all_connections()
            await self.loop.run_in_executor(None, watcher.join)
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
        return Application(
            [
                (r"/", Asset),
                (r"/gallery\.js", Asset),
                (r"/gallery\.css", Asset),
                (r"/api/view", View, {"server": self}),
                (r"/picture/([0-9a-f]{20})\.png", Picture, {"server": self}),
                (r"/events", Events, {"server": self}),
                (r"/favicon\.ico", NoIcon),
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


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket (a free port for 0)."""
    (found, *_) = bind_sockets(port, address=host)
    return found


class Asset(RequestHandler):
    def get(self) -> None:
        name, kind = ASSETS[self.request.path]
        self.set_header("Content-Type", kind)
        self.set_header("Cache-Control", "no-cache")
        self.write(asset(name))


class View(RequestHandler):
    def initialize(self, server: Server) -> None:
        self.server = server

    def get(self) -> None:
        locale = self.get_query_argument("locale", "")
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.write(json.dumps(self.server.gallery.view(locale), ensure_ascii=False))


class Picture(RequestHandler):
    def initialize(self, server: Server) -> None:
        self.server = server

    async def get(self, key: str) -> None:
        loop = asyncio.get_running_loop()
        data = await loop.run_in_executor(self.server.worker, self.server.gallery.picture, key)
        if data is None:
            raise HTTPError(404)
        self.set_header("Content-Type", "image/png")
        self.set_header("Cache-Control", "public, max-age=31536000, immutable")
        self.write(data)


class NoIcon(RequestHandler):
    """The page has no icon: a browser that asks for one gets nothing, not an error."""

    def get(self) -> None:
        self.set_status(204)


class Events(RequestHandler):
    def initialize(self, server: Server) -> None:
        self.server = server
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
