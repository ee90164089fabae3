"""The terminal's files in the user's data directory: a JSON document that is never half-written
and never silently lost.

Writing goes to a temporary file in the same folder, then :func:`os.replace` puts it in place, so a
crash or a full disk leaves the old file whole. A file that cannot be read back (broken JSON, or
content its parser refuses) is reported, kept as ``<name>.bak-<timestamp>`` for the person to
inspect, and play goes on from an empty document.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

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
    """Problems with files go to stderr, apart from the dialogue on stdout."""
    print(f"mastermind: {message}", file=sys.stderr)


class JsonFile:
    """One JSON document at `path`; problems are told through `warn`, never raised, because
    the game must go on whatever happens to the disk."""

    def __init__(self, path: Path, warn: Callable[[str], None] = warn_on_stderr) -> None:
        self.path = path
        self.warn = warn

    def load(self, parse: Callable[[Any], T], empty: Callable[[], T]) -> T:
        """The document as `parse` reads it, or `empty()` when there is no file yet, or when it
        cannot be read or parsed (then it is moved aside to a backup first)."""
        try:
            return parse(json.loads(self.path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return empty()
        except (OSError, ValueError, TypeError, KeyError) as error:  # what a reader of bad data may raise
            backup = self._backup()
            kept = f"it was kept as {backup}" if backup else "it could not be moved aside"
            self.warn(f"{self.path} is damaged ({error}); {kept}; starting with no data")
            return empty()

    def save(self, document: object) -> bool:
        """Write `document` atomically; on failure warn, leave the old file whole, return False."""
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        temp: Path | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.")
            temp = Path(name)
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temp, self.path)
        except OSError as error:
            self.warn(f"cannot save {self.path} ({error.strerror or error}); changes made now will be lost when the program ends")
            if temp is not None:
                temp.unlink(missing_ok=True)
            return False
        return True

    def _backup(self) -> Path | None:
        """Move the damaged file aside under a name no other backup has; None when that fails."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        backup = self.path.with_name(f"{self.path.name}.bak-{stamp}")
        counter = 1
        while backup.exists():
            backup = self.path.with_name(f"{self.path.name}.bak-{stamp}-{counter}")
            counter += 1
        try:
            os.replace(self.path, backup)
        except OSError:
            return None
        return backup
