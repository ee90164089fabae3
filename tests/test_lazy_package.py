"""The package's names: every one in ``__all__`` is there, but the multiplayer modes and the engine
load only when first asked for, so the web page's Solo board starts without them."""

import subprocess
import sys

import pytest

import mastermind

LOADED_ON_USE = ("autoplay", "computer", "duel", "match", "modes", "race", "tournament", "solver")

PAGE_START = """
import sys
import mastermind.page.records, mastermind.page.solo, mastermind.page.storage, mastermind.page.sync
import mastermind.page.words, mastermind.page.engine, mastermind.challenge
print(" ".join(sorted(sys.modules)))
"""


@pytest.mark.parametrize("name", mastermind.__all__)
def test_every_public_name_is_there(name):
    value = getattr(mastermind, name)
    assert value is not None
    assert name in dir(mastermind)


def test_a_name_loaded_on_first_use_is_the_module_s_own():
    from mastermind import Duel, Registry, solve
    from mastermind.duel import Duel as DuelItself
    from mastermind.registry import Registry as RegistryItself
    from mastermind.solver import solve as solve_itself

    assert (Duel, Registry, solve) == (DuelItself, RegistryItself, solve_itself)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'Duet'"):
        mastermind.Duet  # noqa: B018 (the lookup is what is tested)
    with pytest.raises(ImportError):
        from mastermind import Duet  # noqa: F401 (the import is what is tested)


@pytest.mark.cpython_only(reason="starts a Python subprocess")
def test_the_solo_page_s_modules_load_no_mode_and_no_engine():
    done = subprocess.run([sys.executable, "-c", PAGE_START], capture_output=True, text=True, check=True, timeout=120)
    loaded = set(done.stdout.split())
    assert "mastermind.page.solo" in loaded
    assert not {f"mastermind.{name}" for name in LOADED_ON_USE} & loaded
