"""Reply links: a friend's result sent back to a challenge's maker, sealed like the challenge
link itself; any change by hand is refused with a sentence, and no code travels in one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Config
from mastermind.challenge import REPLY_KEY, VERSION, Challenge, Reply, _seal
from mastermind.errors import ChallengeError
from mastermind.page.address import parse_params
from mastermind.page.challenge_words import ReplyShown, reply_link, reply_shown
from mastermind.page.solo import SoloView
from mastermind.page.state import Saved

CHANGED = "This reply link was changed or cut short after it was made; ask for the link again."
OTHER = "This reply link was made by another version of Mastermind and cannot be opened here."
BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@st.composite
def replies(draw: st.DrawFn) -> Reply:
    pegs = draw(st.integers(1, 8))
    allowed = draw(st.integers(1, 20))
    feedback = st.tuples(st.integers(0, pegs - 1), st.integers(0, pegs)).filter(
        lambda pair: sum(pair) <= pegs and pair != (pegs - 1, 1))
    rows = draw(st.lists(feedback, min_size=0, max_size=allowed - 1))
    rows.append((pegs, 0) if draw(st.booleans()) or not rows else draw(feedback))
    name = "".join(draw(st.lists(st.sampled_from(BASE64URL), min_size=6, max_size=6)))
    return Reply(name, pegs, allowed, tuple(rows))


@given(replies())
def test_a_reply_opens_as_it_was_made(reply):
    assert Reply.open(reply.token) == reply
    assert reply.won == (reply.rows[-1] == (reply.pegs, 0))


@given(replies(), st.data())
def test_any_character_changed_is_refused(reply, data):
    token = reply.token
    place = data.draw(st.integers(0, len(token) - 1))
    other = data.draw(st.sampled_from(BASE64URL.replace(token[place], "")))
    with pytest.raises(ChallengeError) as refusal:
        Reply.open(token[:place] + other + token[place + 1:])
    assert str(refusal.value) == CHANGED


def test_a_cut_reply_and_foreign_text_are_refused():
    token = Reply("tmd03n", 4, 12, ((1, 1), (4, 0))).token
    for bad in (token[:-3], token + "A", "", "a" * 200, token.replace(token[3], "!")):
        with pytest.raises(ChallengeError):
            Reply.open(bad)
    with pytest.raises(ChallengeError) as refusal:
        Reply.open("<b>")
    assert str(refusal.value) == "This reply link is damaged: it holds characters a reply link never has."


def test_a_challenge_link_is_no_reply_and_a_reply_no_challenge():
    challenge = Challenge.make(Config(), "RGBY")
    reply = Reply(challenge.name, 4, 12, ((4, 0),))
    with pytest.raises(ChallengeError):
        Reply.open(challenge.token)
    with pytest.raises(ChallengeError):
        Challenge.open(reply.token)


@pytest.mark.parametrize("rows", [
    ((4, 0), (1, 1)),  # a win before the end
    ((3, 1),),  # a feedback no code gets
    ((2, 3),),  # more key pegs than pegs
    (),  # no guess at all
    ((0, 0),) * 13,  # more guesses than allowed
])
def test_sealed_contents_no_game_has_are_refused(rows):
    payload = bytes([VERSION, *b"tmd03n", 4, 12, len(rows), *(black * 9 + white for black, white in rows)])
    with pytest.raises(ChallengeError) as refusal:
        Reply.open(_seal(payload, REPLY_KEY))
    assert str(refusal.value) == OTHER


def test_share_offers_the_reply_of_a_finished_challenge_and_no_code():
    challenge = Challenge.make(Config(), "RGBY")
    game = challenge.game()
    assert reply_link("https://example.org/", challenge, game) is None  # not over yet
    for guess in ("RRGG", "RGBY"):
        game.guess(guess)
    line = reply_link("https://example.org/", challenge, game)
    assert line is not None and line.startswith("Reply link for the challenge maker: https://example.org/?reply=")
    token = parse_params("?" + line.rpartition("?")[2]).reply
    assert token is not None and Reply.open(token) == Reply(challenge.name, 4, 12, ((1, 1), (4, 0)))
    assert "RGBY" not in token.upper()
    assert reply_link("https://example.org/", None, game) is None  # not a challenge
    shown = reply_shown(token, {})
    assert (shown.friend, shown.friend_grid) == (
        f"A friend's reply to your challenge {challenge.name}: broken in 2 guesses of 12.", ("⚫⚪··", "⚫⚫⚫⚫"))
    assert shown.own == f"You have not played challenge {challenge.name} in this browser." and shown.own_grid == ()
    assert reply_shown(token[:-1] + ("A" if token[-1] != "A" else "B"), {}) == ReplyShown(CHANGED)


def typed(view: SoloView, guess: str) -> None:
    for key in [*guess.lower(), "Enter"]:
        view.press(key)


def test_a_reply_is_shown_beside_the_persons_own_game_of_that_challenge():
    """The person played the same challenge here (counted once, its first game): their result
    stands beside the friend's; a reply to another challenge finds none."""
    challenge = Challenge.make(Config(), "RGBY")
    view = SoloView(Saved())
    view.start_challenge(challenge.token)
    for guess in ("RRGG", "OOPP", "RGBY"):
        typed(view, guess)
    assert view.game.won
    own = view.saved.results[challenge.name]
    assert own == Reply(challenge.name, 4, 12, ((1, 1), (0, 0), (4, 0)))
    friend = Reply(challenge.name, 4, 12, ((4, 0),))
    shown = reply_shown(friend.token, view.saved.results)
    assert shown.friend == f"A friend's reply to your challenge {challenge.name}: broken in 1 guess of 12."
    assert (shown.own, shown.own_grid) == ("Your game: broken in 3 guesses of 12.", ("⚫⚪··", "····", "⚫⚫⚫⚫"))
    view.start_challenge(challenge.token)  # played again: not counted, the first result stays
    typed(view, "RGBY")
    assert view.game.won and view.saved.results[challenge.name] == own
    other = Reply(Challenge.make(Config(), "OOPP").name, 4, 12, ((0, 0), (4, 0)))
    assert reply_shown(other.token, view.saved.results).own.startswith("You have not played challenge")


