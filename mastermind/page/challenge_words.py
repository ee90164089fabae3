"""What the Challenge a friend dialog says: the rules a link carries, the link once made, a
refused code and the clipboard's answer; and the reply a friend sends back (its link in Share,
its result on the maker's page). The link itself is :func:`mastermind.page.address.challenge_url`,
its encoding :mod:`mastermind.challenge`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..challenge import REPLY_PARAMETER, Challenge, Reply
from ..errors import ChallengeError, CodeError
from ..game import Game
from ..i18n import N_, _, ngettext
from .daily import grid
from .state import Settings
from .words import rules_summary, shown


def challenge_rules(settings: Settings) -> str:
    """What the Challenge a friend dialog says of the rules a link will carry: the settings'.

    >>> challenge_rules(Settings())
    'Your friend plays your rules: 4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat. Type a code of 4 of the letters B G O P R Y, or draw one.'
    """
    config = settings.config
    rules = _("Your friend plays your rules: {rules}.").format(rules=rules_summary(config, settings.hard))
    code = ngettext("Type a code of {count} of the letters {letters}, or draw one.",
                    "Type a code of {count} of the letters {letters}, or draw one.", config.pegs).format(
        count=config.pegs, letters=" ".join(shown(config.letters, config)))
    return " ".join([rules, code])


def challenge_made(challenge: Challenge) -> str:
    """What the dialog says once the link is made.

    >>> from mastermind import Config
    >>> challenge_made(Challenge.make(Config(), "RGBY"))
    'Challenge tmd03n: send this link. Whoever opens it plays your code with your rules, and their Share text names the challenge.'
    """
    return _("Challenge {name}: send this link. Whoever opens it plays your code with your rules, "
             "and their Share text names the challenge.").format(name=challenge.name)


def code_refusal(error: CodeError) -> str:
    """A refused code to break, beside the field.

    >>> code_refusal(CodeError("a code has 4 pegs, this has 3"))
    'Code to break: a code has 4 pegs, this has 3.'
    """
    return _("Code to break: {reason}.").format(reason=error)


CLIPBOARD_REFUSED = N_("The browser refused the clipboard: the link is selected, ready to copy.")
LINK_COPIED = N_("The link is copied to the clipboard.")
"""What the dialog says of the clipboard (translated where said)."""


def reply_link(page: str, challenge: Challenge | None, game: Game) -> str | None:
    """The line a friend's challenge played to its end adds to Share: a link that sends the
    result back to the challenge's maker (never the code); None for any other game.

    >>> from mastermind import Config
    >>> challenge = Challenge.make(Config(), "RGBY")
    >>> game = challenge.game()
    >>> _ = game.guess("RGBY")
    >>> reply_link("https://example.org/", challenge, game)
    'Reply link for the challenge maker: https://example.org/?reply=...'
    """
    if challenge is None or not game.over:
        return None
    url = f"{page}?{REPLY_PARAMETER}={Reply.of(challenge, game).token}"
    # Translators: the line Share adds after a friend's challenge: a link that shows the maker this result.
    return _("Reply link for the challenge maker: {url}").format(url=url)


class ReplyShown(NamedTuple):
    """What the page shows for a friend's reply link: the friend's result (or the sentence that
    refuses the link) and its grid, then the person's own game of that challenge and its grid (or
    that it was not played here)."""

    friend: str
    friend_grid: tuple[str, ...] = ()
    own: str = ""
    own_grid: tuple[str, ...] = ()


def result_words(reply: Reply) -> tuple[str, tuple[str, ...]]:
    """A challenge's result in a sentence, then the grid of its key pegs.

    >>> result_words(Reply("tmd03n", 4, 12, ((1, 1), (4, 0))))
    ('broken in 2 guesses of 12', ('⚫⚪··', '⚫⚫⚫⚫'))
    >>> result_words(Reply("tmd03n", 4, 2, ((1, 1), (0, 0))))[0]
    'not broken, 2 guesses made of 2'
    """
    count = len(reply.rows)
    if reply.won:
        # Translators: a challenge's result, in "A friend's reply to your challenge {name}: {result}." and "Your game: {result}."
        words = ngettext("broken in {count} guess of {allowed}", "broken in {count} guesses of {allowed}", count)
    else:
        words = ngettext("not broken, {count} guess made of {allowed}", "not broken, {count} guesses made of {allowed}", count)
    return words.format(count=count, allowed=reply.max_guesses), tuple(grid(reply.rows, reply.pegs))


def reply_shown(token: str, results: Mapping[str, Reply]) -> ReplyShown:
    """What the page shows for a reply link's token, beside `results` (the person's own result of
    each friend's challenge played here, by name); for a link changed by hand, the one sentence
    that refuses it.

    >>> friend = Reply("tmd03n", 4, 12, ((4, 0),))
    >>> shown = reply_shown(friend.token, {"tmd03n": Reply("tmd03n", 4, 12, ((1, 1), (4, 0)))})
    >>> shown.friend, shown.own, shown.own_grid
    ("A friend's reply to your challenge tmd03n: broken in 1 guess of 12.", 'Your game: broken in 2 guesses of 12.', ('⚫⚪··', '⚫⚫⚫⚫'))
    >>> reply_shown(friend.token, {}).own
    'You have not played challenge tmd03n in this browser.'
    >>> reply_shown("abc", {})
    ReplyShown(friend='This reply link was changed or cut short after it was made; ask for the link again.', friend_grid=(), own='', own_grid=())
    """
    try:
        reply = Reply.open(token)
    except ChallengeError as refusal:
        return ReplyShown(str(refusal))
    result, drawn = result_words(reply)
    friend = _("A friend's reply to your challenge {name}: {result}.").format(name=reply.name, result=result)
    own = results.get(reply.name)
    if own is None:
        return ReplyShown(friend, drawn, _("You have not played challenge {name} in this browser.").format(name=reply.name))
    result, own_drawn = result_words(own)
    # Translators: beside a friend's reply, the person's own game of the same challenge.
    return ReplyShown(friend, drawn, _("Your game: {result}.").format(result=result), own_drawn)
