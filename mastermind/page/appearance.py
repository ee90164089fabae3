"""How the page looks and how a result is shared: the theme and colour settings as the page
applies them, the pegs' paint, and the two forms of a shared result (the grid and the text).

The look is switched by two attributes on ``<html>`` (:func:`root_attributes`), which
``static/style.css`` reads; ``static/shell.js`` sets the same two from the stored settings before
the first paint, and the page sets them again from Python (so a change in Settings, or in another
tab, applies at once). A peg is painted with CSS custom properties that name its colour
(:func:`peg_paint`): the standard look is the catalog's own colour, given as the fallback, and the
Colour-blind safe look defines ``--colour-<name>`` on ``<html>`` (style.css, checked against
:data:`mastermind.palette.COLOUR_BLIND_SAFE` by the tests).
"""

from __future__ import annotations

from typing import Protocol

from ..game import Game
from ..i18n import N_, _, ngettext
from ..palette import CATALOG, COLOUR_BLIND_SAFE, Color
from .state import COLOUR_SCHEMES, THEMES, Settings
from .words import feedback_words

THEME_LABELS: dict[str, str] = dict(zip(THEMES, (N_("System"), N_("Light"), N_("Dark"), N_("High contrast")), strict=True))
"""The choices of the ``Theme`` field, by stored value."""

COLOUR_LABELS: dict[str, str] = dict(zip(COLOUR_SCHEMES, (N_("Standard"), N_("Colour-blind safe")), strict=True))
"""The choices of the ``Colours`` field, by stored value."""


def root_attributes(settings: Settings) -> dict[str, str]:
    """The attributes of ``<html>`` that give the page the look `settings` ask for.

    >>> root_attributes(Settings(theme="contrast", colours="safe"))
    {'data-theme': 'contrast', 'data-colours': 'safe'}
    """
    return {"data-theme": settings.theme, "data-colours": settings.colours}


def ink(css: str) -> str:
    """The colour to write a letter in on `css` (``#rrggbb``), black or white, whichever reads
    better on it (WCAG contrast).

    >>> ink("#f2cf1d"), ink("#1d2b6b")
    ('#000', '#fff')
    """
    red, green, blue = (int(css[i : i + 2], 16) / 255 for i in (1, 3, 5))
    channels = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)]
    luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    # Contrast against black is (L + 0.05) / 0.05, against white 1.05 / (L + 0.05): equal at L = 0.179.
    return "#000" if luminance > 0.179 else "#fff"


def peg_paint(color: Color) -> tuple[str, str]:
    """The values of ``--peg`` and ``--peg-ink`` that paint a peg of `color` in the look chosen
    on ``<html>``: the custom properties of its colour there, else its standard look.

    >>> peg_paint(CATALOG[0])
    ('var(--colour-blue, #2f6fde)', 'var(--colour-blue-ink, #fff)')
    """
    name = css_name(color)
    return f"var(--colour-{name}, {color.css})", f"var(--colour-{name}-ink, {ink(color.css)})"


def css_name(color: Color) -> str:
    """The part of a custom property's name that stands for `color`.

    >>> css_name(CATALOG[0])
    'blue'
    """
    return "".join(filter(str.isalpha, color.name.lower()))


def safe_look() -> dict[str, tuple[str, str]]:
    """The Colour-blind safe look, as style.css writes it: each colour's custom property name
    part, with its colour and its ink.

    >>> safe_look()["yellow"]
    ('#fef346', '#000')
    """
    return {css_name(color): (COLOUR_BLIND_SAFE[color.name], ink(COLOUR_BLIND_SAFE[color.name]))
            for color in CATALOG if color.name in COLOUR_BLIND_SAFE}


# Sharing a result

SHARE_GRIDS: dict[str, tuple[str, str, str]] = {
    "standard": ("\N{MEDIUM BLACK CIRCLE}", "\N{MEDIUM WHITE CIRCLE}", "\N{MIDDLE DOT}"),
    # Orange and blue, the pair every colour vision tells apart, as squares (as the big Wordle
    # clones' high-contrast grids): visible on a light and a dark chat alike.
    "safe": ("\N{LARGE ORANGE SQUARE}", "\N{LARGE BLUE SQUARE}", "\N{WHITE LARGE SQUARE}"),
}
"""The symbols of a shared grid, exact key peg, other key peg and none, by colour setting."""

SHARE_FORMS: dict[str, str] = {"grid": N_("Grid"), "text": N_("Text, a line per guess")}
"""The forms a result is shared in (the share box's ``Share as`` choice), by value."""


class Shares(Protocol):
    """What offers a result to share (:class:`mastermind.page.solo.SoloView`)."""

    @property
    def share(self) -> str | None: ...

    @property
    def share_spoken(self) -> str | None: ...


def shared(view: Shares, form: str) -> str | None:
    """The result `view` offers, in `form` (a key of :data:`SHARE_FORMS`; the grid for anything
    else); None when there is none to share."""
    return view.share_spoken if form == "text" else view.share


def share_copied(form: str) -> str:
    """What the page says once the result is on the clipboard.

    >>> share_copied("text")
    'Your result is copied to the clipboard, as text: a line per guess.'
    """
    if form == "text":
        return _("Your result is copied to the clipboard, as text: a line per guess.")
    return _("Your result is copied to the clipboard.")


def share_words(title: str, game: Game, assisted: bool = False) -> str:
    """A finished game as plain text that reads well aloud: a sentence, then one line per
    guess with its key pegs in words. Like the grid, it never holds the secret or a guess.

    >>> game = Game(secret="RGBY")
    >>> for guess in ("RRGG", "OOOO", "RGBY"):
    ...     _ = game.guess(guess)
    >>> print(share_words("daily 2026-11-23", game))
    Mastermind daily 2026-11-23: broken in 3 guesses of 12.
    1: 1 black, 1 white
    2: 0 black, 0 white
    3: 4 black, 0 white
    >>> share_words("challenge WlzqQV", Game(secret="RGBY", hard=True), assisted=True)
    'Mastermind challenge WlzqQV: not broken in 12 guesses, in hard mode, with hints.'
    """
    allowed = game.config.max_guesses
    if game.won:
        made = game.guesses_made
        result = ngettext("broken in {count} guess of {allowed}", "broken in {count} guesses of {allowed}", made).format(
            count=made, allowed=allowed)
    else:
        result = ngettext("not broken in {count} guess", "not broken in {count} guesses", allowed).format(count=allowed)
    if game.hard and assisted:
        result = _("{result}, in hard mode, with hints").format(result=result)
    elif game.hard:
        result = _("{result}, in hard mode").format(result=result)
    elif assisted:
        result = _("{result}, with hints").format(result=result)
    # Translators: a line of a result shared as text: the guess's number, then its key pegs ("2: 1 black, 0 white").
    lines = [_("{number}: {score}").format(number=line, score=feedback_words(turn.feedback))
             for line, turn in enumerate(game.history, 1)]
    # Translators: the first line of a result shared as text, e.g. "Mastermind daily 2026-11-23: broken in 3 guesses of 12."
    return "\n".join([_("Mastermind {title}: {result}.").format(title=title, result=result), *lines])
