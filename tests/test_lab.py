"""The Strategy lab's harness (mastermind.lab): loading, the helpers, scoring, and every bad strategy's sentence.

The harness's score is checked against an independent loop written here from the rules alone
(itertools for the codes, a plain count for the key pegs), on random strategies and rules."""

from __future__ import annotations

import contextlib
import gettext
import itertools
import sys
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Config, lab
from mastermind.errors import StrategyError
from mastermind.i18n import DOMAIN, LOCALE_DIR, use
from mastermind.lab_share import check_controls


@pytest.fixture(autouse=True)
def patient(monkeypatch):
    """No figure here may depend on the machine's load: a guess gets a minute unless a test sets
    its own limit (a loaded machine once took more than a second over one)."""
    monkeypatch.setattr(lab, "LIMIT", 60.0)


def rules_of(pegs: int, colours: int, repeats: bool, guesses: int = 12) -> lab.Rules:
    return lab.Rules.of(Config(pegs=pegs, colors=colours, allow_duplicates=repeats, max_guesses=guesses))


def codes_of(rules: lab.Rules) -> list[str]:
    rows = (itertools.product(rules.colours, repeat=rules.pegs) if rules.repeats
            else itertools.permutations(rules.colours, rules.pegs))
    return ["".join(row) for row in rows]


def pegs_of(secret: str, guess: str) -> tuple[int, int]:
    black = sum(a == b for a, b in zip(secret, guess, strict=True))
    common = sum(min(secret.count(c), guess.count(c)) for c in set(guess))
    return black, common - black


RANDOM_STRATEGY = '''
import random
from itertools import product, permutations

def guess(history, rules):
    rng = random.Random("{seed}" + "".join(f"{{code}}{{black}}{{white}}" for code, black, white in history))
    if rng.random() < {illegal}:
        return rules.colours[0] * (rules.pegs + 1)
    if rng.random() < {failing}:
        raise ValueError("bad luck")
    rows = product(rules.colours, repeat=rules.pegs) if rules.repeats else permutations(rules.colours, rules.pegs)
    codes = ["".join(row) for row in rows]
    if rng.random() < {consistent}:
        def pegs(secret, guess):
            black = sum(a == b for a, b in zip(secret, guess))
            return black, sum(min(secret.count(c), guess.count(c)) for c in set(guess)) - black
        codes = [c for c in codes if all(pegs(c, code) == (black, white) for code, black, white in history)]
    return rng.choice(codes)
'''


def independent_score(source: str, rules: lab.Rules) -> dict[str, object]:
    """The figures of `source` over every secret, by a loop of its own."""
    namespace: dict[str, object] = {}
    exec(source, namespace)  # the strategy the harness loads, called directly
    guess = namespace["guess"]
    won, lost, illegal, exceptions = [], 0, 0, 0
    for secret in codes_of(rules):
        history: list[tuple[str, int, int]] = []
        while len(history) < rules.guesses:
            try:
                code = guess(list(history), rules)  # type: ignore[operator]
            except ValueError:
                exceptions += 1
                break
            if code not in codes_of(rules):
                illegal += 1
                break
            history.append((code, *pegs_of(secret, code)))
            if code == secret:
                break
        if history and history[-1][0] == secret:
            won.append(len(history))
        else:
            lost += 1
    games = len(won) + lost
    return {"games": games, "mean": (sum(won) + lost * (rules.guesses + 1)) / games, "worst": max(won, default=0),
            "histogram": tuple(sorted(Counter(won).items())), "not_won": lost, "illegal": illegal, "exceptions": exceptions}


small_rules = st.integers(2, 4).flatmap(lambda colours: st.booleans().flatmap(lambda repeats: st.builds(
    rules_of, st.integers(1, 3 if repeats else min(3, colours)), st.just(colours), st.just(repeats), st.integers(1, 8))))


@given(small_rules, st.integers(0, 10**6), st.sampled_from([0.0, 0.05]), st.sampled_from([0.0, 0.05]),
       st.sampled_from([0.0, 0.5, 1.0]))
def test_the_harness_scores_as_an_independent_loop(rules, seed, illegal, failing, consistent):
    source = RANDOM_STRATEGY.format(seed=seed, illegal=illegal, failing=failing, consistent=consistent)
    score = lab.score(lab.load(source), rules)
    expected = independent_score(source, rules)
    assert {name: getattr(score, name) for name in expected} == expected
    assert score.illegal + score.exceptions + score.slow <= score.not_won


