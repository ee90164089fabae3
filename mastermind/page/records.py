"""The words and numbers of the Statistics dialog, the data dialogs, the notices and the solver
assist's review, as plain values the browser adapter draws without deciding anything.

>>> from mastermind import Config
>>> from mastermind.page.stats import Record, record_key
>>> key = record_key("solo", Config())
>>> panel = stats_panel({key: Record().add(won=True, guesses=3)}, key)
>>> panel.caption
'Solo: 4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat.'
>>> [bar.text for bar in panel.bars][:4], len(panel.bars)
(['1 guess: 0 wins', '2 guesses: 0 wins', '3 guesses: 1 win', '4 guesses: 0 wins'], 12)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from ..config import Config
from ..game import Game
from ..i18n import N_, _, date, ngettext, number
from .address import MODE
from .solo import DAILY, SoloView
from .state import InProgress, Saved
from .stats import Record, RecordKey, parse_record_key
from .storage import CHALLENGE_RESULTS, CHALLENGES, RECORDS, REGISTRY, SETTINGS, SOLO, Part
from .storage import DAILY as DAILY_PART
from .sync import Tab
from .words import rules_line, shown

if TYPE_CHECKING:  # the engine loads on first use only
    from ..solver.assist import Count
    from ..solver.skill import Review

MODE_NAMES = {
    "solo": N_("Solo"),
    "daily": N_("Daily challenge"),
    "challenge": N_("Challenge"),
    "computer": N_("Computer breaks your code"),
    "duel": N_("Duel"),
    "race": N_("Race"),
    "tournament": N_("Tournament"),
}
"""Each mode's name in the Statistics dialog (translated where shown)."""


def rules_words(key: RecordKey) -> str:
    """The rules a record is about, in one line.

    >>> rules_words(parse_record_key("duel 4x6 BGMPRY 6 unique"))
    '4 pegs, 6 colours (B G M P R Y), 6 guesses, no colour repeats'
    """
    return rules_line(key.pegs, key.letters, key.max_guesses, key.repeats)


def stats_lines(record: Record) -> list[tuple[str, str]]:
    """The Statistics dialog's lines for one record.

    >>> stats_lines(Record().add(won=True, guesses=4).add(won=False, guesses=12))
    [('Games played', '2'), ('Games won', '1'), ('Win rate', '50%'), ('Current streak', '0'), ('Best streak', '1')]
    """
    return [
        (_("Games played"), number(record.played)),
        (_("Games won"), number(record.won)),
        # Translators: a percentage, e.g. "50%".
        (_("Win rate"), _("{percent}%").format(percent=round(record.win_rate * 100))),
        (_("Current streak"), number(record.current_streak)),
        (_("Best streak"), number(record.best_streak)),
    ]


def mode_words(key: RecordKey) -> str:
    """The mode a record is about, and how its games were played.

    >>> mode_words(parse_record_key("daily 4x6 BGOPRY 12 repeats hard assisted"))
    'Daily challenge, hard mode, with hints'
    """
    mode = _(MODE_NAMES[key.mode]) if key.mode in MODE_NAMES else key.mode.capitalize()
    if key.hard and key.assisted:
        return _("{mode}, hard mode, with hints").format(mode=mode)
    if key.hard:
        return _("{mode}, hard mode").format(mode=mode)
    if key.assisted:
        return _("{mode}, with hints").format(mode=mode)
    return mode


def record_label(key: str) -> str:
    """A record's name in the dialog's choice of records.

    >>> record_label("solo 5x8 BGKOPRWY 10 repeats assisted")
    'Solo, with hints: 5 pegs, 8 colours (B G K O P R W Y), 10 guesses, colours may repeat'
    """
    parsed = parse_record_key(key)
    # Translators: a statistics record's name: its mode, then its rules.
    return _("{mode}: {rules}").format(mode=mode_words(parsed), rules=rules_words(parsed))


def stats_choices(records: Mapping[str, Record], current: str) -> list[tuple[str, str]]:
    """The records the dialog offers, as (key, label): the game on the board first and its games
    with (or without) hints (even with no game played yet), then every other record kept.

    >>> [key for key, _ in stats_choices({"solo 4x6 BGOPRY 12 repeats": Record(), "daily 4x6 BGOPRY 12 repeats": Record()},
    ...                                  "solo 5x6 BGOPRY 12 repeats")]
    ['solo 5x6 BGOPRY 12 repeats', 'solo 5x6 BGOPRY 12 repeats assisted', 'daily 4x6 BGOPRY 12 repeats', 'solo 4x6 BGOPRY 12 repeats']
    """
    assisted = current.endswith(" assisted")
    sibling = current.removesuffix(" assisted") if assisted else f"{current} assisted"
    others = sorted(key for key in records if key not in (current, sibling))
    return [(key, record_label(key)) for key in [current, sibling, *others]]


