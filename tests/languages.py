"""A stand-in language for the tests: colour letters, colour names and texts from dictionaries,
English for everything else."""

from __future__ import annotations

import gettext


class Fake(gettext.NullTranslations):
    """A language from dictionaries: colour letters by colour name, colour names, and texts."""

    def __init__(self, letters: dict[str, str], names: dict[str, str] | None = None, texts: dict[str, str] | None = None):
        super().__init__()
        self.letters, self.names, self.texts = letters, names or {}, texts or {}

    def gettext(self, message: str) -> str:
        return self.texts.get(message, message)

    def pgettext(self, context: str, message: str) -> str:
        if context.startswith("letter of "):
            return self.letters.get(context.removeprefix("letter of "), message)
        if context == "colour":
            return self.names.get(message, message)
        return message
