"""The Review of a finished game, played as a person plays: skill and luck for every guess, each
the figure the package works out in CPython for the same game, after any Solo game (no solver
assist needed)."""

from __future__ import annotations

import gettext
import re

import pytest
from playwright.sync_api import expect

from mastermind import Code, Config, Game, i18n
from mastermind.challenge import Challenge, Reply
from mastermind.page.challenge_words import reply_shown
from mastermind.page.records import REVIEW_HEADERS, review_rows
from mastermind.solver import finish
from mastermind.solver.skill import review

from .conftest import catalog

SEED = 1959


def played(solo, guesses: list[str]) -> Game:
    """Type `guesses` by keys (letters, then Enter) on a Solo game of seed SEED, to the end of the
    game; the same game kept in CPython."""
    game = Game(Config(), seed=SEED)
    for guess in guesses:
        solo.type_guess(guess)
        game.guess(guess)
        expect(solo.history_rows).to_have_count(game.guesses_made)
        if game.over:
            break
    return game


def test_review_shows_skill_and_luck_for_every_guess_as_the_package_computes_them(solo):
    solo.open(f"?seed={SEED}")
    secret = str(Game(Config(), seed=SEED).secret)
    review_button = solo.button("Review")
    expect(review_button).to_be_hidden()  # only a finished game has one
    game = played(solo, ["RRGG", "BOYP", "GYBB", secret])
    assert game.won
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()  # it opens by itself at the end of a game
    expect(review_button).to_be_visible()
    review_button.click()
    expect(review_button).to_be_hidden()

    figures = finish(review(Config(), game.secret, game.history))
    expected = review_rows(figures, [turn.guess for turn in game.history])
    table = solo.page.get_by_role("table", name="Review")
    expect(table).to_be_visible(timeout=60_000)
    expect(table.locator("thead").get_by_role("columnheader")).to_have_text(list(REVIEW_HEADERS))
    rows = table.locator("tbody").get_by_role("row")
    expect(rows).to_have_count(len(game.history))
    for row, values in zip(rows.all(), expected, strict=True):
        expect(row.get_by_role("cell")).to_have_text(list(values))
    skills = [row.skill_text() for row in figures.rows if row is not None]
    assert len(skills) == 4 and skills[0] != "0.00"  # RRGG is not HAL9000's opening: it costs skill
    expect(solo.page.locator("#review-summary")).to_have_text(figures.summary())
    expect(solo.page.locator("#review-panel")).to_contain_text("Luck: the chance of doing at least this well.")


def test_a_lost_game_is_reviewed_too_and_a_new_game_hides_the_review(solo):
    config = Config(max_guesses=2)
    solo.open(f"?seed={SEED}")
    settings = solo.page.get_by_role("dialog", name="Settings")
    solo.choose("Settings")
    settings.get_by_label("Guesses").fill("2")
    settings.get_by_role("button", name="Save").click()
    expect(settings).to_be_hidden()
    for guess in ["RRGG", "BOYP"]:
        solo.type_guess(guess)
    expect(solo.status).to_contain_text("You lose")
    # The game's secret, drawn afresh when the settings changed: read from the end screen.
    letters = solo.secret.inner_text().replace("\n", "").strip()[-4:]
    game = Game(config, secret=Code(letters))
    for guess in ["RRGG", "BOYP"]:
        game.guess(guess)
    solo.close_statistics()
    solo.button("Review").click()
    figures = finish(review(config, game.secret, game.history))
    table = solo.page.get_by_role("table", name="Review")
    expect(table).to_be_visible(timeout=60_000)
    expect(solo.page.locator("#review-summary")).to_have_text(figures.summary())
    assert figures.summary().startswith("Not solved")
    solo.choose("New game")
    expect(table).to_be_hidden()
    expect(solo.button("Review")).to_be_hidden()


def test_a_review_that_takes_a_while_says_how_far_it_has_come(make_solo, new_context, site_url):
    """The engine's worker held back in the test's server (its script not yet served, as on a slow
    connection): after 300 ms the page says the review is being worked out and how far it came; once
    the worker comes, the table replaces the progress."""
    page = new_context(service_workers="block").new_page()  # see conftest's Held
    held = []
    page.route("**/static/engine-worker.mjs", lambda route: held.append(route))
    solo = make_solo(page, site_url)
    solo.page.set_default_timeout(15_000)
    solo.open(f"?seed={SEED}")
    secret = str(Game(Config(), seed=SEED).secret)
    played(solo, ["RRGG", "BOYP", secret])
    solo.close_statistics()
    solo.button("Review").click()
    progress = solo.page.locator("#review-progress")
    expect(progress).to_have_text("Reviewing the game: 0 of 3 guesses done...")
    expect(progress).to_have_attribute("aria-live", "polite")
    table = solo.page.get_by_role("table", name="Review")
    expect(table).to_be_hidden()
    assert len(held) == 1  # the review waits for the worker: nothing was answered on the page's thread
    page.route("**/static/engine-worker.mjs", lambda route: route.continue_())
    held[0].continue_()
    expect(table).to_be_visible(timeout=60_000)
    expect(progress).to_be_hidden()
    expect(table.locator("tbody").get_by_role("row")).to_have_count(3)