@given(small_rules, st.data())
def test_possible_is_every_code_that_earns_the_feedback(rules, data):
    history = [(code, *pegs_of(data.draw(st.sampled_from(codes_of(rules))), code))
               for code in data.draw(st.lists(st.sampled_from(codes_of(rules)), max_size=3))]
    expected = [code for code in codes_of(rules) if all(pegs_of(code, guess) == (b, w) for guess, b, w in history)]
    assert list(lab.possible(history, rules)) == expected
    assert list(lab.every_code(rules)) == codes_of(rules)


@given(st.integers(1, 5), st.integers(2, 6), st.booleans(), st.data())
def test_the_code_at_an_index_is_every_code_s(pegs, colours, repeats, data):
    if not repeats and pegs > colours:
        return
    rules = rules_of(pegs, colours, repeats)
    index = data.draw(st.integers(0, rules.size - 1))
    assert lab.code_at(rules, index) == codes_of(rules)[index]


def test_small_rules_play_every_secret_and_large_ones_a_fixed_named_sample():
    classic = lab.secrets(rules_of(4, 6, True))
    assert (classic.codes, classic.total, classic.sample) == (tuple(codes_of(rules_of(4, 6, True))), 1296, False)
    assert len(lab.secrets(rules_of(4, 6, False)).codes) == 360
    large = rules_of(6, 10, True)
    sample = lab.secrets(large)
    assert sample.sample and sample.total == 10**6 and len(set(sample.codes)) == lab.SAMPLE == 1000
    assert sample == lab.secrets(large)  # the same every run
    assert all(len(code) == 6 and set(code) <= set(large.colours) for code in sample.codes)
    without = lab.secrets(rules_of(6, 10, False))
    assert without.sample and all(len(set(code)) == 6 for code in without.codes)
    assert len(lab.secrets(rules_of(5, 5, True)).codes) == 3125  # 3,125 codes: all, no sample


def test_the_function_form_reads_the_history_as_triples_and_the_rules_by_name():
    strategy = lab.load('''
CALLS = []
def guess(history, rules):
    CALLS.append([(code, black, white) for code, black, white in history])
    assert (rules.pegs, rules.colours, rules.repeats) == (4, "BGOPRY", True)
    return ["BBGG", "BGOP", "GBPO"][len(history)]
''')
    result = lab.play_one(strategy, rules_of(4, 6, True), "GBPO")
    assert result.won and result.guesses == ("BBGG", "BGOP", "GBPO") and result.problem is None


def test_the_class_form_keeps_state_across_one_game_and_starts_afresh_for_the_next():
    strategy = lab.load('''
class Strategy:
    made = 0
    def __init__(self, rules):
        Strategy.made += 1
        self.left = [a + b for a in rules.colours for b in rules.colours]
    def guess(self, history):
        if history:
            self.left.remove(history[-1][0])
        return self.left[0]
''')
    rules = rules_of(2, 3, True)
    results = list(lab.play(strategy, rules))
    assert [len(game.guesses) for game in results] == list(range(1, 10))
    assert all(game.won for game in results)


def test_the_starter_is_a_random_consistent_player_that_replays_the_same_games():
    rules = rules_of(4, 6, True)
    first, second = lab.score(lab.starter(), rules), lab.score(lab.starter(), rules)
    assert first.mean == second.mean and first.histogram == second.histogram
    assert first.not_won == 0 and first.worst <= 8 and 4.4 < first.mean < 4.9  # random consistent: 4.638 on average
    source = lab.starter_source()
    assert "def guess(history: list[Move], rules: Rules) -> str:" in source
    games = {game.secret: game for game in lab.play(lab.starter(), rules)}
    for game in games.values():  # every guess is still possible
        for number, code in enumerate(game.guesses):
            moves = [(old, *pegs_of(game.secret, old)) for old in game.guesses[:number]]
            assert code in lab.possible(moves, rules)
    assert lab.play_one(lab.starter(), rules, "RGBY") == games["RGBY"]  # a game watched again is the same


def test_the_computer_players_play_through_the_same_interface():
    from mastermind import solve

    rules = rules_of(4, 6, False)
    hal = lab.score(lab.computer("HAL9000"), rules)
    loop = [len(solve(secret, rules.config)) for secret in codes_of(rules)]
    assert hal.mean == sum(loop) / len(loop) and hal.worst == max(loop)
    viki = lab.score(lab.computer("VIKI"), rules)
    assert viki.not_won == 0 and viki.mean == lab.score(lab.computer("VIKI"), rules).mean
    with pytest.raises(ValueError, match="unknown computer player"):
        lab.computer("Deep Thought")


