"""Write the built site's service worker, with the revision (a hash of the content) of every file
it precaches, so that a new deployment downloads only the files whose content changed.

The precache list is every file of the built site but the worker itself, ``build.json`` and
``.nojekyll``: the build ships only what the page loads (the end-to-end tests check that the page
requests every precached file), so offline the page finds everything it asks for. The worker
(``static/sw.js``) keeps every file in its cache under its revision; how it installs, switches
and cleans up is described there.

Written here rather than taken from Workbox: Workbox's precaching does the same revisions but
cannot take a file from the HTTP cache after checking its content (what the page just loaded on
a first visit), and it would add a dependency and a bundling step for some fifty lines.

Usage: ``python tools/service_worker.py _site``; ``tools/build_site.py`` calls :func:`write` last.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent.parent / "static" / "sw.js"
SKIP = {"sw.js", "build.json", ".nojekyll", "locale/qps.mo", "locale/qps.json"}
"""Site files the worker does not precache: itself (the browser keeps it), the build record and
GitHub Pages' marker file, none of which the page loads; and the pseudo-language's catalog
(``?lang=qps``, a check of the layout, no player's language), which a visitor should not download."""


def precache_list(site: Path) -> list[str]:
    """Every file of the site but :data:`SKIP`, relative to it, the page itself as ``./``."""
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return ["./" if name == "index.html" else name for name in files if name not in SKIP]


def revision(content: bytes) -> str:
    """A file's revision: the start of its SHA-256, which the worker checks what it downloads
    against (``crypto.subtle``), in hexadecimal.

    >>> revision(b"")
    'e3b0c44298fc1c14'
    """
    return hashlib.sha256(content).hexdigest()[:16]


def revisions(site: Path) -> dict[str, str]:
    """Each precached file (see :func:`precache_list`) with its revision."""
    return {name: revision((site / ("index.html" if name == "./" else name)).read_bytes()) for name in precache_list(site)}


def write(site: Path) -> str:
    """Write ``site/sw.js`` and ``site/build.json`` (the build's version: a hash of every file's
    name and revision); return the version."""
    files = revisions(site)
    version = revision(json.dumps(files, sort_keys=True).encode())
    script = TEMPLATE.read_text().replace("__PRECACHE__", json.dumps(files, indent=2))
    (site / "sw.js").write_text(script)
    (site / "build.json").write_text(json.dumps({"version": version}) + "\n")
    return version


if __name__ == "__main__":
    print(f"service worker for build {write(Path(sys.argv[1]))}")
