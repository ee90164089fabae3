"""Check a built site's trimmed standard library against what its page imports. Runs inside the
vendored Pyodide under Node, with the site's own standard library, so it may import only what
the page itself can (no ``unittest.mock`` here):

    PYODIDE_STDLIB=SITE/vendor/pyodide/python_stdlib.zip node tools/pyodide_run.mjs tools/check_imports.py SITE

Imports every module of ``SITE/mastermind.zip`` and every module that they name in any import
statement (also those inside functions, which run only when a button is first pressed), as the
page's workers would; ``js`` is a stand-in, as Node has no page. Fails, naming them, if
any is missing: the trimming left out something the page needs.
"""

import importlib
import sys
import types
import zipfile
from pathlib import Path

from imports import imported


class Anything(types.ModuleType):
    """The browser's ``js`` module: any name is there, and anything may be done with it."""

    def __getattr__(self, name: str) -> "Anything":
        if name.startswith("__"):
            raise AttributeError(name)  # a plain module, not a package, to the import system
        return Anything(name)

    def __call__(self, *args: object, **kwargs: object) -> "Anything":
        return self


def main(site: Path) -> None:
    sys.modules["js"] = Anything("js")
    package = site / "mastermind.zip"
    sys.path.insert(0, str(package))
    sources = {
        name.removesuffix(".py").removesuffix("/__init__").replace("/", "."): (name, name.endswith("__init__.py"))
        for name in zipfile.ZipFile(package).namelist() if name.endswith(".py")
    }
    names = set(sources)
    for name, (path, is_package) in sources.items():
        names |= imported(zipfile.ZipFile(package).read(path).decode(), name, is_package)
    missing = []
    for name in sorted(names):  # parents first
        parent, _, attribute = name.rpartition(".")
        owner = sys.modules.get(parent)
        if owner is not None and (not hasattr(owner, "__path__") or hasattr(owner, attribute)):
            continue  # ``from module import name``: a name, not a module
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name == name:
                missing.append(name)
    if missing:
        raise SystemExit(f"check_imports: the page imports modules its standard library lacks: {missing}")
    print(f"check_imports: all {len(names)} modules the page names in its imports are there")


if __name__ == "__main__":
    main(Path("/host" + sys.argv[1]))