def test_the_reference_points_are_kept_with_their_citations():
    optimal, random_consistent = lab.references(rules_of(4, 6, True))
    assert (optimal.mean, random_consistent.mean) == (4.340, 4.638)
    assert "Koyama" in optimal.citation and "1993" in optimal.citation
    assert "Swaszek" in random_consistent.citation
    assert lab.references(rules_of(5, 8, True)) == ()


# ---------------------------------------------------------------------------------------------
# Bad strategies: each gets its sentence, and the run goes on.

RULES = rules_of(4, 6, True)


def refusal(source: str) -> StrategyError:
    with pytest.raises(StrategyError) as caught:
        lab.load(source)
    return caught.value


def problem(source: str, **options) -> lab.Problem:
    result = lab.play_one(lab.load(source), RULES, "RGBY", **options)
    assert result.problem is not None and not result.won
    return result.problem


def test_a_syntax_error_names_its_line():
    error = refusal("import random\n\ndef guess(history, rules)\n    return 'RGBY'\n")
    assert error.line == 3 and str(error) == 'Syntax error on line 3, column 26: Python says "expected \':\'".'
    error = refusal("x = (\n")
    assert error.line == 1 and str(error) == 'Syntax error on line 1, column 5: Python says "\'(\' was never closed".'


def test_a_syntax_error_without_a_column_names_its_line(monkeypatch):
    def compile_(source, filename, mode):
        raise SyntaxError("invalid syntax", (filename, 2, None, "x y", None, None))

    monkeypatch.setattr(lab, "compile", compile_, raising=False)  # the module's compile, not the builtin
    with pytest.raises(StrategyError) as refused:
        lab.load("x = 1\nx y\n")
    assert refused.value.line == 2 and str(refused.value) == 'Syntax error on line 2: Python says "invalid syntax".'


def test_a_control_character_is_refused_on_its_line_before_compiling():
    """compile() refuses a null character without a line; the page's editor can hold one."""
    for source, line, code in (("x = 1\n\ny = '\0'\n", 3, "0000"), ("\0", 1, "0000"), ("# a\nx = '\x1b[2J'\n", 2, "001B")):
        error = refusal(source)
        assert error.line == line and str(error) == f"The strategy holds a control character (U+{code} on line {line}); remove it."
    assert lab.play_one(lab.load("x = '\t'\r\ndef guess(history, rules):\n\treturn 'RGBY'\n"), RULES, "RGBY").won


def test_a_strategy_without_guess_is_refused():
    assert str(refusal("def gues(history, rules):\n    return 'RGBY'\n")) == (
        "The strategy has no guess(history, rules) function and no Strategy class.")
    assert "no guess" in str(refusal("guess = 4\n"))


def test_an_exception_while_loading_names_its_line():
    error = refusal("x = 1\ny = [][0]\n")
    assert error.line == 2
    assert str(error) == "The strategy raised IndexError: list index out of range on line 2 while loading."


def test_an_exception_in_guess_names_its_line_and_the_run_goes_on():
    source = "def guess(history, rules):\n    if len(history) == 1:\n        return 1 / 0\n    return 'BBGG'\n"
    found = problem(source)
    assert (found.kind, found.line) == ("exception", 3)
    assert found.sentence == "Guess 2: the strategy raised ZeroDivisionError: division by zero on line 3."
    score = lab.score(lab.load(source), RULES)
    assert score.games == 1296 and score.exceptions == 1296 - 1 and score.not_won == 1295


def test_a_wrong_return_type_is_named():
    found = problem("def guess(history, rules):\n    return None\n")
    assert found.kind == "illegal"
    assert found.sentence == "Guess 1 was refused: guess returned NoneType, not a text of colour letters such as BBBB."
    assert "returned list" in problem("def guess(history, rules):\n    return list('RGBY')\n").sentence


