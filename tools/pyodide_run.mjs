// Run a Python script inside the vendored Pyodide under Node, so that what the build compiles or
// reads (bytecode, the standard library's sources) is exactly the browser's Python. The host's
// file system is mounted at /host; `boot_modules` holds the modules Pyodide imported to start,
// before the script imported anything.
// PYODIDE_STDLIB names another standard-library zip than Pyodide's own (a built site's).
// Usage: node tools/pyodide_run.mjs SCRIPT.py ARGS...   (run by tools/build_site.py)
import path from "node:path";
import { readFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [script, ...args] = process.argv.slice(2);
const stdlib = process.env.PYODIDE_STDLIB;
// PYTHONNODEBUGRANGES reaches the Python inside: tools/build_site.py compiles without column ranges.
const env = { HOME: "/home/pyodide" };
if (process.env.PYTHONNODEBUGRANGES) env.PYTHONNODEBUGRANGES = process.env.PYTHONNODEBUGRANGES;
const pyodide = await loadPyodide({ ...(stdlib ? { stdLibURL: path.resolve(stdlib) } : {}), env });
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
pyodide.globals.set("script_args", pyodide.toPy([path.resolve(script), ...args]));
pyodide.runPython(`
import sys
boot_modules = sorted(sys.modules)
sys.argv = list(script_args)
sys.path.insert(0, "/host" + sys.argv[0].rpartition("/")[0])
`);
try {
  pyodide.runPython(readFileSync(script, "utf8"), { filename: path.resolve(script) });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
