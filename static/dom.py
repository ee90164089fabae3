"""The few DOM helpers every browser-shell module uses. Text goes in with ``textContent`` only."""

from js import document
from pyodide.ffi import create_proxy

from mastermind.view import peg_ink


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