def test_a_code_of_the_wrong_length_or_colours_gets_the_rules_own_sentence():
    assert problem("def guess(history, rules):\n    return 'RGB'\n").sentence == (
        "Guess 1 was refused: A code has 4 pegs, this has 3.")
    assert problem("def guess(history, rules):\n    return 'RGBX'\n").sentence == (
        "Guess 1 was refused: X is not in the palette (B G O P R Y).")
    no_repeats = lab.play_one(lab.load("def guess(history, rules):\n    return 'RRGB'\n"), rules_of(4, 6, False), "RGBY")
    assert no_repeats.problem is not None
    assert no_repeats.problem.sentence == "Guess 1 was refused: Red is used twice; colours may not repeat in this game."


def test_a_huge_answer_is_refused_without_being_repeated():
    found = problem("def guess(history, rules):\n    return 'R' * 10_000_000\n")
    assert found.sentence == "Guess 1 was refused: guess returned a text of 10,000,000 characters; a code has 4."


def test_huge_printing_is_counted_and_only_its_beginning_kept():
    output = lab.Output()
    result = lab.play_one(lab.load("def guess(history, rules):\n    print('x' * 1_000_000)\n    return 'RGBY'\n"),
                          RULES, "RGBY", output=output)
    assert result.won and output.count == 1_000_001 and output.text == "x" * lab.KEPT_OUTPUT


def test_a_guess_slower_than_the_limit_ends_its_game():
    ticks = iter(range(100))
    found = problem("def guess(history, rules):\n    return 'BBGG'\n", limit=1.0, clock=lambda: 2.0 * next(ticks))
    assert found.kind == "slow" and found.sentence == "Guess 1: no answer within 1 s; the game was stopped."


def test_a_guard_stops_a_guess_that_never_answers():
    @contextlib.contextmanager
    def at_once(_seconds):  # a guard whose time is already up: the strategy is interrupted where it stands
        def interrupt(frame, event, _arg):
            if event == "line" and frame.f_code.co_filename == lab.FILENAME:
                raise lab.NoAnswer
            return interrupt

        before = sys.gettrace()
        sys.settrace(interrupt)
        try:
            yield
        finally:
            sys.settrace(before)

    source = "def guess(history, rules):\n    while True:\n        try:\n            pass\n        except Exception:\n            pass\n"
    found = problem(source, guard=at_once, limit=0.5)
    assert found.kind == "slow" and found.sentence == "Guess 1: no answer within 0.5 s; the game was stopped."


def test_a_run_is_a_generator_a_caller_stops_between_games():
    run = lab.play(lab.starter(), RULES)
    first = [next(run) for _ in range(3)]
    run.close()
    score = lab.Score.of(first, RULES)
    assert score.games == 3 and [game.secret for game in first] == ["BBBB", "BBBG", "BBBO"]


def test_a_game_not_won_counts_one_more_than_the_limit_and_is_the_one_to_watch():
    rules = rules_of(1, 3, True, guesses=2)
    score = lab.score(lab.load("def guess(history, rules):\n    return 'BGO'[len(history)]\n"), rules)
    assert score.histogram == ((1, 1), (2, 1)) and score.not_won == 1
    assert score.mean == (1 + 2 + 3) / 3 and score.worst == 2 and score.worst_secret == "O"


