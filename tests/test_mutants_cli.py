"""The terminal edition's steps that only a real terminal, or a subprocess, took: called here
in-process, where `make mutation` sees them."""

from __future__ import annotations

import io
import sys

import pytest

from mastermind.cli.console import Console, NotTextError


class Terminal(io.TextIOWrapper):
    def __init__(self, data: bytes, tty: bool) -> None:
        super().__init__(io.BytesIO(data), encoding="utf-8", errors="strict", write_through=True)
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize("tty", [False, True])
def test_the_terminal_reads_bad_bytes_without_raising_and_writes_them_escaped(monkeypatch, tty):
    stdin, stdout = Terminal(b"R\xffGB\n", tty), Terminal(b"", tty)
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)
    hidden: list[str] = []
    monkeypatch.setattr("getpass.getpass", lambda prompt: hidden.append(prompt) or "RGBY")
    console = Console.terminal()
    assert (stdin.errors, stdout.errors) == ("surrogateescape", "backslashreplace")
    assert console.read is input and console.write == sys.stdout.write
    assert input() == "R\udcffGB"
    console.write("caf\udce9\n")
    assert stdout.buffer.getvalue() == b"caf\\udce9\n"
    if tty:
        assert console.read_hidden("Secret: ") == "RGBY" and hidden == ["Secret: "]
    else:
        assert console.read_hidden is input


def test_a_terminal_that_is_no_text_stream_is_left_as_it_is(monkeypatch):
    stdin, stdout = io.StringIO("RGBY\n"), io.StringIO()
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", stdout)
    console = Console.terminal()
    assert console.read_hidden is input and console.read is input
    console.write("ok")
    assert stdout.getvalue() == "ok"


def test_a_line_that_is_not_text_is_refused_in_words():
    error = NotTextError()
    assert isinstance(error, ValueError)
    assert str(error) == "that line holds bytes that are not UTF-8 text"


# A match's turns in the terminal


def recording_console(typed: list[str]) -> tuple[Console, list[tuple[str, str]], list[str]]:
    asked: list[tuple[str, str]] = []
    said: list[str] = []

    def reader(kind: str):
        def read(prompt: str) -> str:
            asked.append((kind, prompt))
            if not typed:
                raise EOFError
            return typed.pop(0)
        return read

    return Console(read=reader("seen"), read_hidden=reader("hidden"), write=said.append), asked, said


def test_a_persons_secret_is_typed_unseen_and_only_when_due():
    import random

    from mastermind import Duel
    from mastermind.cli import turns
    from mastermind.errors import MoveError

    duel = Duel(["Ann", "Bob"], 2, rng=random.Random(1))
    console, asked, _ = recording_console(["RGBY", "BBGG"])
    turns.set_secret(console, duel, "Secret? ", lambda text, error: str(error))
    assert asked == [("hidden", "Secret? ")]

    against = Duel(["HAL9000", "Ann"], 2, rng=random.Random(1))  # the computer's secret is drawn
    with pytest.raises(MoveError, match=r"^no person's secret is due; "):
        turns.set_secret(console, against, "Secret? ", lambda text, error: str(error))


def test_a_computers_guess_is_shown_as_it_is_played():
    import random

    from mastermind import Duel
    from mastermind.autoplay import Autoplay
    from mastermind.cli import turns
    from mastermind.errors import MoveError

    duel = Duel(["Ann", "HAL9000"], 2, rng=random.Random(1))
    console, _, said = recording_console(["RGBY"])
    with pytest.raises(MoveError, match=r"^no guess is due; "):
        turns.guess(console, duel, Autoplay(random.Random(1)), "Guess? ", lambda text, error: str(error), str)
    turns.set_secret(console, duel, "Secret? ", lambda text, error: str(error))
    attempt = turns.guess(console, duel, Autoplay(random.Random(1)), "Guess? ", lambda text, error: str(error),
                          lambda code: f"HAL9000 plays {code}")
    assert said == [f"HAL9000 plays {attempt.history[-1].guess}\n"] or said == [f"HAL9000 plays {attempt.history[-1].guess}"]


def test_a_line_of_bad_bytes_in_a_classic_game_is_refused_and_the_game_goes_on():
    from .transcripts import lines, play

    _, out = play(lines("y", "R\udcffGB", "RGBY"), "--seed", "1")
    assert "Sorry, that line holds bytes that are not UTF-8 text.\n" in out
    after = out.split("Sorry, that line holds bytes that are not UTF-8 text.\n")[1]
    assert "Enter guess: RGBY -> Result: " in after and "You have 11 guesses left." in after


def test_no_computer_guess_is_due_once_a_match_between_computers_is_over():
    import random

    from mastermind import Duel
    from mastermind.autoplay import Autoplay
    from mastermind.errors import MoveError

    duel = Duel(["HAL9000", "VIKI"], 2, rng=random.Random(1))
    autoplay = Autoplay(random.Random(1))
    assert autoplay.run(duel) > 0 and duel.result is not None
    with pytest.raises(MoveError, match=r"^no computer player's guess is due: "):
        autoplay.breaker(duel)
