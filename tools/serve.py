"""Serve a built site over HTTP on the loopback interface, with the types the runtime needs.

``python tools/serve.py [DIR] [PORT]`` serves `DIR` (default ``_site``) on http://localhost:PORT
(default 8000); the tests and the benchmark use :func:`start` on a free port instead.
"""

from __future__ import annotations

import functools
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


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        # Every load is fresh, as a first visit would be; caching belongs to the service worker.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


def start(root: Path, port: int = 0, host: str = "127.0.0.1", verbose: bool = False) -> ThreadingHTTPServer:
    """Serve `root` from a daemon thread; port 0 picks a free one (``server.server_port``)."""
    server = ThreadingHTTPServer((host, port), functools.partial(Handler, directory=str(root)))
    server.daemon_threads = True
    server.verbose = verbose  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


if __name__ == "__main__":
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "_site")
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 8000
    server = start(root, port, host="localhost", verbose=True)
    print(f"Serving {root}/ on http://localhost:{server.server_port}/ (Ctrl+C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
