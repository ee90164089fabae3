"""Build the deployable static site `_site/`: the page, the rules package and the vendored runtime.

Only the runtime files the page loads are copied, never a source map:

* Pyodide: the loader, the Emscripten module, the wasm, the lock file and the standard library,
  which the build replaces with its own: Pyodide's ships sources only, which Python compiled
  on every start (some 200 modules, most of Pyodide's start-up time). The build's holds
  bytecode made by the vendored Pyodide itself, without docstrings (the standard library is
  tested under ``-OO``), trimmed to what Pyodide and the page's Python import: found by reading
  their imports like the package's files below, with ``[tool.build-site]`` in pyproject.toml
  to keep more or to drop what only an interactive session or another platform uses (see
  :func:`stdlib_zip` and ``tools/bytecode.py``; ``tools/check_imports.py`` checks the result).
* MicroPython: ``micropython.mjs`` and ``micropython.wasm`` (``vendor/micropython/``), which run
  the adapter ``static/mpy_*.py`` on the page's main thread (copied as they are, never into the zip).

The page: the site's ``index.html``, where players arrive, is the source ``index.html`` as written
(``solo.html`` is the same page under the Solo screen's former address); it plays every mode, its
Python in workers that run the package from the zip (docs/startup.md). ``modes.html``, the former page of the other modes, is
only a forward to ``./`` with its query and fragment (:data:`MOVED_PAGE`).

The package files shipped are those the page's workers import by name (:data:`WORKER_MODULES`),
directly or through other modules (found by reading their imports), so the terminal edition stays
out of the browser and a module added to ``mastermind/`` reaches it without editing any list. They
travel as one zip, ``mastermind.zip``, with their bytecode (see :func:`package_zip`), which
``static/worker-python.mjs`` puts on the workers' path, with ``static/dataclass_code.py`` at its top
level (see :func:`adapter_modules`).

The larger games' strategy files (5 pegs and more: hundreds of kilobytes that a classic game never
reads) stay out of the zip: they are copied to ``data/`` beside it and listed, with their site
paths, in the zip's ``mastermind/data/on-demand.json``; the page fetches one when a game of that
shape first needs the engine (see :mod:`mastermind.solver.strategy`), and the service worker
precaches them with everything else for offline play (see :func:`split_data`).

The Lab's code editor: ``static/editor.mjs`` and the CodeMirror 6 packages it imports, bundled by
esbuild into one minified module, ``vendor/editor.mjs``, which the page imports only when the Lab
opens (see :func:`editor_bundle`); the source itself is not shipped.

The languages: for each catalog ``make catalogs`` compiled (``mastermind/locale/<tag>/LC_MESSAGES/
mastermind.mo``, the pseudo-language ``qps`` included), ``locale/<tag>.mo``, which the page's Python
fetches for its language only, and ``locale/<tag>.json``, the page's own texts for ``static/shell.js``
(see :func:`write_locales`). The catalogs stay out of the zip, so a visitor downloads one language's.

Usage: ``python tools/build_site.py [OUT]`` (default ``_site``), run by ``make site``.
"""

from __future__ import annotations

import gettext
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

import html_text  # tools/html_text.py, beside this file
import service_worker  # tools/service_worker.py, beside this file
from imports import closure, imported  # tools/imports.py

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from mastermind.i18n import DOMAIN, LOCALE_DIR, PSEUDO
from mastermind.page.address import MODE
from mastermind.page.state import PAGE_MODES
from mastermind.palette import CATALOG
from mastermind.solver.strategy import ON_DEMAND

PYODIDE = ROOT / "node_modules" / "pyodide"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
"""MicroPython for the page's main thread (``static/main.mjs``): not its ulab or settrace builds."""
MPY_ADAPTER = "mpy_*.py"
"""The modules MicroPython runs on the main thread (``static/main.mjs`` fetches them): copied as
they are, never into ``mastermind.zip``, which is Pyodide's."""
WORKER_PAGES = ("index.html", "solo.html")
"""The page, which plays every mode with its Python off the main thread, under the site's own
address and under the Solo screen's former one, which links and bookmarks may still name."""
MOVED_PAGE = "modes.html"
"""The former page of the modes other than Solo (PyScript on the main thread), which bookmarks,
shared links and installed copies may still open: written as a page that only forwards to ``./``
with the address's query and fragment (``static/moved.js``), so ``modes.html?mode=lab#x`` opens
``./?mode=lab#x``. A page rather than the service worker answering the address with ``./``: it
works without the worker too (a first visit from an old link), and the address the player then
sees, shares and bookmarks is the one page's."""
MOVED_CSP = ("default-src 'none'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "
             "require-trusted-types-for 'script'; trusted-types 'none'")
