"""A Strategy lab strategy shared: as a ``.py`` file, and as a link (``?mode=lab&strategy=<token>``).

Both carry a strategy's source from one person to another, so both are read as hostile input:

- a file's bytes must be UTF-8 (a leading byte-order mark is dropped), at most :data:`MAX_FILE`
  bytes, and its text at most :data:`MAX_SOURCE` characters holding no control character but tab
  and line ends (:func:`check_source`); the terminal's ``--mode lab FILE`` reads files so too;
- a link's token is the name and source as JSON, compressed (``zlib``), sealed like a challenge
  link's (:func:`mastermind.challenge._seal`: a CRC-32 tag and a keyed scramble, written in URL-safe
  base64), at most :data:`MAX_TOKEN` characters: a token changed by hand or cut short is refused
  with a sentence, as a challenge link is.

Opening either gives a :class:`Shared` (a name and a source), never a loaded strategy: the page puts
it in the editor and nothing of it runs until the person presses Run, in the lab's worker.

>>> shared = Shared("first", "def guess(history, rules):\\n    return 'BBGG'\\n")
>>> open_link(link_token(shared)) == shared
True
>>> open_link(link_token(shared)[:-3] + "abc")
Traceback (most recent call last):
...
mastermind.errors.StrategyError: This strategy link was changed or cut short after it was made; ask for the link again.
>>> read_file(b"\\xff\\xfe", "mine.py")
Traceback (most recent call last):
...
mastermind.errors.StrategyError: The file mine.py is not a strategy: its text is not UTF-8.
"""

from __future__ import annotations

import json
import unicodedata
import zlib
from dataclasses import dataclass

from . import challenge
from .errors import ChallengeError, SetupError, StrategyError
from .i18n import _, number
from .players import check_name, computer_named

PARAMETER = "strategy"
"""The URL parameter a strategy link carries its token in, beside ``mode=lab``."""
KEY = b"mastermind: a strategy shared by a link"
"""Part of the format: a strategy token opens under no other key (a challenge's token is no strategy)."""
MAX_SOURCE = 20_000
"""Characters of a strategy's source, kept, shared or read from a file: ten times the starter's
1,070 and room for a strategy with a table of openings; more is refused, never cut."""
MAX_FILE = 4 * MAX_SOURCE
"""Bytes of a strategy file (UTF-8 spends at most 4 per character): a bigger file is refused unread."""
MAX_TOKEN = 8_000
"""Characters of a strategy link's token: an address of about 8,000 characters opens in every
browser; a strategy that compresses to more is shared as a file."""
ALLOWED_CONTROLS = frozenset("\t\n\r")
"""The control characters a source may hold: tab and line ends."""


@dataclass(frozen=True)
class Shared:
    """A strategy as it travels: its name (a name as players' are, :func:`~mastermind.players.check_name`)
    and its source. Made only by the checks below."""

    name: str
    source: str

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "name", check_name(self.name, "strategy-name"))
        except SetupError as error:
            raise StrategyError(error.sentence or error.reason) from None
        check_source(self.source)


def check_source(source: object) -> str:
    r"""`source` when it can be a strategy's source, else :class:`StrategyError` with a sentence.

    >>> check_source("x = 1\x1b[2J")
    Traceback (most recent call last):
    ...
    mastermind.errors.StrategyError: The strategy holds a control character (U+001B on line 1); remove it.
    """
    if not isinstance(source, str):
        raise StrategyError(_("A strategy's source is text, not {kind}.").format(kind=type(source).__name__))
    if len(source) > MAX_SOURCE:
        raise StrategyError(_("The strategy is too long: at most {most} characters, this has {count}.").format(
            most=number(MAX_SOURCE), count=number(len(source))))
    return check_controls(source)


