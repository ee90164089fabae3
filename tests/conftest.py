"""Suite-wide settings: Hypothesis profiles, the folder that is not a test folder, and English
that refuses a text the catalogs do not hold."""

from __future__ import annotations

import gettext
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# A loaded CI machine must not fail a property on timing: no deadline and no "too slow" health
# check anywhere (both measure the machine, not the code). Under CI
# (GitHub Actions and most others set CI=true) examples are derandomized, so a red run is
# reproducible from the same commit; HYPOTHESIS_PROFILE picks a profile by hand.
ON_TIME: dict[str, Any] = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("dev", **ON_TIME)
settings.register_profile("ci", **ON_TIME, derandomize=True, print_blob=True)
# `make mutation` runs the tests once per mutant: the same examples every run (a mutant is killed
# or not, never by chance), fewer of them, and no example database carried from run to run.
settings.register_profile("mutation", **ON_TIME, derandomize=True, database=None, max_examples=25)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

collect_ignore = ["pyodide"]  # the stand-ins `make unit-pyodide` uses, not tests


class CatalogEnglish(gettext.NullTranslations):
    """English, as the game speaks it by default, that fails on a text the committed template
    (mastermind.pot) does not hold, or holds with another plural: every language would show such a
    text in English. Every test speaks it unless it chooses a language, so a text changed in the
    code alone, a context misspelt, or a count that is not a number fails whichever test shows it."""

    def __init__(self, known: dict[tuple[str | None, str], str | None]) -> None:
        super().__init__()
        self.known = known

    def _check(self, context: str | None, message: str, plural: str | None = None, count: object = None) -> None:
        if (context, message) not in self.known or self.known[context, message] != plural:
            raise AssertionError(f"a text the catalogs do not hold: {(context, message, plural)!r}")
        if plural is not None and (not isinstance(count, int) or isinstance(count, bool)):
            raise TypeError(f"the count of {message!r} is {count!r}, not a number")

    def gettext(self, message: str) -> str:
        self._check(None, message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self._check(None, msgid1, msgid2, n)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self._check(context, message)
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self._check(context, msgid1, msgid2, n)
        return msgid1 if n == 1 else msgid2


def _template() -> dict[tuple[str | None, str], str | None]:
    """Each text of mastermind.pot, by context and text, with its plural (Babel is in the test
    lock, not in Pyodide: there the tests speak plain English)."""
    try:
        from babel.messages.pofile import read_po
    except ImportError:
        return {}
    from mastermind.i18n import DOMAIN, LOCALE_DIR

    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as template:
        messages = read_po(template)
    known: dict[tuple[str | None, str], str | None] = {}
    for message in messages:
        forms = message.id if isinstance(message.id, (list, tuple)) else (message.id, None)
        if forms[0]:
            known[message.context, str(forms[0])] = forms[1]
    return known


TEMPLATE = _template()


@pytest.fixture(autouse=True)
def catalog_english() -> Iterator[None]:
    """Every test starts in :class:`CatalogEnglish` and ends in it, whatever language it chose."""
    from mastermind import i18n

    english = CatalogEnglish(TEMPLATE) if TEMPLATE else gettext.NullTranslations()
    i18n.use(english, i18n.SOURCE.tag)
    yield
    i18n.use(english, i18n.SOURCE.tag)


@pytest.fixture
def page_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The package as the page's build ships it: the larger games' files left out and listed in
    ``on-demand.json`` (see tools/build_site.py); no file read or handed over before the test."""
    from mastermind.solver import strategy

    data = strategy._data()
    for name in ("4x6.json", "4x6-norepeat.json"):
        (tmp_path / name).write_text((data / name).read_text())
    listed = {name: f"data/{name}" for name in ("5x8.json", "6x9.json")}
    (tmp_path / strategy.ON_DEMAND).write_text(json.dumps(listed))
    monkeypatch.setattr(strategy, "_data", lambda: tmp_path)
    monkeypatch.setattr(strategy, "_loaded", {})
    monkeypatch.setattr(strategy, "_provided", {})
    strategy._on_demand.cache_clear()
    yield strategy
    strategy._on_demand.cache_clear()