def reply_url(fresh_solo, challenge: Challenge, guesses: tuple[str, ...]) -> str:
    """A friend's browser plays `challenge` with `guesses` to a win and shares: the reply link."""
    friend = fresh_solo(query=f"?challenge={challenge.token}")
    expect(friend.status).to_contain_text(f"Challenge {challenge.name}")
    for guess in guesses:
        friend.type_guess(guess)
    expect(friend.status).to_contain_text("You win")
    friend.close_statistics()
    friend.button("Share").click()
    share = friend.page.get_by_label("Your result, to copy")
    expect(share).to_have_value(re.compile("Reply link for the challenge maker: "))
    return share.input_value().splitlines()[-1].removeprefix("Reply link for the challenge maker: ")


def test_a_reply_link_goes_from_the_friend_to_the_maker_and_an_altered_one_is_refused(fresh_solo, site_url):
    challenge = Challenge.make(Config(), "RGBY")
    url = reply_url(fresh_solo, challenge, ("RRGG", "RGBY"))
    assert url.startswith(f"{site_url}?reply=") and "RGBY" not in url.upper()

    maker = fresh_solo()  # another browser: the maker's own, where the challenge was never played
    maker.page.goto(url)
    maker.wait_ready()
    reply = maker.page.get_by_role("region", name="Reply")
    expect(reply).to_be_visible()
    expect(reply).to_contain_text(f"A friend's reply to your challenge {challenge.name}: broken in 2 guesses of 12.")
    expect(reply).to_contain_text("⚫⚪··\n⚫⚫⚫⚫")
    expect(reply).to_contain_text(f"You have not played challenge {challenge.name} in this browser.")
    expect(maker.status).not_to_contain_text("You win")  # the maker's own board is a game of their own

    token = url.rpartition("=")[2]
    altered = token[:5] + ("B" if token[5] != "B" else "C") + token[6:]
    maker.page.goto(f"{site_url}?reply={altered}")
    maker.wait_ready()
    expect(reply).to_have_text(
        "This reply link was changed or cut short after it was made; ask for the link again.")
    expect(reply).not_to_contain_text("You have not played")


def test_a_reply_stands_beside_your_own_game_of_that_challenge(fresh_solo, site_url):
    """Both played the same challenge link, each in their own browser; the reply, opened later,
    stands beside the game kept there (its first, the one that counted)."""
    challenge = Challenge.make(Config(), "RGBY")
    url = reply_url(fresh_solo, challenge, ("RGBY",))

    me = fresh_solo(query=f"?challenge={challenge.token}")
    for guess in ("RRGG", "OOPP", "RGBY"):
        me.type_guess(guess)
    expect(me.status).to_contain_text("You win")
    me.close_statistics()
    me.page.goto(url)
    me.wait_ready()
    reply = me.page.get_by_role("region", name="Reply")
    expect(reply).to_contain_text(f"A friend's reply to your challenge {challenge.name}: broken in 1 guess of 12.")
    expect(me.page.locator("#reply-own")).to_have_text("Your game: broken in 3 guesses of 12.")
    expect(me.page.locator("#reply-own-grid")).to_have_text("⚫⚪··\n····\n⚫⚫⚫⚫")


@pytest.mark.parametrize("tag", ["fr", "de", "es", "pt", "it"])
def test_a_reply_speaks_every_language(make_solo, new_context, site_url, tag):
    words = catalog(tag)
    reply = Reply(Challenge.make(Config(), "RGBY").name, 4, 12, ((1, 1), (4, 0)))
    solo = make_solo(new_context().new_page(), site_url, words)
    solo.open(f"?reply={reply.token}&lang={tag}")
    english = i18n.current()
    i18n.use(words, tag)
    try:
        shown = reply_shown(reply.token, {})
    finally:
        i18n.use(gettext.NullTranslations(), english)
    region = solo.page.get_by_role("region", name=words.gettext("Reply"))
    expect(region.locator("#reply-text")).to_have_text(shown.friend)
    expect(region.locator("#reply-own")).to_have_text(shown.own)
    assert shown.own != reply_shown(reply.token, {}).own  # translated, not English


@pytest.mark.parametrize("tag", ["fr", "de", "es", "pt", "it"])
def test_the_review_speaks_every_language(make_solo, new_context, site_url, tag):
    words = catalog(tag)
    solo = make_solo(new_context().new_page(), site_url, words)
    solo.page.set_default_timeout(15_000)
    solo.open(f"?seed={SEED}&lang={tag}")
    secret = str(Game(Config(), seed=SEED).secret)
    game = Game(Config(), seed=SEED)
    for guess in ("BBGO", secret):  # HAL9000's opening, then the secret
        solo.type_guess(guess)
        game.guess(guess)
    expect(solo.secret).to_contain_text(solo.shown(secret))  # the end: Statistics opened by itself
    solo.close_statistics()
    solo.button("Review").click()
    table = solo.page.get_by_role("table", name=words.gettext("Review"))
    expect(table).to_be_visible(timeout=60_000)
    english = i18n.current()
    i18n.use(words, tag)
    try:
        figures = finish(review(Config(), game.secret, game.history))
        summary, rows = figures.summary(), review_rows(figures, [turn.guess for turn in game.history])
    finally:
        i18n.use(gettext.NullTranslations(), english)
    expect(solo.page.locator("#review-summary")).to_have_text(summary)
    for row, values in zip(table.locator("tbody").get_by_role("row").all(), rows, strict=True):
        expect(row.get_by_role("cell")).to_have_text(list(values))
    assert summary != figures.summary()  # translated, not English