def check_controls(source: str) -> str:
    """`source` when it holds no control character but tab and line ends, else
    :class:`StrategyError` naming the first and its line. :func:`mastermind.lab.load` checks every
    source so before compiling it: ``compile`` refuses a null character without saying where."""
    if not source.isprintable():
        for line, text in enumerate(source.splitlines(), start=1):
            bad = next((char for char in text if char not in ALLOWED_CONTROLS and unicodedata.category(char) == "Cc"), None)
            if bad is not None:
                raise StrategyError(_("The strategy holds a control character (U+{code} on line {line}); remove it.").format(
                    code=f"{ord(bad):04X}", line=line), line)
    return source


def seat_name(name: str) -> str:
    """`name` when a strategy may take it among players, else :class:`StrategyError`: a computer
    player's name (any case) would seat that computer player instead.

    >>> seat_name("viki")
    Traceback (most recent call last):
    ...
    mastermind.errors.StrategyError: VIKI is a computer player's name; give the strategy another.
    """
    computer = computer_named(name)
    if computer is not None:
        raise StrategyError(_("{name} is a computer player's name; give the strategy another.").format(name=computer))
    return name


def file_name(name: str) -> str:
    """The name a strategy is downloaded under: its name's letters, digits, ``-`` and ``_``, ``.py``.

    >>> file_name("Knuth's five guesses"), file_name("été"), file_name("???")
    ('Knuth_s_five_guesses.py', 'été.py', 'strategy.py')
    """
    stem = "".join(char if char.isalnum() or char == "-" else "_" for char in name).strip("_")
    return f"{stem or 'strategy'}.py"


def check_file_size(size: int, filename: str) -> str:
    """The file's name as shown (its last part, 60 characters at most) when a file of `size` bytes
    may be a strategy, else :class:`StrategyError`: the page asks before it reads a byte, so a huge
    file is refused unread."""
    shown = filename.replace("\\", "/").rpartition("/")[2][:60]
    if size > MAX_FILE:
        raise StrategyError(_("The file {file} is too large to be a strategy ({size} bytes; at most {most}).").format(
            file=shown, size=number(size), most=number(MAX_FILE)))
    return shown


def read_file(data: bytes, filename: str) -> Shared:
    """The strategy in a file's `data`, named after `filename` without ``.py``; :class:`StrategyError`
    for a file too large, not UTF-8, or holding control characters."""
    shown = check_file_size(len(data), filename)
    try:
        source = data.decode().removeprefix("\ufeff")  # UTF-8, whatever the system's encoding
    except UnicodeDecodeError:
        raise StrategyError(_("The file {file} is not a strategy: its text is not UTF-8.").format(file=shown)) from None
    stem = shown.removesuffix(".py").strip() or "strategy"
    return Shared(stem, source)


def link_token(shared: Shared) -> str:
    """The token of a link to `shared`; :class:`StrategyError` when it would be too long for a link."""
    payload = zlib.compress(json.dumps({"name": shared.name, "source": shared.source}).encode(), 9)
    token = challenge._seal(payload, KEY)
    if len(token) > MAX_TOKEN:
        raise StrategyError(_("This strategy is too long to share as a link; share it as a file."))
    return token


def open_link(token: object) -> Shared:
    """The strategy a link's `token` carries; :class:`StrategyError` with a sentence when it was
    changed, cut short, too long or not a strategy link at all."""
    changed = _("This strategy link was changed or cut short after it was made; ask for the link again.")
    try:
        payload = challenge._unseal(
            token, KEY, _("This strategy link is damaged or too long; ask for the link again."), changed, MAX_TOKEN)
        data = json.loads(zlib.decompressobj().decompress(payload, MAX_FILE))
    except ChallengeError as error:
        raise StrategyError(str(error)) from None
    except (zlib.error, ValueError, RecursionError):
        raise StrategyError(changed) from None
    if not isinstance(data, dict) or set(data) != {"name", "source"}:
        raise StrategyError(changed)
    return Shared(data["name"], data["source"])
