"""Challenge links: a code a friend made, with the rules to break it under, in a form the page can
open but a person cannot read at a glance.

The link must not spoil the code, and a link changed by hand must be refused, not played or
crashed on. Neither needs secrecy (the key is in this public source), so a keyed, reversible
encoding is enough, built from the standard library alone:

- the code and the rules are packed into a few bytes (:meth:`Challenge._pack`);
- a 4-byte tag, the CRC-32 of :data:`KEY` and those bytes, seals them: a CRC catches every change
  of up to 32 bits in a row, so any character changed by hand is refused for certain, and longer
  damage but for one chance in four billion;
- the bytes are XORed with a keystream that :class:`random.Random` draws from the key and the tag
  (the tag follows from the content, so it also serves as the nonce): no letter or colour of the
  code stands in the link, and codes that differ in one peg give links that differ throughout;
- tag and scrambled bytes are written in URL-safe base64, about 26 characters for a classic code.

Why not HMAC-SHA256: importing ``hashlib`` and ``hmac`` takes 120-220 ms in Pyodide (measured
here), one long task that would freeze the page when a link is made; ``binascii`` and ``random``
are loaded already. Against a person editing a link, a keyed CRC does the same job.

>>> challenge = Challenge.make(Config(), "rgby", hard=True)
>>> Challenge.open(challenge.token) == challenge
True
>>> "RGBY" in challenge.token.upper()
False
>>> Challenge.open(challenge.token[:-2] + "AA")
Traceback (most recent call last):
...
mastermind.errors.ChallengeError: This challenge link was changed or cut short after it was made; ask for the link again.
"""

from __future__ import annotations

import base64
import binascii
import random
import re
from dataclasses import dataclass
from typing import Any

from .code import Code
from .config import MAX_GUESSES, MAX_PEGS, MIN_GUESSES, MIN_PEGS, Config
from .errors import ChallengeError, ConfigError
from .game import Game
from .i18n import _
from .palette import CATALOG

PARAMETER = "challenge"
"""The URL parameter a challenge link carries its token in: ``?challenge=<token>``."""

KEY = b"mastermind: a friend's code, not to be read at a glance"
"""Part of the format: a link made under one key opens under no other."""
VERSION = 1
TAG_BYTES = 4
MAX_TOKEN = 100
"""Longer than any token :meth:`Challenge.token` writes (36 characters at most) or
:meth:`Reply.token` (50): refused unread."""

_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")
_DUPLICATES, _HARD = 1, 2


def _tag(payload: bytes, key: bytes = KEY) -> bytes:
    return binascii.crc32(key + payload).to_bytes(TAG_BYTES)  # big-endian


def _scramble(tag: bytes, data: bytes, key: bytes = KEY) -> bytes:
    """XOR `data` with the keystream of `tag`; its own inverse. The stream comes from
    ``random()``, whose sequence for a given seed Python promises to keep across versions."""
    stream = random.Random(key + tag)
    return bytes(byte ^ int(stream.random() * 256) for byte in data)


def _encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _seal(payload: bytes, key: bytes) -> str:
    """`payload` tagged, scrambled and written as a link's text (the module docstring)."""
    tag = _tag(payload, key)
    return _encode(tag + _scramble(tag, payload, key))


def _unseal(token: object, key: bytes, damaged: str, changed: str, most: int = MAX_TOKEN) -> bytes:
    """The payload :func:`_seal` wrote into `token`; :class:`ChallengeError` with sentence
    `damaged` for characters no link holds or a token longer than `most`, `changed` for any other
    text it did not write."""
    if not isinstance(token, str) or len(token) > most or not _BASE64URL.fullmatch(token):
        raise ChallengeError(damaged)
    try:
        data = base64.urlsafe_b64decode(token + "==")  # padding beyond the needed is ignored
    except (binascii.Error, ValueError):  # a length no bytes have
        raise ChallengeError(changed) from None
    tag, payload = data[:TAG_BYTES], _scramble(data[:TAG_BYTES], data[TAG_BYTES:], key)
    # The tag refuses any changed byte; comparing the text refuses changed padding bits too.
    if len(data) <= TAG_BYTES or tag != _tag(payload, key) or _encode(data) != token:
        raise ChallengeError(changed)
    return payload


