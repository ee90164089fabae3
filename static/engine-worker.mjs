// The engine's Web Worker: the page's questions to the engine (Solve's answer, the hint, the count,
// the review, the computer players' moves) are answered here, off the page's thread, by the same
// Python the page runs: the vendored Pyodide with the site's standard library and mastermind.zip.
// Plain data only, as JSON text: the page posts {id, kind, text} (text: the request,
// mastermind.page.engine's Request as JSON) and gets back {id, progress}, then {id, answer} (the
// answer as JSON), {id, stale} when a newer request of the same kind replaced it (kind: the
// request's lane, mastermind.page.engine.lane: the review replaces the work ahead of it), or
// {id, error}; {failed} when Python cannot start here at all (the page then answers itself).
//
// Written by hand rather than as PyScript's named worker (<script type="py" worker>): PyScript
// makes its worker from a blob: address, which the page's CSP (worker-src 'self') refuses, and a
// blob worker inherits the page's Trusted Types requirement, under which Pyodide's start-up
// eval() fails in the worker (docs/architecture.md). A worker from this file's own address is
// allowed by worker-src 'self' and by the Trusted Types policy (this site's scripts only).
import { startPython } from "./worker-python.mjs";

const site = new URL("../", import.meta.url);
const latest = new Map(); // kind -> the newest request's id: an older one of that kind is stale
const fetching = new Map(); // path -> the one fetch of that data file (two requests at once share it)

const started = (async () => {
  const pyodide = await startPython(site);
  return pyodide.pyimport("mastermind.page.engine");
})();

// The data file a larger game's engine follows, fetched once (requests of two kinds that arrive
// together wait for the same fetch); without it the engine searches, and a later request tries again.
function provideData(engine, text) {
  const path = engine.data_for(text);
  if (path === undefined || path === null) return Promise.resolve();
  if (!fetching.has(path)) {
    fetching.set(path, (async () => {
      try {
        const response = await fetch(new URL(path, site));
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        engine.provide_data(path, await response.text());
      } catch (error) {
        fetching.delete(path);
        console.warn(`${path}: ${error}; the engine searches instead.`);
      }
    })());
  }
  return fetching.get(path);
}

async function answer({ id, kind, text }) {
  let engine;
  try {
    engine = await started;
  } catch (error) {
    postMessage({ failed: String(error) });
    return;
  }
  try {
    await provideData(engine, text);
    const report = (done) => postMessage({ id, progress: done });
    const current = () => latest.get(kind) === id;
    const answered = current() ? await engine.serve(text, report, current) : undefined;
    postMessage(answered === undefined || answered === null ? { id, stale: true } : { id, answer: answered });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
}

onmessage = (event) => {
  const request = event.data;
  latest.set(request.kind, request.id);
  answer(request);
};

started.catch((error) => postMessage({ failed: String(error) }));
