"""Refusals of a saved game of Computer breaks your code, word for word, and the package's names
imported on first use: both only seen so far through the page's own storage or a subprocess."""

from __future__ import annotations

import re

import pytest

from mastermind.computer import CodeChallenge
from mastermind.errors import SavedDataError


def saved(**change: object) -> dict:
    data = CodeChallenge("HAL9000").set_secret("RGBY").to_dict()
    data["guesses"] = ["BBGG"]
    data.update(change)
    return data


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (["not", "a", "mapping"], "expected a mapping, not list"),
        (saved(mode="duel"), "mode 'duel', version 1"),
        (saved(version=7), "mode 'computer', version 7"),
        (saved(guesses="RGBY"), "guesses 'RGBY' are not a list of text"),
        (saved(guesses=["RGBY", 3]), "guesses ['RGBY', 3] are not a list of text"),
        (saved(secret=None), "guesses without a secret"),
        (saved(secret=7), "secret 7 is not text"),
    ],
)
def test_a_malformed_saved_code_challenge_is_refused_saying_why(data, why):
    with pytest.raises(SavedDataError, match=f"^{re.escape(f'not a saved game of computer: {why}')}$"):
        CodeChallenge.from_dict(data)


def test_a_saved_code_challenge_without_a_secret_nor_guesses_waits_for_the_secret():
    game = CodeChallenge.from_dict(saved(secret=None, guesses=[]))
    assert game.secret is None and game.history == ()


def test_a_package_name_is_imported_on_first_use_and_kept(monkeypatch):
    import mastermind
    from mastermind.race import Race

    monkeypatch.delitem(vars(mastermind), "Race", raising=False)
    assert mastermind.Race is Race and vars(mastermind)["Race"] is Race
    with pytest.raises(AttributeError, match="no_such_name"):
        mastermind.no_such_name  # noqa: B018 - the lookup is the test
