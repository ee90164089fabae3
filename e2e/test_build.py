"""What `make site` put in `_site/`: the page, one zip of the package, and only the runtime it loads."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import build_site  # tools/build_site.py, put on the path by conftest.py
import pytest

from mastermind.page.state import PAGE_MODES

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / os.environ.get("MASTERMIND_SITE", "_site")


def test_vendored_runtime_is_the_minimum():
    pyodide = sorted(path.name for path in (SITE / "vendor" / "pyodide").iterdir())
    assert pyodide == ["pyodide-lock.json", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs", "python_stdlib.zip"]
    micropython = sorted(path.name for path in (SITE / "vendor" / "micropython").iterdir())
    assert micropython == ["micropython.mjs", "micropython.wasm"]  # the page's main thread: not its ulab or settrace builds
    assert sorted(path.name for path in (SITE / "vendor").iterdir()) == ["editor.mjs", "micropython", "pyodide"]
    assert not list(SITE.rglob("*.map"))


def test_the_editor_is_one_minified_module_built_the_same_way_twice(tmp_path):
    """vendor/editor.mjs: static/editor.mjs and CodeMirror in one ES module (no package name left
    for the browser to resolve), minified, with CodeMirror's licence; its source is not shipped;
    the same sources give the same bytes (one revision for the service worker); no markup sink
    (the page's Trusted Types refuse every one)."""
    bundle = (SITE / "vendor" / "editor.mjs").read_text()
    assert not (SITE / "static" / "editor.mjs").exists()
    assert bundle.startswith("/*! CodeMirror 6") and "MIT" in bundle.splitlines()[0]
    assert re.search(r"export\s*\{\s*\w+ as upgrade\s*\}", bundle)
    assert not re.search(r"""(?:^|[;}])\s*import\s*(?:[\w*{][^;]*?\bfrom\s*)?["']""", bundle, re.MULTILINE)
    assert "import(" not in bundle
    assert "innerHTML" not in bundle and "insertAdjacentHTML" not in bundle
    assert "/**" not in bundle and bundle.count("\n") < 50  # minified: no doc comments, no lines of its own
    build_site.editor_bundle(tmp_path / "editor.mjs")
    assert (tmp_path / "editor.mjs").read_bytes() == (SITE / "vendor" / "editor.mjs").read_bytes()


def test_the_page_is_index_html_as_written_without_pyscript_or_unsafe_eval():
    """The site's index.html (and solo.html, the Solo screen's former address) is the source
    index.html: MicroPython's loader, no 'unsafe-eval' in its CSP, no PyScript, its adapter outside
    mastermind.zip; no file of the former PyScript page is shipped."""
    source = (ROOT / "index.html").read_text()
    page = (SITE / "index.html").read_text()
    assert page == source and (SITE / "solo.html").read_text() == page
    assert "'unsafe-eval'" not in re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)[1]
    assert "'wasm-unsafe-eval'" in page and '<script type="module" src="static/main.mjs"></script>' in page
    assert "pyscript" not in page.lower() and 'type="py"' not in page and 'id="preloads"' not in page
    assert page.count('<main id="board"') == 1
    assert (SITE / "static" / "mpy_page.py").is_file() and "mpy_page.py" not in zipfile.ZipFile(SITE / "mastermind.zip").namelist()
    shipped = {path.relative_to(SITE).as_posix() for path in SITE.rglob("*") if path.is_file()}
    assert not [name for name in shipped if "pyscript" in name or name == "static/app.py"]


def test_the_page_plays_every_mode_and_modes_html_only_forwards_to_it():
    """One page plays every mode of the package's list, which its mode buttons must be (the build
    refuses others); the former page of the other modes is a forward to ``./`` that keeps the
    address's query and fragment, its one script from this site and nothing else allowed."""
    page = (SITE / "index.html").read_text()
    assert "data-page-modes" not in page and "data-other-page" not in page
    assert sorted(re.findall(r'<button [^>]*data-mode="([a-z]+)"', page)) == sorted(PAGE_MODES) and PAGE_MODES[0] == "solo"
    source = (ROOT / "index.html").read_text()
    with pytest.raises(SystemExit, match=r"index\.html"):
        build_site.checked(source.replace('data-mode="lab"', 'data-mode="chess"'))
    assert build_site.checked(source) == source
    moved = (SITE / "modes.html").read_text()
    assert moved == build_site.MOVED_MARKUP
    assert re.findall(r"<script[^>]*>", moved) == ['<script src="static/moved.js">']
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', moved)[1]
    assert "default-src 'none'" in csp and "script-src 'self';" in csp and "eval" not in csp
    script = (SITE / "static" / "moved.js").read_text()
    assert "location.replace(`./${location.search}${location.hash}`)" in script


