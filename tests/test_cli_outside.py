"""Text from outside (lines typed, names and messages read from a file) reaches the terminal only
through :func:`mastermind.cli.texts.outside`: control characters escaped, long text cut short."""

from __future__ import annotations

import random
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import CLASSIC, Code
from mastermind.cli.texts import LONGEST, outside

from .transcripts import lines, play

SEED = "1959"
PWNED = "\x1b]0;pwned\x07\x1b[2J"
RAW = ("\x1b", "\x07", "\x9b", "\u202e")


def printable(out: str) -> bool:
    """No character in `out` that a terminal acts on, but the line breaks the dialogue writes."""
    return all(unicodedata.category(char) not in {"Cc", "Cf"} or char == "\n" for char in out)


@settings(deadline=None)
@given(st.text(max_size=300), st.integers(1, 120))
def test_outside_text_prints_escaped_and_short(text: str, longest: int) -> None:
    shown = outside(text, longest)
    whole = outside(text, 10**6)  # escaped, never cut
    assert printable(shown) and "\n" not in shown and printable(whole)
    assert (whole == text) == (not any(unicodedata.category(c) in {"Cc", "Cf", "Cs", "Co", "Zl", "Zp"} for c in text))
    head, cut, rest = shown.partition("... (")
    if cut and rest == f"{len(text):,} characters)":
        # cut after the longest run of whole characters that fits, never inside an escape
        n = next(n for n in range(len(text) + 1) if outside(text[:n], 10**6) == head)
        assert len(head) <= longest < len(outside(text[: n + 1], 10**6))
    else:
        assert shown == whole and len(whole) <= longest


def test_an_ordinary_text_prints_as_it_is() -> None:
    assert outside("Zoë Ødegaard RGBY") == "Zoë Ødegaard RGBY"


def test_a_refused_guess_is_echoed_escaped() -> None:
    secret = Code.random(CLASSIC, random.Random(int(SEED)))
    status, out = play(lines("Y", PWNED, f"RG{chr(0x1b)}Y", str(secret), "N"), "--seed", SEED)
    assert status == 0 and printable(out)
    assert "\\x1b]0;pwned\\x07\\x1b[2J -> INVALID GUESS\n" in out
    assert "RG\\x1bY -> INVALID GUESS\n" in out


def test_a_huge_line_is_echoed_short() -> None:
    secret = Code.random(CLASSIC, random.Random(int(SEED)))
    status, out = play(lines("Y", "\x1b" + "R" * 100_000, str(secret), "N"), "--seed", SEED)
    assert status == 0 and printable(out) and len(out) < 5_000
    assert f"\\x1b{'R' * (LONGEST - 4)}... (100,001 characters) -> INVALID GUESS\n" in out


def test_a_refused_code_names_its_strange_letters_escaped_in_every_mode() -> None:
    typed = f"R{chr(0x1b)}{chr(0x9b)}G"
    status, out = play(lines(typed, "RGBY", "n"), "--mode", "computer", "--guesses", "1", "--seed", "7")
    assert status == 0 and printable(out)
    assert "-> INVALID CODE: \\x1b and \\x9b are not in the palette" in out
    status, out = play(lines("Ann Bob", "2", typed, "RGBP", *["RGBY"] * 12), "--mode", "duel")
    assert printable(out) and "Invalid secret! (\\x1b and \\x9b are not in the palette" in out


def test_no_raw_character_reaches_the_tournament_dialogue(tmp_path) -> None:
    status, out = play(lines("r", PWNED, "r", "A" * 5000, "p", "2", PWNED, "q"), "--mode", "tournament",
                       "--data-dir", str(tmp_path))
    assert status == 0 and printable(out) and not any(char in out for char in RAW)
    assert len(out) < 5_000
