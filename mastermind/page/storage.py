"""Everything the web page keeps between visits: every localStorage key, its schema and its checks.

Each part of the player's data lives under its own key as an *envelope*
``{"version": 5, "rev": 7, "data": ...}``: the schema :data:`VERSION`, a revision that grows with
every write (two tabs compare revisions so neither overwrites the other's newer data, see
:mod:`mastermind.page.sync`) and the part's value. :data:`PARTS` declares every key with how its value
is read, written, merged and described; the browser adapter only passes texts to and from
``localStorage``.

Stored text is never trusted. :func:`read` validates one part and never raises: a part that is
missing, corrupt or of the wrong type falls back to its default and says so in words, while the
other parts are kept. A part written by a *newer* version is left untouched: the page runs with
the default in memory and never writes over it (:attr:`Stored.locked`).

Version 1 kept the settings and the statistics together under ``mastermind:v1``; version 2 kept
a Solo game in progress with its secret in the clear; version 3 the other modes' codes in the
clear; version 4 had no challenge results and no saved strategies; :func:`migrate` turns any
older layout into the current one, step by step (:data:`MIGRATIONS`).

Why one module past 400 lines: each part's reader, merge and description sit beside its entry in
:data:`PARTS`, so one key's whole schema reads in one place, and the migrations need every part.

>>> stored = read(SETTINGS, None)
>>> stored.value.config.pegs, stored.rev, stored.problem
(4, 0, None)
>>> text = envelope(SETTINGS, Settings(key_color="red"), rev=3)
>>> read(SETTINGS, text).value.key_color, read(SETTINGS, text).rev
('red', 3)
>>> read(SETTINGS, "{not json").problem
'The saved settings could not be read (not valid JSON); the defaults are used.'
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, TypeGuard, TypeVar

from .. import jsondata
from ..challenge import Reply
from ..errors import ConfigError
from ..i18n import N_, _, ngettext
from .daily import DayPlay
from .state import MAX_CHALLENGES, MAX_RESULTS, PAGE_MODES, InProgress, ModeGames, Saved, Settings, frozen, open_codes, seal_codes
from .stats import Record, read_record
from .strategies import Kept, describe_kept, merge_kept, read_kept, write_kept

PREFIX = "mastermind:"
"""Every key of the page starts so; nothing else in localStorage is the page's."""

VERSION = 5
"""The schema version of every envelope written by :func:`envelope`. Version 5 adds two parts an
older version does not know: the person's own results of friends' challenges
(:data:`CHALLENGE_RESULTS`) and the Strategy lab's saved strategies (:data:`STRATEGIES`); nothing
else changed. Version 4 seals the codes of
the other modes' games in progress too (:func:`~mastermind.page.state.seal_codes`) and marks a
daily challenge left unfinished (``left``, a loss); version 3 kept the game on the Solo board
whatever its kind (a Solo game, a daily, a friend's challenge, practice or not) with its secret
sealed (:class:`~mastermind.page.state.InProgress`), the other modes' codes in the clear; version
2 kept a Solo game only, its secret in the clear."""

OLDEST = 2
"""The oldest envelope :func:`read` still reads (its value upgraded by :func:`upgrade`): a tab of
this version reads what an older tab, still open, writes."""

LEGACY_KEY = "mastermind:v1"
"""Version 1's only key: settings and statistics in one document (read by :func:`load`)."""

# Version 1: one document, read only to migrate it.


def load_v1(text: str | None) -> Saved:
    """Read a version 1 document (``None`` when the key is absent). Never raises: each part that
    cannot be read is replaced by its default and named in :attr:`Saved.problems`.

    >>> load_v1('{"version": 1, "settings": {"key_color": "red"}, "records": {}}').settings.key_color
    'red'
    >>> broken = load_v1('{"version": 1, "settings": {"key_color": "purple"}}')
    >>> broken.settings.key_color, broken.problems
    ('black', ("The saved settings could not be read (key_color: must be black or red, not 'purple'); the defaults are used.",))
    """
    if text is None:
        return Saved()
    try:
        data = jsondata.loads(text)
    except (ValueError, TypeError, RecursionError):
        return Saved(problems=(_("The saved data could not be read (not valid JSON); the defaults are used."),))
    if not isinstance(data, dict):
        return Saved(problems=(_("The saved data could not be read (not a JSON object); the defaults are used."),))
    if type(data.get("version")) is not int or data["version"] != 1:  # True == 1, but is no version
        return Saved(problems=(_("The saved data could not be read (version {version}); the defaults are used.").format(
            version=repr(data.get("version"))),))

    problems: list[str] = []
    settings = Settings()
    if "settings" in data:
        try:
            settings = Settings.from_dict(data["settings"])
        except (ValueError, TypeError) as error:
            problems.append(_("The saved settings could not be read ({error}); the defaults are used.").format(error=error))
    notes: list[str] = []
    try:
        records = _read_records(data.get("records", {}), notes)
    except (ValueError, TypeError):
        problems.append(_("The saved statistics could not be read; they start afresh."))
        records = {}
    problems.extend(_("The saved statistics {record} could not be read and were dropped.").format(record=note) for note in notes)
    return Saved(settings, records, tuple(problems))


