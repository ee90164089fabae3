"""The page speaks the language of its catalog: every text it says goes through it, codes are
shown and typed in the language's letters and kept in their own, and English is the source's."""

import datetime as dt
import gettext
import io

import pytest

from mastermind import Config, Game, i18n
from mastermind.page.computer import ComputerView
from mastermind.page.modes import MatchView
from mastermind.page.records import stats_panel
from mastermind.page.solo import SoloView, slot_words
from mastermind.page.solve import SolveView
from mastermind.page.state import Saved
from mastermind.page.stats import Record, record_key
from mastermind.page.words import letter_of, name_of, rules_summary, shown, speak, typed

FRENCH = {"Blue": ("Bleu", "L"), "Green": ("Vert", "V"), "Orange": ("Orange", "O"), "Purple": ("Violet", "I"),
          "Red": ("Rouge", "R"), "Yellow": ("Jaune", "J")}
"""The classic palette's names and letters in a made-up French catalog."""

WORDS = {
    "Guess {number}, {code}: {score}.": "Essai {number}, {code} : {score}.",
    "{black} black, {white} white": "{black} noir, {white} blanc",
    "{colour} in slot {number}.": "{colour} dans la case {number}.",
}


class Pseudo(gettext.NullTranslations):
    """A catalog that marks every text it translates (``[...]``), knows a few French sentences,
    and the classic colours' French names and letters."""

    def gettext(self, message):
        return WORDS.get(message, f"[{message}]")

    def ngettext(self, singular, plural, n):
        return f"[{singular if n == 1 else plural}]"

    def pgettext(self, context, message):
        if context == "colour" and message in FRENCH:
            return FRENCH[message][0]
        if context.startswith("letter of ") and context.removeprefix("letter of ") in FRENCH:
            return FRENCH[context.removeprefix("letter of ")][1]
        return message  # the number marks, and colours this catalog does not name


@pytest.fixture
def pseudo():
    i18n.use(Pseudo(), "fr")
    yield
    i18n.use(gettext.NullTranslations(), "en")


def played(keys):
    view = SoloView(Saved(), seed=1)
    for key in keys:
        view.press(key)
    return view


def test_a_guess_is_said_in_the_language_with_its_letters(pseudo):
    view = played(["r", "v", "l", "j", "Enter"])
    assert view.status.startswith("Essai 1, RVLJ : 1 noir, 2 blanc. [")
    assert view.rows[0].letters == "RVLJ" and view.rows[0].feedback == "1 noir, 2 blanc"
    assert view.in_progress is not None and view.in_progress.guesses == ("RGBY",), "stored in the code's own letters"


def test_keys_pick_colours_by_the_language_s_letters_only(pseudo):
    view = SoloView(Saved(), seed=1)
    assert view.press("l") and view.status == "Bleu dans la case 1."
    assert not view.press("b"), "B is no colour's letter in this language"
    assert view.press("2") and [color.letter for color in view.slots if color] == ["B", "G"]


def test_pegs_palette_and_slots_are_named_in_the_language(pseudo):
    blue = Config().color("B")
    assert (letter_of(blue), name_of(blue)) == ("L", "Bleu")
    assert slot_words(0, blue) == ("[Slot 1]", "[Bleu, press to clear]")
    assert shown("BGOPRY") == "LVOIRJ" and typed("lvoirj", Config()) == "BGOPRY"


def test_rules_and_statistics_go_through_the_catalog(pseudo):
    assert rules_summary(Config()) == "[[{count} pegs], [{count} colours ({letters})], [{count} guesses], [colours may repeat]]".replace(
        "{count} pegs", "4 pegs").replace("{count} colours ({letters})", "6 colours (L V O I R J)").replace("{count} guesses", "12 guesses")
    key = record_key("solo", Config())
    panel = stats_panel({key: Record().add(won=True, guesses=3)}, key)
    assert all(label.startswith("[") for label, _value in panel.lines)
    assert panel.bars[2].text.startswith("[")


@pytest.mark.parametrize("view", [lambda: SoloView(Saved(), seed=2), lambda: ComputerView(), lambda: MatchView("duel"),
                                  lambda: MatchView("tournament"), lambda: SolveView()],
                         ids=["solo", "computer", "duel", "tournament", "solve"])
def test_every_mode_s_first_words_are_translated(pseudo, view):
    made = view()
    assert made.status.startswith("["), made.status
    for field in getattr(made, "fields", []):
        assert field.shown.startswith("["), field


def test_a_shared_result_is_in_the_sharer_s_language(pseudo):
    view = played(["r", "v", "l", "j", "Enter"])
    game = Game(secret="RGBY")
    game.guess("RGBY")
    view.game, view.mode, view.day = game, "daily", dt.date(2026, 11, 23)
    assert view.share is not None and view.share.startswith("[Mastermind [daily 2026-11-23]: 1/12]")
    assert view.share_spoken == "[Mastermind [daily 2026-11-23]: [broken in 1 guess of 12].]\n[1: 4 noir, 0 blanc]"


def test_english_is_the_source_s_word_for_word():
    view = played(["r", "g", "b", "y", "Enter"])
    assert view.status == "Guess 1, RGBY: 1 black, 2 white. 11 guesses left."
    assert SoloView(Saved(), seed=1).status == "New game: 4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat. Make your first guess."


def compiled(messages):
    """A ``.mo`` file's bytes holding `messages` (Babel compiles it, as the build does)."""
    catalog_module = pytest.importorskip("babel.messages.catalog")
    mofile = pytest.importorskip("babel.messages.mofile")
    catalog = catalog_module.Catalog(locale="fr")
    for message, translation in messages.items():
        catalog.add(message, translation)
    out = io.BytesIO()
    mofile.write_mo(out, catalog)
    return out.getvalue()


def test_the_page_speaks_a_fetched_catalog_and_falls_back_to_english():
    try:
        assert speak("fr", compiled({"Settings saved.": "Réglages enregistrés."}))
        assert i18n.current() == "fr" and i18n._("Settings saved.") == "Réglages enregistrés."
        assert not speak("fr", b"<html>404</html>"), "not a catalog: English"
        assert i18n.current() == "en" and i18n._("Settings saved.") == "Settings saved."
        assert not speak("nl", compiled({})) and i18n.current() == "en"
        assert speak("en", None) and i18n.current() == "en"
    finally:
        i18n.use(gettext.NullTranslations(), "en")


def test_a_challenge_made_in_french_opens_in_german_with_the_same_code():
    """Codes are the same codes in every language: the link carries the code's own letters."""
    french = gettext.translation("mastermind", i18n.LOCALE_DIR, ["fr"])
    german = gettext.translation("mastermind", i18n.LOCALE_DIR, ["de"])
    try:
        i18n.use(french, "fr")
        maker = SoloView(Saved(), seed=1)
        typed_in_french = "".join(french.pgettext(f"letter of {name}", letter)
                                  for name, letter in (("Red", "R"), ("Green", "G"), ("Blue", "B"), ("Yellow", "Y")))
        assert typed_in_french == "RVBJ"
        token = maker.make_challenge(typed_in_french).token
        i18n.use(german, "de")
        opener = SoloView(Saved(), seed=2)
        opener.start_challenge(token)
        assert str(opener.game.secret) == "RGBY"
        assert shown("RGBY", Config()) == "RGBE"  # as the German player sees it: Gelb is E
    finally:
        i18n.use(gettext.NullTranslations(), "en")
