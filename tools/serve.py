"""Serve a built site over HTTP on the loopback interface, with the types the runtime needs.

``python tools/serve.py [DIR] [PORT] [--no-gzip]`` serves `DIR` (default ``_site``) on
http://localhost:PORT (default 8000); the tests and the benchmark use :func:`start` on a free
port instead. To try the site under a sub-path, as GitHub Pages serves a project at
``/<name>/``, serve a folder holding a link ``<name>`` to the site.

Text, JavaScript and the wasm go out gzipped when the browser accepts it, as GitHub Pages sends
them, so a load here moves the bytes a visitor's would (the wasm: 9.6 MB raw, 3.5 MB
gzipped). Each file is compressed once and kept in memory.

By default nothing may be cached (``no-store``: every load is a first visit). ``max_age`` serves
as GitHub Pages does instead: ``Cache-Control: max-age=600``, an ``ETag`` per file and ``304 Not
Modified`` for a request that already holds it. Every response is counted in ``server.sent``
(path, status, body bytes), which ``bench/update.py`` adds up.
"""

from __future__ import annotations

import functools
import gzip
import io
import os
import sys
import threading
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import BinaryIO

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}
COMPRESSED = {".zip", ".png"}
"""Types already compressed: sent as they are."""


@functools.lru_cache(maxsize=1024)
def gzipped(path: str, mtime_ns: int) -> bytes:
    """The gzip of the file at `path` as it was at `mtime_ns` (a changed file is compressed anew).
    Room for every file of the several sites a benchmark serves at once (some 40 MB): compressing
    the 9.6 MB wasm again, after another site's files pushed it out, delayed a timed load."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


def accepts_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` header allows gzip.

    >>> accepts_gzip("gzip, deflate, br"), accepts_gzip("identity"), accepts_gzip("gzip;q=0")
    (True, False, False)
    """
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


class Server(ThreadingHTTPServer):
    """The server, with what its handlers read: how to serve and what was sent."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: Callable[..., Handler], verbose: bool = False,
                 compress: bool = True, max_age: int | None = None) -> None:
        super().__init__(address, handler)
        self.verbose, self.compress, self.max_age = verbose, compress, max_age
        self.sent: list[tuple[str, int, int]] = []
        """(path, status, bytes) of every response, in order."""


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012 (the base's own class attribute, never changed)
    server: Server

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        self.etag = None
        if os.path.isfile(path) and self.server.max_age is not None:
            stat = os.stat(path)
            self.etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
            if self.etag in self.headers.get("If-None-Match", ""):
                self.send_response(304)
                self.end_headers()
                return None
        if (
            self.server.compress
            and os.path.isfile(path)
            and Path(path).suffix in TYPES.keys() - COMPRESSED
            and accepts_gzip(self.headers.get("Accept-Encoding", ""))
        ):
            body = gzipped(path, os.stat(path).st_mtime_ns)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword == "Content-Length":
            self.server.sent.append((self.path, self.status, int(value)))
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        max_age = self.server.max_age
        if max_age is None:  # every load is fresh, as a first visit would be
            self.send_header("Cache-Control", "no-store")
        else:
            self.send_header("Cache-Control", f"max-age={max_age}")
            if self.etag:
                self.send_header("ETag", self.etag)
        if self.status == 304:
            self.server.sent.append((self.path, 304, 0))
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


def start(
    root: Path, port: int = 0, host: str = "127.0.0.1", verbose: bool = False, compress: bool = True,
    max_age: int | None = None,
) -> Server:
    """Serve `root` from a daemon thread; port 0 picks a free one (``server.server_port``).
    `compress` False sends every file as it is on disk; `max_age` lets browsers keep files that
    many seconds, as GitHub Pages does with 600 (the default, None, lets them keep nothing)."""
    server = Server((host, port), functools.partial(Handler, directory=str(root)), verbose, compress, max_age)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


if __name__ == "__main__":
    args = [arg for arg in sys.argv[1:] if arg != "--no-gzip"]
    root = Path(args[0] if args else "_site")
    port = int(args[1]) if len(args) > 1 else 8000
    server = start(root, port, host="localhost", verbose=True, compress="--no-gzip" not in sys.argv)
    print(f"Serving {root}/ on http://localhost:{server.server_port}/ (Ctrl+C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
