"""The package's layers, read from its modules' source: imports run one way and never in a circle.

The rules and modes (``mastermind/*.py``) and the engine (``mastermind/solver/``) never import the
web page's layer (``mastermind/page/``) or the terminal's (``mastermind/cli/``); the engine knows no
match: it imports neither the players nor the modes; the page never imports the terminal or the
browser (``js``, ``pyscript``); the browser adapter (``static/``) reaches the package through the
page only: it imports ``mastermind.page`` and its modules, and from the package root only the values
the root loads at once (``from mastermind import CodeError``, never a mode or the engine, which the
root loads on first use); no module reaches itself again by following imports, including those made
inside functions.
"""

import ast
from pathlib import Path

import pytest

import mastermind

PACKAGE = Path(__file__).resolve().parent.parent / "mastermind"
STATIC = PACKAGE.parent / "static"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py")) if "data" not in path.relative_to(PACKAGE).parts}
"""The package's modules; ``data/`` holds files for players (the lab's starter strategy), not modules."""


def imports(name: str) -> set[str]:
    """Every module `name` imports anywhere in its source (type-checking imports included), as
    dotted names; ``from pkg import sub`` counts as importing ``pkg.sub`` (not ``pkg``) when that is
    a module."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = ".".join(filter(None, [base, node.module]))
            else:
                module = node.module or ""
            submodules = {f"{module}.{alias.name}" for alias in node.names} & MODULES.keys()
            found.update(submodules)
            if len(submodules) < len(node.names):  # names defined in `module` itself
                found.add(module)
    return found


def layer(name: str) -> str:
    """``page``, ``cli``, ``solver`` or ``root``: the folder a module lives in; ``main`` for
    ``python -m mastermind``, the program's entry, which runs the terminal edition."""
    if name == "mastermind.__main__":
        return "main"
    parts = name.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in {"page", "cli", "solver"}) else "root"


def test_the_layers_are_found():
    layers = {layer(name) for name in MODULES}
    assert layers == {"root", "page", "cli", "solver", "main"}
    assert layer("mastermind.page.storage") == "page" and layer("mastermind.game") == "root"
    assert "mastermind.page.storage" in imports("mastermind.page.sync")


@pytest.mark.parametrize("name", sorted(name for name in MODULES if layer(name) in {"root", "solver"}))
def test_the_rules_never_import_the_page_or_the_terminal(name):
    wrong = {module for module in imports(name) if module.startswith(("mastermind.page", "mastermind.cli"))}
    assert not wrong, f"{name} imports {sorted(wrong)}"


@pytest.mark.parametrize("name", sorted(name for name in MODULES if layer(name) == "page"))
def test_the_page_never_imports_the_terminal_or_the_browser(name):
    wrong = {module for module in imports(name)
             if module.startswith("mastermind.cli") or module.split(".")[0] in {"js", "pyscript", "pyodide"}}
    assert not wrong, f"{name} imports {sorted(wrong)}"


MATCHES = ("mastermind.players", "mastermind.modes", "mastermind.match", "mastermind.autoplay", "mastermind.computer",
           "mastermind.duel", "mastermind.race", "mastermind.tournament", "mastermind.registry")
"""The modules of a match: who plays, and the modes that seat them. The computer players' names the
engine needs are :mod:`mastermind.computer_players`'."""


@pytest.mark.parametrize("name", sorted(name for name in MODULES if layer(name) == "solver"))
def test_the_engine_knows_no_match(name):
    wrong = {module for module in imports(name) if module in MATCHES or module.startswith(tuple(f"{m}." for m in MATCHES))}
    assert not wrong, f"{name} imports {sorted(wrong)}"


ROOT_VALUES = frozenset(mastermind.__all__) - mastermind._LAZY.keys()
"""What the package root loads at once: the rules of one game and their errors."""


def adapter_imports(path: Path) -> list[str]:
    """Every import of the package in the adapter module at `path`, as written: ``mastermind.page.solo``
    for ``from mastermind.page.solo import SoloView``, ``mastermind:CodeError`` for a name taken from the
    root (``from mastermind.page import storage`` counts as ``mastermind.page``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] == "mastermind"]
        elif isinstance(node, ast.ImportFrom) and node.module == "mastermind":
            found += [f"mastermind:{alias.name}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mastermind."):
            found.append(node.module or "")
    return found


def adapter_may_import(module: str) -> bool:
    return module == "mastermind.page" or module.startswith("mastermind.page.") or module.removeprefix("mastermind:") in ROOT_VALUES


def test_the_adapter_s_imports_are_found(tmp_path):
    assert adapter_may_import("mastermind.page.solo") and adapter_may_import("mastermind:CodeError")
    assert not adapter_may_import("mastermind:solve") and not adapter_may_import("mastermind.solver.assist")
    assert not adapter_may_import("mastermind.modes") and not adapter_may_import("mastermind")
    adapter = tmp_path / "adapter.py"
    adapter.write_text("from mastermind.page.solo import SoloView\nfrom mastermind import CodeError, modes\nimport mastermind.page\n")
    assert adapter_imports(adapter) == ["mastermind.page.solo", "mastermind:CodeError", "mastermind:modes", "mastermind.page"]


@pytest.mark.parametrize("path", sorted(STATIC.glob("*.py")), ids=lambda path: path.name)
def test_the_adapter_reaches_the_package_through_the_page(path):
    wrong = [module for module in adapter_imports(path) if not adapter_may_import(module)]
    assert not wrong, f"static/{path.name} imports {wrong}"


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports in `graph`, or ``None`` (depth-first search, colouring modules)."""
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = "done"
        stack.pop()
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_a_circle_is_found():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_no_import_cycle_in_the_package():
    graph = {name: {module for module in imports(name) if module in MODULES and module != name} for name in MODULES}
    assert cycle(graph) is None