# Version 2: one envelope per part.

T = TypeVar("T")


@dataclass(frozen=True)
class Part(Generic[T]):
    """One localStorage key: how its value is read (validated), written, merged and described.

    `read(data, notes)` turns an envelope's data into the value, raising ``ValueError`` or
    ``TypeError`` when the part as a whole is unreadable, and appending to `notes` a few words on
    each smaller piece it dropped (one bad statistics record does not cost the others).
    `merge(base, ours, theirs)` reconciles this tab's change (`ours`, made from `base`) with a
    newer value another tab stored meanwhile (`theirs`); by default, the newer stored value wins
    unless it did not change. `describe` says in a few words what a value holds (import preview).
    """

    key: str
    label: str
    default: Callable[[], T]
    read: Callable[[Any, list[str]], T]
    write: Callable[[T], Any]
    describe: Callable[[T], str]
    merge: Callable[[T, T, T], T] | None = None
    one: bool = False
    """Whether `label` names one thing ("Solo game in progress"), not several ("settings")."""

    @property
    def name(self) -> str:
        """The label in the language in use (labels are marked with ``N_`` where declared)."""
        return _(self.label)

    def agree(self, several: str, one: str) -> str:
        """The word of a sentence about this part that agrees with its label.

        >>> SOLO.agree("come", "comes"), SETTINGS.agree("come", "comes")
        ('comes', 'come')
        """
        return one if self.one else several

    def reconcile(self, base: T, ours: T, theirs: T) -> T:
        """What to store when this tab changed `base` into `ours` and another tab stored `theirs`."""
        if ours == base:
            return theirs
        if theirs == base:
            return ours
        return self.merge(base, ours, theirs) if self.merge else theirs


PARTS: dict[str, Part[Any]] = {}
"""Every key the page stores, by key, in the order the import preview lists them."""


def part(key: str, label: str, default: Callable[[], T], read: Callable[[Any, list[str]], T],
         write: Callable[[T], Any], describe: Callable[[T], str],
         merge: Callable[[T, T, T], T] | None = None, one: bool = False) -> Part[T]:
    """Declare a stored part; its key starts with :data:`PREFIX` and is new."""
    if not key.startswith(PREFIX) or key in PARTS or key == LEGACY_KEY:
        raise ValueError(f"{key!r} is not a new key under {PREFIX!r}")
    PARTS[key] = declared = Part(key, label, default, read, write, describe, merge, one)
    return declared


class Stored(NamedTuple):
    """One part as read from its stored text."""

    value: Any
    rev: int
    """The revision it was stored at (0: never stored, or unreadable)."""
    problem: str | None = None
    """A sentence for the person when something could not be read, else None."""
    locked: bool = False
    """Written by a newer version: run with the default, and never write over it."""
    damaged: bool = False
    """Unreadable as a whole (the default stands in): damage, never a newer value to adopt."""


def _count(value: object) -> TypeGuard[int]:
    return type(value) is int and value >= 0