MOVED_MARKUP = f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="{MOVED_CSP}">
  <meta name="robots" content="noindex">
  <title>Mastermind</title>
  <script src="static/moved.js"></script>
</head>
<body>
  <p><a href="./">Mastermind</a></p>
</body>
</html>
"""
"""The whole of :data:`MOVED_PAGE`: its script and nothing else from anywhere (no markup sink, so
no Trusted Types policy), and a link for a browser that runs no script."""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
STDLIB = "python_stdlib.zip"
"""Replaced by the build's own: the standard library as bytecode, trimmed (:func:`stdlib_zip`)."""
PAGE_DIRS = ("static",)
VENDOR = "vendor"
EDITOR = "editor.mjs"
"""The Lab's editor: ``static/editor.mjs``, bundled into ``vendor/editor.mjs`` (:func:`editor_bundle`)."""
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
PACKAGE_ZIP = "mastermind.zip"
WORKER_MODULES = ("mastermind.page.engine", "mastermind.page.session", "mastermind.page.lab")
"""The modules the page's workers import by name (``pyodide.pyimport``): the engine's, the page's
models behind their message boundary (the port, docs/startup.md) and the Lab's strategy runner."""
LOCALE = "locale"
"""Where the site keeps each language's catalog (``<tag>.mo``) and the page's texts (``<tag>.json``)."""
DATA_DIR = "data"
"""Where the site keeps the package's on-demand data files."""
ZIPPED_DATA = "4x*"
"""The data files that travel in the zip: the classic family's small trees (23 KB), which the
game a first visit plays needs at once."""
BROWSER_HOME = "/home/pyodide"
"""Pyodide's working directory in the workers, where ``static/worker-python.mjs`` writes the zip."""


def adapter_modules() -> list[Path]:
    """The browser adapter's modules for Pyodide (``static/*.py`` but MicroPython's): shipped in the
    zip, at its top level, so the workers import them by name (``import dataclass_code``)."""
    return sorted(path for path in (ROOT / "static").glob("*.py") if not path.match(MPY_ADAPTER))


def package_modules(*entries: Path, package: str = "mastermind", modules: tuple[str, ...] = ()) -> list[Path]:
    """The files of `package` that the `entries` import, directly or through each other, and the
    `modules` named (imported by name from JavaScript, which no import statement shows) with theirs."""

    def source_of(dotted: str) -> tuple[str, bool] | None:
        path = module_file(dotted)
        return (path.read_text(), path.name == "__init__.py") if path else None

    def module_file(dotted: str) -> Path | None:
        if dotted != package and not dotted.startswith(package + "."):
            return None
        base = ROOT.joinpath(*dotted.split("."))
        return next((path for path in (base / "__init__.py", base.with_suffix(".py")) if path.is_file()), None)

    roots = set(modules).union(*(imported(entry.read_text(), "__main__", False) for entry in entries))
    return sorted(path for name in closure(roots, source_of) if (path := module_file(name)))


