"""The page's address: what its query asks for (a seed, a practice game, a mode, a friend's
challenge) and the link that opens a challenge.

The values are read by hand and checked here; a value that makes no sense is ignored, so a
mistyped link still opens the game.
"""

from __future__ import annotations

from typing import NamedTuple

from ..challenge import PARAMETER as CHALLENGE_PARAMETER
from ..challenge import REPLY_PARAMETER, Challenge
from ..config import read_number
from ..lab_share import PARAMETER as STRATEGY_PARAMETER
from .state import PAGE_MODES

MODE = "solo"
"""The mode an address without ``?mode=`` opens: Solo."""


class Params(NamedTuple):
    """What the page's URL asks for."""

    seed: int | None
    reveal: bool
    mode: str
    challenge: str | None = None
    """The token of a challenge link, as it stands in the address (checked when opened)."""
    reply: str | None = None
    """The token of a friend's reply link, as it stands in the address (checked when opened)."""
    mode_asked: bool = False
    """Whether the address names a mode (``?mode=``, Solo's included): a link to a game, not the plain page."""

    @property
    def first_visit_help(self) -> bool:
        """Whether How to play may open by itself on a first visit: only for the plain page, not
        for a link that opens a particular game or result (a seed, a challenge, a reply, any
        ``?mode=``, as the README says)."""
        return self.seed is None and self.challenge is None and self.reply is None and not self.mode_asked


def parse_params(query: str) -> Params:
    """Read ``?seed=N&reveal=1&mode=...&challenge=...``; a value that makes no sense is ignored.

    >>> parse_params("?seed=42&reveal=1")
    Params(seed=42, reveal=True, mode='solo', challenge=None, reply=None, mode_asked=False)
    >>> parse_params("?seed=abc&reveal=0&mode=duel")
    Params(seed=None, reveal=False, mode='duel', challenge=None, reply=None, mode_asked=True)
    >>> parse_params("?seed=" + "9" * 5000).seed is None
    True
    >>> parse_params("?challenge=WlzqQVC9-x4HDip3q6HlyUnAbg").challenge
    'WlzqQVC9-x4HDip3q6HlyUnAbg'
    """
    values = _query_values(query)
    seed_text = values.get("seed", "").strip()
    seed = read_number(seed_text) if seed_text else None
    return Params(
        seed,
        values.get("reveal", "").lower() in {"1", "true", "yes"},
        values.get("mode", "").lower() or MODE,
        values.get(CHALLENGE_PARAMETER) or None,
        values.get(REPLY_PARAMETER) or None,
        bool(values.get("mode")),
    )


def _query_values(query: str) -> dict[str, str]:
    # Split by hand: urllib.parse costs 100 ms to import in the browser, and no value here needs decoding.
    return dict(part.partition("=")[::2] for part in query.lstrip("?").split("&"))


def strategy_token(query: str) -> str | None:
    """The token of a strategy link (``?mode=lab&strategy=<token>``) as it stands in the address,
    checked only when opened (:func:`mastermind.lab_share.open_link`); None without one.

    >>> strategy_token("?mode=lab&strategy=abc-_1"), strategy_token("?strategy=abc"), strategy_token("?mode=lab")
    ('abc-_1', None, None)
    """
    values = _query_values(query)
    return (values.get(STRATEGY_PARAMETER) or None) if values.get("mode", "").lower() == "lab" else None


def strategy_url(page: str, token: str) -> str:
    """The link that opens the strategy of `token` (:func:`mastermind.lab_share.link_token`) in the
    Lab of the page at address `page` (without its query).

    >>> strategy_url("https://example.org/mastermind/", "abc")
    'https://example.org/mastermind/?mode=lab&strategy=abc'
    """
    return f"{page}?mode=lab&{STRATEGY_PARAMETER}={token}"


def challenge_url(page: str, challenge: Challenge) -> str:
    """The link that opens `challenge` on the page at address `page` (without its query).

    >>> from mastermind import Config
    >>> challenge_url("https://example.org/mastermind/", Challenge.make(Config(), "RGBY", hard=True))
    'https://example.org/mastermind/?challenge=WlzqQVC9-x4HDip3q6HlyUnAbg'
    """
    return f"{page}?{CHALLENGE_PARAMETER}={challenge.token}"


def opening_mode(query: str, shown_last: str) -> str:
    """The mode the page opens in: the one ``?mode=`` names, else the one shown when the page was
    left (its game resumes); Solo for a mode that does not exist, and for a challenge link.

    >>> opening_mode("?mode=Race", "duel"), opening_mode("?seed=1", "duel"), opening_mode("?mode=chess", "duel")
    ('race', 'duel', 'solo')
    >>> opening_mode("?challenge=WlzqQVC9-x4HDip3q6HlyUnAbg", "duel")
    'solo'
    """
    asked = "mode" in _query_values(query)
    params = parse_params(query)
    if params.challenge and not asked:
        return MODE  # a friend's challenge is played on the Solo board
    mode = params.mode if asked else shown_last
    return mode if mode in PAGE_MODES else MODE