def read(part: Part[T], text: str | None) -> Stored:
    """The value stored as `text` (``None``: the key is absent). Never raises.

    >>> read(SETTINGS, '{"version": 6, "rev": 9, "data": {"dark": true}}').locked
    True
    """
    if text is None:
        return Stored(part.default(), 0)

    def fallback(why: str, rev: int = 0) -> Stored:
        # Translators: {part} names what was stored, e.g. "settings", "statistics", "Solo game in progress".
        problem = _("The saved {part} could not be read ({reason}); the defaults are used.").format(part=part.name, reason=why)
        return Stored(part.default(), rev, problem, damaged=True)

    try:
        data = jsondata.loads(text)
    except (ValueError, TypeError, RecursionError):
        return fallback(_("not valid JSON"))
    if not isinstance(data, dict):
        return fallback(_("not a JSON object"))
    version, rev = data.get("version"), data.get("rev")
    if _count(version) and version > VERSION:
        return Stored(part.default(), rev if _count(rev) else 0, locked=True, problem=part.agree(
            _("The saved {part} come from a newer version of Mastermind: they are left untouched, "
              "and changes made to them here are not saved."),
            _("The saved {part} comes from a newer version of Mastermind: it is left untouched, "
              "and changes made to it here are not saved."),
        ).format(part=part.name))
    if type(version) is not int or not OLDEST <= version <= VERSION or set(data) != {"version", "rev", "data"} or not _count(rev):
        return fallback(_("unknown layout, version {version}").format(version=repr(version)))
    notes: list[str] = []
    try:
        value = part.read(upgrade(part.key, data["data"], version), notes)
    except (ValueError, TypeError, KeyError, RecursionError) as error:
        return fallback(str(error) or type(error).__name__, rev)
    if notes:
        return Stored(value, rev, _("Some saved {part} could not be read and were dropped: {dropped}.").format(
            part=part.name, dropped="; ".join(notes)))
    return Stored(value, rev)


def envelope(part: Part[T], value: T, rev: int) -> str:
    """The text to store for `value` at revision `rev`."""
    return json.dumps({"version": VERSION, "rev": rev, "data": part.write(value)}, separators=(",", ":"))


# The parts of the Solo page, the daily challenge and the statistics.


def _read_settings(data: Any, notes: list[str]) -> Settings:
    return Settings.from_dict(data)


def _merge_settings(base: Settings, ours: Settings, theirs: Settings) -> Settings:
    """Each setting this tab changed, over the other tab's newer settings."""
    values = {name: getattr(ours if getattr(ours, name) != getattr(base, name) else theirs, name)
              for name in Settings.__dataclass_fields__}
    try:
        return Settings(**values)
    except ConfigError:  # the two changes do not fit together: the person's latest choice wins
        return ours


def _read_records(data: Any, notes: list[str]) -> Mapping[str, Record]:
    if not isinstance(data, dict):
        raise TypeError(_("a mapping of records was expected, not {type}").format(type=type(data).__name__))
    records: dict[str, Record] = {}
    for key, value in data.items():
        try:
            records[key] = read_record(key, value)
        except (ValueError, TypeError):
            notes.append(_("the record {key}").format(key=repr(key[:60])))
    return frozen(records)


def _merge_records(base: Mapping[str, Record], ours: Mapping[str, Record],
                   theirs: Mapping[str, Record]) -> Mapping[str, Record]:
    """The other tab's records, plus the games this tab added to each (:meth:`Record.rebase`)."""
    merged = dict(theirs)
    for key, record in ours.items():
        before = base.get(key, Record())
        if record != before:
            merged[key] = record.rebase(before, theirs.get(key, Record()))
    return frozen(merged)


def _describe_records(records: Mapping[str, Record]) -> str:
    games = sum(record.played for record in records.values())
    records_words = ngettext("{count} record", "{count} records", len(records)).format(count=len(records))
    games_words = ngettext("{count} game", "{count} games", games).format(count=games)
    # Translators: what the stored statistics hold, e.g. "3 records of 12 games".
    return _("{records} of {games}").format(records=records_words, games=games_words)


def _read_days(data: Any, notes: list[str]) -> Mapping[str, DayPlay]:
    if not isinstance(data, dict):
        raise TypeError(_("a mapping of days was expected, not {type}").format(type=type(data).__name__))
    days: dict[str, DayPlay] = {}
    for key, value in data.items():
        try:
            days[dt.date.fromisoformat(key).isoformat()] = DayPlay.from_dict(value, day=dt.date.fromisoformat(key))
        except (ValueError, TypeError):
            notes.append(_("the day {key}").format(key=repr(key[:20])))
    return MappingProxyType(dict(sorted(days.items())))