def test_package_zip_has_sources_bytecode_and_data():
    archive = zipfile.ZipFile(SITE / "mastermind.zip")
    names = set(archive.namelist())
    for module in ("__init__", "game", "page/__init__", "page/solo", "page/state", "page/storage", "palette"):
        assert {f"mastermind/{module}.py", f"mastermind/{module}.pyc"} <= names
    assert not any(name.startswith("mastermind/cli/") or "userdata" in name for name in names)  # the terminal stays out
    assert "mastermind/data/4x6.json" in names
    made = {"mastermind/data/on-demand.json", "dataclass_code.bin"}  # written by the build
    for name in names - {name for name in names if name.endswith(".pyc")} - made:
        source = SITE.parent / name if "/" in name else SITE.parent / "static" / name  # adapter modules: static/*.py
        assert archive.read(name) == source.read_bytes(), name


def test_the_larger_games_strategy_files_are_beside_the_zip_not_in_it():
    """A classic game never reads the 5- and 6-peg files: they are site files the page fetches
    when such a game needs them, listed in the zip with their site paths."""
    archive = zipfile.ZipFile(SITE / "mastermind.zip")
    listed = json.loads(archive.read("mastermind/data/on-demand.json"))
    data = SITE.parent / "mastermind" / "data"
    larger = sorted(path.name for path in data.glob("*.json") if not path.name.startswith("4x"))
    assert {"5x8.json", "6x9.json", "6x10.json", "6x10-norepeat.json"} <= set(larger)
    assert listed == {name: f"data/{name}" for name in larger}
    for name in larger:
        assert f"mastermind/data/{name}" not in archive.namelist()
        assert (SITE / "data" / name).read_bytes() == (data / name).read_bytes()


def test_adapter_modules_travel_in_the_zip_with_what_they_import():
    """static/*.py but MicroPython's adapter are top-level modules of the zip (the workers import
    them by name: dataclass_code), not loose files of the site; the package modules the workers
    import by name are shipped with theirs. MicroPython's adapter (static/mpy_*.py) is a loose
    file, never in the zip."""
    names = set(zipfile.ZipFile(SITE / "mastermind.zip").namelist())
    static = SITE.parent / "static"
    micropython = sorted(path.name for path in static.glob(build_site.MPY_ADAPTER))
    assert "mpy_page.py" in micropython
    for name in micropython:
        assert (SITE / "static" / name).read_bytes() == (static / name).read_bytes()
        assert name not in names and name.removesuffix(".py") + ".pyc" not in names
    adapters = sorted(path.name for path in static.glob("*.py") if path.name not in micropython)
    assert adapters == ["dataclass_code.py"]
    for name in adapters:
        assert {name, name.removesuffix(".py") + ".pyc"} <= names
        assert not (SITE / "static" / name).exists()
    for module in ("page/engine", "page/session", "page/lab"):  # imported by name in the workers (build_site.WORKER_MODULES)
        assert f"mastermind/{module}.pyc" in names
    for module in ("page/modes", "page/computer", "computer", "modes"):  # through the session's modes
        assert f"mastermind/{module}.pyc" in names


