"""Whole games in another language, played as a person of that language does (the names they read,
the letters they type), with no English left on the screen at any step: a Solo game won, a Duel to
its first hand-over and guess, a Tournament round. French comes from the browser's languages,
German from Settings > Language.

"No English left" is checked against the catalog: every text the page shows (an element's own text,
its accessible name and description) is compared with every English text of the catalog whose
translation differs, placeholders standing for anything; a match is an English text the player
would read. The pseudo-language (``?lang=qps``) covers the other side, texts that never went through
the catalog (e2e/test_page_language.py, tests/test_catalogs.py).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect

from mastermind import Code, Config, Duel, Game, Registry, Tournament
from mastermind.match import Phase

from .conftest import ROOT, Solo, catalog
from .test_accessibility import VIEWPORTS, Audit  # the axe gate's helper
from .test_lab import type_strategy
from .test_languages import overflowing

SEED = 4242
RESULTS = ROOT / "test-results" / "languages"
POT = ROOT / "mastermind" / "locale" / "mastermind.pot"
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
MARKER = re.compile(r"</?\d+/?>")

SHOWN = """() => {
  const texts = [];
  const say = (text) => { const clean = (text || '').replace(/\\s+/g, ' ').trim(); if (clean) texts.push(clean); };
  for (const element of document.body.querySelectorAll('*')) {
    if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(element.tagName) || !element.checkVisibility()) continue;
    if (element.closest('[translate="no"]')) continue; // not the page's words: the Lab's code editor
    say([...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.data).join(''));
    const whole = ['P', 'LI', 'LABEL', 'BUTTON', 'LEGEND', 'H1', 'H2', 'H3', 'TD', 'TH', 'OUTPUT'];
    if (element.children.length === 0 || whole.includes(element.tagName)) say(element.innerText);
    for (const name of ['aria-label', 'aria-description', 'title', 'placeholder']) say(element.getAttribute(name));
    const described = element.getAttribute('aria-describedby');
    if (described) for (const id of described.split(' ')) say(document.getElementById(id)?.textContent);
  }
  return [...new Set(texts)];
}"""


@cache
def english(tag: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each English text of the catalog that language `tag` translates differently, as a pattern
    with its placeholders standing for any text, and the text itself (to name it in a failure)."""
    words = catalog(tag)
    with POT.open("rb") as file:
        template = read_po(file)
    found = []
    for message in template:
        if not message.id or (message.context or "").startswith(("letter of", "number")):
            continue
        forms: tuple[str, ...] = tuple(message.id) if isinstance(message.id, (tuple, list)) else (str(message.id),)
        if message.context and len(forms) == 1:
            translated = {words.pgettext(message.context, forms[0])}
        elif len(forms) == 1:
            translated = {words.gettext(forms[0])}
        else:
            translated = {words.ngettext(forms[0], forms[1], count) for count in range(12)}
        for form in forms:
            text = MARKER.sub("", form)
            if text in translated or not re.search(r"[A-Za-z]{3,}", PLACEHOLDER.sub("", text)):
                continue
            pattern = ".+".join(re.escape(part) for part in PLACEHOLDER.split(" ".join(text.split())))
            found.append((re.compile(pattern), text))
    return tuple(found)


def english_left(page, tag: str) -> list[tuple[str, str]]:
    """The texts on screen that are English texts of the catalog, each with the one it matched."""
    shown = page.evaluate(SHOWN)
    return [(text, source) for text in shown for pattern, source in english(tag) if pattern.fullmatch(text)]


def no_english(game: Solo, tag: str) -> None:
    left = english_left(game.page, tag)
    assert left == [], f"English on the {tag} page: {left}"


def other_codes(secret: Code, count: int) -> list[str]:
    return [str(code) for code in Code.all(Config()) if code != secret][5::41][:count]