def _merge_days(base: Mapping[str, DayPlay], ours: Mapping[str, DayPlay],
                theirs: Mapping[str, DayPlay]) -> Mapping[str, DayPlay]:
    """Every day of both; a day played in both tabs keeps the game that went further, and the
    other tab's when they differ (it was stored first); a day left in the other tab stays left."""
    merged = dict(theirs)
    for day, play in ours.items():
        other = theirs.get(day)
        if other is None or (not other.left and play != base.get(day) and play.guesses[: len(other.guesses)] == other.guesses):
            merged[day] = play
    return MappingProxyType(dict(sorted(merged.items())))


def _read_solo(data: Any, notes: list[str]) -> InProgress | None:
    return None if data is None else InProgress.from_dict(data)


def _merge_solo(base: InProgress | None, ours: InProgress | None, theirs: InProgress | None) -> InProgress | None:
    """The game that went further when both tabs played on the same game; this tab's when the
    two play different kinds of game (a daily here, a Solo game there: each tab keeps its board);
    else the other tab's, stored first."""
    if ours is not None and theirs is not None and (ours.continues(theirs) or (ours.mode, ours.day) != (theirs.mode, theirs.day)):
        return ours
    return theirs


def _describe_solo(game: InProgress | None) -> str:
    """How far the game on the Solo board went (never its secret)."""
    if game is None:
        return _("no game in progress")
    made = len(game.guesses)
    return ngettext("a game in progress, {count} guess made", "a game in progress, {count} guesses made", made).format(count=made)


def _describe_settings(settings: Settings) -> str:
    config = settings.config
    pegs = ngettext("{count} peg", "{count} pegs", config.pegs).format(count=config.pegs)
    colours = ngettext("{count} colour", "{count} colours", len(config.colors)).format(count=len(config.colors))
    rounds = ngettext("{count} guess", "{count} guesses", config.max_guesses).format(count=config.max_guesses)
    # Translators: what the stored settings hold, e.g. "4 pegs, 6 colours, 12 guesses".
    return _("{pegs}, {colours}, {guesses}").format(pegs=pegs, colours=colours, guesses=rounds)


SETTINGS: Part[Settings] = part(
    "mastermind:settings", N_("settings"), Settings, _read_settings, Settings.to_dict, _describe_settings, _merge_settings,
)
RECORDS: Part[Mapping[str, Record]] = part(
    "mastermind:records", N_("statistics"), lambda: frozen({}), _read_records,
    lambda records: {key: record.to_dict() for key, record in sorted(records.items())},
    _describe_records, _merge_records,
)
DAILY: Part[Mapping[str, DayPlay]] = part(
    "mastermind:daily", N_("daily challenge results"), lambda: MappingProxyType({}), _read_days,
    lambda days: {day: play.to_dict() for day, play in sorted(days.items())},
    lambda days: ngettext("{count} day", "{count} days", len(days)).format(count=len(days)), _merge_days,
)
def _read_flag(data: Any, notes: list[str]) -> bool:
    if not isinstance(data, bool):
        raise ValueError(_("must be true or false, not {type}").format(type=type(data).__name__))
    return data


WELCOMED: Part[bool] = part(
    "mastermind:welcomed", N_("first visit"), lambda: False, _read_flag, bool,
    lambda seen: _("How to play already shown") if seen else _("How to play not shown yet"),
)
"""Whether How to play was shown on a first visit; it opens by itself only until then."""
SOLO: Part[InProgress | None] = part(
    "mastermind:solo", N_("Solo game in progress"), lambda: None, _read_solo,
    lambda game: None if game is None else game.to_dict(), _describe_solo, _merge_solo, one=True,
)


_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,100}")  # a challenge link's token (mastermind.challenge)


def _read_challenges(data: Any, notes: list[str]) -> tuple[str, ...]:
    if not isinstance(data, list) or len(data) > MAX_CHALLENGES:
        raise ValueError(_("expected a list of at most {count} challenges").format(count=MAX_CHALLENGES))
    tokens = []
    for token in data:
        if isinstance(token, str) and _TOKEN.fullmatch(token):
            tokens.append(token)
        else:
            notes.append(_("the challenge {token}").format(token=repr(str(token)[:30])))
    return tuple(dict.fromkeys(tokens))


def _merge_challenges(base: tuple[str, ...], ours: tuple[str, ...], theirs: tuple[str, ...]) -> tuple[str, ...]:
    """Every challenge counted in either tab, the most recent :data:`MAX_CHALLENGES`."""
    return tuple(dict.fromkeys((*theirs, *ours)))[-MAX_CHALLENGES:]


