"""The engine's values read or computed once and then cached (the shipped strategies, a space's
tables, the opening): built afresh here. mutmut credits a function only to the tests that call
it, and a cached value's function runs only in the first test that asks for it, so the tests
that check the value from the cache check nothing of the function under mutmut."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from mastermind.solver.strategy import Strategy

# The strategies only: the review's first-guess tables (*.review.json) are another format.
SHIPPED = sorted(file.name for file in (resources.files("mastermind") / "data").iterdir()
                 if file.name.endswith(".json") and not file.name.endswith(".review.json")
                 and file.name != "on-demand.json")


@pytest.mark.parametrize("name", SHIPPED)
def test_a_strategy_holds_what_its_file_states(name):
    data = json.loads((resources.files("mastermind") / "data" / name).read_text(encoding="utf-8"))
    strategy = Strategy(data)
    assert (strategy.pegs, strategy.colours, strategy.allow_duplicates, strategy.total, strategy.worst) == (
        data["pegs"], data["colors"], data["allow_duplicates"], data["total"], data["worst"])
    assert strategy.tree is data["tree"]
    assert strategy.complete is (data["total"] is not None)


@pytest.mark.parametrize("found", [99, None, "1"])
def test_a_strategy_of_another_format_is_refused_naming_the_format_found(found):
    data = {} if found is None else {"format": found}
    with pytest.raises(ValueError) as refused:
        Strategy(data)
    assert str(refused.value) == f"strategy format {found!r}, expected 1"
