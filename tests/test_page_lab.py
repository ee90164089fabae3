"""The Lab on the page (mastermind.page.lab): the worker's side of the protocol, the page's checks of
every message the worker sends (junk refused with a sentence), and the view the screen draws."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Config, lab
from mastermind.page import lab as page

SMALL = Config(pegs=2, colors=3)
FIRST = "def guess(history, rules):\n    from mastermind.lab import possible\n    return possible(history, rules)[0]\n"


@pytest.fixture(autouse=True)
def patient(monkeypatch):
    """A loaded machine must not make a guess too slow here."""
    monkeypatch.setattr(lab, "LIMIT", 60.0)


def served(worker: page.Worker, text: str) -> list[dict]:
    return [json.loads(answer) for answer in worker.serve(text)]


def loaded(source: str = FIRST, config: Config = SMALL) -> page.Worker:
    worker = page.Worker(lambda: None)
    assert served(worker, page.load_request(1, source, config)) == [{"id": 1, "kind": "ok"}]
    return worker


# The worker's side


def test_a_score_plays_every_secret_and_matches_the_harness():
    worker = loaded()
    answers = served(worker, page.score_request(2, page.STRATEGY, limit=60))
    assert answers[-1]["kind"] == "result"
    games = [game for answer in answers for game in answer["games"]]
    rules = lab.Rules.of(SMALL)
    expected = lab.score(lab.load(FIRST), rules)
    assert [game["secret"] for game in games] == list(lab.every_code(rules))
    assert answers[-1]["score"]["mean"] == expected.mean
    read = [page.read_game(game, rules) for game in games]
    assert lab.Score.of(read, rules).mean == expected.mean


def test_a_score_goes_on_from_the_secret_it_is_given():
    answers = served(loaded(), page.score_request(2, page.STRATEGY, start=5, limit=60))
    games = [game for answer in answers for game in answer["games"]]
    assert [game["secret"] for game in games] == list(lab.every_code(lab.Rules.of(SMALL)))[5:]


def test_every_game_but_the_last_is_a_progress_message_and_the_last_comes_with_the_result():
    answers = served(loaded(), page.score_request(2, page.STRATEGY, limit=60))
    assert [answer["kind"] for answer in answers] == ["progress"] * 8 + ["result"]
    assert [answer["done"] for answer in answers[:-1]] == list(range(1, 9))
    assert all(len(answer["games"]) == 1 for answer in answers)
    assert all(answer["total"] == 9 for answer in answers[:-1])


def test_the_computer_players_play_through_the_same_harness():
    worker = loaded(config=Config())
    answers = served(worker, page.score_request(2, "HAL9000"))
    games = [game for answer in answers for game in answer["games"]]
    assert len(games) == 1296 and all(game["won"] for game in games)
    assert answers[-1]["score"]["worst"] == 5


def test_a_syntax_error_is_refused_with_its_line():
    worker = page.Worker(lambda: None)
    [answer] = served(worker, page.load_request(1, "x = 1\ndef guess(history, rules)\n    return 'BB'\n", SMALL))
    assert answer["kind"] == "problem" and answer["line"] == 2 and "line 2" in answer["sentence"]


def test_a_guess_is_one_move_and_a_class_strategy_starts_again_with_an_empty_history():
    source = ("class Strategy:\n    def __init__(self, rules):\n        self.moves = 0\n"
              "    def guess(self, history):\n        self.moves += 1\n        return 'BB' if self.moves == 1 else 'GG'\n")
    worker = loaded(source)
    assert served(worker, page.guess_request(2, []))[0]["code"] == "BB"
    assert served(worker, page.guess_request(3, [["BB", 0, 0]]))[0]["code"] == "GG"
    assert served(worker, page.guess_request(4, []))[0]["code"] == "BB"


def test_an_illegal_guess_is_a_problem_with_its_kind():
    worker = loaded("def guess(history, rules):\n    return 'XYZ'\n")
    [answer] = served(worker, page.guess_request(2, []))
    assert answer["kind"] == "problem" and answer["problem"] == "illegal" and "Guess 1" in answer["sentence"]


def test_a_watched_game_counts_the_codes_left():
    [answer] = served(loaded(), page.watch_request(2, "OO", 60))
    assert answer["game"]["guesses"][-1] == "OO" and answer["game"]["won"]
    assert answer["left"][-1] == 1
    assert answer["left"] == sorted(answer["left"], reverse=True)


def test_a_request_the_worker_cannot_read_gets_an_error_not_an_exception():
    worker = page.Worker(lambda: None)
    assert served(worker, "not json")[0]["kind"] == "error"
    assert served(worker, json.dumps({"id": 3, "kind": "score", "player": "strategy", "start": 0, "limit": 1}))[0] == {
        "id": 3, "kind": "error", "sentence": "bad request: ValueError: no rules loaded"}
    assert served(worker, json.dumps({"id": 4, "kind": "format disk"}))[0]["kind"] == "error"


def test_a_beat_is_posted_when_a_guess_starts_after_a_silence(monkeypatch):
    beats = []
    worker = page.Worker(lambda: beats.append(1))
    served(worker, page.load_request(1, FIRST, SMALL))
    beats.clear()
    now = [worker.said]
    monkeypatch.setattr(page.time, "monotonic", lambda: now[0])
    served(worker, page.guess_request(2, []))
    assert not beats  # the worker has just spoken
    now[0] += page.BEAT_SECONDS
    served(worker, page.guess_request(3, [["BB", 0, 0]]))
    assert beats == [1]


# The page's side: every message checked


def game(secret="BB", guesses=("BB",), won=True, problem=None, seconds=0.01):
    return {"secret": secret, "guesses": list(guesses), "won": won, "problem": problem, "seconds": seconds}


@pytest.mark.parametrize(("message", "what"), [
    ("[1, 2]", "kind"),
    ('{"kind": "hello", "id": 1}', "kind"),
    ('{"kind": "ok", "id": 9}', "id"),
    ('{"kind": "problem", "id": 1, "sentence": 3}', "sentence"),
    ('{"kind": "problem", "id": 1, "sentence": "x", "line": -1}', "line"),
    ('{"kind": "progress", "id": 1, "done": "1", "total": 9, "mean": 1, "games": []}', "done"),
    ('{"kind": "progress", "id": 1, "done": 1, "total": -9, "games": []}', "total"),
    ('{"kind": "result", "id": 1, "games": {}, "score": {}}', "games"),
    ('{"kind": "game", "id": 1, "game": {"guesses": ["BB"]}, "left": ["many"]}', "left"),
    ("{oops", "not JSON"),
])
def test_a_junk_message_is_refused_with_a_sentence(message, what):
    with pytest.raises(page.ProtocolError) as refused:
        page.read(message, 1)
    assert refused.value.what == what
    assert refused.value.sentence == f"The Lab's worker sent a message the page cannot read ({what}); the run was stopped."


@pytest.mark.parametrize("bad", [
    game(secret="XX"), game(guesses=("BB",) * 13), game(won=False), game(guesses=("BG",), won=True),
    game(guesses=("QQ",), won=False), game(problem={"kind": "meteor", "sentence": "x", "line": None}, won=True),
    game(seconds=-1), "a game",
])
def test_a_game_that_could_not_have_happened_is_refused(bad):
    with pytest.raises(page.ProtocolError):
        page.read(json.dumps({"kind": "result", "id": 1, "games": [bad], "score": {}}), 1, lab.Rules.of(SMALL))


def test_news_needs_no_id_and_a_good_game_is_read():
    assert page.read('{"kind": "beat"}', 5).kind == "beat"
    message = page.read(json.dumps({"kind": "result", "id": 1, "games": [game()], "score": {}}), 1, lab.Rules.of(SMALL))
    assert page.read_games(message.data, lab.Rules.of(SMALL)) == [lab.GameResult("BB", ("BB",), True)]


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=4)))
def test_whatever_the_worker_sends_is_read_or_refused_with_a_sentence(data):
    for value in (data, {"kind": "result", "id": 1, "games": [data], "score": {}}, {"kind": "progress", "id": 1, **(
            data if isinstance(data, dict) else {})}):
        try:
            page.read(json.dumps(value), 1, lab.Rules.of(SMALL))
        except page.ProtocolError as error:
            assert error.sentence.startswith("The Lab's worker sent a message")


# The view


def played_view(source: str = FIRST) -> page.LabView:
    view = page.LabView(SMALL, source)
    assert view.start()
    view.loaded()
    view.played(lab.play(lab.load(source), lab.Rules.of(SMALL)))
    return view


def test_a_run_scores_every_secret_and_says_so():
    view = played_view()
    assert view.progress == (9, 9)
    view.finished()
    expected = lab.score(lab.load(FIRST), lab.Rules.of(SMALL))
    assert view.status == f"Scored: mean {expected.mean:.3f}, worst {expected.worst}."
    assert ("mean", f"{expected.mean:.3f}") in view.figures and ("worst", str(expected.worst)) in view.figures
    assert view.score_note == "Secrets: all 9 codes."
    assert [bar.games for bar in view.bars] == [games for _guesses, games in expected.histogram]
    assert max(bar.share for bar in view.bars) == 1
    assert view.watch_secret == expected.worst_secret
    assert view.state == "comparing" and view.to_compare == ["HAL9000", "VIKI"]


def test_the_computers_are_scored_once_per_rules():
    view = played_view()
    view.finished()
    rules = lab.Rules.of(SMALL)
    for name in view.to_compare:
        view.compared(name, list(lab.play(lab.computer(name), rules)))
    assert view.state == "idle"
    names = [line.name for line in view.comparison]
    assert names == ["Your strategy", "HAL9000", "VIKI"]
    again = view
    assert again.start()
    again.loaded()
    again.played(lab.play(lab.load(FIRST), rules))
    again.finished()
    assert again.state == "idle" and again.to_compare == []


def test_the_classic_rules_show_the_published_references():
    view = page.LabView(Config())
    assert [(line.mean, line.worst) for line in view.comparison] == [("4.340", ""), ("4.638", "")]
    assert [line.name for line in view.comparison] == ["optimal", "random consistent guesses"]
    assert {line.source for line in view.comparison} == {"published, cited below"}  # the help paragraph cites them


def test_a_refused_strategy_shows_its_line_and_the_next_run_starts():
    view = page.LabView(SMALL, "x")
    view.start()
    view.refused("Syntax error on line 3: expected ':'.", 3)
    assert (view.error_line, view.status, view.running) == (3, "Syntax error on line 3: expected ':'.", False)
    assert view.start() and view.error_line is None


def test_a_game_too_slow_counts_and_the_run_goes_on_from_the_next_secret():
    view = page.LabView(SMALL, FIRST)
    view.start()
    view.loaded()
    view.played(list(lab.play(lab.load(FIRST), lab.Rules.of(SMALL)))[:3])
    assert view.too_slow()
    assert view.next_secret == 4
    view.played(lab.play(lab.load(FIRST), lab.Rules.of(SMALL), lab.every_code(lab.Rules.of(SMALL))[4:]))
    view.finished()
    assert view.score is not None and view.score.slow == 1 and view.score.not_won == 1
    assert "secret GB: No answer within 60 s" in view.problem and view.error_line is None


def test_stop_scores_the_games_played_named_as_stopped():
    view = page.LabView(SMALL, FIRST)
    view.start()
    view.loaded()
    view.played(list(lab.play(lab.load(FIRST), lab.Rules.of(SMALL)))[:4])
    view.stop()
    assert view.status == "Stopped after 4 of 9 secrets." and not view.running
    assert view.score_note == "Stopped: 4 of 9 secrets played."
    assert [line.name for line in view.comparison] == []


def test_the_rules_are_the_settings_fields_and_refuse_what_is_not_a_rule():
    view = page.LabView(SMALL)
    view.edit_rule("Pegs", "12")
    assert view.errors["Pegs"] and view.config == SMALL and view.status.startswith("Rules not changed.")
    assert not view.start()
    view.edit_rule("Pegs", "3")
    assert view.config.pegs == 3 and not view.errors
    view.edit_rule("Colours may repeat", "No")
    assert not view.config.allow_duplicates
    view.start()
    view.edit_rule("Pegs", "4")
    assert view.config.pegs == 3 and "Stop" in view.status


def test_a_large_game_is_scored_on_a_named_sample():
    view = page.LabView(Config(pegs=6, colors=10))
    view.start()
    view.loaded()
    assert view.status == "Scoring the strategy on a sample of 1,000 secrets."


def test_a_watched_game_is_drawn_as_rows_with_the_codes_left():
    view = played_view()
    view.finished()
    view.edit_watch("oo")
    assert view.watch_code() == "OO"
    [answer] = served(loaded(), page.watch_request(2, "OO", 60))
    result = page.read_game(answer["game"], lab.Rules.of(SMALL))
    view.show_game(result, answer["left"])
    assert [row.letters for row in view.watched] == list(result.guesses) == ["BB", "GG", "OO"]
    assert [row.left for row in view.watched] == answer["left"] == [4, 1, 1]
    assert view.watched_text == f"Secret OO: found in {len(result.guesses)} guesses."
    view.edit_watch("ZZ")
    assert view.watch_code() is None and view.status.startswith("Secret to watch:")


def test_the_secret_to_watch_is_read_in_the_language_s_letters():
    """It is shown in the language's letters (here B is J and G is I): typed back so, it is the code."""
    from mastermind.i18n import use

    from .languages import Fake

    use(Fake({"Blue": "J", "Green": "I", "Orange": "A"}), "xx")
    view = played_view()
    view.finished()
    worst = lab.Score.of(view.games, lab.Rules.of(SMALL)).worst_secret
    assert view.watch_secret == worst.translate(str.maketrans("BGO", "JIA"))
    assert view.watch_code() == worst