CHALLENGES: Part[tuple[str, ...]] = part(
    "mastermind:challenges", N_("challenges counted"), tuple, _read_challenges, list,
    lambda tokens: ngettext("{count} challenge", "{count} challenges", len(tokens)).format(count=len(tokens)), _merge_challenges,
)
"""The friends' challenges already counted in the statistics, by token: a link counts once."""


def _read_results(data: Any, notes: list[str]) -> Mapping[str, Reply]:
    if not isinstance(data, dict) or len(data) > MAX_RESULTS:
        raise ValueError(_("expected at most {count} results by challenge").format(count=MAX_RESULTS))
    results: dict[str, Reply] = {}
    for name, value in data.items():
        try:
            result = Reply.from_dict(value)
        except ValueError:
            result = None
        if result is None or result.name != name:
            notes.append(_("the result of challenge {name}").format(name=repr(str(name)[:30])))
        else:
            results[name] = result
    return MappingProxyType(results)


def _merge_results(base: Mapping[str, Reply], ours: Mapping[str, Reply], theirs: Mapping[str, Reply]) -> Mapping[str, Reply]:
    """Every challenge's result from either tab (the other tab's, stored first, where both
    played it), the most recent :data:`MAX_RESULTS`."""
    merged = {**theirs, **{name: result for name, result in ours.items() if name not in theirs}}
    return MappingProxyType(dict(list(merged.items())[-MAX_RESULTS:]))


CHALLENGE_RESULTS: Part[Mapping[str, Reply]] = part(
    "mastermind:challenge-results", N_("challenge results"), lambda: MappingProxyType({}), _read_results,
    lambda results: {name: result.to_dict() for name, result in results.items()},
    lambda results: ngettext("{count} challenge", "{count} challenges", len(results)).format(count=len(results)),
    _merge_results,
)
"""The person's own result of each friend's challenge played here (the first game, the one that
counted), by the challenge's name, oldest first: a friend's reply link shows it beside theirs."""


MAX_DAMAGED = 20
"""Damaged texts kept aside; beyond it the oldest is dropped."""


def _read_damaged(data: Any, notes: list[str]) -> tuple[tuple[str, str], ...]:
    if not isinstance(data, list) or len(data) > MAX_DAMAGED:
        raise ValueError(_("expected a list of at most {count} damaged texts").format(count=MAX_DAMAGED))
    kept = []
    for entry in data:
        if not isinstance(entry, dict) or set(entry) != {"key", "text"} or not all(isinstance(v, str) for v in entry.values()):
            raise ValueError(_("a damaged text is its key and its text"))
        kept.append((entry["key"], entry["text"]))
    return tuple(kept)


def set_aside(kept: tuple[tuple[str, str], ...], key: str, text: str) -> tuple[tuple[str, str], ...]:
    """`kept` with the damaged `text` found under `key` added (once), the latest :data:`MAX_DAMAGED`."""
    return tuple(dict.fromkeys((*kept, (key, text))))[-MAX_DAMAGED:]


DAMAGED: Part[tuple[tuple[str, str], ...]] = part(
    "mastermind:damaged", N_("damaged data kept aside"), tuple, _read_damaged,
    lambda kept: [{"key": key, "text": text} for key, text in kept],
    lambda kept: ngettext("{count} damaged text", "{count} damaged texts", len(kept)).format(count=len(kept)),
    lambda base, ours, theirs: tuple(dict.fromkeys((*theirs, *ours)))[-MAX_DAMAGED:],
)
"""Stored text that could not be read, as it was found, so that Export data still holds it: a
value garbled by another script, a disk error or a hand edit is damage, never thrown away."""


# Migrations: each step turns the texts of one layout into the next.


class Migration(NamedTuple):
    """What :func:`migrate` found and did."""

    texts: dict[str, str | None]
    """Every key's text in the current layout."""
    changes: dict[str, str | None]
    """The keys to write back (``None``: remove)."""
    problems: list[str]


def layout_version(texts: Mapping[str, str | None]) -> int:
    """Which layout `texts` (key to stored text) are in: 1 while only the version 1 document is
    there, else the oldest version a part's envelope says (the current one when none is older)."""
    if texts.get(LEGACY_KEY) is not None and all(texts.get(key) is None for key in (SETTINGS.key, RECORDS.key)):
        return 1
    return min((_older_version(texts.get(key)) for key in PARTS), default=VERSION)


