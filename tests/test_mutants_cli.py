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
