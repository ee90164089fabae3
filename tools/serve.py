"""Serve a built site over HTTP on the loopback interface, with the types the runtime needs.

``python tools/serve.py [DIR] [PORT] [--no-gzip]`` serves `DIR` (default ``_site``) on
http://localhost:PORT (default 8000); the tests and the benchmark use :func:`start` on a free
port instead. To try the site under a sub-path, as GitHub Pages serves a project at
``/<name>/``, serve a folder holding a link ``<name>`` to the site.

Text, JavaScript and the wasm go out gzipped when the browser accepts it, as GitHub Pages sends
them, so a load here moves the bytes a visitor's would (the wasm: 9.6 MB raw, 3.5 MB
gzipped). Each file is compressed once and kept in memory.
"""

from __future__ import annotations

import functools
import gzip
import io
import os
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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


@functools.lru_cache(maxsize=64)
def gzipped(path: str, mtime_ns: int) -> bytes:
    """The gzip of the file at `path` as it was at `mtime_ns` (a changed file is compressed anew)."""
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


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def send_head(self):  # type: ignore[override]
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if (
            self.server.compress  # type: ignore[attr-defined]
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

    def end_headers(self) -> None:
        # Every load is fresh, as a first visit would be; caching belongs to the service worker.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


def start(
    root: Path, port: int = 0, host: str = "127.0.0.1", verbose: bool = False, compress: bool = True
) -> ThreadingHTTPServer:
    """Serve `root` from a daemon thread; port 0 picks a free one (``server.server_port``).
    `compress` False sends every file as it is on disk."""
    server = ThreadingHTTPServer((host, port), functools.partial(Handler, directory=str(root)))
    server.daemon_threads = True
    server.verbose = verbose  # type: ignore[attr-defined]
    server.compress = compress  # type: ignore[attr-defined]
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
