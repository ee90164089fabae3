// Solve mode's per-row answers in the vendored Pyodide under Node, timed in processor time
// (process.cpuUsage), which a machine busy with other work does not inflate, unlike the browser's
// wall clock: the same measurements as `bench/solve.py --browser`, on the package's source.
//
// Usage: node bench/solve_node.mjs [games per shape and rule, default 10]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const games = Number(process.argv[2] ?? 10);
const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, "/repo");
globalThis.cpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
pyodide.globals.set("GAMES", games);
pyodide.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo", "/repo/bench"]
import js
import solve as bench
print("Pyodide's Python", sys.version.split()[0], "under Node; per-row answers in milliseconds (cpu: processor time)")
print(bench.HEADER)
for shape in bench.SHAPES:
    for rule in bench.RULES:
        print(bench.row(bench.measure(shape, rule, GAMES, cpu_clock=js.cpuSeconds)), flush=True)
`);
