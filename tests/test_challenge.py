import string

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from mastermind import CATALOG, CodeError, Config
from mastermind.challenge import KEY, MAX_TOKEN, VERSION, Challenge, _encode, _scramble, _tag
from mastermind.errors import ChallengeError

from .strategies import codes, configs

BASE64URL = string.ascii_letters + string.digits + "-_"


@st.composite
def palettes(draw):
    """Any palette of the catalog, in any order (Maroon included), not only the first N colours."""
    chosen = draw(st.lists(st.sampled_from(CATALOG), min_size=2, max_size=10, unique_by=lambda c: c.letter))
    pegs = draw(st.integers(1, 8))
    allow_duplicates = draw(st.booleans()) or pegs > len(chosen)
    return Config(pegs, chosen, draw(st.integers(1, 20)), allow_duplicates)


@st.composite
def challenges(draw, config_strategy=None):
    config = draw(st.one_of(configs(), palettes()) if config_strategy is None else config_strategy)
    return Challenge(config, draw(codes(config)), draw(st.booleans()))


@given(challenges())
def test_a_link_opens_the_same_code_and_rules(challenge):
    token = challenge.token
    assert Challenge.open(token) == challenge
    assert set(token) <= set(BASE64URL) and len(token) <= MAX_TOKEN


@given(challenges())
def test_a_challenge_plays_the_makers_code_under_the_makers_rules(challenge):
    game = challenge.game()
    assert (game.config, game.secret, game.hard, game.guesses_made) == (
        challenge.config, challenge.secret, challenge.hard, 0,
    )


@given(challenges(configs().filter(lambda config: config.pegs >= 5)))
def test_the_code_cannot_be_read_in_the_link(challenge):
    assert str(challenge.secret) not in challenge.token.upper()


@pytest.mark.parametrize("code", ["RGBY", "BBBB", "YOGP"])
def test_no_colour_name_or_code_stands_in_a_classic_link(code):
    token = Challenge.make(Config(), code).token.casefold()
    assert code.casefold() not in token
    assert not any(color.name.casefold() in token for color in Config().colors)


@given(challenges(), st.data())
def test_codes_that_differ_give_links_that_differ_from_the_start(challenge, data):
    other = data.draw(codes(challenge.config))
    assume(other != challenge.secret)
    assert Challenge(challenge.config, other, challenge.hard).token[:5] != challenge.token[:5]


@given(challenges(), st.data())
def test_a_link_with_any_character_changed_is_refused(challenge, data):
    token = challenge.token
    at = data.draw(st.integers(0, len(token) - 1))
    replacement = data.draw(st.sampled_from(BASE64URL.replace(token[at], "")))
    with pytest.raises(ChallengeError, match="changed or cut short"):
        Challenge.open(token[:at] + replacement + token[at + 1 :])


@given(challenges(), st.data())
def test_a_link_cut_short_or_lengthened_is_refused(challenge, data):
    token = challenge.token
    cut = token[: data.draw(st.integers(1, len(token) - 1))]
    longer = token + data.draw(st.text(BASE64URL, min_size=1, max_size=8))
    for tampered in (cut, longer):
        with pytest.raises(ChallengeError):
            Challenge.open(tampered)


def test_changed_padding_bits_are_refused_though_they_decode_to_the_same_bytes():
    token = Challenge.make(Config(), "RGBY").token
    assert len(token) % 4 == 2  # the last character carries 2 bits of data and 4 of padding
    last = BASE64URL.index(token[-1])
    twin = token[:-1] + BASE64URL[last ^ 1]
    with pytest.raises(ChallengeError):
        Challenge.open(twin)


@given(st.text(max_size=200))
def test_any_text_is_refused_with_a_sentence_never_a_crash(text):
    with pytest.raises(ChallengeError) as refused:
        Challenge.open(text)
    assert str(refused.value).startswith("This challenge link")


@pytest.mark.parametrize("token", ["", "a b", "<script>", "é" * 10, "A" * (MAX_TOKEN + 1), "RGBY"])
def test_plainly_wrong_tokens_are_refused(token):
    with pytest.raises(ChallengeError):
        Challenge.open(token)


def sealed(payload: bytes) -> str:
    """A token of any bytes, sealed as the module seals its own: what another version could write."""
    tag = _tag(payload)
    return _encode(tag + _scramble(tag, payload))


@pytest.mark.parametrize(
    "payload",
    [
        bytes([VERSION + 1, 4, 12, 1, 6, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3]),  # unknown version
        bytes([VERSION, 4, 12, 4, 6, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3]),  # unknown flag
        bytes([VERSION, 0, 12, 1, 6, 0, 1, 2, 3, 4, 5]),  # no pegs
        bytes([VERSION, 4, 12, 1, 6, 0, 1, 2, 3, 4, 5, 0, 1, 2]),  # a peg missing
        bytes([VERSION, 4, 12, 1, 6, 0, 1, 2, 3, 4, 99, 0, 1, 2, 3]),  # no such colour
        bytes([VERSION, 4, 12, 1, 6, 0, 1, 2, 3, 4, 5, 0, 1, 2, 6]),  # a peg outside the palette
        bytes([VERSION, 4, 12, 0, 6, 0, 1, 2, 3, 4, 5, 0, 0, 2, 3]),  # a repeat where none may be
        bytes([VERSION, 4, 12, 1, 2, 0, 0, 0, 0, 0, 0]),  # a colour twice in the palette
        bytes([VERSION, 4]),
    ],
)
def test_sealed_bytes_of_another_version_are_refused(payload):
    with pytest.raises(ChallengeError, match="another version"):
        Challenge.open(sealed(payload))