# The view's words, each state's


def test_the_view_starts_with_its_prompt_and_says_the_limit_of_a_guess():
    view = page.LabView(SMALL, FIRST)
    assert view.status == "Write a strategy in Python, then press Run to score it on every secret." == view.prompt
    assert view.intro.endswith("each guess may take 60 s.") and view.intro.startswith("A strategy is a Python function guess(history, rules)")
    assert (view.score_note, view.figures, view.bars, view.progress) == ("No run yet.", [], [], (0, 0))
    view.edit_source("x = 1\n")
    assert view.source == "x = 1\n"


def test_the_watchdog_waits_the_limit_a_beat_and_a_margin():
    assert page.guess_wait(2.0) == 2.0 + page.BEAT_SECONDS + page.MARGIN == 3.25


def test_the_progress_says_the_secrets_played_and_the_mean_so_far():
    view = page.LabView(SMALL, FIRST)
    view.start()
    assert view.progress_text == "0 of 9 secrets"
    view.loaded()
    games = list(lab.play(lab.load(FIRST), lab.Rules.of(SMALL)))[:4]
    view.played(games)
    mean = lab.Score.of(games, lab.Rules.of(SMALL)).mean
    assert view.progress == (4, 9) and view.progress_text == f"4 of 9 secrets, mean so far {mean:.3f}"


