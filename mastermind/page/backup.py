"""All of a player's data as one JSON file: exported, then validated and previewed before an import.

The file holds every stored part (:data:`mastermind.page.storage.PARTS`: settings, statistics, daily
results, games in progress, and whatever other modes keep) under the part's key, in the form
the part is stored in::

    {"format": "mastermind-backup", "version": 5, "exported": "2026-11-23T10:04:00",
     "data": {"mastermind:settings": {...}, "mastermind:records": {...}, ...}}

Every game in progress (the Solo board's, and Computer's, Duel's, Race's and Tournament's) is
written as the browser stores it, each code sealed as a challenge link's code is: a backup is no
way to peek at a secret, and importing it brings the games back. A file of an older version
(from 2 on) is read as that version wrote it, its codes sealed as they are read.

An import is all or nothing. :func:`parse` reads the whole file and refuses it, with a reason a
person can act on, when any part of it is not exactly what this version would have written:
a file that is half right is not half imported. :func:`preview` then says what the import will
replace, and :meth:`mastermind.page.sync.Tab.replace` stores it in one go. Parts absent from the file
are left as they are.

>>> from mastermind.page.storage import SETTINGS, Settings
>>> text = export({SETTINGS.key: Settings(order="top")}, dt.datetime(2026, 11, 23, 10, 4))
>>> backup = parse(text)
>>> backup.values[SETTINGS.key].order, backup.exported
('top', '2026-11-23T10:04:00')
>>> parse('{"format": "something else"}')
Traceback (most recent call last):
...
mastermind.page.backup.BackupError: This is not a Mastermind data file.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from .. import jsondata
from ..i18n import _, number
from .storage import OLDEST, PARTS, VERSION, upgrade

FORMAT = "mastermind-backup"
MAX_SIZE = 4_000_000
"""Characters of text, or bytes of a file (never fewer than its characters): more than a
browser's storage holds, so a bigger file cannot be a backup."""


class BackupError(ValueError):
    """A file that cannot be imported; the message says why, in words for the person."""


class Backup(NamedTuple):
    """A validated data file: each part's value, by key, and when it was exported."""

    values: dict[str, Any]
    exported: str


def filename(now: dt.datetime) -> str:
    """The name the exported file is offered under.

    >>> filename(dt.datetime(2026, 11, 23, 10, 4))
    'mastermind-data-2026-11-23.json'
    """
    return f"mastermind-data-{now.date().isoformat()}.json"


def export(values: Mapping[str, Any], now: dt.datetime) -> str:
    """The data file of `values` (part key to value, as :meth:`~mastermind.page.sync.Tab.values` gives)."""
    data = {key: PARTS[key].write(value) for key, value in values.items()}
    document = {"format": FORMAT, "version": VERSION, "exported": now.replace(microsecond=0).isoformat(), "data": data}
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def check_size(size: int) -> None:
    """Refuse a file of `size` bytes too large to be a data file, before it is read at all.

    >>> check_size(150_000_000)
    Traceback (most recent call last):
    ...
    mastermind.page.backup.BackupError: This file is too large to be a Mastermind data file (150 MB; at most 4 MB).
    """
    if size > MAX_SIZE:
        raise BackupError(_("This file is too large to be a Mastermind data file ({size} MB; at most {most} MB).").format(
            size=number(size / 1e6), most=number(MAX_SIZE / 1e6)))


def parse(text: str) -> Backup:
    """Read and check a whole data file; :class:`BackupError` says what is wrong with it."""
    check_size(len(text))
    try:
        document = jsondata.loads(text)
    except (ValueError, RecursionError):
        raise BackupError(_("This file is not a Mastermind data file: it is not valid JSON.")) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError(_("This is not a Mastermind data file."))
    version, exported, data = document.get("version"), document.get("exported"), document.get("data")
    if type(version) is int and version > VERSION:
        raise BackupError(_("This file comes from a newer version of Mastermind; it cannot be imported here."))
    if type(version) is not int or not OLDEST <= version <= VERSION or set(document) != {"format", "version", "exported", "data"}:
        raise BackupError(_("This data file has an unknown layout (version {version}).").format(version=repr(version)))
    if not isinstance(exported, str) or not isinstance(data, dict):
        raise BackupError(_("This data file is damaged: its date or its data are missing."))
    try:
        dt.datetime.fromisoformat(exported)
    except ValueError:
        raise BackupError(_("This data file is damaged: its date cannot be read.")) from None
    values: dict[str, Any] = {}
    for key, part_data in data.items():
        part = PARTS.get(key)
        if part is None:
            raise BackupError(_("This data file holds something this version does not know ({key}).").format(key=repr(str(key)[:40])))
        notes: list[str] = []
        try:
            values[key] = part.read(upgrade(key, part_data, version), notes)
        except (ValueError, TypeError, KeyError, RecursionError) as error:
            raise BackupError(_("The {part} in this file cannot be read ({reason}); nothing was imported.").format(
                part=part.name, reason=error)) from None
        if notes:
            raise BackupError(_("The {part} in this file cannot all be read ({reasons}); nothing was imported.").format(
                part=part.name, reasons="; ".join(notes)))
    return Backup(values, exported)


def preview(backup: Backup, current: Mapping[str, Any]) -> list[str]:
    """What importing `backup` changes in the parts this tab holds (`current`): one sentence for each
    part it replaces with something else, then the parts it leaves as they are (absent from the
    file, or the same there) on one line, so the person reads only what changes.

    >>> from mastermind.page.storage import RECORDS, SETTINGS, Settings
    >>> from mastermind import Config
    >>> backup = Backup({SETTINGS.key: Settings(Config(pegs=5)), RECORDS.key: {}}, "2026-11-23T10:04:00")
    >>> for line in preview(backup, {SETTINGS.key: Settings(), RECORDS.key: {}}):
    ...     print(line)
    Settings: 5 pegs, 6 colours, 12 guesses will replace 4 pegs, 6 colours, 12 guesses.
    Unchanged: statistics.
    >>> preview(Backup({RECORDS.key: {}}, "2026-11-23T10:04:00"), {RECORDS.key: {}})
    ['This file holds what this browser already has: importing it changes nothing.']
    """
    lines, unchanged = [], []
    for key, part in PARTS.items():
        if key not in current and key not in backup.values:
            continue
        if key not in backup.values or (key in current and part.write(backup.values[key]) == part.write(current[key])):
            unchanged.append(part.name)
            continue
        label = part.name[:1].upper() + part.name[1:]
        # Translators: what an import replaces when this browser holds nothing of a part: "Settings: ... will replace nothing."
        now = part.describe(current[key]) if key in current else _("nothing")
        # Translators: a line of the import preview, e.g. "Settings: 5 pegs, ... will replace 4 pegs, ...".
        lines.append(_("{part}: {new} will replace {now}.").format(part=label, new=part.describe(backup.values[key]), now=now))
    if not lines:
        return [_("This file holds what this browser already has: importing it changes nothing.")]
    if unchanged:
        # Translators: the end of the import preview: {parts} lists what the import leaves as it is ("statistics, settings").
        lines.append(_("Unchanged: {parts}.").format(parts=", ".join(unchanged)))
    return lines