def _older_version(text: str | None) -> int:
    """The version of the well-formed envelope `text` holds when it is an older one this version
    reads; else the current version (nothing to migrate)."""
    try:
        data = jsondata.loads(text) if text is not None else None
    except (ValueError, TypeError, RecursionError):
        return VERSION
    version = data.get("version") if isinstance(data, dict) else None
    return version if type(version) is int and OLDEST <= version < VERSION else VERSION


def upgrade(key: str, data: Any, version: int) -> Any:
    """The value of part `key` written by layout `version` (a part's data, as an envelope or an
    exported file holds it), as this version writes it; ``ValueError`` when it cannot be read.
    Version 2's Solo game is sealed (:meth:`InProgress.from_version_2`), and the codes of the other
    modes' games before version 4 (:func:`_seal_older_games`); nothing else changed.

    >>> upgrade(SETTINGS.key, {"order": "top"}, 2)
    {'order': 'top'}
    """
    if version == 2 and key == SOLO.key and data is not None:
        return InProgress.from_version_2(data)
    if version < 4 and key == MODE_GAMES.key:
        return _seal_older_games(data)
    return data


def _seal_older_games(data: Any) -> Any:
    """The other modes' games kept before version 4, their codes sealed as this version stores
    them; a game that cannot be sealed is left as it was, for the reading to drop it and say so."""
    if not isinstance(data, Mapping) or not isinstance(data.get("games"), Mapping):
        return data  # the reading says what is wrong
    games = {}
    for mode, game in data["games"].items():
        try:
            games[mode] = seal_codes(game)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            games[mode] = game
    return {**data, "games": games}


def _rewrite(version: int) -> Callable[[Mapping[str, str | None]], tuple[dict[str, str | None], list[str]]]:
    """The step from layout `version`: every readable envelope of that version written again as
    the current one, at the same revision (:func:`upgrade` turns its value); one that cannot be
    read is left as it was found, for :func:`read` to say why and set it aside."""

    def step(texts: Mapping[str, str | None]) -> tuple[dict[str, str | None], list[str]]:
        changes: dict[str, str | None] = {}
        for key, part in PARTS.items():
            text = texts.get(key)
            if text is None or _older_version(text) != version:
                continue
            stored = read(part, text)
            if stored.problem is None:
                changes[key] = envelope(part, stored.value, stored.rev)
        return changes, []

    return step


def _v1_to_v2(texts: Mapping[str, str | None]) -> tuple[dict[str, str | None], list[str]]:
    """Split the version 1 document into the settings and statistics parts, then remove it; a
    document of a newer version is left as it is."""
    text = texts[LEGACY_KEY]  # there: layout_version() said so
    try:
        newer = _count(version := jsondata.loads(str(text)).get("version")) and version > 1
    except (ValueError, TypeError, AttributeError, RecursionError):  # load_v1 says what is wrong
        newer = False
    if newer:
        return {}, [_("The saved data come from a newer version of Mastermind: they are left untouched, "
                      "and the defaults are used.")]
    old = load_v1(text)
    changes = {
        SETTINGS.key: envelope(SETTINGS, old.settings, 1),
        RECORDS.key: envelope(RECORDS, old.records, 1),
        LEGACY_KEY: None,
    }
    return changes, list(old.problems)


MIGRATIONS: dict[int, Callable[[Mapping[str, str | None]], tuple[dict[str, str | None], list[str]]]] = {
    1: _v1_to_v2, 2: _rewrite(2), 3: _rewrite(3), 4: _rewrite(4),
}
"""The step from each layout version to the next."""


def keys() -> list[str]:
    """Every key :func:`migrate` reads: the parts', and older layouts'."""
    return [LEGACY_KEY, *PARTS]


def migrate(texts: Mapping[str, str | None]) -> Migration:
    """`texts` (each of :func:`keys` to its stored text or ``None``) in the current layout.

    >>> old = '{"version": 1, "settings": {"order": "top"}, "records": {}}'
    >>> done = migrate({LEGACY_KEY: old})
    >>> sorted(done.changes), read(SETTINGS, done.texts[SETTINGS.key]).value.order
    (['mastermind:records', 'mastermind:settings', 'mastermind:v1'], 'top')
    """
    texts = dict(texts)
    changes: dict[str, str | None] = {}
    problems: list[str] = []
    version = layout_version(texts)
    while version < VERSION:
        step, said = MIGRATIONS[version](texts)
        problems += said
        texts.update(step)
        changes.update(step)
        version += 1
    return Migration(texts, changes, problems)


