// The Solo screen's loader: MicroPython alone (the vendored micropython.mjs, no PyScript), running
// static/mpy_page.py and the modules beside it, and the page's worker (static/page-worker.mjs, Pyodide and the session),
// started at once so that its download and Python's start run beside MicroPython's.
// docs/startup.md measured this against MicroPython through PyScript and against plain JavaScript.
import { loadMicroPython } from "../vendor/micropython/micropython.mjs";

const here = (path) => new URL(path, import.meta.url);
const language = document.documentElement.lang || "en"; // chosen by static/shell.js before the first paint
// The language goes in the worker's name, not its address: the service worker answers with the cached
// file, whose address (the worker's import.meta.url) has no query.
const worker = new Worker(here("page-worker.mjs").href, { type: "module", name: language });

// The worker may answer before MicroPython has started: its messages wait here for the adapter.
const inbox = [];
let deliver = (text) => inbox.push(text);
// Where the engine's own worker cannot start, this worker answers the engine's requests (objects,
// not the session's JSON text): `engine` stands for it as a Worker would (static/mpy_engine.py).
const engine = { postMessage: (request) => worker.postMessage(request), onmessage: null };
// An export's file comes beside the reply whose `download` effect names it by number, as a Blob the
// worker made ({file, blob}): its text, megabytes perhaps, never enters MicroPython's heap, which
// takes the Blob by reference only (port.file, once).
const files = new Map();
worker.onmessage = (event) => {
  const data = event.data;
  if (typeof data === "string") deliver(data);
  else if (data.blob instanceof Blob) files.set(data.file, data.blob);
  else engine.onmessage?.(event);
};
// The page's stored texts, for the session's start: read here, in JavaScript, as a store of
// megabytes (a long history, damaged texts kept aside) would overflow MicroPython's heap.
// Blocked storage (site data off) throws, and the session then keeps everything in the worker.
const PREFIX = "mastermind:"; // mastermind.page.storage.PREFIX
function storedTexts() {
  try {
    const store = window.localStorage;
    store.getItem(PREFIX); // a browser that blocks storage may list no key, yet refuse every read
    const stored = {};
    for (let index = 0; index < store.length; index++) {
      const key = store.key(index);
      if (key?.startsWith(PREFIX)) stored[key] = store.getItem(key) ?? "";
    }
    return { stored, blocked: false };
  } catch (error) {
    console.warn(`localStorage: ${error}`);
    return { stored: {}, blocked: true };
  }
}
window.mastermindPort = {
  post: (text) => worker.postMessage(text),
  start(text) {
    const message = JSON.parse(text);
    Object.assign(message.start, storedTexts());
    worker.postMessage(JSON.stringify(message));
  },
  file(number) {
    const blob = files.get(number);
    files.delete(number);
    return blob;
  },
  listen(handler) {
    deliver = handler;
    for (const text of inbox.splice(0)) handler(text);
  },
  engine,
};

// MicroPython lets a JavaScript exception through a Python `try`: what may throw (storage blocked or
// full, a strict decoder) the adapter calls through this (static/mpy_dom.py's `attempt`), which
// returns {value} or {error} instead.
window.mastermindAttempt = (target, name, args) => {
  try {
    return { value: args == null ? target[name] : target[name](...args) };
  } catch (error) {
    return { error: String(error) };
  }
};

// The adapter's modules: the board (mpy_page.py), what they all draw with, and the screens beside
// the board (mpy_page.py's SCREENS), fetched beside MicroPython's download.
const MODULES = ["mpy_page.py", "mpy_dom.py", "mpy_engine.py", "mpy_settings.py", "mpy_stats.py", "mpy_share.py", "mpy_modes.py"];
const sources = Promise.all(
  MODULES.map(async (name) => {
    const response = await fetch(here(name));
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    return [name, await response.text()];
  }),
);
const micropython = await loadMicroPython({
  url: here("../vendor/micropython/micropython.wasm").href,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
// MicroPython has no typing module: the adapter imports TYPE_CHECKING from this shim.
micropython.FS.writeFile("/typing.py", "TYPE_CHECKING = False\n");
for (const [name, text] of await sources) micropython.FS.writeFile(`/${name}`, text);
micropython.runPython("import mpy_page\nmpy_page.main()");