def test_a_run_refused_while_one_goes_on_or_the_rules_are_wrong():
    view = page.LabView(SMALL, FIRST)
    assert view.start() and view.status == "Loading the strategy..." and view.runs == 1
    assert not view.start() and view.runs == 1
    view.stop()
    view.edit_rule("Colours", "99")
    assert not view.start() and view.status.startswith("Mend the rules first: ") and view.errors["Colours"] in view.status
    assert view.runs == 1 and not view.running


def test_a_rule_changed_is_said_in_words():
    view = page.LabView(SMALL)
    view.edit_rule("Pegs", "3")
    assert view.status == "Rules: 3 pegs, 3 colours, colours may repeat."
    view.edit_rule("Colours may repeat", "No")
    assert view.status == "Rules: 3 pegs, 3 colours, no colour twice."
    view.edit_rule("Pegs", "1")
    assert view.status == "Rules: 1 peg, 3 colours, no colour twice."
    view.edit_rule("Colours", "1")
    assert view.status == f"Rules not changed. Colours: {view.errors['Colours']}" and view.errors["Colours"][0].isupper()
    assert view.config == Config(pegs=1, colors=3, allow_duplicates=False)


@pytest.mark.parametrize(("state", "said"), [
    ("loading", "The strategy did not finish loading within 10 s."),
    ("comparing", "The computer players took too long; they were not scored."),
    ("scoring", "No answer within 60 s; the game was stopped."),
])
def test_the_watchdog_ending_the_worker_is_said_for_each_state(state, said):
    view = played_view()
    view.state = state
    view.timed_out()
    assert view.status == said and not view.running
    assert view.problem == (said if state == "loading" else "")


