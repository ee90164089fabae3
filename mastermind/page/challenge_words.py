"""What the Challenge a friend dialog says: the rules a link carries, the link once made, a
refused code and the clipboard's answer. The link itself is :func:`mastermind.page.address.challenge_url`,
its encoding :mod:`mastermind.challenge`.
"""

from __future__ import annotations

from ..challenge import Challenge
from ..errors import CodeError
from ..i18n import N_, _, ngettext
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