def package_data() -> list[Path]:
    """The package's data files, as pyproject.toml's ``package-data`` names them for the wheel
    (read with ``importlib.resources``, which reads them from the zip too)."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text()).get("tool", {}).get("setuptools", {})
    return sorted(
        path
        for package, patterns in setuptools.get("package-data", {}).items()
        for pattern in patterns
        for path in ROOT.joinpath(*package.split(".")).glob(pattern)
        if path.is_file()
    )


def split_data(files: list[Path], out: Path) -> tuple[list[Path], str]:
    """Copy the strategy files that the page fetches on demand (every ``.json`` of the package's
    data but :data:`ZIPPED_DATA`) to ``out/data/``; return the files the zip holds and the text
    of their list (file name: site path)."""
    on_demand = [path for path in files if path.suffix == ".json" and path.parent.name == "data"
                 and not path.match(ZIPPED_DATA + ".json")]
    (out / DATA_DIR).mkdir()
    for path in on_demand:
        shutil.copy2(path, out / DATA_DIR / path.name)
    listing = json.dumps({path.name: f"{DATA_DIR}/{path.name}" for path in on_demand}, sort_keys=True) + "\n"
    return [path for path in files if path not in on_demand], listing


def package_zip(modules: list[Path], target: Path, adapters: list[Path] | None = None,
                texts: dict[str, str] | None = None) -> None:
    """Write `modules` (and data files) with their bytecode into one zip that the browser's
    Python imports from, with the `adapters` (``static/*.py``) at its top level and `texts`
    (path in the zip: content) written by the build.

    One request instead of one per file, and no compiling on the page's main thread (it took
    about 50 ms there): the bytecode is compiled by the vendored Pyodide itself
    (``tools/bytecode.py``). Entries have a fixed date, so the same sources give the same zip.
    """
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for path in modules:
            copy = folder / path.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, copy)
        for path in adapters or []:
            shutil.copy2(path, folder / path.name)
        for name, content in (texts or {}).items():
            (folder / name).write_text(content)
        browser_dir = f"{BROWSER_HOME}/{target.name}"
        in_pyodide("package", str(folder), browser_dir)
        write_zip(target, {path.relative_to(folder).as_posix(): path for path in folder.rglob("*") if path.is_file()})


def write_zip(target: Path, files: dict[str, Path]) -> None:
    """A zip of `files` (name in the zip: file), entries sorted and dated alike, so the same
    files give the same zip, byte for byte (and the same revision to the service worker)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            archive.writestr(entry, files[name].read_bytes(), zipfile.ZIP_DEFLATED)


def in_pyodide(command: str, *args: str) -> None:
    """Run ``tools/bytecode.py`` `command` inside the vendored Pyodide (under Node).

    With ``PYTHONNODEBUGRANGES``: the bytecode keeps line numbers but not the column ranges that
    only draw the ``^^^`` under a line of a traceback; they made a quarter of the standard
    library's zip and a tenth of the package's (docs/startup.md)."""
    tools = ROOT / "tools"
    env = {**os.environ, "PYTHONNODEBUGRANGES": "1"}
    subprocess.run(["node", str(tools / "pyodide_run.mjs"), str(tools / "bytecode.py"), command, *args], check=True, env=env)


def stdlib_settings() -> dict[str, list[str]]:
    """pyproject.toml's ``[tool.build-site]``: the standard-library modules to keep although no
    import names them (``keep-stdlib``), and those never followed from lazy imports (``drop-stdlib``)."""
    table = tomllib.loads((ROOT / "pyproject.toml").read_text()).get("tool", {}).get("build-site", {})
    return {"keep": list(table.get("keep-stdlib", [])), "drop": list(table.get("drop-stdlib", []))}


def stdlib_zip(page_files: list[Path], target: Path) -> None:
    """Pyodide's standard library as bytecode, trimmed to what Pyodide and `page_files`
    import (see ``tools/bytecode.py``), written to `target` in place of Pyodide's own."""
    with tempfile.TemporaryDirectory() as scratch:
        roots = Path(scratch) / "roots.json"
        files = [str(path.resolve()) for path in page_files]  # no links: Pyodide sees /host only
        roots.write_text(json.dumps({"files": files, **stdlib_settings()}))
        in_pyodide("stdlib", str(target.resolve()), str(roots))


def editor_bundle(target: Path) -> None:
    """Bundle ``static/editor.mjs`` with the CodeMirror modules it imports into one minified ES
    module at `target`.

    A bundle because CodeMirror 6 ships as a dozen packages of ES modules (view, state, language,
    commands, lang-python and the Lezer parser and highlighter under them) that import each other
    by package name: a browser resolves those only through an import map, an inline script the
    page's CSP forbids, and would fetch each module in turn. One file is one request, one
    revision for the service worker; minified, half the bytes (docs/lab.md). esbuild is pinned in
    package.json; the same sources give the same bytes. The banner keeps CodeMirror's licence."""
    banner = "/*! CodeMirror 6 and Lezer (codemirror.net), MIT licence, (c) Marijn Haverbeke and others. Bundled with static/editor.mjs. */"
    subprocess.run([str(ESBUILD), str(ROOT / "static" / EDITOR), "--bundle", "--minify", "--format=esm",
                    "--target=es2020", "--legal-comments=none", f"--banner:js={banner}", f"--outfile={target}",
                    "--log-level=warning"], check=True)


def checked(page: str) -> str:
    """`page`, once its mode buttons are found to be exactly the package's modes (``PAGE_MODES``,
    Solo first: the default), which the page plays all of."""
    buttons = re.findall(r'<button [^>]*data-mode="([a-z]+)"', page)
    if sorted(buttons) != sorted(PAGE_MODES) or PAGE_MODES[0] != MODE:
        raise SystemExit(f"build_site: index.html's mode buttons {buttons} are not the modes {PAGE_MODES}")
    return page


def compiled_catalogs() -> dict[str, Path]:
    """Each language's compiled catalog (tag: ``.mo`` file); the build fails when one is missing or
    older than its ``.po``, or the pseudo-language is missing: ``make catalogs`` writes them."""
    sources = sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    stale = [path for path in sources if not path.with_suffix(".mo").exists() or path.with_suffix(".mo").stat().st_mtime < path.stat().st_mtime]
    if stale or PSEUDO.tag not in {path.parts[-3] for path in sources}:
        raise SystemExit(f"build_site: the catalogs are not compiled ({[str(path) for path in stale] or PSEUDO.tag}): run `make catalogs`")
    return {path.parts[-3]: path.with_suffix(".mo") for path in sources}


def page_texts(page: str, translations: gettext.NullTranslations) -> dict[str, str]:
    """What ``static/shell.js`` needs of a language: the page's texts (``tools/html_text.py``) and
    each colour's name and letter, keyed as in a compiled catalog (``context\x04message`` for a
    text within a context); only the texts the catalog translates, the others stay English."""
    wanted = [("", message.text) for message in html_text.messages(page)]
    wanted += [(context, text) for colour in CATALOG for context, text in (("colour", colour.name), (f"letter of {colour.name}", colour.letter))]
    texts = {}
    for context, text in wanted:
        translated = translations.pgettext(context, text) if context else translations.gettext(text)
        if translated != text:
            texts[f"{context}\x04{text}" if context else text] = translated
    return texts


def write_locales(page: str, out: Path) -> None:
    """``locale/<tag>.mo`` and ``locale/<tag>.json`` for every compiled catalog (see the module docstring)."""
    (out / LOCALE).mkdir()
    for tag, catalog in compiled_catalogs().items():
        shutil.copy2(catalog, out / LOCALE / f"{tag}.mo")
        with catalog.open("rb") as file:
            texts = page_texts(page, gettext.GNUTranslations(file))
        (out / LOCALE / f"{tag}.json").write_text(json.dumps(texts, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n")


def build(out: Path) -> None:
    page = checked((ROOT / "index.html").read_text())
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in WORKER_PAGES:
        (out / name).write_text(page)
    (out / MOVED_PAGE).write_text(MOVED_MARKUP)
    adapters = adapter_modules()
    in_zip = {ROOT / "static" / path.name for path in adapters}

    def left_out(folder: str, names: list[str]) -> set[str]:
        """Bytecode caches, the adapter modules that travel in the zip instead, the service
        worker's template (the build writes the real one at the site root) and the editor's
        source (bundled into ``vendor/``)."""
        skip = in_zip | {service_worker.TEMPLATE, ROOT / "static" / EDITOR}
        return {name for name in names if name == "__pycache__" or name.endswith(".pyc") or Path(folder, name) in skip}

    for name in PAGE_DIRS:
        shutil.copytree(ROOT / name, out / name, ignore=left_out)
    modules = package_modules(*adapters, modules=WORKER_MODULES)
    # The lab's starter strategy (data/*.py) is a player's file, not a module the page imports: the
    # zip compiles and imports every module it holds, so it stays out; the Lab fetches it from data/.
    data = [path for path in package_data() if LOCALE not in path.relative_to(ROOT).parts and path.suffix != ".py"]
    zipped, on_demand = split_data(data, out)
    for path in package_data():
        if path.suffix == ".py":
            shutil.copy2(path, out / DATA_DIR / path.name)
    write_locales(page, out)
    package_zip(modules + zipped, out / PACKAGE_ZIP, adapters, {f"mastermind/data/{ON_DEMAND}": on_demand})

    for target, sources in ((out / VENDOR / "pyodide", [PYODIDE / name for name in PYODIDE_FILES if name != STDLIB]),
                            (out / VENDOR / "micropython", [MICROPYTHON / name for name in MICROPYTHON_FILES])):
        target.mkdir(parents=True)
        for source in sources:
            shutil.copy2(source, target / source.name)
    editor_bundle(out / VENDOR / EDITOR)
    stdlib_zip([*adapters, *modules], out / VENDOR / "pyodide" / STDLIB)
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve files as they are.
    service_worker.write(out)  # last: it precaches, and hashes, everything above


if __name__ == "__main__":
    build(ROOT / (sys.argv[1] if len(sys.argv) > 1 else "_site"))