def test_a_message_the_strategy_posts_is_said_once_a_run():
    view = played_view()
    assert view.junk() and view.status == "The strategy posted a message to the page; it was ignored."
    view.status = "later"
    assert not view.junk() and view.status == "later"
    view.finished()
    assert view.status.endswith(". The strategy posted a message to the page; it was ignored.")
    assert view.status.startswith("Scored: mean ")
    view.stop()
    view.start()
    assert view.junk()  # a new run: news again


def test_the_comparison_shows_the_computers_being_scored_then_their_figures():
    view = played_view()
    view.finished()
    assert [(line.name, line.mean, line.source) for line in view.comparison][1:] == [
        ("HAL9000", "...", "being scored"), ("VIKI", "...", "being scored")]
    hal = list(lab.play(lab.computer("HAL9000"), lab.Rules.of(SMALL)))
    view.compared("HAL9000", hal)
    assert view.state == "comparing" and view.to_compare == ["VIKI"]
    line = view.comparison[1]
    score = lab.Score.of(hal, lab.Rules.of(SMALL))
    assert line == page.Compared("HAL9000", f"{score.mean:.3f}", str(score.worst), "the same secrets")
    assert view.comparison[0].name == "Your strategy" and view.comparison[0].source == "this run"


def test_stop_while_the_computers_are_scored_keeps_the_run_and_stop_idle_does_nothing():
    view = played_view()
    view.finished()
    score = view.score
    view.stop()
    assert view.status == "Stopped before the computer players were scored." and view.score is score and not view.partial
    view.stop()
    assert view.status == "Stopped before the computer players were scored."


