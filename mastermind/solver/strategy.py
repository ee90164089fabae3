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
  engine searches. A book's ``total`` and ``worst`` are null;
* a leaf may be ``0``: one code is left, and it is not written, since the feedback so far
  names it (the engine finds it at once);
* a child may be *packed*: its node as JSON text, read only when a game goes that way, so that
  no single step of reading a large tree keeps a page busy for long.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any, Union

from .clock import Thinking
from .space import CodeSpace, Digits

FORMAT = 1
Node = Union[str, int, list[Any]]


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
    @cache
    def of(space: CodeSpace) -> Strategy | None:
        """The shipped tree of `space`'s shape, or None when there is none."""
        name = data_name(space.pegs, space.colours, space.allow_duplicates)
        file = resources.files("mastermind") / "data" / name
        if not file.is_file():
            return None
        return Strategy(json.loads(file.read_text(encoding="utf-8")))

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
        if node == 0:
            return None  # the one code left, which the caller's search finds
        assert not isinstance(node, int), "the only number in a tree is 0, the one code left"
        return tuple(int(digit) for digit in (node if isinstance(node, str) else node[0]))


def child(children: dict[str, Node], result: str) -> Node | None:
    """The node under feedback `result`, unpacked (once) if it was packed."""
    node = children.get(result)
    if isinstance(node, str) and node.startswith("["):
        node = children[result] = json.loads(node)
    return node