class Bar(NamedTuple):
    """One bar of the guess-distribution chart: its length from 0 to 1 and what it says."""

    guesses: int
    wins: int
    share: float
    text: str


class StatsPanel(NamedTuple):
    """What the Statistics dialog shows for one record."""

    caption: str
    lines: list[tuple[str, str]]
    bars: list[Bar]
    chart_note: str
    """Said in place of the chart when there is nothing to draw."""


def stats_panel(records: Mapping[str, Record], key: str) -> StatsPanel:
    """The dialog's content for the record filed under `key` (empty when none was played)."""
    parsed = parse_record_key(key)
    record = records.get(key, Record())
    # Translators: the Statistics dialog's caption: the record's mode, then its rules.
    caption = _("{mode}: {rules}.").format(mode=mode_words(parsed), rules=rules_words(parsed))
    drawn = record.bars(parsed.max_guesses) if record.played else []  # every count of guesses the rules allow
    bars = [Bar(guesses, wins, share, _bar_words(guesses, wins)) for guesses, wins, share in drawn]
    note = "" if record.won else (_("No game played yet.") if not record.played else _("No game won yet."))
    return StatsPanel(caption, stats_lines(record), bars, note)


def _bar_words(guesses: int, wins: int) -> str:
    """What a bar of the chart says: how many games were won in so many guesses."""
    guesses_words = ngettext("{count} guess", "{count} guesses", guesses).format(count=guesses)
    wins_words = ngettext("{count} win", "{count} wins", wins).format(count=number(wins))
    # Translators: a bar of the statistics chart, e.g. "3 guesses: 5 wins".
    return _("{guesses}: {wins}").format(guesses=guesses_words, wins=wins_words)


def notice_text(notices: Sequence[str]) -> str:
    """The banner that tells what could not be read or stored; the rest of the data is kept.

    >>> notice_text(["The saved settings could not be read (not valid JSON); the defaults are used."])
    'The saved settings could not be read (not valid JSON); the defaults are used. Everything else was kept.'
    """
    return " ".join([*notices, _("Everything else was kept.")]) if notices else ""


def import_question(exported: str) -> str:
    """The heading sentence of the import preview, above the lines of what the import replaces.

    >>> import_question("2026-11-23T10:04:00")
    'Import the data exported on 2026-11-23 at 10:04? It replaces:'
    """
    day, _at, time = exported.partition("T")
    try:
        day = date(dt.date.fromisoformat(day))
    except ValueError:
        pass  # as the file says it, checked before (backup.py): shown as it is
    return _("Import the data exported on {date} at {time}? It replaces:").format(date=day, time=time[:5])


# Solver assist


def count_line(count: Count) -> str:
    """The line under the board while solver assist is on.

    >>> from mastermind.solver.assist import Count
    >>> count_line(Count(256)), count_line(Count(1))
    ('256 codes still possible.', '1 code still possible.')
    """
    return count.sentence() + "."


REVIEW_HEADERS = (N_("#"), N_("Your guess"), N_("Possible before"), N_("Possible after"), N_("Engine's guess"),
                  N_("Skill"), N_("Luck"))
"""The review table's column headings (translated where shown)."""

REVIEW_NOTE = N_("Skill: the guesses your choice cost on average against the engine's guess, HAL9000 playing on "
                 "(below 0: better). Luck: the chance of doing at least this well.")
"""What the review's two figures mean, under its table (translated where shown)."""


