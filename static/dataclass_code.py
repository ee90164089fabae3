"""The methods :mod:`dataclasses` writes for each class, compiled by the build instead of at start.

A dataclass's ``__init__``, ``__repr__``, ``__eq__``, ... are written as source text and compiled
with ``exec`` as the class is created. In the browser those compiles were about a third of the time
the Solo board's modules took to import (15 classes; README, "Start-up"). The build creates every
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
from importlib.util import MAGIC_NUMBER

DATA = "dataclass_code.bin"
"""The compiled texts: the bytecode magic number, then marshal of ``[(text, marshalled code)]``."""

compiled_here = []
"""Texts compiled at run time after all (the build's test expects none while the page starts)."""


def compile_text(text):
    return compile(text, "<string>", "exec", dont_inherit=True)


def record(create):
    """Call `create`, which creates dataclasses, and return the compiled code of every text
    :mod:`dataclasses` compiled meanwhile, as :data:`DATA` holds it (sorted: the same classes give
    the same bytes)."""
    texts = set()

    def recording_exec(text, globals, locals):
        texts.add(text)
        exec(compile_text(text), globals, locals)

    dataclasses.exec = recording_exec
    try:
        create()
    finally:
        del dataclasses.exec
    return MAGIC_NUMBER + marshal.dumps([(text, marshal.dumps(compile_text(text))) for text in sorted(texts)])


def install(data=None):
    """Let :mod:`dataclasses` run the compiled texts of `data` (by default :data:`DATA`, read
    beside this module, from the zip). Data of another Python's bytecode is left unused."""
    if data is None:
        data = __spec__.loader.get_data(os.path.join(os.path.dirname(__file__), DATA))
    if data[: len(MAGIC_NUMBER)] != MAGIC_NUMBER:
        return
    codes = dict(marshal.loads(data[len(MAGIC_NUMBER) :]))

    def compiled_exec(text, globals, locals):
        code = codes.get(text)
        if code is None:
            compiled_here.append(text)
            exec(compile_text(text), globals, locals)
        else:
            exec(marshal.loads(code), globals, locals)

    dataclasses.exec = compiled_exec