@pytest.mark.parametrize("tag", ["fr", "de", "es", "pt", "it"])
def test_every_sentence_of_a_bad_strategy_is_translated(tag):
    sources = ["def guess(history, rules)\n", "x = 1\n", "y = [][0]\n"]
    guesses = ["def guess(history, rules):\n    return None\n", "def guess(history, rules):\n    return 1 / 0\n",
               "def guess(history, rules):\n    return 'R' * 100\n"]
    english = [str(refusal(source)) for source in sources] + [problem(source).sentence for source in guesses]
    english.append(problem("def guess(history, rules):\n    return 'BBGG'\n", limit=1.0, clock=iter(range(0, 100, 5)).__next__).sentence)
    with (LOCALE_DIR / tag / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as file:
        use(gettext.GNUTranslations(file), tag)
    local = [str(refusal(source)) for source in sources] + [problem(source).sentence for source in guesses]
    local.append(problem("def guess(history, rules):\n    return 'BBGG'\n", limit=1.0, clock=iter(range(0, 100, 5)).__next__).sentence)
    for mine, theirs in zip(english, local, strict=True):
        assert mine != theirs, f"{tag} says {theirs!r} in English"


def test_a_strategy_s_dataclasses_work_and_its_module_leaves_nothing_behind():
    strategy = lab.load('''
from dataclasses import dataclass

@dataclass(frozen=True)
class Memo:
    first: str

def guess(history, rules):
    return Memo("RGBY").first
''')
    assert lab.play_one(strategy, RULES, "RGBY").won
    assert "strategy" not in sys.modules


def test_an_exception_before_the_strategy_s_own_code_has_no_line():
    found = problem("class Strategy:\n    def __init__(self):\n        pass\n")  # made with the rules: a TypeError in the call
    assert found.kind == "exception" and found.line is None and str(found) == found.sentence
    assert found.sentence.startswith("Guess 1: the strategy raised TypeError: ") and " on line " not in found.sentence


def test_an_exception_is_named_alone_without_a_message_and_cut_short_when_long():
    assert problem("def guess(history, rules):\n    raise ValueError\n").sentence == (
        "Guess 1: the strategy raised ValueError on line 2.")
    long = problem("def guess(history, rules):\n    raise ValueError('x' * 1000)\n").sentence
    assert long == "Guess 1: the strategy raised ValueError: " + "x" * (lab.LONGEST_MESSAGE - 12) + "... on line 2."


def test_a_strategy_is_named_after_its_file_whichever_separator_its_path_uses():
    source = "def guess(history, rules):\n    return 'RGBY'\n"
    for path in ("C:\\Users\\me\\mine.py", "/home/me/mine.py", "mine.py", "labs/win\\mine.py"):
        assert lab.load(source, path).name == "mine", path
    assert lab.load(source, "C:\\me\\mine.py", "Given").name == "Given"
    kind = "class Strategy:\n    def __init__(self, rules):\n        pass\n\n    def guess(self, history):\n        return 'RGBY'\n"
    for either in (source, kind):  # a guess function or a Strategy class alike
        strategy = lab.load(either, "C:\\labs\\mine.py")
        assert (strategy.name, strategy.filename) == ("mine", "C:\\labs\\mine.py")
        assert lab.play_one(strategy, RULES, "RGBY").won


def test_the_starter_and_the_computer_players_are_named_and_seeded():
    starter = lab.starter()
    assert (starter.name, starter.filename) == ("starter_strategy", "starter_strategy.py")
    hal = lab.computer("HAL9000")
    assert (hal.name, hal.filename) == ("HAL9000", "<HAL9000>")
    rules = rules_of(4, 6, False)
    games = [game.guesses for game in lab.play(lab.computer("VIKI"), rules, lab.every_code(rules)[:40])]
    assert games == [game.guesses for game in lab.play(lab.computer("VIKI", 0), rules, lab.every_code(rules)[:40])]
    assert games != [game.guesses for game in lab.play(lab.computer("VIKI", 1), rules, lab.every_code(rules)[:40])]


def test_with_no_limit_given_a_slow_guess_is_measured_against_the_default():
    ticks = iter(range(0, 1000, 61))
    found = problem("def guess(history, rules):\n    return 'BBGG'\n", clock=lambda: float(next(ticks)))
    assert found.sentence == "Guess 1: no answer within 60 s; the game was stopped."


def test_an_exception_s_text_is_kept_whole_up_to_the_longest_message_and_cut_beyond():
    name = "ValueError: "
    whole = ValueError("x" * (lab.LONGEST_MESSAGE - len(name)))
    assert lab.described(whole) == name + "x" * (lab.LONGEST_MESSAGE - len(name))
    longer = ValueError("x" * (lab.LONGEST_MESSAGE - len(name) + 1))
    assert lab.described(longer) == (name + "x" * (lab.LONGEST_MESSAGE - len(name)))[:lab.LONGEST_MESSAGE] + "..."


def test_two_plays_of_a_failing_game_are_the_same_game_and_another_failure_is_not():
    """A problem is an exception, whose equality is identity; a game's result compares its
    problem by what it says, so two plays of one failing game are equal, and hash alike."""
    source = "def guess(history, rules):\n    return 1 / len(history)\n"
    first, again = (lab.play_one(lab.load(source), RULES, "RGBY") for _ in range(2))
    assert first.problem is not again.problem and first == again and hash(first) == hash(again)
    other = lab.play_one(lab.load("def guess(history, rules):\n    return None\n"), RULES, "RGBY")
    assert first != other and first.problem != other.problem
    assert first.problem != lab.Problem("exception", first.problem.sentence)  # the line differs
    assert first.problem != first.problem.sentence  # a problem is not its text
    assert len({first.problem, again.problem, other.problem}) == 2


@given(st.integers(1, 9), st.data())
def test_the_answers_possible_keeps_hold_at_most_the_codes_it_may_keep(bound, data):
    """possible() remembers each history's answer while the codes held stay within
    POSSIBLE_KEPT: an answer that would pass it drops every answer held first, and one larger
    than the bound alone is not kept. Checked against that rule written out here, on 2x3 games."""
    from unittest import mock

    rules = rules_of(2, 3, True)
    codes = codes_of(rules)
    model: dict[tuple[lab.Move, ...], int] = {}

    def remember(moves: tuple[lab.Move, ...]) -> None:
        if not moves or moves in model:
            return
        remember(moves[:-1])
        size = len([code for code in codes if all(pegs_of(code, guess) == (b, w) for guess, b, w in moves)])
        if sum(model.values()) + size > bound:
            model.clear()
        if size <= bound:
            model[moves] = size

    with mock.patch.object(lab, "POSSIBLE_KEPT", bound), mock.patch.object(lab, "_POSSIBLE", {}), \
            mock.patch.object(lab, "_kept", [0]):
        for _ in range(data.draw(st.integers(1, 8))):
            secret = data.draw(st.sampled_from(codes))
            guesses = data.draw(st.lists(st.sampled_from(codes), max_size=3))
            moves = tuple(lab.Move(guess, *pegs_of(secret, guess)) for guess in guesses)
            answer = lab.possible(moves, rules)
            remember(moves)
            assert list(answer) == [code for code in codes if all(pegs_of(code, g) == (b, w) for g, b, w in moves)]
            assert {moves for (_rules, moves) in lab._POSSIBLE} == set(model)
            assert lab._kept[0] == sum(len(held) for held, _keys in lab._POSSIBLE.values()) == sum(model.values()) <= bound


def test_a_source_python_cannot_encode_is_refused_with_a_sentence():
    """A text holding half of a surrogate pair (a browser's editor can make one) is no Python source."""
    assert str(refusal("x = '\ud800'\n")) == (
        "The strategy cannot be read: 'utf-8' codec can't encode character '\\ud800' in position 5: surrogates not allowed.")


def test_score_passes_its_options_to_every_game():
    ticks = iter(range(0, 10_000, 2))
    score = lab.score(lab.load("def guess(history, rules):\n    return 'BBGG'\n"), RULES, ["RGBY", "BBGG"],
                      limit=1.0, clock=lambda: float(next(ticks)))
    assert (score.games, score.slow, score.not_won) == (2, 2, 2)


def test_a_strategy_that_takes_its_own_module_out_of_sys_modules_still_loads():
    strategy = lab.load('import sys\ndel sys.modules["strategy"]\n\ndef guess(history, rules):\n    return "RGBY"\n')
    assert lab.play_one(strategy, RULES, "RGBY").won
    assert "strategy" not in sys.modules


def test_a_module_named_strategy_of_the_program_s_own_is_put_back_after_loading(monkeypatch):
    import types

    own = types.ModuleType("strategy")
    monkeypatch.setitem(sys.modules, "strategy", own)
    assert lab.play_one(lab.load("def guess(history, rules):\n    return 'RGBY'\n"), RULES, "RGBY").won
    assert sys.modules["strategy"] is own


@given(st.text(st.sampled_from("x1 :=()[]{}'\"\\#\t\n\r\x0c\u00e9\u2028\ud800\x00\x1bdeflambdaif") | st.characters(), max_size=40))
def test_every_syntax_error_of_a_source_without_control_characters_has_a_line(source):
    """load names a syntax error's line, falling back on line 1: compile gives every one a line once
    the control characters (the null character among them) are refused first."""
    try:
        check_controls(source)
        compile(source, "strategy.py", "exec")
    except StrategyError:
        return
    except SyntaxError as error:
        assert error.lineno is not None and error.lineno >= 1
    except ValueError:  # a lone surrogate: refused as unreadable, with no line to name
        return


def test_an_error_raised_outside_the_strategy_s_code_while_loading_names_no_line():
    """Its guard (the page's posts a beat) runs around the module's code: what it raises has no line of the strategy's."""

    @contextlib.contextmanager
    def failing_guard(_seconds):
        raise RuntimeError("no timer")
        yield

    with pytest.raises(StrategyError) as refused:
        lab.load("x = 1\ndef guess(history, rules):\n    return 'RGBY'\n", guard=failing_guard)
    assert str(refused.value) == "The strategy raised RuntimeError: no timer while loading." and refused.value.line is None
