"""What `make site` put in `_site/`: the page, one zip of the package, and only the runtime it loads."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

SITE = Path(__file__).resolve().parent.parent / os.environ.get("MASTERMIND_SITE", "_site")


def test_vendored_runtime_is_the_minimum():
    pyodide = sorted(path.name for path in (SITE / "vendor" / "pyodide").iterdir())
    assert pyodide == ["pyodide-lock.json", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs", "python_stdlib.zip"]
    pyscript = sorted(path.name.split("-")[0] for path in (SITE / "vendor" / "pyscript").iterdir())
    assert pyscript == ["core", "core.css", "core.js", "error", "toml"]
    assert not list(SITE.rglob("*.map"))


def test_config_points_at_the_local_runtime_and_loads_the_package():
    config = tomllib.loads((SITE / "pyscript.toml").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    assert config["files"] == {"./mastermind.zip": "./mastermind.zip"}
    assert "!py-editor" in config["plugins"] and "!error" not in config["plugins"]


def test_package_zip_has_sources_bytecode_and_data():
    archive = zipfile.ZipFile(SITE / "mastermind.zip")
    names = set(archive.namelist())
    for module in ("__init__", "game", "page/__init__", "page/solo", "page/state", "page/storage", "palette"):
        assert {f"mastermind/{module}.py", f"mastermind/{module}.pyc"} <= names
    assert not any("cli" in name or "userdata" in name for name in names)  # the terminal stays out
    assert "mastermind/data/4x6.json" in names
    for name in names - {name for name in names if name.endswith(".pyc")}:
        source = SITE.parent / name if "/" in name else SITE.parent / "static" / name  # adapter modules: static/*.py
        assert archive.read(name) == source.read_bytes(), name


def test_adapter_modules_travel_in_the_zip_with_what_they_import():
    """static/*.py besides app.py are top-level modules of the zip (app.py imports them when first
    needed), not loose files of the site; the package modules they import are shipped too."""
    names = set(zipfile.ZipFile(SITE / "mastermind.zip").namelist())
    adapters = sorted(path.name for path in (SITE.parent / "static").glob("*.py") if path.name != "app.py")
    assert "screens.py" in adapters
    for name in adapters:
        assert {name, name.removesuffix(".py") + ".pyc"} <= names
        assert not (SITE / "static" / name).exists()
    assert (SITE / "static" / "app.py").is_file()
    for module in ("page/modes", "page/computer", "computer", "modes"):  # imported by static/screens.py
        assert f"mastermind/{module}.pyc" in names


def test_package_imports_from_the_zip():
    # CPython here refuses the browser's bytecode (another version) and falls back to the sources.
    code = "import sys; sys.path.insert(0, sys.argv[1]); import mastermind.page.solo as v; print(v.__file__)"
    result = subprocess.run([sys.executable, "-I", "-c", code, str(SITE / "mastermind.zip")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "mastermind.zip" in result.stdout


def test_service_worker_sits_at_the_root_and_precaches_the_whole_site():
    """sw.js at the root (its scope is the whole site), not its template under static/; its cache
    is named after the build's hash (build.json) and lists every file the site ships."""
    assert not (SITE / "static" / "sw.js").exists()
    script = (SITE / "sw.js").read_text()
    version = json.loads((SITE / "build.json").read_text())["version"]
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    assert f'const CACHE = "mastermind-{version}";' in script
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", script, re.DOTALL).group(1))
    shipped = {path.relative_to(SITE).as_posix() for path in SITE.rglob("*") if path.is_file()}
    assert set(listed) == {"./" if name == "index.html" else name for name in shipped - {"sw.js", "build.json", ".nojekyll"}}
