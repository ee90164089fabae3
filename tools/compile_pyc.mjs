// Compile a folder of Python modules to bytecode with the vendored Pyodide, under Node, so the
// bytecode is exactly the browser's Python version. Each x.pyc lands beside its x.py (the layout
// zipimport reads), hash-based and unchecked, so the browser neither compiles nor compares
// timestamps; BROWSER_DIR is the folder's path in the browser, for tracebacks.
// Usage: node tools/compile_pyc.mjs FOLDER BROWSER_DIR   (run by tools/build_site.py)
import path from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [folder, browserDir] = [path.resolve(process.argv[2]), process.argv[3]];
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/src");
pyodide.globals.set("browser_dir", browserDir);
const ok = pyodide.runPython(`
import compileall, py_compile
compileall.compile_dir(
    "/src", ddir=browser_dir, legacy=True, quiet=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
)
`);
if (!ok) {
  console.error(`compile_pyc: could not compile ${folder}`);
  process.exit(1);
}
