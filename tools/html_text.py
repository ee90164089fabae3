"""The page's own texts (``index.html``): found for the catalog, and listed for ``static/shell.js``.

Two kinds of text are translated, and ``static/shell.js`` finds them by the same rules:

* The content of every element marked ``data-i18n`` (its value, if any, is a comment for the
  translators). Its message is its text with its child elements numbered, as translators of
  marked-up sentences know them: a child holding text only is ``<1>text</1>`` (its text is
  translated with the sentence), any other child ``<2/>`` (kept as it is, e.g. a form control or
  a row of pegs). Runs of white space are one space, and the ends are trimmed.
* The values of :data:`ATTRIBUTES` on any element (``aria-label``, ``title``...), but on a colour
  of the palette (``data-letter``), whose name and letter come from the colour catalog. A number
  in such a value is the placeholder ``{number}`` (``Slot 1`` is ``Slot {number}``), and in a
  ``data-slot-description`` the colour's own name is ``{colour}``.

A text with no letter (``#``, ``?``, a peg's letter) is no message. Elements inside ``<script>``,
``<style>`` and ``<mpy-config>`` hold no text for people.

>>> [message.text for message in messages('<p data-i18n>Press <b>Enter</b>, <input> then\\n wait.</p>')]
['Press <1>Enter</1>, <2/> then wait.']
>>> [message.text for message in messages('<button aria-label="Slot 2" title="?">x</button>')]
['Slot {number}']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import IO, Any

ATTRIBUTES = ("aria-label", "aria-description", "title", "placeholder", "alt",
              "data-early-submit", "data-empty", "data-none", "data-slot-description", "data-error-marker")
"""Attributes whose values people read or hear (``data-*``: the texts ``shell.js`` shows before Python,
and ``data-error-marker``, the title the Lab's editor gives the marker of an error's line)."""

MARK = "data-i18n"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
NOT_TEXT = {"script", "style", "mpy-config"}
SPACE = re.compile(r"[ \t\n\r\f]+")
LETTER = re.compile(r"[^\W\d_]")
NUMBER = re.compile(r"\b\d+\b")


@dataclass
class Element:
    tag: str
    attributes: dict[str, str]
    children: list[Element | str] = field(default_factory=list)
    line: int = 0


@dataclass(frozen=True)
class Message:
    """One text of the page: its message id, the line it starts on and a comment for translators."""

    text: str
    line: int
    comment: str = ""


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.open: list[Element] = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {name: value or "" for name, value in attrs}, line=self.getpos()[0])
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open[-1].children.append(Element(tag, {name: value or "" for name, value in attrs}, line=self.getpos()[0]))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def parse(html: str) -> Element:
    """The document's elements and texts (a light tree: the page is the project's own, well formed)."""
    tree = _Tree()
    tree.feed(html)
    tree.close()
    return tree.root


def text_of(element: Element) -> str:
    return "".join(child if isinstance(child, str) else text_of(child) for child in element.children)


def content_message(element: Element) -> str:
    """The message of a ``data-i18n`` element's content (see the module docstring)."""
    parts: list[str] = []
    number = 0
    for child in element.children:
        if isinstance(child, str):
            parts.append(child)
            continue
        number += 1
        plain = child.tag not in VOID and all(isinstance(grandchild, str) for grandchild in child.children)
        parts.append(f"<{number}>{text_of(child)}</{number}>" if plain else f"<{number}/>")
    return collapse("".join(parts))


def collapse(text: str) -> str:
    return SPACE.sub(" ", text).strip()


def attribute_message(element: Element, name: str) -> str:
    """The message of attribute `name`'s value (see the module docstring)."""
    value = collapse(element.attributes[name])
    colour = element.attributes.get("aria-label", "")
    if name == "data-slot-description" and colour:
        value = value.replace(colour, "{colour}")
    return NUMBER.sub("{number}", value)


def is_message(text: str) -> bool:
    return LETTER.search(text) is not None


def walk(element: Element) -> list[Element]:
    found: list[Element] = []
    for child in element.children:
        if isinstance(child, Element) and child.tag not in NOT_TEXT:
            found.append(child)
            found += walk(child)
    return found


def messages(html: str) -> list[Message]:
    """Every text of the page to translate, in document order (a text may come more than once)."""
    found: list[Message] = []
    for element in walk(parse(html)):
        for name in ATTRIBUTES:
            if name in element.attributes and not (name == "aria-label" and "data-letter" in element.attributes):
                text = attribute_message(element, name)
                if is_message(text):
                    found.append(Message(text, element.line))
        if MARK in element.attributes:
            text = content_message(element)
            if is_message(text):
                found.append(Message(text, element.line, element.attributes[MARK]))
    return found


def unmarked_texts(html: str) -> list[str]:
    """Texts with letters that no ``data-i18n`` element holds: none should be left but names."""
    def visit(element: Element, marked: bool) -> list[str]:
        if element.tag in NOT_TEXT or element.tag == "title":
            return []
        marked = marked or MARK in element.attributes
        texts: list[str] = []
        for child in element.children:
            if isinstance(child, str):
                if not marked and is_message(collapse(child)):
                    texts.append(collapse(child))
            else:
                texts += visit(child, marked)
        return texts

    return visit(parse(html), False)


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> list[tuple[int, str, str, list[str]]]:
    """A Babel extraction method for HTML pages (``babel.messages.extract.extract``'s signature)."""
    html = fileobj.read().decode(options.get("encoding", "utf-8") if options else "utf-8")
    return [(message.line, "_", message.text, [message.comment] if message.comment else []) for message in messages(html)]