def test_stop_before_any_game_has_no_score():
    view = page.LabView(SMALL, FIRST)
    view.start()
    view.stop()
    assert view.score is None and view.partial and view.status == "Stopped after 0 of 9 secrets."


def test_a_game_too_slow_only_counts_while_scoring_and_the_last_ends_the_run():
    view = page.LabView(SMALL, FIRST)
    view.start()
    assert not view.too_slow() and view.games == []  # still loading: no game is going on
    view.loaded()
    view.played(list(lab.play(lab.load(FIRST), lab.Rules.of(SMALL)))[:8])
    assert not view.too_slow()  # the last secret: nothing left to go on with
    sentence = "No answer within 60 s; the game was stopped and the run went on with the next secret."
    assert view.progress == (9, 9) and view.games[-1] == lab.GameResult(view.secrets.codes[8], (), False, lab.Problem("slow", sentence))
    assert not view.too_slow() and view.progress == (9, 9)


def test_a_watched_game_not_won_says_why():
    view = played_view()
    view.finished()
    rules = lab.Rules.of(SMALL)
    view.show_game(lab.GameResult("OO", ("BB",) * 12, False), [4] * 12)
    assert view.watched_text == "Secret OO: not found; the guesses ran out." == view.status
    problem = lab.Problem("exception", "The strategy raised ValueError on line 2.", 2)
    view.show_game(lab.GameResult("GO", ("BB",), False, problem), [4])
    assert view.watched_text == "Secret GO: not found; The strategy raised ValueError on line 2."
    assert len(view.watched) == 1 and view.watched[0].left == 4 and rules.config == SMALL
    view.show_game(lab.GameResult("BB", ("BB",), True), [1])
    assert view.watched_text == "Secret BB: found in 1 guess."


# The page's side: each check, on both sides of its bound


def refused_as(message: object, expected: int | None = 1, rules: lab.Rules | None = None) -> str | None:
    try:
        page.read(message if not isinstance(message, dict) else json.dumps(message), expected, rules)
    except page.ProtocolError as error:
        return error.what
    return None


@pytest.mark.parametrize(("message", "what"), [
    (None, "not a text"),
    ({"kind": 3}, "kind"),
    ({"kind": "failed"}, "sentence"),
    ({"kind": "failed", "sentence": "x" * page.LONGEST_TEXT}, None),
    ({"kind": "failed", "sentence": "x" * (page.LONGEST_TEXT + 1)}, "sentence"),
    ({"kind": "ready"}, None),
    ({"kind": "error"}, "sentence"),
    ({"kind": "error", "id": 7, "sentence": "bad request"}, None),  # an error answers any request
    ({"kind": "ok"}, "id"),
    ({"kind": "problem", "id": 1, "sentence": "x"}, None),
    ({"kind": "problem", "id": 1, "sentence": "x", "line": 0}, None),
    ({"kind": "problem", "id": 1, "sentence": "x", "line": True}, "line"),
    ({"kind": "problem", "id": 1, "sentence": "x", "line": 2.0}, "line"),
    ({"kind": "code", "id": 1}, "code"),
    ({"kind": "code", "id": 1, "code": "BB"}, None),
    ({"kind": "progress", "id": 1, "done": 0, "total": 9}, "games"),
    ({"kind": "progress", "id": 1, "done": 0, "total": 9, "games": []}, None),
    ({"kind": "progress", "id": 1, "done": 0, "games": []}, "total"),
    ({"kind": "result", "id": 1, "games": []}, "score"),
    ({"kind": "result", "id": 1, "games": [], "score": {}}, None),
    ({"kind": "game", "id": 1, "left": []}, "game"),
    ({"kind": "game", "id": 1, "game": {}}, "game"),
    ({"kind": "game", "id": 1, "game": {"guesses": ["BG", "GG"]}, "left": [3, 1]}, None),
    ({"kind": "game", "id": 1, "game": {"guesses": ["GG"]}, "left": [True]}, "left"),
    ({"kind": "game", "id": 1, "game": {"guesses": ["BG", "GG"]}, "left": [3]}, "left"),  # a count for every guess
    ({"kind": "game", "id": 1, "game": {"guesses": ["GG"]}, "left": [3, 1]}, "left"),
    ({"kind": "game", "id": 1, "game": {"guesses": "GG"}, "left": [1]}, "game"),
])
def test_each_message_is_read_or_refused_by_its_own_check(message, what):
    assert refused_as(message) == what


