"""The terminal's files in the user's data directory: a JSON document that is never half-written,
never silently lost, and shared by every terminal that plays at once.

Writing goes to a temporary file in the same folder, then :func:`os.replace` puts it in place, so a
crash or a full disk leaves the old file whole; a data file that is a symbolic link is written
where the link points, and stays a link. What is found on reading:

* no file yet: an empty document, silently;
* a file that cannot be read back (broken JSON, nesting too deep, bytes that are not UTF-8, or
  content its parser refuses): reported, kept as ``<name>.bak-<timestamp>`` for the person to
  inspect, and play goes on from an empty document;
* a file written by a newer version of Mastermind, or one the system does not let this program
  read (permissions): reported and left exactly as it is; play goes on, and nothing is saved to it.

Several terminals may play at once: :class:`Shared` re-reads the file under a lock before every
save and merges its own changes into what the others saved meanwhile, as two tabs of the page do.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Generic, TypeVar

from .. import jsondata
from ..errors import NewerVersionError
from ..i18n import _
from .texts import LONGEST, outside

T = TypeVar("T")
ENV_VAR = "MASTERMIND_DATA_DIR"


def data_dir(override: Path | None = None, environ: Mapping[str, str] = os.environ) -> Path:
    """Where the files live: `override` (``--data-dir``), else ``$MASTERMIND_DATA_DIR``, else
    ``$XDG_DATA_HOME/mastermind``, else ``~/.local/share/mastermind`` (the XDG default).

    >>> data_dir(environ={"XDG_DATA_HOME": "/data"}).as_posix()
    '/data/mastermind'
    >>> data_dir(Path("here"), environ={"MASTERMIND_DATA_DIR": "/tmp/mm"}).as_posix()
    'here'
    """
    if override is not None:
        return override
    if environ.get(ENV_VAR):
        return Path(environ[ENV_VAR])
    base = environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "mastermind"


def warn_on_stderr(message: str) -> None:
    """Problems with files go to stderr, apart from the dialogue on stdout; a message quotes a
    path and what was wrong with the file, both outside text (:func:`~mastermind.cli.texts.outside`)."""
    print(f"mastermind: {outside(message, 8 * LONGEST)}", file=sys.stderr)


class JsonFile:
    """One JSON document at `path`; problems are told through `warn`, never raised, because
    the game must go on whatever happens to the disk.

    `frozen` says why the file is left as it is (written by a newer version, or unreadable), or
    is None while the file may be written.
    """

    def __init__(self, path: Path, warn: Callable[[str], None] = warn_on_stderr) -> None:
        self.path = path
        self.warn = warn
        self.frozen: str | None = None

    @property
    def target(self) -> Path:
        """The file itself: where `path` points when it is a symbolic link."""
        return Path(os.path.realpath(self.path))

    def load(self, parse: Callable[[Any], T], empty: Callable[[], T]) -> T:
        """The document as `parse` reads it, or `empty()` when there is no file yet, or when it
        cannot be read or parsed (a damaged file is moved aside to a backup first)."""
        try:
            return parse(jsondata.loads(self.target.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return empty()
        except NewerVersionError:
            self._freeze(
                _("{path} was written by a newer version of Mastermind; it is left untouched").format(path=self.path),
                _("{path} was written by a newer version of Mastermind; it is left untouched, "
                  "and nothing is saved to it while the program runs").format(path=self.path),
            )
        except OSError as error:  # permissions, a folder in its place: not damaged, only not ours to read
            why = error.strerror or error
            self._freeze(
                _("{path} cannot be read ({why}); it is left untouched").format(path=self.path, why=why),
                _("{path} cannot be read ({why}); it is left untouched, "
                  "and nothing is saved to it while the program runs").format(path=self.path, why=why),
            )
        except (ValueError, TypeError, KeyError) as error:  # what bad data may raise
            backup = self._backup()
            why = str(error)[:200]
            if backup:
                # Translators: {why} is what was wrong with the file, in the words of the program that read it.
                self.warn(_("{path} is damaged ({why}); it was kept as {backup}; starting with no data").format(
                    path=self.path, why=why, backup=backup))
            else:
                self.warn(_("{path} is damaged ({why}); it could not be moved aside; starting with no data").format(
                    path=self.path, why=why))
        return empty()

    def save(self, document: object) -> bool:
        """Write `document` atomically; on failure warn, leave the old file whole and no temporary
        file behind, and return False. A frozen file is never written."""
        if self.frozen:
            return False
        target = self.target
        temp: Path | None = None
        try:
            text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
            target.parent.mkdir(parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
            temp = Path(name)
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temp, target)
            temp = None
        except (OSError, ValueError) as error:  # a full disk, or text that cannot be written as UTF-8
            why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)[:200]
            self.warn(_("cannot save {path} ({why}); changes made now will be lost when the program ends").format(
                path=self.path, why=why))
            return False
        finally:
            if temp is not None:
                temp.unlink(missing_ok=True)
        return True

    @contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the file for this process alone (an advisory lock on ``<name>.lock`` beside it,
        since each save puts a new file in place). Where the lock cannot be had (a read-only
        folder) the block runs unlocked: its save then fails and says so."""
        target = self.target
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            handle = open(target.with_name(f"{target.name}.lock"), "a+b")  # noqa: SIM115 (held across the yield)
        except OSError:
            yield
            return
        with handle:
            _hold(handle.fileno())
            yield  # closing the file releases the lock

    def _freeze(self, message: str, warning: str) -> None:
        """Leave the file as it is from now on, for the reason `message`; `warning` tells it."""
        if self.frozen is None:
            self.frozen = message
            self.warn(warning)

    def _backup(self) -> Path | None:
        """Move the damaged file aside under a name no other backup has; None when that fails."""
        target = self.target
        stamp = time.strftime("%Y%m%d-%H%M%S")
        backup = target.with_name(f"{target.name}.bak-{stamp}")
        counter = 1
        while backup.exists():
            backup = target.with_name(f"{target.name}.bak-{stamp}-{counter}")
            counter += 1
        try:
            os.replace(target, backup)
        except OSError:
            return None
        return backup