def review_rows(review: Review, guesses: Sequence[object]) -> list[tuple[str, ...]]:
    """The review table's rows: for each guess, the codes possible before and after it, the
    engine's guess in its place, then its skill and luck; a guess made while too many codes were
    possible (a large game's first ones) has neither, and its counts say "more than". `guesses`
    are the game's guesses, in order.

    >>> from mastermind import Config, Feedback
    >>> from mastermind.solver import finish
    >>> from mastermind.solver.skill import review
    >>> review_rows(finish(review(Config(), "RBYR", [("BBGO", Feedback(0, 1)), ("RBYR", Feedback(4, 0))])),
    ...             ["BBGO", "RBYR"])
    [('1', 'BBGO', '1,296', '182', 'BBGO', '0.00', 'about even'), ('2', 'RBYR', '182', '1', 'BPPR', '+0.02', '1 in 182')]
    """
    from ..solver.assist import Count
    from ..solver.skill import FIGURES_LIMIT

    more = str(Count(FIGURES_LIMIT, exact=False))
    rows: list[tuple[str, ...]] = []
    for place, (guess, row) in enumerate(zip(guesses, review.rows, strict=True), start=1):
        if row is None:
            following = review.rows[place] if place < len(review.rows) else None
            rows.append((str(place), shown(guess), more, more if following is None else number(following.codes), "", "", ""))
        else:
            rows.append((str(place), shown(row.guess), number(row.codes), number(row.left), shown(row.best),
                         row.skill_text(), row.luck_text()))
    return rows


def review_progress(done: int, count: int) -> str:
    """What the page says while a review is worked out (after a moment).

    >>> review_progress(2, 5)
    'Reviewing the game: 2 of 5 guesses done...'
    """
    return ngettext("Reviewing the game: {done} of {count} guess done...",
                    "Reviewing the game: {done} of {count} guesses done...", count).format(done=done, count=count)


# Keeping the Solo page's data (the adapter calls these with the page's Tab)


def worth_keeping(tab: Tab) -> bool:
    """Whether the page holds something the person would miss if the browser deleted it: a
    finished game (statistics or a daily result) or a registered user. Then, and not before, the
    page asks the browser to keep its storage (``navigator.storage.persist()``).

    >>> from mastermind.page.sync import MemoryStorage
    >>> tab = Tab(MemoryStorage())
    >>> before = worth_keeping(tab)
    >>> _ = tab.save(REGISTRY, {"version": 1, "users": [{"name": "Ada", "points": 0}]})
    >>> before, worth_keeping(tab)
    (False, True)
    """
    records, days, users = tab.value(RECORDS), tab.value(DAILY_PART), tab.value(REGISTRY)
    return any(record.played for record in records.values()) or bool(days) or bool(users["users"])


KEPT_WORDS = {
    "unasked": N_("Your data are kept in this browser. Once you finish a game or register a user, "
                  "the page asks the browser to keep them for good."),
    "granted": N_("The browser keeps your data for good: it will not delete them to make room."),
    "refused": N_("The browser did not promise to keep your data: it may delete them when it needs room. "
                  "Export data now and then to keep a copy."),
    "unsupported": N_("This browser may delete your data when it needs room. Export data now and then to keep a copy."),
    "blocked": N_("Your browser blocks this site's storage: your data are kept only until this tab closes. "
                  "Allow cookies and site data for this site to keep them, or Export data before you leave."),
}
"""What Settings > Your data says of the browser keeping the data, by the state of the request (translated where shown)."""

IMPORTED_SAY = N_("Your data were imported.")
"""Said after an import (translated where said)."""


def page_saved(tab: Tab) -> Saved:
    """The settings and statistics a Solo page starts with, and what could not be read."""
    return Saved(tab.value(SETTINGS), tab.value(RECORDS), tuple(tab.notices), tab.value(CHALLENGES), tab.value(CHALLENGE_RESULTS))


def resumable(saved: InProgress | None, seed: int | None, config: Config) -> bool:
    """Whether a page opening with `seed` (from ``?seed=``) goes on with the kept game (any kind:
    Solo, daily, a friend's challenge): always when no seed is asked for; with a seed, only when
    the kept game is the Solo game that seed draws.

    >>> from mastermind import Config, Game
    >>> game = InProgress.of(Game(Config(), seed=5))
    >>> resumable(game, None, Config()), resumable(game, 5, Config()), resumable(game, 6, Config())
    (True, True, False)
    """
    if saved is None or saved.game().over:
        return False
    return seed is None or (saved.mode == MODE and saved.config == config and saved.secret == str(Game(config, seed=seed).secret))


