// The page's loader: MicroPython alone (the vendored micropython.mjs, no PyScript), running
// static/mpy_page.py and the modules beside it, and the page's worker (static/page-worker.mjs, Pyodide and the session),
// started at once so that its download and Python's start run beside MicroPython's.
// docs/startup.md measured this against MicroPython through PyScript and against plain JavaScript.
import { loadMicroPython } from "../vendor/micropython/micropython.mjs";

const here = (path) => new URL(path, import.meta.url);
// The start in parts, a task each (the worker's start, MicroPython's set-up, a module's import, a
// part of mpy_page.start), so that the browser paints and answers a tap between them: run as one,
// they made one main-thread task of 250-450 ms at 4x CPU (docs/startup.md).
const nextTask = () => (globalThis.scheduler?.yield ? scheduler.yield() : new Promise((done) => setTimeout(done)));
const language = document.documentElement.lang || "en"; // chosen by static/shell.js before the first paint
// The language goes in the worker's name, not its address: the service worker answers with the cached
// file, whose address (the worker's import.meta.url) has no query.
const worker = new Worker(here("page-worker.mjs").href, { type: "module", name: language });

// The worker may answer before MicroPython has started: its messages wait here for the adapter,
// each with whether the adapter draws it (false: the browser refused its import, see applyWrites).
const inbox = [];
let deliver = (text, drawn) => inbox.push([text, drawn]);
// Where the engine's own worker cannot start, this worker answers the engine's requests (objects,
// not the session's JSON text): `engine` stands for it as a Worker would (static/mpy_engine.py).
const engine = { postMessage: (request) => worker.postMessage(request), onmessage: null };
// An export's file comes beside the reply whose `download` effect names it by number, as a Blob the
// worker made ({file, blob}): its text, megabytes perhaps, never enters MicroPython's heap, which
// takes the Blob by reference only (port.file, once).
const files = new Map();
worker.onmessage = (event) => {
  const data = event.data;
  if (typeof data === "string") deliver(data, true); // ready, or Python failed to start
  else if (typeof data.reply === "string") deliver(data.reply, applyWrites(data.writes));
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

// The store's side of each reply, in JavaScript: the texts a reply writes (an import's megabytes, and
// the texts they replace) never enter MicroPython's heap, which a 3.45 MB import overflowed; nor does
// the text another tab stored. The session's protocol (mastermind/page/session.py) says what each
// write means; the worker posts a reply's writes beside its text (static/page-worker.mjs).
let started = false; // the start sent: from then on another tab's change goes to the session
const send = (kind, values) => port.post(JSON.stringify({ v: 1, action: { kind, ...values } }));
const put = (key, text) => (text === null ? localStorage.removeItem(key) : localStorage.setItem(key, text));

// Store a reply's writes, each only over the text it replaces (`was`): one over a text another tab
// changed meanwhile is not applied, nor the key's later ones in this reply, and the session gets the
// newer text (`refused`); one the browser throws on (storage full or blocked) is `not-stored`. An
// import's writes (`replace`) go first, all or none (replaceAll). Returns false when the browser
// refused the import: then none of the reply's writes is kept and the adapter draws none of it.
function applyWrites(writes) {
  const replacing = writes.filter((write) => write.replace);
  if (replacing.length > 0 && !replaceAll(replacing, writes)) return false;
  const refused = new Set();
  for (const { key, was, text, replace } of writes) {
    if (replace || refused.has(key)) continue;
    try {
      const now = localStorage.getItem(key);
      if (now !== was) {
        refused.add(key);
        send("refused", { key, was, text: now });
      } else put(key, text);
    } catch (error) {
      console.warn(`localStorage: ${error}`);
      send("not-stored", { key, was });
    }
  }
  return true;
}

// Store an import's `writes` over whatever is stored; when the browser throws on one, put back what
// was stored and send `not-imported` with what the store holds now under each key the reply's
// `writes` name (read again: putting a text back may fail too).
function replaceAll(writes, reply) {
  const before = new Map();
  try {
    for (const { key, text } of writes) {
      if (!before.has(key)) before.set(key, localStorage.getItem(key));
      put(key, text);
    }
    return true;
  } catch (error) {
    console.warn(`localStorage: ${error}`);
    for (const [key, text] of before) {
      try {
        put(key, text);
      } catch (undo) {
        console.warn(`localStorage: ${undo}`); // what the store holds instead is sent below
      }
    }
    const holds = {};
    for (const { key, was } of reply) {
      try {
        holds[key] = localStorage.getItem(key);
      } catch {
        holds[key] = before.has(key) ? before.get(key) : was; // storage blocked meanwhile: what it held
      }
    }
    send("not-imported", { stored: holds });
    return false;
  }
}

// Another tab's change: what the store holds now under the key (its newValue may be older than this
// tab's own write since); key null: it cleared the storage.
window.addEventListener("storage", ({ key }) => {
  if (!started || (key !== null && !key.startsWith(PREFIX))) return;
  try {
    send("storage", { key, text: key === null ? null : localStorage.getItem(key) });
  } catch (error) {
    console.warn(`localStorage: ${error}`);
  }
});

// The adapter's port to the worker. `posted` counts the messages the worker will answer, one reply
// each, in order, whether the adapter or this module sent them.
const port = {
  posted: 0,
  post(text) {
    port.posted += 1;
    worker.postMessage(text);
  },
  start(text) {
    const message = JSON.parse(text);
    Object.assign(message.start, storedTexts());
    started = true;
    port.post(JSON.stringify(message));
  },
  file(number) {
    const blob = files.get(number);
    files.delete(number);
    return blob;
  },
  listen(handler) {
    deliver = handler;
    for (const [text, drawn] of inbox.splice(0)) handler(text, drawn);
  },
  engine,
};
window.mastermindPort = port;

// MicroPython lets a JavaScript exception through a Python `try`: what may throw (sessionStorage
// blocked, a strict decoder) the adapter calls through this (static/mpy_dom.py's `attempt`), which
// returns {value} or {error} instead.
window.mastermindAttempt = (target, name, args) => {
  try {
    return { value: args == null ? target[name] : target[name](...args) };
  } catch (error) {
    return { error: String(error) };
  }
};

// The adapter's modules, fetched beside MicroPython's download and imported in this order, each
// after those it imports: what they all draw with, the screens beside the board (mpy_page.py's
// SCREENS), then the board (mpy_page.py).
const MODULES = ["mpy_dom", "mpy_engine", "mpy_settings", "mpy_stats", "mpy_share", "mpy_modes", "mpy_solve", "mpy_lab", "mpy_page"];
const sources = Promise.all(
  MODULES.map(async (name) => {
    const response = await fetch(here(`${name}.py`));
    if (!response.ok) throw new Error(`${name}.py: HTTP ${response.status}`);
    return [name, await response.text()];
  }),
);
await nextTask(); // the worker made and the fetches asked for: MicroPython's own set-up in a task of its own
const micropython = await loadMicroPython({
  url: here("../vendor/micropython/micropython.wasm").href,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
await nextTask();
// MicroPython has no typing module: the adapter imports TYPE_CHECKING from this shim.
micropython.FS.writeFile("/typing.py", "TYPE_CHECKING = False\n");
for (const [name, text] of await sources) micropython.FS.writeFile(`/${name}.py`, text);
for (const name of MODULES) {
  await nextTask();
  micropython.runPython(`import ${name}`);
}
const page = micropython.pyimport("mpy_page");
do await nextTask();
while (page.start());
