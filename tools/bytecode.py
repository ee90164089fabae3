"""Bytecode for the browser, made by the browser's own Python: runs inside the vendored Pyodide
under Node (``node tools/pyodide_run.mjs tools/bytecode.py COMMAND ...``), called by
``tools/build_site.py``. Host paths are seen under ``/host``.

``package FOLDER BROWSER_DIR``
    Compile every module of FOLDER in place: each ``x.pyc`` lands beside its ``x.py`` (the
    layout zipimport reads), hash-based and unchecked, so the browser neither compiles nor
    compares timestamps; BROWSER_DIR is the folder's path in the browser, for tracebacks.
    When FOLDER holds ``dataclass_code.py`` (from ``static/``), every module of its packages is
    imported once, and the code of the methods their dataclasses write is saved beside it
    (``dataclass_code.bin``, see that module).

``stdlib OUT_ZIP ROOTS_JSON``
    Write the standard library the page needs as bytecode into OUT_ZIP, which replaces
    Pyodide's ``python_stdlib.zip`` (sources only: Python would compile some 200 modules from
    source on every start). Kept: what Pyodide imports to start (``boot_modules``), what the
    files named in ROOTS_JSON (``{"files": [...], "keep": [...]}``) import and the modules it
    names under ``keep``, and whatever those import in turn (see ``tools/imports.py``).
"""

import compileall
import importlib
import json
import py_compile
import sys
import tempfile
import zipfile
from pathlib import Path

from imports import closure, imported

HOST = "/host"
STAMP = (1980, 1, 1, 0, 0, 0)
"""Every zip entry's date: the same sources give the same zip, byte for byte."""


def compile_folder(folder: str, browser_dir: str, optimize: int = 0) -> None:
    ok = compileall.compile_dir(
        folder, ddir=browser_dir, legacy=True, quiet=1, optimize=optimize,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    if not ok:
        raise SystemExit(f"bytecode: could not compile {folder}")


def dataclass_code(folder: str) -> None:
    """Write FOLDER's ``dataclass_code.bin``: the compiled methods of every dataclass its packages
    define (the page's own top-level modules import ``js``, which Node lacks: they define none)."""
    root = Path(folder)
    if not (root / "dataclass_code.py").is_file():
        return
    sys.path.insert(0, folder)
    import dataclass_code

    names = sorted(
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        for path in root.glob("*/**/*.py")
        if path.stem != "__main__"
    )
    data = dataclass_code.record(lambda: [importlib.import_module(name) for name in names])
    (root / dataclass_code.DATA).write_bytes(data)
    sys.path.remove(folder)


def stdlib_sources() -> tuple[str, dict[str, tuple[str, bool]]]:
    """Pyodide's standard-library zip (on ``sys.path``) and its modules: name -> (path in the
    zip, is a package)."""
    library = next(path for path in sys.path if path.endswith(".zip"))
    modules = {}
    for name in zipfile.ZipFile(library).namelist():
        if name.endswith(".py"):
            dotted = name.removesuffix(".py").replace("/", ".")
            modules[dotted.removesuffix(".__init__")] = (name, dotted.endswith(".__init__"))
    return library, modules


def stdlib_zip(out: str, roots_json: str) -> None:
    roots = json.loads(Path(HOST + roots_json).read_text())
    library, modules = stdlib_sources()
    archive = zipfile.ZipFile(library)

    def modules_source(name: str) -> tuple[str, bool]:
        path, is_package = modules[name]
        return archive.read(path).decode(), is_package

    def source_of(name: str) -> tuple[str, bool] | None:
        return modules_source(name) if name in modules else None

    def dropped(name: str) -> bool:
        return name in modules and any(name == prefix or name.startswith(prefix + ".") for prefix in roots["drop"])

    page = set().union(*(imported(Path(HOST + file).read_text(), "__main__", False) for file in roots["files"]))
    boot_modules: list[str] = globals()["boot_modules"]  # what Pyodide imported to start: set by tools/pyodide_run.mjs
    wanted = set(boot_modules) | page | set(roots["keep"])
    if refused := sorted(filter(dropped, wanted)):
        raise SystemExit(f"bytecode: {refused} are imported by the page or Pyodide but dropped (drop-stdlib)")
    names = closure(wanted, lambda name: None if dropped(name) else source_of(name))
    for name in sorted(names):
        source, is_package = modules_source(name)
        if needed := sorted(filter(dropped, imported(source, name, is_package, eager=True))):
            raise SystemExit(f"bytecode: {name} imports {needed} as it loads: take them off drop-stdlib")
    kept = sorted(modules[name][0] for name in names)
    with tempfile.TemporaryDirectory() as scratch:
        for path in kept:
            (Path(scratch) / path).parent.mkdir(parents=True, exist_ok=True)
            (Path(scratch) / path).write_bytes(archive.read(path))
        compile_folder(scratch, library, optimize=2)  # tracebacks name the modules where the browser has them
        with zipfile.ZipFile(HOST + out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
            for path in kept:
                compiled = path.removesuffix(".py") + ".pyc"
                target.writestr(zipfile.ZipInfo(compiled, date_time=STAMP), (Path(scratch) / compiled).read_bytes(), zipfile.ZIP_DEFLATED)
    print(f"bytecode: {len(kept)} of {len(modules)} standard-library modules kept")


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "package":
        compile_folder(HOST + args[0], args[1])
        dataclass_code(HOST + args[0])
    elif command == "stdlib":
        stdlib_zip(*args)
    else:
        raise SystemExit(f"bytecode: unknown command {command!r}")
