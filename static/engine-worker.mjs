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

// The engine's answers to the requests `post`ed here ({id, kind, text}), from `engine`, the promise
// of mastermind.page.engine in a started Python, each message sent back through `post`. This file's
// worker serves with it; so does the page's worker of solo.html (static/page-worker.mjs) when this
// one cannot start there: the same answers, off the page's thread either way.
export function engineServer(engine, post) {
  const latest = new Map(); // kind -> the newest request's id: an older one of that kind is stale
  const fetching = new Map(); // path -> the one fetch of that data file (two requests at once share it)

  // The data file a larger game's engine follows, fetched once (requests of two kinds that arrive
  // together wait for the same fetch); without it the engine searches, and a later request tries again.
  function provideData(python, text) {
    const path = python.data_for(text);
    if (path === undefined || path === null) return Promise.resolve();
    if (!fetching.has(path)) {
      fetching.set(path, (async () => {
        try {
          const response = await fetch(new URL(path, site));
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          python.provide_data(path, await response.text());
        } catch (error) {
          fetching.delete(path);
          console.warn(`${path}: ${error}; the engine searches instead.`);
        }
      })());
    }
    return fetching.get(path);
  }

  async function answer({ id, kind, text }) {
    let python;
    try {
      python = await engine;
    } catch (error) {
      post({ failed: String(error) });
      return;
    }
    try {
      await provideData(python, text);
      const report = (done) => post({ id, progress: done });
      const current = () => latest.get(kind) === id;
      const answered = current() ? await python.serve(text, report, current) : undefined;
      post(answered === undefined || answered === null ? { id, stale: true } : { id, answer: answered });
    } catch (error) {
      post({ id, error: String(error) });
    }
  }

  return (request) => {
    latest.set(request.kind, request.id);
    answer(request);
  };
}

if (new URL(import.meta.url).pathname === self.location.pathname) { // this file is the worker, not a module the page's worker imports
  const started = startPython(site).then((pyodide) => pyodide.pyimport("mastermind.page.engine"));
  const serve = engineServer(started, (message) => postMessage(message));
  onmessage = (event) => serve(event.data);
  started.catch((error) => postMessage({ failed: String(error) }));
}
