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

from .code import Code
from .config import Config
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
"""Longer than any token :meth:`Challenge.token` writes (36 characters at most): refused unread."""

_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")
_DUPLICATES, _HARD = 1, 2


def _tag(payload: bytes) -> bytes:
    return binascii.crc32(KEY + payload).to_bytes(TAG_BYTES)  # big-endian


def _scramble(tag: bytes, data: bytes) -> bytes:
    """XOR `data` with the keystream of `tag`; its own inverse. The stream comes from
    ``random()``, whose sequence for a given seed Python promises to keep across versions."""
    stream = random.Random(KEY + tag)
    return bytes(byte ^ int(stream.random() * 256) for byte in data)


def _encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


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
        payload = self._pack()
        tag = _tag(payload)
        return _encode(tag + _scramble(tag, payload))

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
        if not isinstance(token, str) or len(token) > MAX_TOKEN or not _BASE64URL.fullmatch(token):
            raise ChallengeError(_("This challenge link is damaged: it holds characters a challenge link never has."))
        cut = ChallengeError(_("This challenge link was changed or cut short after it was made; ask for the link again."))
        try:
            data = base64.urlsafe_b64decode(token + "==")  # padding beyond the needed is ignored
        except (binascii.Error, ValueError):  # a length no bytes have
            raise cut from None
        tag, payload = data[:TAG_BYTES], _scramble(data[:TAG_BYTES], data[TAG_BYTES:])
        # The tag refuses any changed byte; comparing the text refuses changed padding bits too.
        if len(data) <= TAG_BYTES or tag != _tag(payload) or _encode(data) != token:
            raise cut
        return cls._unpack(payload)

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