def test_package_imports_from_the_zip():
    # CPython here refuses the browser's bytecode (another version) and falls back to the sources.
    code = "import sys; sys.path.insert(0, sys.argv[1]); import mastermind.page.solo as v; print(v.__file__)"
    result = subprocess.run([sys.executable, "-I", "-c", code, str(SITE / "mastermind.zip")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "mastermind.zip" in result.stdout


def test_service_worker_sits_at_the_root_and_precaches_the_whole_site_by_revision():
    """sw.js at the root (its scope is the whole site), not its template under static/; it lists
    every file the site ships (but the pseudo-language's catalog) with the hash of its content."""
    assert not (SITE / "static" / "sw.js").exists()
    script = (SITE / "sw.js").read_text()
    assert re.fullmatch(r"[0-9a-f]{16}", json.loads((SITE / "build.json").read_text())["version"])
    listed = json.loads(re.search(r"const FILES = (\{.*?\});", script, re.DOTALL).group(1))
    shipped = {path.relative_to(SITE).as_posix() for path in SITE.rglob("*") if path.is_file()}
    unlisted = {"sw.js", "build.json", ".nojekyll", "locale/qps.mo", "locale/qps.json"}  # the pseudo-language: no player's
    assert set(listed) == {"./" if name == "index.html" else name for name in shipped - unlisted}
    for name, revision in listed.items():
        content = (SITE / ("index.html" if name == "./" else name)).read_bytes()
        assert revision == hashlib.sha256(content).hexdigest()[:16], name


DATACLASSES = """
import sys, zipfile
archive = "/host" + sys.argv[1]
sys.path.insert(0, archive)
import dataclass_code
dataclass_code.install()
names = sorted(name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
               for name in zipfile.ZipFile(archive).namelist() if name.startswith("mastermind/") and name.endswith(".py"))
for name in names:
    __import__(name)
import dataclasses
made = sum(dataclasses.is_dataclass(value) for name in names for value in vars(sys.modules[name]).values())
print(made, len(dataclass_code.compiled_here), int(hasattr(dataclasses, "exec")))  # installed, and no text missed
"""


def test_the_package_s_dataclasses_start_from_the_build_s_code(tmp_path):
    """Under the vendored Pyodide, every dataclass of the zip's package is made from the methods
    the build compiled (``dataclass_code.bin``): none is compiled as the page starts."""
    script = tmp_path / "dataclasses_check.py"
    script.write_text(DATACLASSES)
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        ["node", str(root / "tools" / "pyodide_run.mjs"), str(script), str((SITE / "mastermind.zip").resolve())],
        env={**os.environ, "PYODIDE_STDLIB": str(SITE / "vendor" / "pyodide" / "python_stdlib.zip")},
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    made, compiled_here, installed = map(int, result.stdout.split())
    assert made >= 15 and compiled_here == 0 and installed


def check_imports(site: Path) -> subprocess.CompletedProcess:
    """tools/check_imports.py: under the vendored Pyodide with `site`'s own standard library,
    import every module the page ships and every module its code names in an import."""
    root = Path(__file__).resolve().parent.parent
    return subprocess.run(
        ["node", str(root / "tools" / "pyodide_run.mjs"), str(root / "tools" / "check_imports.py"), str(site.resolve())],
        env={**os.environ, "PYODIDE_STDLIB": str(site / "vendor" / "pyodide" / "python_stdlib.zip")},
        capture_output=True, text=True, timeout=300,
    )


def test_standard_library_is_bytecode_trimmed_to_what_the_page_imports():
    archive = zipfile.ZipFile(SITE / "vendor" / "pyodide" / "python_stdlib.zip")
    names = set(archive.namelist())
    assert not [name for name in names if name.endswith(".py")], "bytecode only"
    for module in ("asyncio/__init__", "json/decoder", "datetime", "random", "_pyodide/_base", "encodings/utf_8"):
        assert f"{module}.pyc" in names  # Pyodide's start, the page's imports and theirs
    for module in ("unittest/__init__", "pydoc", "tkinter/__init__", "multiprocessing/__init__", "sqlite3/__init__"):
        assert f"{module}.pyc" not in names  # nothing imports them in a page
    # The browser's own Python reads it (hash-based, unchecked: no source to compare with).
    assert archive.read("random.pyc")[4:8] == (1).to_bytes(4, "little")


def test_every_module_the_page_imports_is_in_its_standard_library():
    result = check_imports(SITE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_import_check_fails_when_a_module_the_page_imports_was_trimmed(tmp_path):
    site = tmp_path / "site"
    (site / "vendor" / "pyodide").mkdir(parents=True)
    (site / "mastermind.zip").write_bytes((SITE / "mastermind.zip").read_bytes())
    with zipfile.ZipFile(SITE / "vendor" / "pyodide" / "python_stdlib.zip") as source, zipfile.ZipFile(
        site / "vendor" / "pyodide" / "python_stdlib.zip", "w"
    ) as trimmed:
        for info in source.infolist():
            if info.filename != "datetime.pyc":  # imported by the package, not by Pyodide's start
                trimmed.writestr(info, source.read(info))
    result = check_imports(site)
    assert result.returncode != 0 and "['datetime']" in result.stderr, result.stdout + result.stderr


COLUMNS = """
import marshal, sys, zipfile

def codes(code):
    yield code
    for const in code.co_consts:
        if hasattr(const, "co_positions"):
            yield from codes(const)

for path, member in zip(sys.argv[1::2], sys.argv[2::2]):
    code = marshal.loads(zipfile.ZipFile("/host" + path).read(member)[16:])  # host paths sit under /host
    columns = sum(start is not None for each in codes(code) for _, _, start, _ in each.co_positions())
    lines = sum(line is not None for each in codes(code) for _, line, _, _ in each.co_positions())
    print(member, columns, lines)
"""


def test_the_bytecode_keeps_line_numbers_but_not_column_ranges(tmp_path):
    """Column ranges only draw the ^^^ under a traceback's line, and they weighed a quarter of the
    standard library's zip: the build compiles without them (tools/build_site.py)."""
    script = tmp_path / "columns.py"
    script.write_text(COLUMNS)
    root = Path(__file__).resolve().parent.parent
    members = [str(SITE / "mastermind.zip"), "mastermind/page/solo.pyc", str(SITE / "vendor" / "pyodide" / "python_stdlib.zip"), "random.pyc"]
    result = subprocess.run(["node", str(root / "tools" / "pyodide_run.mjs"), str(script), *members],
                            capture_output=True, text=True, timeout=300, check=True)
    counts = {member: (int(columns), int(lines)) for member, columns, lines in map(str.split, result.stdout.splitlines())}
    assert set(counts) == {"mastermind/page/solo.pyc", "random.pyc"}
    for columns, lines in counts.values():
        assert columns == 0 and lines > 100
