// The page's Python, off the main thread: the Solo screen's models (mastermind.page.session) in a
// module worker of this site, started as the engine's and the Lab's workers are
// (static/worker-python.mjs: the vendored Pyodide, the site's standard library, mastermind.zip).
// The main thread (static/main.mjs running static/mpy_page.py under MicroPython) only draws and
// takes input. Plain data both ways, as JSON text: the page's start, then each action, in; the
// session's reply out, in order, as {reply, writes} (its JSON text without its storage writes, and
// those writes), each preceded by the files its `download` effects name ({file, blob}: an export's
// text, which stays out of the reply). The page's language is this worker's name (its <html lang>,
// chosen by static/shell.js): its catalog, locale/<tag>.mo, is fetched beside Pyodide's start and
// spoken (mastermind.page.words.speak) before the session opens; a catalog that cannot be fetched
// leaves the game in English, playable. Workers from this file's own address are allowed by the
// CSP's worker-src 'self' and by the Trusted Types policy (static/engine-worker.mjs says why not
// PyScript's named worker).
//
// Where the engine's own worker cannot start or died, the main thread posts the engine's requests
// here instead, as objects ({id, kind, text}, not JSON text): answered by the same code as there
// (static/engine-worker.mjs's engineServer, imported then), in this Pyodide, still off the main
// thread, as objects.
import { startPython } from "./worker-python.mjs";

const site = new URL("../", import.meta.url);
const language = self.name || "en"; // static/main.mjs names the worker after the page's language

async function catalog() {
  if (language === "en" || !/^[a-z]{2,3}$/.test(language)) return null;
  try {
    const response = await fetch(new URL(`locale/${language}.mo`, site));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    console.warn(`locale/${language}.mo: ${error}; the page is in English.`);
    return null;
  }
}

const started = (async () => {
  const words = catalog(); // under way while Python starts
  const pyodide = await startPython(site);
  const bytes = await words;
  // A Uint8Array reaches Python as a JsProxy: its bytes are copied there (to_bytes()).
  const speak = pyodide.runPython("from mastermind.page.words import speak\nlambda tag, data: speak(tag, data.to_bytes())");
  if (bytes !== null && !speak(language, bytes)) {
    console.warn(`locale/${language}.mo is no catalog of a language the game has: the page is in English.`);
  }
  const endpoint = pyodide.pyimport("mastermind.page.session").Endpoint();
  const takeFiles = () => {
    const taken = endpoint.take_files();
    try {
      return taken.toJs();
    } finally {
      taken.destroy();
    }
  };
  return { serve: (text) => endpoint.serve(text), takeFiles, pyodide };
})();
let engine = null; // the engine's server here, made with the first request the main thread sends here

async function serveEngine(request) {
  engine ??= import("./engine-worker.mjs").then(({ engineServer }) =>
    engineServer(started.then(({ pyodide }) => pyodide.pyimport("mastermind.page.engine")), (message) => postMessage(message)));
  (await engine)(request);
}

onmessage = async (event) => {
  if (typeof event.data !== "string") return serveEngine(event.data);
  const { serve, takeFiles } = await started;
  const reply = JSON.parse(serve(event.data));
  // The reply's JSON passes through MicroPython on the page, whose heap a text of megabytes would
  // overflow: an export's file goes beside the reply that names it, as a Blob, and the reply's
  // storage writes (an import's texts, and the texts they replace) beside its text, as data that
  // static/main.mjs applies in JavaScript before MicroPython reads the rest.
  for (const [file, type, text] of takeFiles()) postMessage({ file, blob: new Blob([text], { type }) });
  const writes = reply.writes ?? [];
  delete reply.writes;
  postMessage({ reply: JSON.stringify(reply), writes });
};

// Python is ready: the page then takes the presses static/shell.js recorded meanwhile (it echoes
// them until then) and sends the start. {failed} when Python cannot start here.
started.then(
  () => postMessage(JSON.stringify({ v: 1, ready: true })),
  (error) => postMessage(JSON.stringify({ v: 1, failed: String(error) })),
);
