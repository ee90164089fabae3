// The Lab's Web Worker: a player's strategy runs here, in its own Pyodide (the same vendored
// runtime and mastermind.zip as the page), never in the page's interpreter. The page ends this
// worker (terminate) to stop a run or a guess that takes too long: nothing here has to cooperate.
//
// The protocol is plain JSON text (mastermind/page/lab.py: the shapes, and the page's checks of
// every message from here). The page first posts {port, language} (a MessagePort, the page's
// language tag: the worker's sentences are in it); every request and every
// answer then goes through that port, which only this module's closure holds: what a strategy
// posts with the worker's global postMessage reaches the page's onmessage, where it is refused as
// the strategy's, never taken for an answer. Requests: {id, kind: "load" | "score" | "guess" |
// "watch", ...}; answers: {id, kind: "ok" | "problem" | "progress" | "result" | "code" | "game" |
// "error"}; {kind: "ready"} once Python has started, {kind: "failed", sentence} when it cannot.
//
// Before any player's code runs, the network and storage interfaces a worker's global scope has
// (fetch, XMLHttpRequest, WebSocket, EventSource, importScripts, indexedDB, caches, BroadcastChannel)
// are removed from it: a worker's script gets no CSP from the page's <meta> (docs/security.md).
import { startPython } from "./worker-python.mjs";

const site = new URL("../", import.meta.url);
const REMOVED = ["fetch", "XMLHttpRequest", "WebSocket", "EventSource", "importScripts", "indexedDB", "caches",
  "BroadcastChannel", "WebTransport", "Worker", "SharedWorker"];

// Each removed name answers with an error that says why (a strategy's exception then names it).
function sealed() {
  for (const name of REMOVED) {
    Object.defineProperty(globalThis, name, {
      get() {
        throw new Error(`${name} is not available to a strategy: the Lab's worker has no network.`);
      },
      configurable: false,
    });
  }
}

// Python, speaking the page's language (its catalog fetched before the network is removed).
async function start(language) {
  const catalog = language === "en" ? null : fetch(new URL(`locale/${language}.mo`, site));
  const pyodide = await startPython(site);
  const response = catalog && (await catalog);
  if (response && response.ok) {
    pyodide.FS.writeFile("/home/pyodide/language.mo", new Uint8Array(await response.arrayBuffer()));
    pyodide.runPython(`from mastermind.page.words import speak; speak(${JSON.stringify(language)}, open("/home/pyodide/language.mo", "rb").read())`);
  }
  const lab = pyodide.pyimport("mastermind.page.lab");
  sealed(); // every file is in; from here on, the worker reaches no network
  return lab.Worker(() => port.postMessage(JSON.stringify({ kind: "beat" })));
}

let port = null;
let started = null;

// A request's answers, as the Python side yields them: one text each (a long score yields a
// progress message after every game), posted on the private port as they come.
async function serve(text) {
  let worker;
  try {
    worker = await started;
  } catch (error) {
    port.postMessage(JSON.stringify({ kind: "failed", sentence: String(error) }));
    return;
  }
  const answers = worker.serve(text);
  try {
    for (const answer of answers) port.postMessage(answer);
  } finally {
    answers.destroy();
  }
}

let queue = Promise.resolve(); // one request at a time, in the order asked

onmessage = (event) => {
  if (port !== null || !(event.data && event.data.port instanceof MessagePort)) return; // the port comes once
  port = event.data.port;
  started = start(/^[a-z]{2,3}$/.test(event.data.language) ? event.data.language : "en");
  port.onmessage = (message) => {
    queue = queue.then(() => serve(String(message.data)));
  };
  started.then(
    () => port.postMessage(JSON.stringify({ kind: "ready" })),
    (error) => port.postMessage(JSON.stringify({ kind: "failed", sentence: String(error) })),
  );
};