@dataclass(frozen=True)
class Challenge:
    """A code to break and the rules it is broken under: the maker's, whatever the opener's own
    settings are."""

    config: Config
    secret: Code
    hard: bool = False

    @classmethod
    def make(cls, config: Config, code: str, hard: bool = False) -> Challenge:
        """The challenge of the code a maker typed; :class:`~mastermind.errors.CodeError` says why
        a code that breaks `config`'s rules is refused."""
        return cls(config, Code.parse(code, config), hard)

    def _pack(self) -> bytes:
        colors = [CATALOG.index(color) for color in self.config.colors]
        flags = (_DUPLICATES if self.config.allow_duplicates else 0) | (_HARD if self.hard else 0)
        head = [VERSION, self.config.pegs, self.config.max_guesses, flags, len(colors)]
        position = {letter: index for index, letter in enumerate(self.config.letters)}
        return bytes(head + colors + [position[letter] for letter in str(self.secret)])

    @property
    def token(self) -> str:
        """The challenge as the text of a link's ``?challenge=`` value."""
        return _seal(self._pack(), KEY)

    @property
    def name(self) -> str:
        """A short name for the challenge, the first characters of its token, so that a maker can
        tell which link a shared result is about."""
        return self.token[:6]

    def game(self) -> Game:
        """A new game against this code under these rules."""
        return Game(self.config, self.secret, hard=self.hard)

    @classmethod
    def open(cls, token: str) -> Challenge:
        """The challenge a link's token holds; :class:`ChallengeError` for any token that
        :attr:`token` did not write."""
        return cls._unpack(_unseal(
            token, KEY,
            _("This challenge link is damaged: it holds characters a challenge link never has."),
            _("This challenge link was changed or cut short after it was made; ask for the link again.")))

    @classmethod
    def _unpack(cls, payload: bytes) -> Challenge:
        """The challenge of sealed bytes: only this module's own writing passes the tag, so a
        refusal here means a link from another version."""
        unknown = ChallengeError(_("This challenge link was made by another version of Mastermind and cannot be opened here."))
        try:
            version, pegs, guesses, flags, count, *rest = payload  # ValueError: fewer than 5 bytes
            if version != VERSION or flags > _DUPLICATES | _HARD or len(rest) != count + pegs:
                raise unknown
            config = Config(pegs, [CATALOG[i] for i in rest[:count]], guesses, bool(flags & _DUPLICATES))
            secret = Code.parse("".join(config.letters[i] for i in rest[count:]), config)
        except (ConfigError, ValueError, IndexError):  # no such colour, or rules no game has
            raise unknown from None
        return cls(config, secret, bool(flags & _HARD))


REPLY_PARAMETER = "reply"
"""The URL parameter a reply link carries its token in: ``?reply=<token>``."""
REPLY_KEY = b"mastermind: a friend's result, sent back to the challenge's maker"
"""Part of the reply format, apart from :data:`KEY`: a challenge's token never opens as a reply."""
NAME_LENGTH = 6


