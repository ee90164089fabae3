"""What `make site` put in `_site/`: the page, one zip of the package, and only the runtime it loads."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

SITE = Path(__file__).resolve().parent.parent / "_site"


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
    for module in ("__init__", "game", "view", "storage", "palette"):
        assert {f"mastermind/{module}.py", f"mastermind/{module}.pyc"} <= names
    assert not any("cli" in name or "userdata" in name for name in names)  # the terminal stays out
    assert "mastermind/data/4x6.json" in names
    for name in names - {name for name in names if name.endswith(".pyc")}:
        assert archive.read(name) == (SITE.parent / name).read_bytes(), name


def test_package_imports_from_the_zip():
    # CPython here refuses the browser's bytecode (another version) and falls back to the sources.
    code = "import sys; sys.path.insert(0, sys.argv[1]); import mastermind.view as v; print(v.__file__)"
    result = subprocess.run([sys.executable, "-I", "-c", code, str(SITE / "mastermind.zip")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "mastermind.zip" in result.stdout