def test_an_error_of_a_request_without_a_number_answers_none():
    assert page.read('{"kind": "error", "sentence": "bad request", "id": "3"}', 1).id is None
    assert page.read('{"kind": "error", "sentence": "bad request", "id": 3}', 1).id == 3
    assert page.read('{"kind": "beat"}', 1) == page.Message("beat", None, {"kind": "beat"})


def test_a_message_longer_than_the_page_reads_is_refused_unparsed():
    padding = " " * (page.LONGEST_MESSAGE - len('{"kind": "ready"}'))
    assert refused_as('{"kind": "ready"}' + padding) is None
    assert refused_as('{"kind": "ready"}' + padding + " ") == "not a text"


@pytest.mark.parametrize(("changes", "what"), [
    ({}, None),
    ({"seconds": 0}, None),
    ({"seconds": 1e9 - 1}, None),
    ({"seconds": 1e9}, "seconds"),
    ({"seconds": True}, "seconds"),
    ({"seconds": "1"}, "seconds"),
    ({"guesses": ("GG",) * 11 + ("BB",), "won": True}, None),  # as many guesses as the rules allow
    ({"guesses": ("GG",) * 12, "won": False}, None),
    ({"guesses": "BB"}, "guesses"),
    ({"guesses": [], "won": False}, None),
    ({"guesses": [], "won": True}, "won"),
    ({"won": 1}, "won"),
    ({"guesses": ["GG"], "won": False, "problem": {"kind": "illegal", "sentence": "x", "line": None}}, None),
    ({"guesses": ["GG"], "won": False, "problem": {"kind": "exception", "sentence": "x", "line": 3}}, None),
    ({"guesses": ["GG"], "won": False, "problem": {"kind": "slow", "sentence": "x"}}, None),
    ({"guesses": ["GG"], "won": False, "problem": {"kind": "slow"}}, "sentence"),
    ({"guesses": ["GG"], "won": False, "problem": {"kind": "slow", "sentence": "x", "line": -1}}, "line"),
    ({"guesses": ["GG"], "won": False, "problem": ["slow"]}, "problem"),
    ({"secret": 5}, "secret"),
])
def test_each_game_is_read_or_refused_by_its_own_check(changes, what):
    assert refused_as({"kind": "result", "id": 1, "games": [{**game(), **changes}], "score": {}}, 1, lab.Rules.of(SMALL)) == what


def test_a_game_read_is_the_game_sent():
    problem = {"kind": "exception", "sentence": "boom", "line": 3}
    sent = game(secret="GO", guesses=("BB", "GG"), won=False, problem=problem, seconds=0.5)
    message = page.read(json.dumps({"kind": "game", "id": 1, "game": sent, "left": [4, 1]}), 1, lab.Rules.of(SMALL))
    assert page.read_games(message.data, lab.Rules.of(SMALL)) == [
        lab.GameResult("GO", ("BB", "GG"), False, lab.Problem("exception", "boom", 3), 0.5)]


# The worker's side: each request's own values

SLEEPY = "import time\ndef guess(history, rules):\n    time.sleep(0.01)\n    return 'BB'\n"


def test_a_score_holds_the_strategy_to_the_requests_limit_and_a_computer_to_its_own():
    slow = served(loaded(SLEEPY), page.score_request(2, page.STRATEGY, limit=0.001))
    assert slow[-1]["score"]["slow"] == 9
    computer = served(loaded(SLEEPY), page.score_request(2, "HAL9000", limit=0.0))
    assert computer[-1]["score"]["slow"] == 0 and computer[-1]["score"]["not_won"] == 0


def test_a_score_from_a_later_secret_counts_its_progress_from_there():
    answers = served(loaded(), page.score_request(2, page.STRATEGY, start=6, limit=60))
    assert [(answer["kind"], answer.get("done")) for answer in answers] == [("progress", 7), ("progress", 8), ("result", None)]
    assert [game["secret"] for game in answers[-1]["games"]] == [lab.every_code(lab.Rules.of(SMALL))[-1]]
    [done] = served(loaded(), page.score_request(2, page.STRATEGY, start=9, limit=60))
    assert done["kind"] == "result" and done["games"] == [] and done["score"]["games"] == 0


def test_a_strategy_that_fails_to_load_replaces_the_one_loaded_before():
    worker = loaded()
    assert served(worker, page.load_request(2, "def guess(history, rules)\n", SMALL))[0]["kind"] == "problem"
    for request in (page.guess_request(3, []), page.score_request(3, page.STRATEGY), page.watch_request(3, "BB")):
        assert served(worker, request) == [{"id": 3, "kind": "error", "sentence": "bad request: ValueError: no strategy loaded"}]
    assert served(worker, page.score_request(4, "VIKI", limit=60))[-1]["kind"] == "result"  # the computers need no strategy