@dataclass(frozen=True)
class Reply:
    """The result of a friend's challenge, sent back to its maker: which challenge (its
    :attr:`Challenge.name`), the rules' pegs and guesses allowed, and the key pegs of every guess
    (black, white), never a code. The game was won when the last guess scored all black.

    >>> reply = Reply("tmd03n", 4, 12, ((1, 1), (4, 0)))
    >>> Reply.open(reply.token) == reply, reply.won
    (True, True)
    """

    name: str
    pegs: int
    max_guesses: int
    rows: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, challenge: Challenge, game: Game) -> Reply:
        """The reply to `challenge` whose game is `game` (over)."""
        rows = tuple((turn.feedback.black, turn.feedback.white) for turn in game.history)
        return cls(challenge.name, game.config.pegs, game.config.max_guesses, rows)

    @property
    def won(self) -> bool:
        return bool(self.rows) and self.rows[-1][0] == self.pegs

    @property
    def token(self) -> str:
        """The reply as the text of a link's ``?reply=`` value."""
        head = [VERSION, *self.name.encode("ascii"), self.pegs, self.max_guesses, len(self.rows)]
        return _seal(bytes(head + [black * (MAX_PEGS + 1) + white for black, white in self.rows]), REPLY_KEY)

    @classmethod
    def open(cls, token: str) -> Reply:
        """The reply a link's token holds; :class:`ChallengeError` for any token :attr:`token` did
        not write, and for one that holds no game (a reply made by another version).

        >>> Reply.open(Reply("tmd03n", 4, 12, ((4, 0),)).token[:-1] + "A")
        Traceback (most recent call last):
        ...
        mastermind.errors.ChallengeError: This reply link was changed or cut short after it was made; ask for the link again.
        """
        payload = _unseal(token, REPLY_KEY,
                          _("This reply link is damaged: it holds characters a reply link never has."),
                          _("This reply link was changed or cut short after it was made; ask for the link again."))
        unknown = ChallengeError(_("This reply link was made by another version of Mastermind and cannot be opened here."))
        try:
            version, *rest = payload
            name = bytes(rest[:NAME_LENGTH]).decode("ascii")
            pegs, guesses, count, *marks = rest[NAME_LENGTH:]
            rows = tuple(divmod(mark, MAX_PEGS + 1) for mark in marks)
            reply = cls(name, pegs, guesses, rows)
        except (ValueError, UnicodeDecodeError):  # too few bytes, or a name that is not text
            raise unknown from None
        if version != VERSION or not reply.fits(count):
            raise unknown
        return reply

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data (JSON), as the page stores a person's own result of a challenge."""
        return {"name": self.name, "pegs": self.pegs, "max_guesses": self.max_guesses, "rows": [list(row) for row in self.rows]}

    @classmethod
    def from_dict(cls, data: Any) -> Reply:
        """The result :meth:`to_dict` wrote; ``ValueError`` for anything else, or a game the rules
        do not allow (:meth:`fits`).

        >>> Reply.from_dict(Reply("tmd03n", 4, 12, ((4, 0),)).to_dict()).won
        True
        >>> Reply.from_dict({"name": "tmd03n", "pegs": 4, "max_guesses": 12, "rows": [[4, 0], [4, 0]]})
        Traceback (most recent call last):
        ...
        ValueError: not a game of a challenge: ...
        """
        fields = ("name", "pegs", "max_guesses", "rows")
        if not isinstance(data, dict) or set(data) != set(fields) or not isinstance(data["rows"], list):
            raise ValueError(_("expected a challenge's name, pegs, guesses allowed and rows"))
        rows = data["rows"]
        numbers = [data["pegs"], data["max_guesses"], *(mark for row in rows if isinstance(row, list) for mark in row)]
        if (not isinstance(data["name"], str) or any(type(value) is not int or value < 0 for value in numbers)
                or any(not isinstance(row, list) or len(row) != 2 for row in rows)):
            raise ValueError(_("expected a challenge's name, pegs, guesses allowed and rows"))
        reply = cls(data["name"], data["pegs"], data["max_guesses"], tuple((black, white) for black, white in rows))
        if len(reply.name) != NAME_LENGTH or not reply.fits(len(rows)):
            raise ValueError(_("not a game of a challenge: {data}").format(data=repr(data)[:60]))
        return reply

    def fits(self, count: int) -> bool:
        """Whether the reply is a game the rules allow: `count` rows, each a feedback a code of
        :attr:`pegs` can get, a win only last, within the guesses allowed."""
        feedbacks = all(black + white <= self.pegs and (black, white) != (self.pegs - 1, 1) for black, white in self.rows)
        return (_BASE64URL.fullmatch(self.name) is not None and MIN_PEGS <= self.pegs <= MAX_PEGS
                and MIN_GUESSES <= self.max_guesses <= MAX_GUESSES and 1 <= count == len(self.rows) <= self.max_guesses
                and feedbacks and all(black < self.pegs for black, _white in self.rows[:-1]))
