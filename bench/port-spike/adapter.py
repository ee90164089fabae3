"""The spike's main thread: draw the Solo board the worker describes, send it what the player does.

Runs under MicroPython (through PyScript's ``<script type="mpy">`` or MicroPython alone): only
``js`` and ``json``. Text goes in with textContent, elements are made with createElement.
"""

import json

import js

PREFIX = "mastermind:"  # the page's keys in localStorage (mastermind.page.storage.PREFIX)
document = js.document
store = js.localStorage
worker = js.Worker.new("bench/port-spike/worker.mjs", js.JSON.parse('{"type": "module"}'))
drawn = [None]  # the rules drawn (the palette and slots are rebuilt only when they change), then "started", "ready"


def by_id(name):
    return document.getElementById(name)


def element(tag, class_name="", text=""):
    node = document.createElement(tag)
    if class_name:
        node.className = class_name
    if text:
        node.textContent = text
    return node


def paint(node, color):
    node.style.setProperty("--peg", color["peg"])
    node.style.setProperty("--peg-ink", color["ink"])
    node.textContent = color["shown"]
    return node


def send(kind, **values):
    if "started" not in drawn:  # until the start, static/shell.js records the presses for it
        return
    values["kind"] = kind
    worker.postMessage(json.dumps({"v": 1, "action": values}))


def start():
    """The session's start: the stored texts (only this thread reads localStorage), the address,
    the day, and the early presses."""
    stored = {}
    for index in range(store.length):
        key = store.key(index)
        if key.startswith(PREFIX):
            stored[key] = store.getItem(key)
    now = js.Date.new()
    today = f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d}"
    shell = getattr(js.window, "mastermindEarly", None)  # static/shell.js: the presses taken while the worker started
    early = json.loads(js.JSON.stringify(shell.take())) if shell else []
    drawn.append("started")
    worker.postMessage(json.dumps({"v": 1, "start": {"stored": stored, "search": js.location.search, "today": today, "early": early}}))


def apply(writes):
    """Store the worker's writes; one over a text another tab changed meanwhile is not applied
    (nor the key's later ones in this reply): the worker gets the newer text, merges and writes again."""
    refused = []
    for write in writes:
        key = write["key"]
        if key in refused:
            continue
        now = store.getItem(key)
        if now != write["was"]:
            refused.append(key)
            send("refused", key=key, was=write["was"], text=now)
        elif write["text"] is None:
            store.removeItem(key)
        else:
            store.setItem(key, write["text"])


def on_storage(event):
    if event.key is None or event.key.startswith(PREFIX):
        send("storage", key=event.key, text=event.newValue)


def on_palette(event):
    peg = event.target.closest("button[data-letter]")
    if peg:
        send("press", key=peg.dataset.letter)


def on_slot(event):
    slot = event.target.closest("button[data-index]")
    if slot:
        send("clear", index=int(slot.dataset.index))


def on_key(event):
    if event.target.closest("input, select, textarea, dialog") or event.ctrlKey or event.metaKey or event.altKey:
        return
    event.preventDefault()
    send("press", key=event.key)


def draw(view):
    palette, current = by_id("palette"), by_id("current")
    rules = len(view["palette"]), len(view["slots"])
    if rules != drawn[0]:
        palette.replaceChildren()
        for color in view["palette"]:
            peg = paint(element("button", "peg"), color)
            peg.type = "button"
            peg.dataset.letter = color["letter"]
            peg.setAttribute("aria-label", color["name"])
            palette.append(peg)
        current.replaceChildren()
        for index in range(len(view["slots"])):
            slot = element("button", "slot")
            slot.type = "button"
            slot.dataset.index = index
            current.append(slot)
        drawn[0] = rules
    free = -1
    for index, held in enumerate(view["slots"]):
        if held["color"] is None and free < 0:
            free = index
    for index, held in enumerate(view["slots"]):
        slot = current.children[index]
        slot.setAttribute("aria-label", held["name"])
        slot.setAttribute("aria-description", held["description"])
        slot.classList.toggle("next", index == free)
        slot.classList.toggle("filled", held["color"] is not None)
        if held["color"] is None:
            slot.style.removeProperty("--peg")
            slot.textContent = ""
        else:
            paint(slot, held["color"])
    body = by_id("history").tBodies[0]
    body.replaceChildren()
    for row in view["rows"]:
        guess = element("span", "pegs")
        for color in row["guess"]:
            guess.append(paint(element("span", "peg"), color))
        keys = element("span", "keys")
        keys.setAttribute("aria-hidden", "true")
        for kind in row["keys"]:
            keys.append(element("span", "key " + kind))
        feedback = element("span", "feedback")
        feedback.append(keys)
        feedback.append(element("span", "feedback-text", row["feedback"]))
        tr = element("tr")
        tr.append(element("td", "number", str(row["number"])))
        cell = element("td", "guess")
        cell.append(guess)
        tr.append(cell)
        cell = element("td")
        cell.append(feedback)
        tr.append(cell)
        tr.append(element("td", "left", str(row["left"])))
        body.append(tr)


def on_message(event):
    reply = json.loads(event.data)
    if reply.get("ready"):
        start()
        return
    if "error" in reply or "failed" in reply:
        js.console.error("worker: " + str(reply.get("error") or reply.get("failed")))
        return
    apply(reply["writes"])
    draw(reply["board"])
    by_id("status").textContent = reply["status"]
    if "ready" not in drawn:
        drawn.append("ready")
        for name in ("submit", "delete", "new-game"):
            by_id(name).disabled = False
        by_id("board").removeAttribute("aria-busy")
        document.body.classList.remove("loading")
        js.performance.mark("spike:playable")


worker.onmessage = on_message
by_id("palette").addEventListener("click", on_palette)
by_id("current").addEventListener("click", on_slot)
by_id("submit").addEventListener("click", lambda event: send("press", key="Enter"))
by_id("delete").addEventListener("click", lambda event: send("press", key="Backspace"))
by_id("new-game").addEventListener("click", lambda event: send("new-game"))
document.addEventListener("keydown", on_key)
js.window.addEventListener("storage", on_storage)
