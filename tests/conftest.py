"""Suite-wide settings: Hypothesis profiles, and the folder that is not a test folder."""

from __future__ import annotations

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


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Under `make mutation`, a mutant's tests run quickest first (mutmut timed each test in its
    stats run, `mutmut-stats.json`): most mutants are killed by some quick test, and -x stops there,
    instead of waiting on the slow properties that happen to come first in file order."""
    stats = Path("mutmut-stats.json")
    if len(items) < 2 or "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", "") or not stats.exists():
        return
    seconds: dict[str, float] = json.loads(stats.read_text())["duration_by_test"]
    items.sort(key=lambda item: seconds.get(item.nodeid, 0.0))


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
