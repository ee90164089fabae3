"""The language catalogs: the committed template is the sources' texts, every translation is whole
and keeps its placeholders, the colours' letters stay apart, and the tools that make them
(tools/catalogs.py, tools/html_text.py) do what they say."""

from __future__ import annotations

import doctest
import gettext
import io
import re
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from mastermind.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, PSEUDO
from mastermind.palette import CATALOG

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogs
import html_text

TRANSLATIONS = sorted(path for path in catalogs.translations() if path.parts[-3] != PSEUDO.tag)


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def placeholders(text: str) -> list[str]:
    return sorted(catalogs.PLACEHOLDER.findall(text))


def forms(value: object) -> list[str]:
    return [str(form) for form in value] if isinstance(value, (list, tuple)) else [str(value)]


# --- the template ---------------------------------------------------------------------------------


def test_the_committed_template_holds_exactly_the_sources_texts():
    """`make pot` was run after the last change of a text (the header's date aside)."""
    committed = catalogs.entries(read(catalogs.TEMPLATE))
    fresh = catalogs.entries(catalogs.extracted())
    assert committed == fresh, "the template is stale: run `make pot` and commit mastermind/locale/mastermind.pot"


def test_the_template_names_files_but_not_lines():
    text = catalogs.TEMPLATE.read_text()
    assert re.search(r"^#: \S+$", text, re.MULTILINE)
    assert not re.search(r"^#: .*:\d+", text, re.MULTILINE), "a line number makes the template stale at every edit"


def test_the_template_holds_the_page_s_texts_and_every_colour_s_name_and_letter():
    template = read(catalogs.TEMPLATE)
    for message in html_text.messages((ROOT / "index.html").read_text()):
        assert template.get(message.text) is not None, message.text
    for colour in CATALOG:
        assert template.get(colour.name, context="colour") is not None
        assert template.get(colour.letter, context=f"letter of {colour.name}") is not None


# --- the translations -----------------------------------------------------------------------------


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda path: path.parts[-3])
def test_a_translation_is_whole_current_and_keeps_every_placeholder(path):
    tag = path.parts[-3]
    assert tag in {language.tag for language in LANGUAGES}, f"{tag} is no language of mastermind.i18n.LANGUAGES"
    catalog = read(path, tag)
    template = read(catalogs.TEMPLATE)
    assert not catalog.obsolete, f"obsolete messages: {list(catalog.obsolete)}"
    wanted = {(message.context, str(message.id if isinstance(message.id, str) else message.id[0])) for message in template if message.id}
    have = {(message.context, str(message.id if isinstance(message.id, str) else message.id[0])) for message in catalog if message.id}
    assert wanted - have == set(), "missing: run `make po`, then translate"
    assert have - wanted == set(), "no longer in the template: run `make po`"
    plurals = get_plural(tag)
    assert f"Plural-Forms: nplurals={plurals.num_plurals}; plural={plurals.plural_expr};" in path.read_text()
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, f"fuzzy: {message.id!r}"
        strings = forms(message.string)
        assert all(strings), f"untranslated: {message.id!r}"
        if isinstance(message.id, (list, tuple)):
            assert len(strings) == plurals.num_plurals, message.id
        for form in strings:
            # Every form keeps the placeholders: one form may leave out {count} (French "une"),
            # but never invent one or lose another.
            source = set(placeholders(" ".join(forms(message.id))))
            assert set(placeholders(form)) <= source, (message.id, form)
            assert source - {"{count}"} <= set(placeholders(form)), (message.id, form)


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda path: path.parts[-3])
def test_a_translation_s_colour_letters_are_single_and_apart(path):
    catalog = read(path, path.parts[-3])
    letters = []
    for colour in CATALOG[:10]:
        message = catalog.get(colour.letter, context=f"letter of {colour.name}")
        letter = str(message.string) if message and message.string else colour.letter
        assert len(letter) == 1 and letter.isalpha(), (colour.name, letter)
        letters.append(letter.casefold())
    assert len(set(letters)) == len(letters), letters


# --- the pseudo-language --------------------------------------------------------------------------


def test_the_pseudo_language_lengthens_every_text_and_keeps_its_placeholders():
    template = read(catalogs.TEMPLATE)
    pseudo = catalogs.pseudo(template)
    assert len(pseudo) == len(template) > 100
    for message in pseudo:
        if not message.id:
            continue
        context = message.context or ""
        for source, form in zip(forms(message.id), forms(message.string), strict=True):
            if context == "number":
                assert form == source
            elif context.startswith("letter of "):
                assert len(form) == 1 and form != source
            else:
                assert form.startswith("[") and form.endswith("]")
                assert placeholders(form) == placeholders(source)
                words = catalogs.PLACEHOLDER.sub("", form)[1:-1]
                assert len(words) >= len(catalogs.PLACEHOLDER.sub("", source)) * 1.3
                assert not re.search(r"[A-Za-z]", catalogs.PLACEHOLDER.sub("", form)), form