def seed_waits(saved: InProgress | None, seed: int | None, config: Config) -> bool:
    """Whether the game a ``?seed=`` address draws must wait for the player's answer: the kept
    game (any kind) has guesses and is another game, so it goes back on the board and the page
    asks before replacing it, as it does for a challenge link.

    >>> from mastermind import Code, Config, Game
    >>> game = Game(Config(), seed=5)
    >>> seed_waits(InProgress.of(game), 6, Config())  # no guess yet: nothing to lose
    False
    >>> _ = game.guess(Code("RGBY"))
    >>> seed_waits(InProgress.of(game), 6, Config()), seed_waits(InProgress.of(game), 5, Config())
    (True, False)
    """
    return (seed is not None and saved is not None and not saved.game().over and saved.game().guesses_made > 0
            and not resumable(saved, seed, config))


def persist(view: SoloView, tab: Tab) -> bool:
    """Store what the page holds: settings, statistics, and the game on the board (after every
    move; not a game drawn as the page opened, before its first guess: :attr:`SoloView.worth_storing`).
    When another tab stored newer data meanwhile, the merged result comes back into the view. Returns whether it did (the board may have changed)."""
    settings, records = tab.save(SETTINGS, view.saved.settings), tab.save(RECORDS, view.saved.records)
    challenges = tab.save(CHALLENGES, view.saved.challenges)
    results = tab.save(CHALLENGE_RESULTS, view.saved.results)
    changed = (settings, records) != (view.saved.settings, view.saved.records)
    if changed:
        view.saved = view.saved.with_settings(settings).with_records(records)
    if challenges != view.saved.challenges:
        view.saved = view.saved.with_challenges(challenges)
    if results != view.saved.results:
        view.saved = view.saved.with_results(results)
    game = view.in_progress
    kept = tab.save(SOLO, game) if view.worth_storing else game
    if kept != game and kept is not None:
        changed = view.resume(kept, finished=True) or changed
    if view.mode == DAILY and view.day is not None and not view.reveal:  # a practice day is not a result
        day = view.day.isoformat()
        kept_days = tab.save(DAILY_PART, MappingProxyType({**tab.value(DAILY_PART), day: view.day_play}))
        if kept_days.get(day) != view.day_play:
            view.start_daily(view.day, kept_days.get(day))
            changed = True
    return changed


def leave(view: SoloView, tab: Tab, start: Callable[[], object]) -> str:
    """Leave the game on the board for the one `start` puts there, once the person agreed to
    :attr:`SoloView.leave_question`: the game left is given up and counted as the question said,
    and stored before the next game replaces it (a daily left stays left: over, a loss). Returns
    the sentence that says what was counted ("" when nothing was)."""
    said = view.abandon()
    persist(view, tab)
    start()
    return said


def adopt(view: SoloView, tab: Tab, parts: Sequence[Part[Any]]) -> str:
    """Another tab changed `parts` (:meth:`Tab.refresh`): the view takes their new values. Returns
    the sentence that tells the person, or ``""`` when the board shows nothing new."""
    said = []
    board = False  # whether the game on the board changed
    for part in parts:
        if part is SETTINGS:
            view.saved = view.saved.with_settings(tab.value(SETTINGS))
            # Translators: what another tab changed, listed in "Updated from another tab: {parts}." (also "the game", ...).
            said.append(_("settings (they apply from the next game)") if view.game.config != view.settings.config
                        else _("settings"))
        elif part is RECORDS:
            view.saved = view.saved.with_records(tab.value(RECORDS))
            said.append(_("statistics"))
        elif part is CHALLENGES:  # nothing on the board changes: the next challenge counts or not
            view.saved = view.saved.with_challenges(tab.value(CHALLENGES))
        elif part is CHALLENGE_RESULTS:  # shown only beside a friend's reply, when a page opens one
            view.saved = view.saved.with_results(tab.value(CHALLENGE_RESULTS))
        elif part is SOLO:
            game = tab.value(SOLO)
            # Another kind of game (this tab shows the daily, that one a Solo game) leaves this board as it is.
            if game is not None and game.mode == view.mode and game != view.in_progress and view.resume(game, finished=True):
                said.append(_("the game"))
                board = True
        elif part is DAILY_PART and view.mode == DAILY and view.day is not None:
            play = tab.value(DAILY_PART).get(view.day.isoformat())
            if play != view.day_play:
                view.start_daily(view.day, play)
                said.append(_("the daily challenge"))
                board = True
    if not said:
        return ""
    # Translators: {parts} lists what another tab changed, e.g. "settings, statistics".
    updated = _("Updated from another tab: {parts}.").format(parts=", ".join(said))
    return f"{updated} {view.status}" if board else updated