# The other modes (Computer breaks your code, Duel, Race, Tournament): the "modes" section.
# Their games in progress and the Tournament's registered users, each a part of its own. Values
# are the plain JSON the rules package writes (``to_dict``), checked on reading by loading them.

def check_mode_game(mode: str, data: Any) -> dict[str, Any]:
    """`data` if it is a game of `mode` that can be resumed, else ``ValueError``. A tournament is
    checked among its own players (whether they are still registered is the page's concern)."""
    from ..computer import CodeChallenge
    from ..match import Match
    from ..modes import MODES
    from ..registry import Registry
    from ..solving import Solve

    if not isinstance(data, Mapping) or data.get("mode") != mode:
        raise ValueError(_("not a saved game of {mode}").format(mode=mode))
    games: dict[str, type[Match] | type[CodeChallenge] | type[Solve]] = {
        **MODES, CodeChallenge.mode: CodeChallenge, Solve.mode: Solve,
    }
    if mode not in games:
        raise ValueError(_("{mode} is not a mode with games to resume").format(mode=repr(mode)))
    players = Registry()  # the game's own players, as users (a tournament is resumed among them)
    named = data.get("players")
    for name in named if isinstance(named, list) else []:
        try:
            players.register(name)
        except ValueError:  # a computer player, or not a name at all (refused below)
            pass
    return games[mode].from_dict(data, registry=players).to_dict()


def _read_mode_games(data: Any, notes: list[str]) -> ModeGames:
    if not isinstance(data, Mapping) or set(data) != {"active", "games"} or not isinstance(data["games"], Mapping):
        raise ValueError(_("expected the mode shown last and the games in progress"))
    active = data["active"] if data["active"] in PAGE_MODES else "solo"
    games = {}
    for mode, game in data["games"].items():
        try:
            games[mode] = check_mode_game(mode, open_codes(game))
        except (ValueError, TypeError, KeyError, RecursionError):
            notes.append(_("the {mode} in progress").format(mode=str(mode)[:30]))
    return ModeGames(active, games)


def _merge_mode_games(base: ModeGames, ours: ModeGames, theirs: ModeGames) -> ModeGames:
    """Each mode's game from the tab that changed it (the other tab's when both did); the mode
    shown is this tab's."""
    games = {}
    for mode in PAGE_MODES:
        mine, other, was = ours.games.get(mode), theirs.games.get(mode), base.games.get(mode)
        kept = mine if other == was else other
        if kept is not None:
            games[mode] = kept
    return ModeGames(ours.active, games)


def _describe_mode_games(saved: ModeGames) -> str:
    if not saved.games:
        return _("no game in progress")
    return _("games in progress: {modes}").format(modes=", ".join(sorted(saved.games)))


MODE_GAMES: Part[ModeGames] = part(
    "mastermind:matches", N_("games of the other modes"), ModeGames, _read_mode_games,
    lambda saved: {"active": saved.active, "games": {mode: seal_codes(game) for mode, game in sorted(saved.games.items())}},
    _describe_mode_games, _merge_mode_games,
)


def _read_registry(data: Any, notes: list[str]) -> dict[str, Any]:
    from ..registry import Registry

    return Registry.from_dict(data, notes).to_dict()


def _merge_registry(base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """Users registered in either tab, with every point either tab added (:meth:`Registry.merge`)."""
    from ..registry import Registry

    return Registry.merge(*(Registry.from_dict(saved) for saved in (base, ours, theirs))).to_dict()


def _describe_registry(saved: dict[str, Any]) -> str:
    users = len(saved["users"])
    return ngettext("{count} registered user", "{count} registered users", users).format(count=users)


def _no_users() -> dict[str, Any]:
    from ..registry import Registry

    return Registry().to_dict()


REGISTRY: Part[dict[str, Any]] = part(
    "mastermind:registry", N_("registered users and their points"),
    _no_users, _read_registry, dict, _describe_registry, _merge_registry,
)


STRATEGIES: Part[Kept] = part(
    "mastermind:strategies", N_("strategies"), tuple, read_kept, write_kept, describe_kept, merge_kept,
)
"""The Strategy lab's saved strategies (:mod:`mastermind.page.strategies`), new in version 5."""