def test_the_pseudo_language_s_colour_letters_stay_apart():
    letters = [catalogs.pseudo_message(catalogs.Message(colour.letter, context=f"letter of {colour.name}")) for colour in CATALOG[:10]]
    assert len(set(letters)) == 10 and all(len(letter) == 1 for letter in letters)


def test_a_compiled_catalog_reads_back():
    import gettext

    catalog = catalogs.pseudo(read(catalogs.TEMPLATE))
    buffer = io.BytesIO()
    from babel.messages.mofile import write_mo

    write_mo(buffer, catalog)
    translations = gettext.GNUTranslations(io.BytesIO(buffer.getvalue()))
    assert translations.pgettext("letter of Red", "R") == "Ř"
    assert translations.pgettext("colour", "Red") == catalogs.pseudo_text("Red")
    assert translations.ngettext("{count} guess", "{count} guesses", 1) in ("{count} guess", catalogs.pseudo_text("{count} guess"))


def test_tools_doctests():
    assert doctest.testmod(catalogs).failed == 0
    assert doctest.testmod(html_text).failed == 0


# --- the page's texts -----------------------------------------------------------------------------


def test_the_page_s_text_is_marked_but_for_names():
    """A text of index.html that no data-i18n element holds would stay English in every language."""
    names = {"Mastermind", *(language.name for language in LANGUAGES), *(colour.letter for colour in CATALOG)}
    assert set(html_text.unmarked_texts((ROOT / "index.html").read_text())) <= names


def test_the_extractor_numbers_child_elements_and_generalises_attributes():
    page = """<div><p data-i18n="a greeting">Hello <b>dear</b>
        <span class="pegs"><i>R</i></span> friend</p><button aria-label="Slot 3" class="slot">x</button>
        <button class="peg peg-red" aria-label="Red" data-letter="R" data-slot-description="Red, press to clear">R</button>
        <script>"not text"</script><p data-i18n>#</p></div>"""
    found = html_text.messages(page)
    assert [(message.text, message.comment) for message in found] == [
        ("Hello <1>dear</1> <2/> friend", "a greeting"),
        ("Slot {number}", ""),
        ("{colour}, press to clear", ""),
    ]
    assert html_text.unmarked_texts(page) == ["x", "R"]


def test_the_extractor_is_a_babel_method():
    from babel.messages.extract import extract

    page = io.BytesIO(b'<h2 data-i18n="the title">Settings</h2>\n<input title="Your name">')
    assert list(extract(html_text.extract, page, catalogs.KEYWORDS, catalogs.COMMENT_TAGS)) == [
        (1, "Settings", ["the title"], None),
        (2, "Your name", [], None),
    ]


def test_the_shell_translates_the_attributes_the_catalog_holds():
    """static/shell.js puts in place the translation of every attribute tools/html_text.py extracts
    (the same list in both), or a text in the catalog would stay English on the page."""
    shell = (ROOT / "static" / "shell.js").read_text()
    listed = re.search(r"const ATTRIBUTES = \[([^\]]*)\]", shell)
    assert listed and tuple(re.findall(r'"([\w-]+)"', listed.group(1))) == html_text.ATTRIBUTES


def test_the_style_sheet_writes_no_words():
    """A text drawn by CSS ``content`` reaches no catalog: the empty tables' words live in
    index.html (``data-none``, translated by the shell with the other attributes) and CSS shows
    them with ``attr()``."""
    css = (ROOT / "static" / "style.css").read_text()
    written = [value for value in re.findall(r"(?<![-\w])content:\s*([^;]+);", css) if re.search(r"[^\W\d_]", value.replace("attr(data-none)", ""))]
    assert written == []
    assert "data-none" in html_text.ATTRIBUTES
    said = {message.text for message in html_text.messages((ROOT / "index.html").read_text())}
    assert {"No guesses yet.", "No users yet: register one above.", "No rows yet."} <= said


@pytest.mark.parametrize("tag", [language.tag for language in LANGUAGES])
def test_no_two_settings_share_a_name_in_any_language(tag):
    """Settings' labels, as each language shows them: `Colors` (how many) and `Colours` (which
    palette) are two words in English and must stay two in every language."""
    page = (ROOT / "index.html").read_text()
    dialog = page[page.index('<dialog id="settings"'):page.index("</dialog>", page.index('<dialog id="settings"'))]
    labels = re.findall(r"<label data-i18n[^>]*>([^<]+)</label>", dialog)
    assert {"Colors", "Colours", "Pegs", "Theme"} <= set(labels)
    words = gettext.translation(DOMAIN, LOCALE_DIR, [tag]) if tag != "en" else gettext.NullTranslations()
    said = [words.gettext(label).casefold() for label in labels]
    assert len(set(said)) == len(said), said
