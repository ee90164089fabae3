"""The terminal's only door to the outside: every dialogue talks through a :class:`Console`, so
tests drive whole games in-process with strings, and the real program uses the keyboard."""

from __future__ import annotations

import getpass
import io
import shutil
import sys
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TextIO, TypeVar

from ..i18n import N_, _, pgettext

T = TypeVar("T")
Refusal = Callable[[str, ValueError], str]
"""The line to print for a refused answer, given what was typed and why it was refused."""

YES_NO: Mapping[str, bool] = {"y": True, "yes": True, "n": False, "no": False}
"""The answers to a yes-or-no question in English, which every language also takes."""
YES_NO_REFUSAL = N_("Please answer Y or N.")
NOT_TEXT = N_("Sorry, that line holds bytes that are not UTF-8 text.")


def in_both(english: Mapping[str, T], local: Mapping[str, T]) -> dict[str, T]:
    """Words a person may type, in English and in their language, keyed in lower case: English's
    always work, so a script or a habit carries from one language to another.

    >>> in_both({"yes": True}, {"Oui": True})
    {'yes': True, 'oui': True}
    """
    return {**{word.casefold(): value for word, value in english.items()},
            **{word.casefold(): value for word, value in local.items()}}


def yes_no() -> dict[str, bool]:
    """The answers to a yes-or-no question: the language's words and letters, and English's."""
    local = {
        # Translators: the answers to a yes-or-no question, typed in lower case ("Y/N" in the questions).
        pgettext("answer", "y"): True, pgettext("answer", "yes"): True,
        pgettext("answer", "n"): False, pgettext("answer", "no"): False,
    }
    return in_both(YES_NO, local)


class NotTextError(ValueError):
    """A line typed (or piped in) with bytes that are not UTF-8: refused like any bad answer."""

    def __init__(self) -> None:
        super().__init__(_("that line holds bytes that are not UTF-8 text"))


@dataclass
class Console:
    """Line input, hidden line input and text output.

    `read` and `read_hidden` take the prompt, like :func:`input`, and raise :class:`EOFError` at
    the end of input; the program ends cleanly on it wherever it comes. Bytes that are not UTF-8
    reach them as lone surrogates (Python's ``surrogateescape``), never as an error; :meth:`line`
    refuses such a line.
    """

    read: Callable[[str], str]
    read_hidden: Callable[[str], str]
    write: Callable[[str], object]
    width: int | None = None
    """Columns to wrap what is said and asked to, at word boundaries; ``None`` (a pipe, a test)
    leaves every line whole, so a script reads each sentence on one line."""

    @classmethod
    def terminal(cls) -> Console:
        """The real keyboard and screen; secrets are typed unseen when a person is at the keyboard
        (getpass writes its prompt to the terminal itself, so what stdout holds goes out first)."""

        def unseen(prompt: str) -> str:
            sys.stdout.flush()
            return getpass.getpass(prompt)

        for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "backslashreplace")):
            if isinstance(stream, io.TextIOWrapper):  # whatever the locale: bad bytes never raise
                stream.reconfigure(errors=errors)
        width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
        return cls(read=input, read_hidden=unseen if sys.stdin.isatty() else input, write=sys.stdout.write,
                   width=width)

    @classmethod
    def from_streams(cls, stdin: TextIO, stdout: TextIO) -> Console:
        """A console over text streams, for tests and for piping a script in."""

        def read(prompt: str) -> str:
            stdout.write(prompt)
            line = stdin.readline()
            if not line:
                raise EOFError
            return line.rstrip("\r\n")

        return cls(read=read, read_hidden=read, write=stdout.write)

    def fit(self, text: str) -> str:
        r"""`text` wrapped at word boundaries to :attr:`width`, line by line: a line that fits is
        kept as it is (tabs and all), a longer one is broken between words, and the spaces that end
        it (a prompt's) are kept.

        >>> Console(input, input, print, width=14).fit("Are you ready to play? (Y/N): ")
        'Are you ready\nto play?\n(Y/N): '
        """
        if self.width is None:
            return text
        return "\n".join(
            line if len(line) <= self.width
            else textwrap.fill(line, self.width, break_long_words=False, break_on_hyphens=False)
            + line[len(line.rstrip()):]
            for line in text.split("\n")
        )

    def line(self, prompt: str, hidden: bool = False) -> str:
        """The next line typed; :class:`NotTextError` when it is not UTF-8 text."""
        text = (self.read_hidden if hidden else self.read)(self.fit(prompt))
        if any("\udc80" <= char <= "\udcff" for char in text):
            raise NotTextError
        return text

    def say(self, *lines: str) -> None:
        """Print each of `lines` on a line of its own."""
        for line in lines:
            self.write(self.fit(line) + "\n")

    def ask(
        self,
        prompt: str,
        accept: Callable[[str], T],
        refusal: Refusal,
        hidden: bool = False,
        again: str | None = None,
    ) -> T:
        """Ask until `accept` takes the answer; each refusal (a ``ValueError``) is explained and
        the question asked again (as `again`, where the first prompt was a long text), so nothing
        entered before is lost."""
        while True:
            try:
                text = self.line(prompt, hidden)
            except NotTextError:
                self.say(_(NOT_TEXT))
                prompt = again or prompt
                continue
            try:
                return accept(text)
            except ValueError as error:
                self.say(refusal(text, error))
                prompt = again or prompt

    def choose(
        self, prompt: str, answers: Mapping[str, T], refusal: str, again: str | None = None, default: T | None = None
    ) -> T:
        """Ask until the answer is one of `answers` (keys in lower case; case and spaces of the
        answer do not matter); an empty answer takes `default`, which the prompt names, if any."""

        def accept(text: str) -> T:
            if default is not None and not text.strip():
                return default
            try:
                return answers[text.strip().lower()]
            except KeyError:
                raise ValueError(text) from None

        return self.ask(prompt, accept, lambda _text, _error: refusal, again=again)