def test_a_guess_is_held_to_the_requests_limit():
    [answer] = served(loaded(SLEEPY), page.guess_request(2, [], limit=0.001))
    assert answer["kind"] == "problem" and answer["problem"] == "slow" and answer["line"] is None
    [answer] = served(loaded(SLEEPY), page.watch_request(2, "BB", limit=0.001))
    assert answer["game"]["problem"]["kind"] == "slow" and not answer["game"]["won"] and answer["left"] == []  # its guess came too late: none counted


def test_a_request_of_another_kind_is_refused_by_name():
    worker = page.Worker(lambda: None)
    assert served(worker, json.dumps({"id": 4, "kind": "__init__"})) == [
        {"id": 4, "kind": "error", "sentence": "bad request: ValueError: no request '__init__'"}]
    assert served(worker, json.dumps({"kind": "load"}))[0] == {"id": None, "kind": "error", "sentence": "bad request: KeyError: 'id'"}


def test_a_label_that_is_no_rule_is_refused_in_words():
    """The screen only sends its fields' labels; another (here the screen's title) is refused, not raised."""
    view = page.LabView(SMALL)
    view.edit_rule("Lab", "3")
    assert view.errors == {"Lab": "Not a rule of this page."} and view.config == SMALL
    assert view.status == "Rules not changed. Lab: Not a rule of this page."
    view.edit_rule("Lab", "3")
    assert view.errors == {"Lab": "Not a rule of this page."}


def test_a_watched_secret_is_written_with_the_rules_palette():
    """Maroon and Magenta share the letter M: the rules' palette (Maroon) decides how it is written."""
    from mastermind.i18n import use

    from .languages import Fake

    use(Fake({"Blue": "J", "Maroon": "X", "Magenta": "Y"}), "xx")
    view = page.LabView(Config(pegs=2, colors=["Blue", "Maroon"]))
    view.start()
    view.show_game(lab.GameResult("MM", ("BM", "MM"), True), [1, 1])
    assert view.watched_text == "Secret XX: found in 2 guesses."
    view.show_game(lab.GameResult("MB", ("BM",), False), [1])
    assert view.watched_text == "Secret XJ: not found; the guesses ran out."


def test_a_secret_to_watch_that_is_no_code_is_refused_with_its_reason():
    view = played_view()
    view.edit_watch("ZZ")
    assert view.watch_code() is None and view.status == "Secret to watch: Z is not in the palette (B G O)."
    view.edit_watch("B")
    assert view.watch_code() is None and view.status == "Secret to watch: A code has 2 pegs, this has 1."


def test_a_guess_answers_the_strategy_s_code_for_the_history_given():
    rules = lab.Rules.of(SMALL)
    for history in ([["BB", 0, 0]], [["BG", 1, 0]], [["BG", 0, 2]], [["BG", 1, 0], ["BO", 0, 0]]):
        expected = lab.possible([lab.Move(code, black, white) for code, black, white in history], rules)[0]
        assert served(loaded(), page.guess_request(2, history)) == [{"id": 2, "kind": "code", "code": expected}]


def test_a_watched_game_is_guarded_like_a_scored_one(monkeypatch):
    beats = []
    worker = page.Worker(lambda: beats.append(1))
    served(worker, page.load_request(1, FIRST, SMALL))
    now = [worker.said + page.BEAT_SECONDS]
    monkeypatch.setattr(page.time, "monotonic", lambda: now[0])
    [answer] = served(worker, page.watch_request(2, "OO", 60))
    assert answer["kind"] == "game" and beats == [1]


def test_a_run_s_worst_secret_is_offered_to_watch_in_the_rules_palette():
    from mastermind.i18n import use

    from .languages import Fake

    use(Fake({"Blue": "J", "Maroon": "X", "Magenta": "Y"}), "xx")
    config = Config(pegs=1, colors=["Blue", "Maroon"])
    view = page.LabView(config, FIRST)
    view.start()
    view.loaded()
    view.played(lab.play(lab.load(FIRST), lab.Rules.of(config)))
    view.finished()
    assert view.score.worst_secret == "M" and view.watch_secret == "X"


def test_the_first_problem_s_line_is_shown_in_the_editor():
    source = "def guess(history, rules):\n    if history:\n        raise ValueError('no')\n    return 'BB'\n"
    view = played_view(source)
    view.finished()
    assert view.error_line == 3
    assert view.problem.startswith("First problem, secret ") and "ValueError: no on line 3" in view.problem


