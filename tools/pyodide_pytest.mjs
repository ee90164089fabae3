// Run the package's unit tests and doctests inside the vendored Pyodide, under Node: the Python
// the players run (the browser's), not the developer's CPython.
//
// Nothing is downloaded. pytest, Hypothesis and their dependencies are pure Python and come from
// the project's own .venv (installed by `make` from requirements-test.lock); the repository and
// that site-packages folder are mounted read-only-in-practice (no bytecode is written) into
// Pyodide's file system. Tests marked `cpython_only` (subprocesses, a real terminal, ...) are
// deselected; each carries its reason in the marker.
//
// Before running, it checks that the Pyodide PyScript was built for and the vendored one share
// major.minor (PyScript calls Pyodide's API; a different minor may change it).
//
// Usage: node tools/pyodide_pytest.mjs [pytest arguments]   (run by `make unit-pyodide`)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MIN_TESTS = 500;

function fail(message) {
  console.error(`unit-pyodide: ${message}`);
  process.exit(1);
}

// --- PyScript's expected Pyodide vs the vendored one ------------------------------------------

const vendored = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/pyodide/package.json"))).version;
const dist = path.join(ROOT, "node_modules/@pyscript/core/dist");
const expected = new Set();
for (const name of fs.readdirSync(dist).filter((name) => name.endsWith(".js"))) {
  const source = fs.readFileSync(path.join(dist, name), "utf8");
  for (const match of source.matchAll(/type:"pyodide",module:\(\w+="([\d.]+)"\)/g)) expected.add(match[1]);
}
if (expected.size !== 1) fail(`expected one Pyodide version in @pyscript/core, found ${[...expected]}`);
const [wanted] = expected;
const majorMinor = (version) => version.split(".").slice(0, 2).join(".");
if (majorMinor(wanted) !== majorMinor(vendored)) {
  fail(`PyScript expects Pyodide ${wanted}, the vendored one is ${vendored}: major.minor differ`);
}
console.log(`Pyodide ${vendored} (PyScript expects ${wanted}: same ${majorMinor(vendored)})`);

// --- the test run ------------------------------------------------------------------------------

const sitePackages = fs
  .readdirSync(path.join(ROOT, ".venv/lib"))
  .map((name) => path.join(ROOT, ".venv/lib", name, "site-packages"))
  .find((folder) => fs.existsSync(path.join(folder, "pytest")));
if (!sitePackages) fail("no pytest in .venv: run `make .venv/.installed` first");

const started = performance.now();
const pyodide = await loadPyodide({ env: { PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1", PYTHONDONTWRITEBYTECODE: "1" } });
for (const [folder, mount] of [[ROOT, "/repo"], [sitePackages, "/deps"]]) {
  pyodide.FS.mkdirTree(mount);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, mount);
}
pyodide.globals.set("args", pyodide.toPy(process.argv.slice(2)));
const [status, collected] = pyodide
  .runPython(
    `
import os, sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo/tests/pyodide", "/repo"]  # the Hypothesis stand-in first
sys.path.append("/deps")
print("Python", sys.version.split()[0], "on", sys.platform, flush=True)
# A scratch working directory in memory: Hypothesis' example database and pytest's
# temporary folders stay out of the repository.
os.makedirs("/work", exist_ok=True)
os.chdir("/work")

import pytest

class Count:
    collected = 0
    def pytest_collection_finish(self, session):
        Count.collected = len(session.items)

status = pytest.main(
    ["-c", "/repo/pyproject.toml", "--rootdir", "/repo", "-p", "no:cacheprovider",
     "-m", "not cpython_only", "-q",
     *(args or ["/repo/tests", "/repo/mastermind"])],
    plugins=[Count()],
)
(int(status), Count.collected)
`,
  )
  .toJs();
console.log(`unit-pyodide: ${collected} tests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (status !== 0) process.exit(status);
if (process.argv.length <= 2 && collected < MIN_TESTS) fail(`only ${collected} tests ran (at least ${MIN_TESTS} expected)`);
