"""The suite's Hypothesis profiles (tests/conftest.py): no deadline a loaded machine could miss,
and reproducible examples under CI."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

pytestmark = pytest.mark.cpython_only(reason="checks Hypothesis itself, which Pyodide cannot load")


def test_no_profile_checks_timing_and_ci_is_derandomized():
    assert settings.get_profile("dev").deadline is None
    ci = settings.get_profile("ci")
    assert ci.deadline is None and ci.derandomize
    mutation = settings.get_profile("mutation")
    assert mutation.deadline is None and mutation.derandomize and mutation.database is None
    for name in ("dev", "ci", "mutation"):
        assert HealthCheck.too_slow in settings.get_profile(name).suppress_health_check


def test_the_profile_in_force_follows_the_environment():
    name = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
    assert settings.default.deadline is None
    assert settings.default.derandomize == settings.get_profile(name).derandomize
