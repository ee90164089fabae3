// The port spike's floor: the Solo screen's adapter (static/mpy_page.py's first version) in plain JavaScript.
const worker = new Worker("static/page-worker.mjs", { type: "module" }); // the Solo screen's own worker (solo.html's)
const byId = (name) => document.getElementById(name);
let drawn = null;
let ready = false;

function element(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function paint(node, color) {
  node.style.setProperty("--peg", color.peg);
  node.style.setProperty("--peg-ink", color.ink);
  node.textContent = color.shown;
  return node;
}

let started = false; // until the start, static/shell.js records the presses for it
const send = (kind, values = {}) => started && worker.postMessage(JSON.stringify({ v: 1, action: { kind, ...values } }));

function draw(view) {
  const palette = byId("palette"), current = byId("current");
  const rules = `${view.palette.length}x${view.slots.length}`;
  if (rules !== drawn) {
    palette.replaceChildren(...view.palette.map((color) => {
      const peg = paint(element("button", "peg"), color);
      peg.type = "button";
      peg.dataset.letter = color.letter;
      peg.setAttribute("aria-label", color.name);
      return peg;
    }));
    current.replaceChildren(...view.slots.map((_, index) => {
      const slot = element("button", "slot");
      slot.type = "button";
      slot.dataset.index = index;
      return slot;
    }));
    drawn = rules;
  }
  const free = view.slots.findIndex((held) => held.color === null);
  view.slots.forEach((held, index) => {
    const slot = current.children[index];
    slot.setAttribute("aria-label", held.name);
    slot.setAttribute("aria-description", held.description);
    slot.classList.toggle("next", index === free);
    slot.classList.toggle("filled", held.color !== null);
    if (held.color === null) {
      slot.style.removeProperty("--peg");
      slot.textContent = "";
    } else paint(slot, held.color);
  });
  byId("history").tBodies[0].replaceChildren(...view.rows.map((row) => {
    const guess = element("span", "pegs");
    guess.append(...row.guess.map((color) => paint(element("span", "peg"), color)));
    const keys = element("span", "keys");
    keys.setAttribute("aria-hidden", "true");
    keys.append(...row.keys.map((kind) => element("span", `key ${kind}`)));
    const feedback = element("span", "feedback");
    feedback.append(keys, element("span", "feedback-text", row.feedback));
    const tr = element("tr");
    const guessCell = element("td", "guess"), feedbackCell = element("td");
    guessCell.append(guess);
    feedbackCell.append(feedback);
    tr.append(element("td", "number", String(row.number)), guessCell, feedbackCell, element("td", "left", String(row.left)));
    return tr;
  }));
}

const PREFIX = "mastermind:";
function start() {
  const stored = {};
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index);
    if (key.startsWith(PREFIX)) stored[key] = localStorage.getItem(key);
  }
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  const early = window.mastermindEarly ? window.mastermindEarly.take() : [];
  started = true;
  worker.postMessage(JSON.stringify({ v: 1, start: { stored, search: location.search, today, early } }));
}

function apply(writes) {
  const refused = new Set();
  for (const { key, was, text } of writes) {
    if (refused.has(key)) continue;
    const current = localStorage.getItem(key);
    if (current !== was) {
      refused.add(key);
      send("refused", { key, was, text: current });
    } else if (text === null) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
  }
}

addEventListener("storage", (event) => {
  if (event.key === null || event.key.startsWith(PREFIX)) send("storage", { key: event.key, text: event.newValue });
});

worker.onmessage = (event) => {
  if (typeof event.data !== "string" && typeof event.data.reply !== "string") return; // an export's file
  const reply = JSON.parse(event.data.reply ?? event.data); // a reply's writes come beside its text
  reply.writes = event.data.writes ?? [];
  if (reply.ready) {
    start();
    return;
  }
  if (reply.error || reply.failed) {
    console.error(`worker: ${reply.error || reply.failed}`);
    return;
  }
  apply(reply.writes);
  draw(reply.board);
  byId("status").textContent = reply.status;
  if (!ready) {
    ready = true;
    for (const name of ["submit", "delete", "new-game"]) byId(name).disabled = false;
    byId("board").removeAttribute("aria-busy");
    document.body.classList.remove("loading");
    performance.mark("spike:playable");
  }
};
byId("palette").addEventListener("click", (event) => {
  const peg = event.target.closest("button[data-letter]");
  if (peg) send("press", { key: peg.dataset.letter });
});
byId("current").addEventListener("click", (event) => {
  const slot = event.target.closest("button[data-index]");
  if (slot) send("clear", { index: Number(slot.dataset.index) });
});
byId("submit").addEventListener("click", () => send("press", { key: "Enter" }));
byId("delete").addEventListener("click", () => send("press", { key: "Backspace" }));
byId("new-game").addEventListener("click", () => send("new-game"));
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea, dialog") || event.ctrlKey || event.metaKey || event.altKey) return;
  event.preventDefault();
  send("press", { key: event.key });
});