def open_in(new_context, site_url: str, tag: str, locale: str, query: str) -> Solo:
    """The page opened in a browser whose language is `locale`; German is then chosen in Settings."""
    context = new_context(locale=locale)
    game = Solo(context.new_page(), site_url, catalog(tag) if locale.startswith(tag) else None)
    game.page.set_default_timeout(15_000)
    game.open(query)
    if game.page.evaluate("document.documentElement.lang") != tag:
        game.choose("Settings")
        dialog = game.page.get_by_role("dialog", name=game.t("Settings"))
        dialog.get_by_label(game.t("Language"), exact=True).select_option(value=tag)
        dialog.get_by_role("button", name=game.t("Save"), exact=True).click()
        expect(game.page.locator("html")).to_have_attribute("lang", tag)
        game.words = catalog(tag)
        game.t = game.words.gettext
        game.wait_ready()
    return game


def start_tournament(game: Solo, names: tuple[str, str], check: Callable[[], None] = lambda: None) -> Tournament:
    """On the Tournament screen: register `names`, `check` the page, start a round of the two with
    5 attempts; the same round in Python, to follow the page with."""
    def field(label: str, **values: int):
        return game.page.get_by_label(game.t(label).format(**values), exact=True)

    for name in names:
        field("New user name").fill(name)
        game.button("Register").click()
        expect(game.status).to_contain_text(name)
    check()
    field("Players").fill("2")
    field("Attempts").fill("5")
    for number, name in enumerate(names, 1):
        field("Player {number} name", number=number).fill(name)
    game.button("Start").click()
    registry = Registry()
    for name in names:
        registry.register(name)
    return Tournament(registry, list(names), 5)