def test_a_challenge_left_is_kept_as_not_broken():
    challenge = Challenge.make(Config(), "RGBY")
    view = SoloView(Saved())
    view.start_challenge(challenge.token)
    typed(view, "RRGG")
    view.abandon()
    assert view.saved.results[challenge.name] == Reply(challenge.name, 4, 12, ((1, 1),))
    assert reply_shown(Reply(challenge.name, 4, 12, ((4, 0),)).token, view.saved.results).own == (
        "Your game: not broken, 1 guess made of 12.")


@given(replies())
def test_a_result_survives_its_plain_data(reply):
    assert Reply.from_dict(reply.to_dict()) == reply


@pytest.mark.parametrize("data", [
    None, [], {"name": "tmd03n", "pegs": 4, "max_guesses": 12},
    {"name": "tmd03n", "pegs": 4, "max_guesses": 12, "rows": [[4, 0], [4, 0]]},  # a win before the end
    {"name": "tmd03n", "pegs": 4, "max_guesses": 12, "rows": [[-1, 5]]},  # a negative peg count
    {"name": "tmd03n", "pegs": 4, "max_guesses": 12, "rows": [[True, 0]]},  # not a number
    {"name": "tmd03n", "pegs": 4, "max_guesses": 12, "rows": [[1, 1, 1]]},
    {"name": "<b>x</b>", "pegs": 4, "max_guesses": 12, "rows": [[4, 0]]},  # not a challenge's name
    {"name": "tmd03", "pegs": 4, "max_guesses": 12, "rows": [[4, 0]]},
    {"name": "tmd03n", "pegs": 4, "max_guesses": 12, "rows": [], "extra": 1},
])
def test_a_stored_result_that_is_no_game_of_a_challenge_is_refused(data):
    with pytest.raises(ValueError):
        Reply.from_dict(data)
