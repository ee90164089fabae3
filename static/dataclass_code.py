"""The methods :mod:`dataclasses` writes for each class, compiled by the build instead of at start.

A dataclass's ``__init__``, ``__repr__``, ``__eq__``, ... are written as source text and compiled
with ``exec`` as the class is created. In the browser those compiles were about a third of the time
the Solo board's modules took to import (15 classes; docs/startup.md). The build creates every
class of the package once, inside the vendored Pyodide (``tools/bytecode.py``), and ships the
compiled texts beside this module (:data:`DATA`); :func:`install` hands them to the ``exec`` of
:mod:`dataclasses`. A text the build did not see is compiled there and then, as before: the classes
are the same either way, only made sooner.

No ``from __future__`` import here: the fallback compiles as ``dataclasses`` itself would, with no
future flags.
"""

import dataclasses
import marshal
import os
from collections.abc import Callable, Mapping
from importlib.util import MAGIC_NUMBER
from types import CodeType
from typing import Any

DATA = "dataclass_code.bin"
"""The compiled texts: the bytecode magic number, then marshal of ``[(text, marshalled code)]``."""

compiled_here: list[str] = []
"""Texts compiled at run time after all (the build's test expects none while the page starts)."""


def compile_text(text: str) -> CodeType:
    return compile(text, "<string>", "exec", dont_inherit=True)


def record(create: Callable[[], object]) -> bytes:
    """Call `create`, which creates dataclasses, and return the compiled code of every text
    :mod:`dataclasses` compiled meanwhile, as :data:`DATA` holds it (sorted: the same classes give
    the same bytes)."""
    texts: set[str] = set()

    def recording_exec(text: str, globals: dict[str, Any], locals: Mapping[str, object] | None) -> None:
        texts.add(text)
        exec(compile_text(text), globals, locals)

    _hooks()["exec"] = recording_exec
    try:
        create()
    finally:
        del _hooks()["exec"]
    return MAGIC_NUMBER + marshal.dumps([(text, marshal.dumps(compile_text(text))) for text in sorted(texts)])


def install(data: bytes | None = None) -> None:
    """Let :mod:`dataclasses` run the compiled texts of `data` (by default :data:`DATA`, read
    beside this module, from the zip). Data of another Python's bytecode is left unused."""
    if data is None:
        loader: Any = __spec__.loader  # the zip's importer, which reads the files beside this module
        data = loader.get_data(os.path.join(os.path.dirname(__file__), DATA))
    if data[: len(MAGIC_NUMBER)] != MAGIC_NUMBER:
        return
    codes = dict(marshal.loads(data[len(MAGIC_NUMBER) :]))

    def compiled_exec(text: str, globals: dict[str, Any], locals: Mapping[str, object] | None) -> None:
        code = codes.get(text)
        if code is None:
            compiled_here.append(text)
            exec(compile_text(text), globals, locals)
        else:
            exec(marshal.loads(code), globals, locals)

    _hooks()["exec"] = compiled_exec


def _hooks() -> dict[str, Any]:
    """The globals of :mod:`dataclasses`, where an ``exec`` put is found before the builtin."""
    return vars(dataclasses)