def play_round(game: Solo, match: Tournament, secrets: dict[str, str], check: Callable[[], None] = lambda: None) -> None:
    """Play a started tournament round on the page, step by step as `match` (the same round in
    Python) says: each hand-over, each breaker's secret from `secrets`, each right guess at once;
    `check` looks at the page before each step."""
    t = game.t
    for _ in range(20):
        if match.finished:
            break
        phase, player, attempt = match.phase, match.player, match.attempt
        assert player is not None and attempt is not None, "a round not finished has a player and an attempt"
        if phase is Phase.HANDOVER:
            expect(game.page.get_by_role("heading", name=t("Hand over to {player}").format(player=player), exact=True)).to_be_visible()
            check()
            game.button("Ready").click()
            match.ready(player.name)
        elif phase is Phase.SECRET:
            breaker = attempt.breaker.name
            heading = t("{player} sets the code for {breaker}").format(player=player, breaker=breaker)
            expect(game.page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
            check()
            game.type_guess(secrets[breaker])
            match.set_secret(player.name, secrets[breaker])
        else:
            guess = str(attempt.secret)
            expect(game.history_rows).to_have_count(attempt.guesses_made)
            check()
            game.click_guess(guess)
            match.guess(player.name, guess)
    assert match.finished, "the round did not end"


LANGUAGES = [pytest.param("fr", "fr-FR", id="fr-by-the-browser"), pytest.param("de", "en-US", id="de-by-settings")]


@pytest.mark.parametrize(("tag", "locale"), LANGUAGES)
def test_a_whole_solo_game_in_the_player_s_language(new_context, site_url, tag, locale):
    game = open_in(new_context, site_url, tag, locale, f"?seed={SEED}")
    secret = Game(seed=SEED).secret
    no_english(game, tag)
    game.button("How to play").click()
    expect(game.page.get_by_role("dialog", name=game.t("How to play"))).to_be_visible()
    no_english(game, tag)
    game.page.keyboard.press("Escape")

    guesses = [*other_codes(secret, 2), str(secret)]
    for number, guess in enumerate(guesses, 1):
        if number == 2:
            game.type_guess(guess)  # typed in the language's letters
        else:
            game.click_guess(guess)
        expect(game.history_rows).to_have_count(number)
        expect(game.history_rows.nth(number - 1).get_by_role("cell").nth(1)).to_have_text(game.shown(guess))
        no_english(game, tag)
    expect(game.secret).to_contain_text(game.shown(str(secret)))
    stats = game.page.get_by_role("dialog", name=game.t("Statistics"))
    expect(stats).to_be_visible()  # open by itself at the end of the game
    no_english(game, tag)
    game.page.keyboard.press("Escape")
    game.button("Review").click()  # skill and luck, every word in the language
    expect(game.page.get_by_role("table", name=game.t("Review"))).to_be_visible(timeout=60_000)
    no_english(game, tag)

    game.choose("Statistics")
    expect(stats).to_be_visible()
    no_english(game, tag)
    game.page.keyboard.press("Escape")
    game.choose("Settings")
    expect(game.page.get_by_role("dialog", name=game.t("Settings"))).to_be_visible()
    no_english(game, tag)
    assert game.problems() == []


@pytest.mark.parametrize(("tag", "locale"), LANGUAGES)
def test_a_duel_hand_over_and_a_tournament_round_in_the_player_s_language(new_context, site_url, tag, locale):
    game = open_in(new_context, site_url, tag, locale, "?mode=solo")
    t = game.t

    def field(label: str, **values: int):
        return game.page.get_by_label(t(label).format(**values), exact=True)

    def compose(letters: str, action: str) -> None:
        for letter in letters:
            game.page.get_by_role("group", name=t("Palette")).get_by_role("button", name=game.colour(letter), exact=True).click()
        game.button(action).click()

    # Duel: the setup, a refusal, the secret, the hand-over and a guess.
    game.choose("Duel")
    expect(field("Player {number} name", number=1)).to_be_visible()
    no_english(game, tag)
    field("Player {number} name", number=1).fill("Ann")
    field("Player {number} name", number=2).fill("ann")
    field("Runs").fill("2")
    game.button("Start").click()
    expect(field("Player {number} name", number=2)).to_have_attribute("aria-invalid", "true")
    no_english(game, tag)
    field("Player {number} name", number=2).fill("Bob")
    game.button("Start").click()
    heading = t("{player} sets the code for {breaker}").format(player="Ann", breaker="Bob")
    expect(game.page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    no_english(game, tag)
    mirror = Duel(["Ann", "Bob"], 2)
    compose("RGBP", "Set secret")
    mirror.set_secret("Ann", "RGBP")
    expect(game.page.get_by_role("heading", name=t("Hand over to {player}").format(player="Bob"), exact=True)).to_be_visible()
    no_english(game, tag)
    game.button("Ready").click()
    mirror.ready("Bob")
    game.type_guess("GRBP")
    expect(game.history_rows).to_have_count(1)
    expect(game.history_rows.first.get_by_role("cell").nth(1)).to_have_text(game.shown("GRBP"))
    no_english(game, tag)
    game.button("Abandon game").click()
    game.button("Yes, abandon").click()
    expect(field("Player {number} name", number=2)).to_have_value("Bob")

    # Tournament: two users registered and a round, in which each breaks the other's code.
    game.choose("Tournament")
    match = start_tournament(game, ("Alan", "Bea"), lambda: no_english(game, tag))
    secrets = {"Bea": "RGWK", "Alan": "KKWY"}
    play_round(game, match, secrets, lambda: no_english(game, tag))
    expect(game.page.get_by_role("table", name=t("Scores"), exact=True)).to_be_visible()
    no_english(game, tag)
    assert game.problems() == []


@pytest.mark.parametrize("tag", ["fr", "de", "es", "pt", "it"])
def test_axe_finds_nothing_in_each_language_on_a_phone_and_a_desktop(new_context, site_url, tag):
    """Each language at 360 and 1280 px: zero axe violations (a button's text inside its accessible
    name, in the translation too), and nothing wider than its box on the phone."""
    context = new_context(locale="en-US")
    game = Solo(context.new_page(), site_url, catalog(tag))
    game.page.set_default_timeout(15_000)
    game.open(f"?lang={tag}&seed={SEED}")
    audit = Audit(game.page)

    def check(screen: str) -> None:
        for size in VIEWPORTS:
            game.page.set_viewport_size(VIEWPORTS[size])
            audit.check(f"{size}, {screen}")
        assert overflowing(game.page, "#board, dialog[open]") == [], screen

    check("Solo")
    game.click_guess(other_codes(Game(seed=SEED).secret, 1)[0])  # qps's letters are no keys
    expect(game.history_rows).to_have_count(1)
    check("Solo, a guess made")
    for name in ("How to play", "Statistics", "Settings"):
        game.choose(name)
        expect(game.page.get_by_role("dialog", name=game.t(name))).to_be_visible()
        check(name)
        game.page.keyboard.press("Escape")
    report = "\n".join(f"{screen}: {found}" for screen, found in audit.found.items())
    assert audit.found == {}, f"axe-core found WCAG 2.2 A/AA violations in {tag}:\n{report}"
    assert game.problems() == []


@pytest.mark.parametrize("tag", ["fr", "de", "es", "pt", "it"])
def test_the_lab_in_every_language(new_context, site_url, tag):
    """The Lab in each language: a strategy run and scored, the worst secret watched, a syntax
    error said; no English left at any step, and axe finds nothing at 360 and 1280 px."""
    context = new_context(locale="en-US")
    game = Solo(context.new_page(), site_url, catalog(tag))
    game.page.set_default_timeout(15_000)
    game.page.goto(f"{site_url}?lang={tag}&mode=lab")  # no Solo board to wait for
    t = game.t
    expect(game.page.get_by_role("heading", name=t("Lab"), exact=True)).to_be_visible(timeout=60_000)
    editor = game.page.get_by_role("textbox", name=t("Strategy"), exact=True)
    expect(game.page.locator("#lab-code")).to_have_value(re.compile("def guess"), timeout=60_000)  # the page's text
    audit = Audit(game.page)

    def check(screen: str) -> None:
        no_english(game, tag)
        for size in VIEWPORTS:
            game.page.set_viewport_size(VIEWPORTS[size])
            audit.check(f"{size}, {screen}")

    check("Lab")
    type_strategy(editor, "from mastermind.lab import possible\ndef guess(history, rules):\n    return possible(history, rules)[0]\n")
    game.button(t("Run")).click()
    expect(game.button(t("Run"))).to_be_enabled(timeout=120_000)
    compare = game.page.get_by_role("table", name=t("To compare"), exact=True)
    expect(compare.get_by_role("row").filter(has_text="VIKI")).not_to_contain_text("...", timeout=120_000)
    game.button(t("Watch")).click()
    expect(game.page.get_by_role("region", name=t("Watched game")).locator("tbody tr").first).to_be_visible()
    check("Lab, scored and watched")
    type_strategy(editor, "def guess(history, rules)\n")
    game.button(t("Run")).click()
    expect(game.page.locator("#lab-code")).to_have_attribute("data-error-line", "1", timeout=60_000)  # the model the editor mirrors
    expect(game.page.locator("#lab .status")).to_contain_text(t('Syntax error on line {line}, column {column}: Python says "{message}".').split("{line}")[0])
    check("Lab, a syntax error")
    # The keep section: saved, opened, the delete question answered no, the League; a bad file refused.
    game.page.get_by_label(t("Strategy name"), exact=True).fill("Mine")
    game.button(t("Save strategy")).click()
    expect(game.page.get_by_label(t("Saved strategy"), exact=True).locator("option")).to_have_text(["Mine"])
    game.button(t("Open strategy")).click()
    expect(game.page.locator("#lab .status")).to_have_text(t("Opened {name}, as saved.").format(name="Mine"))
    game.page.get_by_label(t("Open file"), exact=True).set_input_files(
        files=[{"name": "bad.py", "mimeType": "text/x-python", "buffer": b"\xff\xfe"}])
    expect(game.page.locator("#lab .status")).to_have_text(
        t("The file {file} is not a strategy: its text is not UTF-8.").format(file="bad.py"))
    game.button(t("Delete strategy")).click()
    expect(game.button(t("Keep it"))).to_be_focused()
    check("Lab, the keep section and the delete question")
    game.button(t("Keep it")).click()
    expect(game.button(t("Delete strategy"))).to_be_focused()  # the question gone, its answer drawn, as a person sees
    type_strategy(editor, "def guess(history, rules):\n    return 'BBBB'\n")  # unsaved work: opening asks first
    game.button(t("Open strategy")).click()
    expect(game.button(t("Keep editing"))).to_be_focused()
    check("Lab, the question before unsaved work is replaced")
    game.button(t("Keep editing")).click()
    game.choose(t("Computer breaks your code"))  # the saved strategy offered, then forfeiting
    expect(game.page.get_by_label(t("Computer player"), exact=True).locator("option")).to_have_count(3)
    game.page.get_by_label(t("Computer player"), exact=True).select_option("Mine")
    game.button(t("Start")).click()
    game.page.get_by_role("group", name=t("Palette")).get_by_role("button").first.click()
    for _ in range(3):
        game.page.get_by_role("group", name=t("Palette")).get_by_role("button").first.click()
    game.button(t("Set secret")).click()
    expect(game.page.locator("#modes .status")).to_contain_text("Mine", timeout=60_000)
    expect(game.button(t("Play again"))).to_be_visible(timeout=60_000)  # a syntax error: Mine forfeits
    check("Computer breaks your code, a saved strategy forfeited")
    report = "\n".join(f"{screen}: {found}" for screen, found in audit.found.items())
    assert audit.found == {}, f"axe-core found WCAG 2.2 A/AA violations in {tag}:\n{report}"
    assert game.problems() == []


def test_the_pseudo_language_fits_a_phone_on_every_screen(new_context, site_url):
    """Every text 40% longer (``?lang=qps``) on a 360x640 phone, Python running: no text wider
    than its box on the board, in the dialogs, on each mode's screen (screenshots kept)."""
    context = new_context(locale="en-US", viewport={"width": 360, "height": 640}, has_touch=True)
    game = Solo(context.new_page(), site_url, catalog("qps"))
    game.page.set_default_timeout(15_000)
    game.open(f"?lang=qps&seed={SEED}")
    RESULTS.mkdir(parents=True, exist_ok=True)
    found = {}

    def check(screen: str, selector: str) -> None:
        game.page.screenshot(path=str(RESULTS / f"qps-python-{screen.replace(' ', '-')}-360.png"))
        if overflow := overflowing(game.page, selector):
            found[screen] = overflow

    game.click_guess(other_codes(Game(seed=SEED).secret, 1)[0])
    expect(game.history_rows).to_have_count(1)
    check("solo", "#board")
    for name in ("How to play", "Statistics", "Settings", "Challenge a friend"):
        game.choose(name)
        expect(game.page.locator("dialog[open]")).to_have_count(1)
        check(name, "dialog[open]")
        game.page.keyboard.press("Escape")
    for mode, screen in (("Duel", "#modes"), ("Race", "#modes"), ("Tournament", "#modes"),
                         ("Computer breaks your code", "#modes"), ("Solve", "#solve"), ("Lab", "#lab")):
        game.choose(mode)
        expect(game.page.locator(screen)).to_be_visible()
        if mode == "Duel":
            game.button("Start").click()  # the names refused: said beside their fields
        if mode == "Lab":  # a strategy saved: the keep section's saved strategy, open, delete and its question
            expect(game.page.locator("#lab-code")).to_have_value(re.compile("def guess"), timeout=60_000)
            game.page.get_by_label(game.t("Strategy name"), exact=True).fill("Mine")
            game.button("Save strategy").click()
            game.button("Delete strategy").click()
            expect(game.button("Keep it")).to_be_visible()
        check(mode, screen)
    assert found == {}, found
    assert game.problems() == []


def test_the_check_finds_english_on_a_page_in_another_language(new_context, site_url, site_dir: Path):
    """The check itself: a page left in English under a French catalog is all English to it."""
    context = new_context(locale="en-US")
    page = context.new_page()
    page.goto(site_url + "?seed=1")
    expect(page.locator("#palette button").first).to_be_enabled(timeout=60_000)
    left = english_left(page, "fr")
    assert {"Submit guess", "New game", "Statistics"} <= {source for _, source in left}, left
    assert isinstance(catalog("fr"), gettext.GNUTranslations)
