"""The terminal edition in French, as a French player starts it: ``LANG=fr_FR.UTF-8 python -m
mastermind --mode race``, a whole race typed in French letters, with no English text of the
catalog left in what it says; under ``LANG=C`` the same race is today's English word for word.

The catalogs are the real ones, compiled by ``make catalogs``.
"""

from __future__ import annotations

import gettext
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from mastermind import CLASSIC
from mastermind.i18n import DOMAIN, LOCALE_DIR

from .transcripts import lines, play

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")

pytestmark = pytest.mark.cpython_only(reason="starts a Python subprocess")


def run(typed: str, language: str, *argv: str) -> str:
    """`python -m mastermind argv` in a terminal whose environment names `language` (``LANG``)."""
    env = {name: value for name, value in os.environ.items() if name not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env |= {"LANG": language, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-m", "mastermind", *argv], input=typed, capture_output=True,
                          text=True, encoding="utf-8", env=env, timeout=120, check=True)
    return done.stdout


def english_in(text: str, words: gettext.NullTranslations) -> list[str]:
    """The catalog's English texts that `text` holds although `words` translates them otherwise
    (each whole, its placeholders standing for anything, between word boundaries)."""
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as file:
        template = read_po(file)
    found = []
    for message in template:
        if not message.id or message.context:
            continue
        forms = tuple(message.id) if isinstance(message.id, (tuple, list)) else (str(message.id),)
        translated = {words.gettext(forms[0])} if len(forms) == 1 else {words.ngettext(forms[0], forms[1], n) for n in range(12)}
        for form in forms:
            if form in translated or len(re.findall(r"[A-Za-z]{3,}", PLACEHOLDER.sub("", form))) < 2:
                continue
            body = ".+?".join(re.escape(part) for part in PLACEHOLDER.split(form.strip()))
            pattern = (r"\b" if form.strip()[:1].isalnum() else "") + body + (r"\b" if form.strip()[-1:].isalnum() else "")
            if re.search(pattern, text):
                found.append(form)
    return found


def french(letters: str) -> str:
    words = gettext.translation(DOMAIN, LOCALE_DIR, ["fr"])
    return "".join(words.pgettext(f"letter of {CLASSIC.color(letter).name}", letter) for letter in letters)


RACE = ["Bob", "Alice", "1", "BOYG", "GPRY", *["RBGO"] * 8, "q"]
"""Bob breaks GPRY at his second guess, Alice fails all eight (the secrets of ``--seed 0``)."""


def test_a_race_in_french_under_lang_fr() -> None:
    words = gettext.translation(DOMAIN, LOCALE_DIR, ["fr"])
    typed = [french(answer) if re.fullmatch(r"[RGBYOP]{4}", answer) else answer for answer in RACE]
    out = run(lines(*typed), "fr_FR.UTF-8", "--mode", "race", "--seed", "0")
    assert words.gettext("Congratulations, {name}! You have guessed the code!").format(name="Bob") in out
    assert words.gettext("{name}, it is now your turn to play.").format(name="Alice") in out
    assert words.gettext("Congratulations, {winner}! You are the winner!").format(winner="Bob") in out
    assert "\t".join(french("GPRY")) in out  # the rows in French letters, a tab between pegs
    assert english_in(out, words) == []


def test_the_check_sees_english() -> None:
    words = gettext.translation(DOMAIN, LOCALE_DIR, ["qps"])  # generated whole: it translates every text
    _, out = play(lines(*RACE), "--mode", "race", "--seed", "0")
    assert "Congratulations, {name}! You have guessed the code!" in english_in(out, words)


@pytest.mark.parametrize("language", ["C", "C.UTF-8", "en_US.UTF-8"])
def test_a_race_under_lang_c_is_todays_english_word_for_word(language: str) -> None:
    _, expected = play(lines(*RACE), "--mode", "race", "--seed", "0")
    assert run(lines(*RACE), language, "--mode", "race", "--seed", "0") == expected


def test_the_catalogs_are_compiled() -> None:
    """The tests above need `make catalogs`: say so plainly rather than fail on English."""
    assert Path(LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file(), "run `make catalogs`"
