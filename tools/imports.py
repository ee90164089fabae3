"""Which modules a set of Python files needs, found by reading their ``import`` statements.

One reader for both of the build's questions: which files of the ``mastermind`` package the page
ships (``tools/build_site.py``, under the host's Python) and which standard-library modules it
keeps (``tools/bytecode.py``, inside the vendored Pyodide, whose Python parses its own library).
Every ``import`` counts, also those inside functions or ``try`` blocks: a module imported only
when a button is first pressed must be there when it is.

    >>> sorted(imported("import a.b\\nfrom .c import d", "pkg.mod", is_package=False))
    ['a', 'a.b', 'pkg', 'pkg.c', 'pkg.c.d']
"""

from __future__ import annotations

import ast
import os
import sys
from collections.abc import Callable, Iterable, Iterator


def imported(source: str, dotted: str, is_package: bool, eager: bool = False) -> set[str]:
    """Every module the code `source` of module `dotted` may import, parents included (importing
    ``a.b.c`` runs ``a`` and ``a.b`` first); ``from m import n`` also names ``m.n``, which is a
    module when ``n`` is a submodule. `eager`: only those imported when the module itself is,
    not inside a function."""
    here = dotted if is_package else dotted.rpartition(".")[0]
    names: set[str] = set()
    for node in walk(ast.parse(source), eager):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = here.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1]) if node.level else ""
            module = ".".join(filter(None, [base, node.module]))
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names if alias.name != "*")
    return {".".join(name.split(".")[:i]) for name in names for i in range(1, name.count(".") + 2)}


PLATFORM = {"sys.platform": sys.platform, "os.name": os.name}
"""What the interpreter reading the imports runs on (in the build, the vendored Pyodide)."""


def known_test(test: ast.expr) -> bool | None:
    """The outcome of an ``if`` that tests the platform (``sys.platform == "win32"``), or False for
    ``__name__ == "__main__"``, true only when the module runs as a script (many standard modules
    import ``doctest`` or ``argparse`` there); None for any other test.

    >>> known_test(ast.parse("sys.platform == 'win32'").body[0].value), known_test(ast.parse("x").body[0].value)
    (False, None)
    """
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.comparators[0], ast.Constant)):
        return None
    left, op, right = ast.unparse(test.left), test.ops[0], test.comparators[0].value
    value = "" if left == "__name__" and right == "__main__" else PLATFORM.get(left)
    if value is None or not isinstance(op, (ast.Eq, ast.NotEq)):
        return None
    return (value == right) == isinstance(op, ast.Eq)


def walk(tree: ast.AST, eager: bool) -> Iterator[ast.AST]:
    """The nodes of `tree` but those of branches that never run here (:func:`known_test`), and
    if `eager`, those in functions' bodies."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if eager and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(getattr(node, "decorator_list", []))
        elif isinstance(node, ast.If) and (outcome := known_test(node.test)) is not None:
            todo.extend(node.body if outcome else node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))


def closure(roots: Iterable[str], source_of: Callable[[str], tuple[str, bool] | None]) -> set[str]:
    """The modules among `roots` and what they import, directly or through each other, that
    `source_of` knows: it returns a module's ``(source, is_package)``, or None for a module it
    does not hold (built into the interpreter, elsewhere, or no module at all)."""
    found: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        module = source_of(name)
        if module is not None:
            found.add(name)
            todo.extend(imported(module[0], name, module[1]))
    return found
