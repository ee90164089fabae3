"""The language catalogs (gettext, with Babel): the template, the pseudo-language and the compiled files.

* ``pot``: extract every text of the game into ``mastermind/locale/mastermind.pot`` (committed):
  the package and the browser adapter (``_``, ``N_``, ``ngettext``, ``pgettext``, ``npgettext``,
  with their ``# Translators:`` comments), the page's own texts (``index.html``, by
  ``tools/html_text.py``), and each colour of :data:`mastermind.palette.CATALOG`: its name (context
  ``colour``) and its letter (context ``letter of <name>``), which :mod:`mastermind.i18n` looks up
  by the name it is given, so no source names them in a literal. Files are named but not their
  lines, so an edit elsewhere in a file leaves the template as it is; it is not rewritten when its
  messages have not changed (its date stays).
* ``compile``: write the pseudo-language ``qps`` (:func:`pseudo`) from the template, then compile
  every ``mastermind/locale/<tag>/LC_MESSAGES/mastermind.po`` into its ``.mo`` (neither is committed).
* ``update [TAG...]``: bring the named languages' ``.po`` (created if missing), or every one,
  up to date with the template, for translators: new texts empty, similar ones fuzzy.

Usage: ``python tools/catalogs.py pot|compile|update [TAG...]``, run by ``make pot``, ``make catalogs``
and ``make po``. Babel comes from ``.venv`` (requirements-test.lock).
"""

from __future__ import annotations

import io
import math
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import html_text  # tools/html_text.py, beside this file
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from mastermind.i18n import DOMAIN, LOCALE_DIR, PSEUDO
from mastermind.palette import CATALOG

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
SOURCES = ("mastermind/**/*.py", "static/*.py")
PAGE = "index.html"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
COMMENT_TAGS = ("Translators:",)
HEADER = """\
# The texts of Mastermind, to translate (tools/catalogs.py extracts them: `make pot`).
# This file is distributed under the same license as the project (MIT).
#"""
PLACEHOLDER = re.compile(r"\{[^{}]*\}|</?\d+/?>")
"""What a translation keeps as it is: ``str.format`` fields and the page's numbered tags."""


def po_file(tag: str) -> Path:
    return LOCALE_DIR / tag / "LC_MESSAGES" / f"{DOMAIN}.po"


def source_files() -> list[Path]:
    found = {path for pattern in SOURCES for path in ROOT.glob(pattern) if "locale" not in path.parts}
    return sorted(found)


def extracted() -> Catalog:
    """Every text of the game, as a template (see the module docstring)."""
    catalog = Catalog(domain=DOMAIN, project="Mastermind", version="1.0", header_comment=HEADER,
                      msgid_bugs_address="", copyright_holder="", charset="utf-8", fuzzy=False)
    for path in [*source_files(), ROOT / PAGE]:
        name = path.relative_to(ROOT).as_posix()
        method = html_text.extract if path.suffix == ".html" else "python"
        with path.open("rb") as file:
            for line, text, comments, context in extract(method, file, KEYWORDS, COMMENT_TAGS, strip_comment_tags=False):  # type: ignore[arg-type]
                catalog.add(text, None, [(name, line)], auto_comments=comments, context=context)
    palette = "mastermind/palette.py"
    for colour in CATALOG:
        catalog.add(colour.name, None, [(palette, 0)], context="colour")
        catalog.add(colour.letter, None, [(palette, 0)], context=f"letter of {colour.name}",
                    auto_comments=[f"Translators: {colour.name}'s letter, typed and shown: one character, unlike the others'."])
    return catalog


def po_text(catalog: Catalog, **options: bool) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=120, sort_output=True, include_lineno=False, **options)
    return buffer.getvalue()


