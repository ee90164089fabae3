"""The parts of a session's reply beside the board (:mod:`.session`): what the Solo page shows
around it, as plain data, every word translated already, computed from the page's models
(:mod:`.solo`, :mod:`.records`, :mod:`.state`).

Each part is a function of the session's state, so a reply never carries a stale copy: the
session computes every part after each message and sends those that differ from what it sent
before (:meth:`.session.Session.parts`). None of them decides anything the adapter would have to
know about: it draws each one as it comes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..i18n import N_, _, number
from .appearance import SHARE_FORMS, peg_paint, share_copied, shared
from .challenge_words import ReplyShown, reply_link
from .daily import FIRST_DAY, next_daily
from .records import KEPT_WORDS, REVIEW_HEADERS, REVIEW_NOTE, review_progress, review_rows, stats_choices, stats_panel
from .solo import Row, SoloView, slot_words
from .words import letter_of, name_of

if TYPE_CHECKING:
    from ..palette import Color
    from ..solver.skill import Review

Data = dict[str, Any]
"""A part of a reply: JSON-able values only."""

SHARE_SAID = {
    "handed": N_("Your result was handed to your device's share sheet."),
    "aborted": N_("Not shared: your result is shown below the board, ready to copy."),
    "refused": N_("The browser refused the clipboard: your result is shown below the board, ready to copy."),
}
"""What the page says after Share, by how the browser took the text (``copied``: :func:`share_copied`)."""

REVIEW_PROGRESS_MS = 300
"""A review that takes longer than this says how far it has come (the adapter's timer)."""


def color_data(color: Color) -> Data:
    """A peg's colour as the page draws it: the code's letter, the shown letter, its name and paint."""
    peg, ink = peg_paint(color)
    return {"letter": color.letter, "shown": letter_of(color), "name": name_of(color), "peg": peg, "ink": ink}


def slot_data(index: int, held: Color | None) -> Data:
    """A slot of the row being composed: its name, its description and the colour it holds."""
    name, description = slot_words(index, held)
    return {"name": name, "description": description, "color": None if held is None else color_data(held)}


def row_data(row: Row) -> Data:
    """A History row as every board draws it (the one row composer): number, guess, key pegs,
    their words, guesses left."""
    return {"number": row.number, "guess": [color_data(color) for color in row.guess], "keys": list(row.keys),
            "feedback": row.feedback, "left": row.left}


def share(view: SoloView, page: str) -> Data | None:
    """What Share offers once a game is over (None: the share box is hidden): for each form of
    the ``Share as`` choice (``grid``, ``text``) the text to hand to ``navigator.share`` or the
    clipboard (a friend's challenge ends with the link that replies to its maker, `page` being
    the page's address without its query) and the sentence once copied; then the sentences for
    the other outcomes (:data:`SHARE_SAID`)."""
    if view.share is None:
        return None
    link = reply_link(page, view.challenge, view.game)  # a friend's challenge's, None in any other mode
    forms = {}
    for form in SHARE_FORMS:
        text = shared(view, form)
        if text is not None:
            forms[form] = {"text": text if link is None else f"{text}\n{link}", "copied": share_copied(form)}
    return {"forms": forms, **{outcome: _(words) for outcome, words in SHARE_SAID.items()}}


def review_request_progress(count: int) -> list[str]:
    """What the page says while a review of `count` guesses is worked out, by guesses done
    (index 0 to `count`): the adapter shows ``progress[done]`` once :data:`REVIEW_PROGRESS_MS` passed."""
    return [review_progress(done, count) for done in range(count + 1)]


def review_table(review: Review, guesses: Sequence[object]) -> Data:
    """The review panel below the board: the table's headings and rows, the summary and the note."""
    return {"headers": [_(text) for text in REVIEW_HEADERS], "rows": [list(row) for row in review_rows(review, guesses)],
            "summary": review.summary(), "note": _(REVIEW_NOTE)}


def stats(view: SoloView, record: str | None, now: dt.datetime) -> Data:
    """The Statistics dialog: the records offered (``choices``, the one shown ``checked``), the
    panel of the one shown (`record`, else the board's), and the countdown to the next daily."""
    current = view.record_key
    shown = record or current
    panel = stats_panel(view.saved.records, shown)
    return {
        "choices": [{"key": key, "label": label, "checked": key == shown} for key, label in stats_choices(view.saved.records, current)],
        "caption": panel.caption,
        "lines": [list(line) for line in panel.lines],
        "bars": [{"guesses": bar.guesses, "wins": number(bar.wins), "share": bar.share, "text": bar.text} for bar in panel.bars],
        "chart_note": panel.chart_note,
        "next_daily": next_daily(now),
    }


def day(view: SoloView, today: dt.date) -> Data:
    """The Day field of the daily challenge: its bounds, and the day on the board (else today)."""
    return {"min": FIRST_DAY.isoformat(), "max": today.isoformat(), "value": (view.day or today).isoformat()}


def data(keeping: str, message: str) -> Data:
    """Settings > Your data: whether the browser keeps the data (``keeping``, a key of
    :data:`~.records.KEPT_WORDS`, or ``asking``), and the last export's or import's sentence."""
    state = "unasked" if keeping == "asking" else keeping  # asked, no answer yet: as before asking
    return {"kept": _(KEPT_WORDS[state]), "message": message}


def reply_panel(shown: ReplyShown) -> Data:
    """A friend's reply link opened: their result and grid beside the person's own game of it
    (each text "" and grid [] when there is none), or the sentence that refuses the link."""
    return {"friend": shown.friend, "friend_grid": list(shown.friend_grid), "own": shown.own, "own_grid": list(shown.own_grid)}


def assist(view: SoloView, thinking: bool, count: str | None) -> Data:
    """The solver assist's controls: the Hint button (shown while assist is on, disabled while
    a hint is thought or the game is over) and the count's line (None: hidden)."""
    on = view.settings.assist
    return {"hint": on, "hint_disabled": thinking or view.game.over, "count": count if on and not view.game.over else None}


def errors(fields: Mapping[str, object], wrong: Mapping[str, str]) -> dict[str, str]:
    """Every field of the settings form and its message ("" when it is fine)."""
    return {name: wrong.get(name, "") for name in fields}
