// Run the package's unit tests and doctests inside the vendored Pyodide, under Node: the Python
// the players run (the browser's), not the developer's CPython.
//
// Nothing is downloaded. pytest, Hypothesis and their dependencies are pure Python and come from
// the project's own .venv (installed by `make` from requirements-test.lock); the repository and
// that site-packages folder are mounted read-only-in-practice (no bytecode is written) into
// Pyodide's file system. Tests marked `cpython_only` (subprocesses, a real terminal, ...) are
// deselected, each carrying its reason in the marker, and so are the `books` walks (data, the same
// in both Pythons: `make books` walks them in CPython).
//
// `--jobs N` (the Makefile passes the machine's cores) runs the tests in N Node processes at once,
// each with its own Pyodide: process i of N collects every test and runs the i-th, (i+N)-th, ...
// of them, so the slow files are spread over all of them. Pyodide runs Python on one thread, so
// one process would leave the other cores idle. Each line a process prints starts with its number.
//
// Usage: node tools/pyodide_pytest.mjs [--jobs N] [pytest arguments]   (run by `make unit-pyodide`)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const SCRIPT = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SCRIPT), "..");
const MIN_TESTS = 500;
// Set in the processes a `--jobs` run starts: "i/N", the share this one runs.
const SHARD = process.env.PYODIDE_PYTEST_SHARD ?? "0/1";
const DONE = "unit-pyodide-shard-result ";

function fail(message) {
  console.error(`unit-pyodide: ${message}`);
  process.exit(1);
}

if (!process.env.PYODIDE_PYTEST_SHARD) {
  console.log(`Pyodide ${JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/pyodide/package.json"))).version}`);
}

// --- N processes, each running its share -------------------------------------------------------

let args = process.argv.slice(2);
let jobs = 1;
if (args[0] === "--jobs") {
  jobs = Number(args[1]);
  if (!Number.isInteger(jobs) || jobs < 1) fail(`--jobs wants a whole number of processes, not ${args[1]}`);
  args = args.slice(2);
}

if (jobs > 1) {
  const started = performance.now();
  const shard = (index) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [SCRIPT, ...args], {
        env: { ...process.env, PYODIDE_PYTEST_SHARD: `${index}/${jobs}` },
        stdio: ["ignore", "pipe", "pipe"],
      });
      // Each whole line as it comes, marked with its process (pytest writes its dots a few at a time).
      let collected = 0;
      const show = (line) => {
        if (line.startsWith(DONE)) collected = Number(line.slice(DONE.length));
        else console.log(`[${index + 1}/${jobs}] ${line}`);
      };
      const ends = [child.stdout, child.stderr].map((stream) => {
        let pending = "";
        stream.setEncoding("utf8"); // a character split between two chunks stays whole
        stream.on("data", (chunk) => {
          const lines = (pending + chunk).split("\n");
          pending = lines.pop();
          lines.forEach(show);
        });
        return () => pending && show(pending);
      });
      child.on("close", (code, signal) => {
        ends.forEach((end) => end());
        resolve({ status: code ?? (signal ? 1 : 0), collected });
      });
    });
  const results = await Promise.all(Array.from({ length: jobs }, (_, index) => shard(index)));
  const collected = results.reduce((sum, result) => sum + result.collected, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`unit-pyodide: ${collected} tests in ${seconds} s (${jobs} processes)`);
  // pytest's 5 is "no tests ran": one process's share of a few chosen tests may be none.
  const failed = results.find((result) => result.status !== 0 && !(result.status === 5 && result.collected === 0));
  if (failed) process.exit(failed.status);
  if (collected === 0) process.exit(5);
  if (args.length === 0 && collected < MIN_TESTS) fail(`only ${collected} tests ran (at least ${MIN_TESTS} expected)`);
  process.exit(0);
}

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
pyodide.globals.set("args", pyodide.toPy(args));
pyodide.globals.set("shard", pyodide.toPy(SHARD.split("/").map(Number)));
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

class Share:
    # After the marker's deselection (trylast): this process's share of the tests that run.
    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        index, total = shard
        config.hook.pytest_deselected(items=[item for number, item in enumerate(items) if number % total != index])
        items[:] = items[index::total]

status = pytest.main(
    ["-c", "/repo/pyproject.toml", "--rootdir", "/repo", "-p", "no:cacheprovider",
     "-m", "not cpython_only and not books", "-q",
     *(args or ["/repo/tests", "/repo/mastermind"])],
    plugins=[Count(), Share()],
)
(int(status), Count.collected)
`,
  )
  .toJs();
console.log(`unit-pyodide: ${collected} tests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (process.env.PYODIDE_PYTEST_SHARD) console.log(`${DONE}${collected}`);
if (status !== 0) process.exit(status);
if (!process.env.PYODIDE_PYTEST_SHARD && args.length === 0 && collected < MIN_TESTS) fail(`only ${collected} tests ran (at least ${MIN_TESTS} expected)`);