def _hold(fd: int) -> None:
    """Wait for the exclusive lock of the open file `fd`; the standard library's own calls."""
    if sys.platform == "win32":
        import msvcrt

        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_LOCK, 1)  # retries for 10 seconds, then raises
                return
            except OSError:
                continue
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX)


class Shared(Generic[T]):
    """A document that several terminals change at once without losing each other's changes.

    It remembers the document as this process last read or wrote it (its *base*). Every
    :meth:`sync`, under the file's lock, reads what is on disk now, merges this process's value
    into it with ``merge(base, ours, theirs)`` (the rule two tabs of the page use), applies
    `change` to the result, and writes it. The value returned is the one to go on with.
    """

    def __init__(self, file: JsonFile, parse: Callable[[Any], T], empty: Callable[[], T],
                 write: Callable[[T], object], merge: Callable[[T, T, T], T]) -> None:
        self.file, self.parse, self.empty, self.write, self.merge = file, parse, empty, write, merge
        self._base: object = write(empty())

    def load(self) -> T:
        """The document on disk now; it becomes the base."""
        with self.file.lock():
            value = self.file.load(self.parse, self.empty)
        self._base = self.write(value)
        return value

    def sync(self, ours: T, change: Callable[[T], object] | None = None) -> T:
        """Merge `ours` with what is on disk, apply `change` (which may raise ``ValueError``:
        then nothing is written), save, and return the result. A frozen file is neither read
        again nor written: `ours`, changed, is returned."""
        if self.file.frozen:
            if change is not None:
                change(ours)
            return ours
        with self.file.lock():
            on_disk = self.file.load(self.parse, lambda: self.parse(self._base))
            merged = self.merge(self.parse(self._base), ours, on_disk)
            if change is not None:
                change(merged)
            document = self.write(merged)
            if document != self.write(on_disk) and not self.file.save(document):
                return merged
        self._base = document
        return merged
