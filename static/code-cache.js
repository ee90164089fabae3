// Runs Pyodide's JavaScript once from the service worker's cache, so that Chromium keeps V8's
// compiled code beside that cache entry: it does so for a script the first time a page runs it
// from the Cache Storage, so without this the first load under the worker compiled the 1.2 MB
// `pyodide.asm.mjs` again (some 250 ms; README, "Start-up"). Importing only defines Pyodide's
// functions: nothing starts. The wasm needs no such help (its compiled code is kept on the
// first load already).
import "../vendor/pyodide/pyodide.mjs";
import "../vendor/pyodide/pyodide.asm.mjs";
