"""The few DOM helpers every browser-shell module uses. Text goes in with ``textContent`` only."""

from js import document
from pyodide.ffi import create_proxy

from mastermind.page.solo import peg_ink


def by_id(name):
    return document.getElementById(name)


def element(tag, class_name="", text=""):
    node = document.createElement(tag)
    if class_name:
        node.className = class_name
    if text:
        node.textContent = text
    return node


def button(text, class_name=""):
    node = element("button", class_name, text)
    node.type = "button"
    return node


def on(node, event, handler):
    node.addEventListener(event, create_proxy(handler))


def paint(node, color):
    """Give `node` the look of a peg of `color`: its colour, and its letter in a readable ink."""
    node.style.setProperty("--peg", color.css)
    node.style.setProperty("--peg-ink", peg_ink(color))
    node.textContent = color.letter
    return node


def history_row(row):
    """A row of a History table: number, guess pegs, drawn key pegs beside their words, guesses left."""
    guess = element("span", "pegs")
    guess.append(*(paint(element("span", "peg"), color) for color in row.guess))
    keys = element("span", "keys")
    keys.setAttribute("aria-hidden", "true")  # the words beside them say the same
    keys.style.setProperty("--cols", str((len(row.keys) + 1) // 2))
    keys.append(*(element("span", f"key {kind}") for kind in row.keys))
    feedback = element("span", "feedback")
    feedback.append(keys, element("span", "feedback-text", row.feedback))
    guess_cell, feedback_cell = element("td", "guess"), element("td")
    guess_cell.append(guess)
    feedback_cell.append(feedback)
    tr = element("tr")
    tr.append(element("td", "number", str(row.number)), guess_cell, feedback_cell, element("td", "left", str(row.left)))
    return tr