def test_sealed_bytes_of_this_version_open():
    assert Challenge.open(sealed(bytes([VERSION, 4, 12, 3, 6, 0, 1, 2, 3, 4, 5, 4, 1, 0, 5]))) == Challenge(
        Config(), Challenge.make(Config(), "RGBY").secret, hard=True
    )


def test_a_code_that_breaks_the_rules_is_refused_with_a_reason():
    with pytest.raises(CodeError, match="Red is used twice"):
        Challenge.make(Config(allow_duplicates=False), "RRGB")
    with pytest.raises(CodeError, match="a code has 4 pegs"):
        Challenge.make(Config(), "RGB")


def test_the_name_is_the_start_of_the_link():
    challenge = Challenge.make(Config(), "RGBY")
    assert challenge.token.startswith(challenge.name) and len(challenge.name) == 6


def test_the_key_is_part_of_the_encoding(monkeypatch):
    token = Challenge.make(Config(), "RGBY").token
    monkeypatch.setattr("mastermind.challenge.KEY", KEY + b"!")
    with pytest.raises(ChallengeError):
        Challenge.open(token)


def test_a_pinned_link_opens_in_every_later_version():
    # Links already sent must keep working: this one was written by the first version.
    assert Challenge.open("WlzqQVC9-x4HDip3q6HlyUnAbg") == Challenge.make(Config(), "RGBY", hard=True)


@pytest.mark.parametrize("size", range(6))
def test_sealed_bytes_too_few_to_hold_the_rules_are_refused_as_another_versions(size):
    payload = bytes([VERSION, 4, 12, 1, 0, 0][:size])
    with pytest.raises(ChallengeError, match="changed or cut short" if size == 0 else "another version"):
        Challenge.open(sealed(payload))


def test_a_palette_index_just_past_the_catalog_is_refused():
    payload = bytes([VERSION, 1, 12, 1, 2, 0, len(CATALOG), 0])
    with pytest.raises(ChallengeError, match="another version"):
        Challenge.open(sealed(payload))
    assert Challenge.open(sealed(bytes([VERSION, 1, 12, 1, 2, 0, len(CATALOG) - 1, 1]))).secret == Challenge.make(
        Config(1, [CATALOG[0], CATALOG[-1]], 12), CATALOG[-1].letter
    ).secret


@pytest.mark.parametrize("token", ["A", "AAAAA", "A" * MAX_TOKEN])
def test_a_token_of_link_characters_that_decodes_to_nothing_sealed_is_cut_short(token):
    with pytest.raises(ChallengeError, match="changed or cut short"):
        Challenge.open(token)


def test_a_token_cut_short_or_padded_by_a_character_is_refused():
    token = Challenge.make(Config(pegs=5, colors=8), "RGBYO", hard=True).token
    for changed in (token[:-1], token[1:], token + "A", "A" + token, token + "=", token[:-4]):
        with pytest.raises(ChallengeError):
            Challenge.open(changed)
    assert Challenge.open(token).config == Config(pegs=5, colors=8)


def test_a_challenge_is_played_in_hard_mode_only_when_made_so():
    assert not Challenge.make(Config(), "RGBY").hard and not Challenge.make(Config(), "RGBY").game().hard
    assert Challenge.make(Config(), "RGBY", hard=True).game().hard


def test_sealed_bytes_of_another_version_are_refused_with_the_sentence_that_says_so():
    with pytest.raises(ChallengeError) as refused:
        Challenge.open(sealed(bytes([VERSION + 1, 4, 12, 1, 6, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3])))
    assert str(refused.value) == "This challenge link was made by another version of Mastermind and cannot be opened here."


DAMAGED_TEXT = "This challenge link is damaged: it holds characters a challenge link never has."
CUT_TEXT = "This challenge link was changed or cut short after it was made; ask for the link again."


@pytest.mark.parametrize(("token", "sentence"), [
    (None, DAMAGED_TEXT), (5, DAMAGED_TEXT), ("", DAMAGED_TEXT), ("A" * (MAX_TOKEN + 1), DAMAGED_TEXT), ("AB=", DAMAGED_TEXT),
    ("A", CUT_TEXT), ("AAAAA", CUT_TEXT), ("A" * MAX_TOKEN, CUT_TEXT), ("AAAAAAAA", CUT_TEXT),
])
def test_each_refusal_of_a_token_says_why(token, sentence):
    with pytest.raises(ChallengeError) as refused:
        Challenge.open(token)
    assert str(refused.value) == sentence


def test_a_token_ending_in_any_letter_opens():
    from mastermind import Code

    config = Config(pegs=5, colors=7)  # 21 bytes: 28 characters, the last one any of 64
    ends = {}
    for code in Code.all(config):
        challenge = Challenge.make(config, str(code))
        ends.setdefault(challenge.token[-1], challenge)
        if {"X", "A", "_", "-"} <= set(ends):
            break
    assert {"X", "A", "_", "-"} <= set(ends)
    for end in "XA_-":
        assert Challenge.open(ends[end].token) == ends[end]
