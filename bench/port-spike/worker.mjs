// The spike's worker (docs/startup.md, "Python off the main thread"): the vendored Pyodide in a
// module worker from the site's own address (CSP worker-src 'self', as static/engine-worker.mjs),
// the package from mastermind.zip, a Solo game held here. It posts the board as plain data
// (JSON-able) at start and after each action the page sends ({v: 1, action: {kind, ...}}).
const site = new URL("../../", import.meta.url);

const SESSION = `
import json
from mastermind.page.appearance import peg_paint
from mastermind.page.solo import SoloView, slot_words
from mastermind.page.state import Saved
from mastermind.page.words import letter_of, name_of

view = SoloView(Saved())

def color(c):
    peg, ink = peg_paint(c)
    return {"letter": c.letter, "shown": letter_of(c), "name": name_of(c), "peg": peg, "ink": ink}

def board():
    slots = []
    for index, held in enumerate(view.slots):
        name, description = slot_words(index, held)
        slots.append({"name": name, "description": description, "color": None if held is None else color(held)})
    return {
        "palette": [color(c) for c in view.config.colors],
        "slots": slots,
        "rows": [{"number": r.number, "guess": [color(c) for c in r.guess], "keys": list(r.keys),
                  "feedback": r.feedback, "left": r.left} for r in view.rows],
        "status": view.status,
        "over": view.game.over,
    }

def handle(text):
    action = json.loads(text).get("action", {})
    kind = action.get("kind")
    if kind == "press":
        view.press(str(action.get("key", "")))
    elif kind == "clear":
        view.clear(int(action.get("index", 0)))
    elif kind == "new-game":
        view.new_game()
    return json.dumps({"v": 1, "view": board()})
`;

const started = (async () => {
  const { loadPyodide } = await import(new URL("vendor/pyodide/pyodide.mjs", site).href);
  const zip = fetch(new URL("mastermind.zip", site)).then((response) => response.arrayBuffer());
  const pyodide = await loadPyodide({ indexURL: new URL("vendor/pyodide/", site).href });
  pyodide.FS.writeFile("/home/pyodide/mastermind.zip", new Uint8Array(await zip));
  pyodide.runPython(
    "import sys; sys.path.insert(0, '/home/pyodide/mastermind.zip')\n" +
      "import dataclass_code; dataclass_code.install()",
  );
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(SESSION, { globals: namespace });
  return namespace.get("handle");
})();

onmessage = async (event) => {
  const handle = await started;
  postMessage(handle(event.data));
};
started.then((handle) => postMessage(handle('{"v": 1, "action": {}}')));
