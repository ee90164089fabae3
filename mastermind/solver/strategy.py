"""Precomputed strategy trees and opening books: play looked up instead of searched.

A tree is written by ``tools/make_strategy.py`` into ``mastermind/data/`` as JSON, e.g.
``4x6.json`` for 4 pegs and 6 colours with repeats and ``4x6-norepeat.json`` without. A tree is
independent of the colour names, so the classic and the tournament palettes share one. Format::

    {"format": 1, "pegs": 4, "colors": 6, "allow_duplicates": true,
     "total": 5626, "worst": 5, "tree": NODE}

where ``NODE`` is ``[guess, {feedback: NODE, ...}]``, or just ``guess`` when the guess is the one
code left. A guess is written as colour indices (``"0012"``), a feedback as black then white
digits (``"21"``); a win has no entry. ``total`` is the number of guesses over all secrets.

The larger games' files add three things:

* an *opening book* (where a whole tree would be too big to ship) is a tree cut short: a node
  ``[guess, count]`` plays its guess, and `count` secrets come to it; after its feedback the
  engine searches. A child may also be just a count (of two secrets or more): the book stops
  before its move there, and the engine searches. A book's ``total`` and ``worst`` are null;
* a leaf may be ``0``: one code is left, and it is not written, since the feedback so far
  names it (the engine finds it at once);
* a child may be *packed*: its node as JSON text, read only when a game goes that way, so that
  no single step of reading a large tree keeps a page busy for long.

The page's build leaves the larger games' files out of the package and ships them beside it,
listed in the package's ``data/on-demand.json`` (file name: the site path to fetch it from):
only a game of that shape needs them. Before the engine thinks about such a game, the page
fetches what :func:`wanted` names and hands the text over with :func:`provide`; the package
itself never fetches (it runs unchanged in CPython, which reads every file from the package).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from .clock import Thinking
from .space import CodeSpace, Digits

FORMAT = 1
Node = str | int | list[Any]
ON_DEMAND = "on-demand.json"
"""The list of the data files the page fetches (see the module docstring)."""

_provided: dict[str, str] = {}
"""The texts of on-demand files handed over by :func:`provide`, by file name."""
_loaded: dict[str, Strategy] = {}


def data_name(pegs: int, colours: int, allow_duplicates: bool) -> str:
    """The file name of the tree for a config shape.

    >>> data_name(4, 6, True), data_name(4, 6, False)
    ('4x6.json', '4x6-norepeat.json')
    """
    return f"{pegs}x{colours}{'' if allow_duplicates else '-norepeat'}.json"


class Strategy:
    """A strategy tree: for each history that follows it, the guess to play."""

    def __init__(self, data: dict[str, Any]) -> None:
        if data.get("format") != FORMAT:
            raise ValueError(f"strategy format {data.get('format')!r}, expected {FORMAT}")
        self.pegs: int = data["pegs"]
        self.colours: int = data["colors"]
        self.allow_duplicates: bool = data["allow_duplicates"]
        self.total: int | None = data["total"]
        self.worst: int | None = data["worst"]
        self.tree: Node = data["tree"]

    @staticmethod
    def of(space: CodeSpace) -> Strategy | None:
        """The shipped tree of `space`'s shape (read once), or None when there is none, or when
        it is an on-demand file not provided yet (the engine then searches every move)."""
        name = data_name(space.pegs, space.colours, space.allow_duplicates)
        if name not in _loaded:
            file = _data() / name
            if name in _provided:
                text = _provided.pop(name)
            elif file.is_file():
                text = file.read_text(encoding="utf-8")
            else:
                return None
            _loaded[name] = Strategy(json.loads(text))
        return _loaded[name]

    @staticmethod
    def load(space: CodeSpace) -> Thinking[Strategy | None]:
        """:meth:`of`, handing back control first: reading a large tree is one long step."""
        yield None
        return Strategy.of(space)

    @property
    def complete(self) -> bool:
        """Whether the tree plays every secret to the end (else it is an opening book)."""
        return self.total is not None

    def move(self, history: Sequence[tuple[Digits, int, int]]) -> Digits | None:
        """The tree's guess after `history` ((guess, black, black + white) triples), or None when
        the history left the tree (a guess the tree would not have made)."""
        node = self.tree
        for guess, black, total in history:
            if not isinstance(node, list) or not isinstance(node[1], dict) or node[0] != "".join(map(str, guess)):
                return None
            found = child(node[1], f"{black}{total - black}")
            if found is None:
                return None  # a feedback no secret gives: the caller finds out that nothing fits
            node = found
        if isinstance(node, int):
            return None  # the one code left (0), or a book's hand-over to the search: the caller searches
        return tuple(int(digit) for digit in (node if isinstance(node, str) else node[0]))


def wanted(space: CodeSpace) -> str | None:
    """The site path of the data file `space`'s games need and the page must fetch first
    (:func:`provide`), or None when there is nothing to fetch.

    >>> from mastermind import Config
    >>> wanted(CodeSpace.of(Config())) is None  # in the package, or not shipped at all
    True
    """
    name = data_name(space.pegs, space.colours, space.allow_duplicates)
    if name in _loaded or name in _provided or (_data() / name).is_file():
        return None
    return _on_demand().get(name)


def provide(path: str, text: str) -> None:
    """Hand over the text of the on-demand file at site path `path`, as :func:`wanted` named it."""
    for name, site_path in _on_demand().items():
        if site_path == path:
            _provided[name] = text
            return
    raise ValueError(f"{path!r} is not an on-demand data file")


def _data() -> Traversable:
    return resources.files("mastermind") / "data"


@cache
def _on_demand() -> dict[str, str]:
    """The on-demand data files: name -> site path (none where the package holds every file)."""
    file = _data() / ON_DEMAND
    return dict(json.loads(file.read_text(encoding="utf-8"))) if file.is_file() else {}


def child(children: dict[str, Node], result: str) -> Node | None:
    """The node under feedback `result`, unpacked (once) if it was packed."""
    node = children.get(result)
    if isinstance(node, str) and node.startswith("["):
        node = children[result] = json.loads(node)
    return node
