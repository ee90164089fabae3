"""A strategy shared as a file and as a link: what comes back is what went, anything else is refused
with a sentence."""

import json
import re
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import lab
from mastermind.challenge import Challenge
from mastermind.config import Config
from mastermind.errors import StrategyError
from mastermind.lab_share import MAX_FILE, MAX_SOURCE, MAX_TOKEN, Shared, check_source, file_name, link_token, open_link, read_file

SOURCE = "def guess(history, rules):\n\treturn 'BBGG'  # é ✓\r\n"
names = st.text(st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Co", "Zl", "Zp")), min_size=1, max_size=50).filter(str.strip)
sources = st.text(st.characters(blacklist_categories=("Cc", "Cs")) | st.sampled_from("\t\n\r"), max_size=400)


@given(names, sources)
def test_a_link_opens_the_strategy_it_was_made_of(name, source):
    strategy = Shared(name, source)
    token = link_token(strategy)
    assert len(token) <= MAX_TOKEN and open_link(token) == strategy


@given(st.data())
def test_any_character_changed_in_a_link_is_refused(data):
    token = link_token(Shared("mine", SOURCE))
    at = data.draw(st.integers(0, len(token) - 1))
    other = data.draw(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_").filter(lambda c: c != token[at]))
    with pytest.raises(StrategyError, match="changed or cut short"):
        open_link(token[:at] + other + token[at + 1:])


@pytest.mark.parametrize("token", ["", "a b", "x" * (MAX_TOKEN + 1), "%3Cscript%3E", None])
def test_a_damaged_or_too_long_link_is_refused(token):
    with pytest.raises(StrategyError, match="damaged or too long"):
        open_link(token)


def test_a_cut_link_and_a_challenge_token_are_refused():
    token = link_token(Shared("mine", SOURCE))
    with pytest.raises(StrategyError, match="changed or cut short"):
        open_link(token[:-5])
    with pytest.raises(StrategyError, match="changed or cut short"):
        open_link(Challenge.make(Config(), "RGBY").token)


def test_a_strategy_too_long_for_a_link_is_said_so():
    noise = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(MAX_SOURCE // 2))  # compresses badly
    with pytest.raises(StrategyError, match="share it as a file"):
        link_token(Shared("big", f"# {noise}\n"))


def test_the_starter_travels_in_a_link_of_reasonable_length():
    token = link_token(Shared("starter", lab.starter_source()))
    assert len(token) < 1_000 and open_link(token).source == lab.starter_source()


def test_a_file_gives_its_strategy_named_after_it():
    assert read_file(("\ufeff" + SOURCE).encode(), "C:\\work\\my best.py") == Shared("my best", SOURCE)
    assert read_file(SOURCE.encode(), ".py").name == "strategy"


@pytest.mark.parametrize(("data", "why"), [
    (b"x = '\xe9'", "not UTF-8"),
    (b"x = 1\n\x1b[2J", "control character (U+001B on line 2)"),
    (b"\x00" * 10, "control character"),
    (b"#" * (MAX_FILE + 1), "too large to be a strategy"),
    (b"#" * (MAX_SOURCE + 1), "too long: at most 20,000 characters"),
])
def test_a_bad_file_is_refused_with_a_sentence(data, why):
    with pytest.raises(StrategyError, match=re.escape(why)):
        read_file(data, "bad.py")


def test_a_shared_name_is_checked_as_a_players_name():
    with pytest.raises(StrategyError, match="control characters or invisible marks"):
        Shared("a\u200bb", SOURCE)
    with pytest.raises(StrategyError, match="too long"):
        Shared("n" * 51, SOURCE)


@given(sources)
def test_a_source_without_control_characters_passes(source):
    assert check_source(source) == source


def test_the_file_name_of_a_strategy_is_safe():
    assert file_name("../../etc/passwd") == "etc_passwd.py"
    assert file_name("<script>") == "script.py"
    assert file_name("my-best_2") == "my-best_2.py" and file_name("XOX") == "XOX.py"


def test_a_file_at_the_bounds_is_read():
    """MAX_SOURCE characters of four bytes each: the largest file and the longest source, both allowed."""
    source = "\U0001f600" * MAX_SOURCE
    assert len(source.encode()) == MAX_FILE
    assert read_file(source.encode(), "big.py").source == source
    assert check_source("#" * MAX_SOURCE) == "#" * MAX_SOURCE


def test_a_file_is_named_by_its_last_sixty_characters_at_most():
    long = "a" * 70 + ".py"
    with pytest.raises(StrategyError) as refused:
        read_file(b"\xff", f"dir/{long}")
    assert str(refused.value) == f"The file {long[:60]} is not a strategy: its text is not UTF-8."
    assert read_file(SOURCE.encode(), "  .py").name == "strategy"


def test_a_sealed_token_that_is_no_strategy_is_refused_as_changed():
    """A token sealed with the strategy key but carrying junk (only someone who read the source can
    make one): not zlib, not JSON, not a name and a source, or a payload that inflates past a file's
    bound (never inflated whole)."""
    from mastermind import challenge
    from mastermind.lab_share import KEY

    big = zlib.compress(json.dumps({"name": "big", "source": "#" * MAX_FILE}).encode(), 9)
    shapes = (["name", "source"], {"name": "x", "source": "", "run": True}, 5)
    for payload in (b"not zlib", zlib.compress(b"{not json"), big, *(zlib.compress(json.dumps(shape).encode()) for shape in shapes)):
        with pytest.raises(StrategyError) as refused:
            open_link(challenge._seal(payload, KEY))
        assert str(refused.value) == "This strategy link was changed or cut short after it was made; ask for the link again."


def test_a_token_is_the_sealed_best_compression_of_the_json_and_may_be_as_long_as_the_bound(monkeypatch):
    """Written out independently: the name and source as JSON, zlib at level 9, sealed. A source of
    the starter's words drawn at random compresses a little better at 9 than at zlib's default."""
    import random

    from mastermind import challenge, lab_share

    draw = random.Random(1)
    words = lab.starter_source().split()
    shared = Shared("words", " ".join(draw.choice(words) for _ in range(1000)))
    token = challenge._seal(zlib.compress(json.dumps({"name": "words", "source": shared.source}).encode(), 9), lab_share.KEY)
    monkeypatch.setattr(lab_share, "MAX_TOKEN", len(token))
    assert link_token(shared) == token and open_link(token) == shared
    monkeypatch.setattr(lab_share, "MAX_TOKEN", len(token) - 1)
    with pytest.raises(StrategyError, match="share it as a file"):
        link_token(shared)


def test_a_source_that_is_no_text_or_too_long_is_refused_in_full_words():
    with pytest.raises(StrategyError) as refused:
        check_source(42)
    assert str(refused.value) == "A strategy's source is text, not int."
    with pytest.raises(StrategyError) as refused:
        check_source("#" * (MAX_SOURCE + 1))
    assert str(refused.value) == "The strategy is too long: at most 20,000 characters, this has 20,001."