def test_a_new_view_holds_nothing_of_a_run():
    view = page.LabView(SMALL, FIRST)
    assert (view.source, view.problem, view.watch_secret, view.watched, view.watched_text, view.error_line) == (FIRST, "", "", [], "", None)
    assert (view.state, view.runs, view.score, view.games, view.partial, view.config) == ("idle", 0, None, [], False, SMALL)
    assert view.junk()  # nothing posted yet: news
    assert (page.LabView().config, page.LabView().source) == (Config(), "")


def test_each_run_is_counted_and_starts_clean():
    view = played_view()
    view.finished()
    view.show_game(view.games[0], [1])
    view.stop()
    assert view.start() and view.runs == 2
    assert (view.watched, view.watched_text, view.problem, view.games, view.score) == ([], "", "", [], None)


def test_every_wrong_rule_is_named_before_a_run():
    view = page.LabView(SMALL)
    view.edit_rule("Pegs", "12")
    view.edit_rule("Colours", "1")
    assert not view.start()
    assert view.status == "Mend the rules first: Must be from 1 to 8, not 12. Must be from 2 to 10, not 1."


def test_the_first_problem_names_its_secret_in_the_rules_palette():
    from mastermind.i18n import use

    from .languages import Fake

    use(Fake({"Blue": "J", "Maroon": "X", "Magenta": "Y"}), "xx")
    config = Config(pegs=1, colors=["Blue", "Maroon"])
    view = page.LabView(config, "def guess(history, rules):\n    return 'Q'\n")
    view.start()
    view.loaded()
    view.played(lab.play(lab.load(view.source), lab.Rules.of(config), ("M",)))
    view.finished()
    assert view.problem.startswith("First problem, secret X: ")


def test_a_result_carries_the_score_s_figures_by_name():
    answers = served(loaded(), page.score_request(2, page.STRATEGY, limit=60))
    expected = lab.score(lab.load(FIRST), lab.Rules.of(SMALL))
    figures = {name: value for name, value in vars(expected).items() if name not in ("problem", "seconds")}
    figures["histogram"] = [list(pair) for pair in expected.histogram]
    sent = answers[-1]["score"]
    assert {name: value for name, value in sent.items() if name != "seconds"} == figures and sent["seconds"] >= 0


def test_loading_and_scoring_are_guarded_too(monkeypatch):
    beats = []
    worker = page.Worker(lambda: beats.append(1))
    now = [worker.said + page.BEAT_SECONDS]
    monkeypatch.setattr(page.time, "monotonic", lambda: now[0])
    served(worker, page.load_request(1, FIRST, SMALL))
    assert beats == [1]  # the module's loading is guarded: a beat after the silence
    now[0] += page.BEAT_SECONDS
    served(worker, page.score_request(2, page.STRATEGY, limit=60))
    assert beats == [1, 1]  # the first guess after a silence beats; the guesses after it need not

    def slow_clock() -> float:  # every guess comes after a silence: every guess beats
        now[0] += page.BEAT_SECONDS
        return now[0]

    monkeypatch.setattr(page.time, "monotonic", slow_clock)
    answers = served(worker, page.score_request(3, page.STRATEGY, limit=60))
    assert len(beats) > 2 + 9  # more guesses than games, each with its beat
    assert answers[-1]["score"]["exceptions"] == 0 and answers[-1]["score"]["not_won"] == 0


def test_a_game_s_problem_travels_whole():
    source = "def guess(history, rules):\n    if history:\n        raise ValueError('no')\n    return 'BB'\n"
    [answer] = served(loaded(source), page.watch_request(2, "GG", 60))
    played = lab.play_one(lab.load(source), lab.Rules.of(SMALL), "GG")
    assert answer["game"]["problem"] == {"kind": "exception", "sentence": played.problem.sentence, "line": 3}
    assert page.read_game(answer["game"], lab.Rules.of(SMALL)).problem == played.problem


def test_a_message_read_keeps_its_kind_its_request_and_its_values():
    rules = lab.Rules.of(SMALL)
    assert page.read('{"kind": "ok", "id": 1}', 1, rules) == page.Message("ok", 1, {"kind": "ok", "id": 1})
    error = {"kind": "error", "id": 7, "sentence": "bad request"}
    assert page.read(json.dumps(error), 1, rules) == page.Message("error", 7, error)
    assert page.read_games({"kind": "ok", "id": 1}, rules) == []


@pytest.mark.parametrize("bad", ["a game", game(secret="XX"), game(guesses=("QQ",), won=False), game(secret="B")])
def test_a_game_of_no_legal_codes_is_refused_as_games(bad):
    assert refused_as({"kind": "result", "id": 1, "games": [bad], "score": {}}, 1, lab.Rules.of(SMALL)) == "games"