def entries(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a catalog says, apart from its header: compared to tell whether the template is stale."""
    return sorted(
        (str(message.context), str(message.id), " ".join(message.auto_comments), tuple(sorted({name for name, _ in message.locations})))
        for message in catalog if message.id
    )


def write_template() -> bool:
    """Write the template if its messages changed; whether it did."""
    catalog = extracted()
    if TEMPLATE.exists():
        with TEMPLATE.open("rb") as file:
            if entries(read_po(file)) == entries(catalog):
                return False
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(po_text(catalog))
    return True


# --- the pseudo-language -----------------------------------------------------------------------

ACCENTED: dict[str, str | int | None] = dict(zip(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "ÅƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŘŠŦÛṼŴẊÝŽåƀçđéƒĝĥîĵķĺɱñöþǫřšŧûṽŵẋýž",
    strict=True,
))
"""A distinct accented letter for each letter, so two colours' letters stay apart."""
STRETCH = 1.4
"""Translations run longer than English (German by some 30 %): the layout must take 40 % more."""
PAD = "·"


def pseudo_text(text: str) -> str:
    """`text` accented, 40 % longer and in brackets, its placeholders and tags kept.

    >>> pseudo_text("Guess {number} of {total}")
    '[Ĝûéšš {number} öƒ {total}····]'
    >>> pseudo_text("Press <1>Enter</1>")
    '[Þřéšš <1>Éñŧéř</1>·····]'
    """
    kept = PLACEHOLDER.findall(text)
    pieces = PLACEHOLDER.split(text)
    accented = [piece.translate(str.maketrans(ACCENTED)) for piece in pieces]
    body = "".join(piece + (kept[index] if index < len(kept) else "") for index, piece in enumerate(accented))
    visible = sum(len(piece) for piece in pieces)
    padding = "".join(" " if index % 10 == 9 else PAD for index in range(math.ceil(visible * STRETCH) - visible))
    return f"[{body}{padding}]"  # a space every ten marks, so a long text's padding wraps as words do


def pseudo_message(message: Message) -> str | tuple[str, ...]:
    """The pseudo-language's translation of a template's message (see :func:`pseudo_text`); a
    colour's letter is its accented self, and a number's marks are English's."""
    context = message.context or ""
    if context == "number":
        return str(message.id)
    if context.startswith("letter of "):
        return str(message.id).translate(str.maketrans(ACCENTED))
    if isinstance(message.id, (list, tuple)):
        return tuple(pseudo_text(form) for form in message.id)
    return pseudo_text(message.id)


def pseudo(template: Catalog) -> Catalog:
    """The pseudo-language ``qps``: every text of `template` translated by :func:`pseudo_message`."""
    # qps is no language Babel knows: no locale, so gettext takes English's two plural forms. Its
    # dates are the template's, so the same template gives the same files.
    catalog = Catalog(domain=DOMAIN, project="Mastermind", version="1.0", charset="utf-8", fuzzy=False,
                      creation_date=template.creation_date, revision_date=template.creation_date)
    catalog.language_team = PSEUDO.name
    for message in template:
        if message.id:
            catalog.add(message.id, pseudo_message(message), context=message.context)
    return catalog


# --- compiling and updating ----------------------------------------------------------------------


def translations() -> Iterator[Path]:
    return iter(sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")))


def compile_all() -> list[Path]:
    """Write qps's ``.po`` from the template, then every ``.po``'s ``.mo``; return the ``.mo`` files."""
    with TEMPLATE.open("rb") as file:
        template = read_po(file)
    qps = po_file(PSEUDO.tag)
    qps.parent.mkdir(parents=True, exist_ok=True)
    text = po_text(pseudo(template), omit_header=False)
    if not qps.exists() or qps.read_bytes() != text:
        qps.write_bytes(text)
    written = []
    for source in translations():
        with source.open("rb") as file:
            catalog = read_po(file, locale=None if source == qps else source.parts[-3])
        target = source.with_suffix(".mo")
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        if not target.exists() or target.read_bytes() != buffer.getvalue():
            target.write_bytes(buffer.getvalue())
        else:  # the same bytes: still made current, or the build takes a .po that git rewrote as newer
            target.touch()
        written.append(target)
    return written


def update(tags: list[str]) -> list[Path]:
    """Bring the `tags`' ``.po`` files (created when missing), or every translator's one, up to date."""
    with TEMPLATE.open("rb") as file:
        template = read_po(file)
    tags = tags or [path.parts[-3] for path in translations() if path.parts[-3] != PSEUDO.tag]
    written = []
    for tag in tags:
        path = po_file(tag)
        if path.exists():
            with path.open("rb") as file:
                catalog = read_po(file, locale=tag)
        else:
            catalog = Catalog(locale=tag, domain=DOMAIN, project="Mastermind", version="1.0", charset="utf-8", fuzzy=False)
            path.parent.mkdir(parents=True, exist_ok=True)
        catalog.update(template)
        path.write_bytes(po_text(catalog, ignore_obsolete=True))
        written.append(path)
    return written


def main(argv: list[str]) -> None:
    command, *tags = argv or ["help"]
    if command == "pot":
        print(f"catalogs: {TEMPLATE.relative_to(ROOT)} {'written' if write_template() else 'unchanged'}")
    elif command == "compile":
        print(f"catalogs: {len(compile_all())} compiled")
    elif command == "update":
        print("catalogs: updated " + " ".join(path.relative_to(ROOT).as_posix() for path in update(tags)))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
