"""Write the built site's service worker: its cache name is a hash of every file it precaches,
so each deployment gets a fresh cache and old ones are dropped.

The precache list is every file of the built site but the worker itself, ``build.json`` and
``.nojekyll``: the build ships only what the page loads (the end-to-end tests check that the page
requests every precached file), so offline the page finds everything it asks for.

Usage: ``python tools/service_worker.py _site``; ``tools/build_site.py`` calls :func:`write` last.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent.parent / "static" / "sw.js"
SKIP = {"sw.js", "build.json", ".nojekyll"}
"""Site files the worker does not precache: itself (the browser keeps it), the build record and
GitHub Pages' marker file, none of which the page loads."""


def precache_list(site: Path) -> list[str]:
    """Every file of the site but :data:`SKIP`, relative to it, the page itself as ``./``."""
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return ["./" if name == "index.html" else name for name in files if name not in SKIP]


def build_hash(site: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0")
        digest.update((site / ("index.html" if name == "./" else name)).read_bytes())
    return digest.hexdigest()[:16]


def write(site: Path) -> str:
    """Write ``site/sw.js`` and ``site/build.json`` (the build's version); return the hash."""
    files = precache_list(site)
    version = build_hash(site, files)
    script = TEMPLATE.read_text()
    script = script.replace("__CACHE_NAME__", f"mastermind-{version}")
    script = script.replace("__PRECACHE_LIST__", json.dumps(files, indent=2))
    (site / "sw.js").write_text(script)
    (site / "build.json").write_text(json.dumps({"version": version}) + "\n")
    return version


if __name__ == "__main__":
    print(f"service worker for build {write(Path(sys.argv[1]))}")
