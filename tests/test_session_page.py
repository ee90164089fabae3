"""The Solo page's features beyond the board as session actions (mastermind.page.session,
session_actions, session_parts): each reply part and effect is checked against what the page's
models answer."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import CodeError, Config, Game
from mastermind.challenge import Challenge
from mastermind.page import backup, engine, storage
from mastermind.page import session_parts as parts
from mastermind.page.address import challenge_url
from mastermind.page.appearance import peg_paint, root_attributes, share_copied
from mastermind.page.challenge_words import (
    CLIPBOARD_REFUSED,
    LINK_COPIED,
    challenge_made,
    challenge_rules,
    code_refusal,
    reply_link,
    reply_shown,
)
from mastermind.page.daily import daily_game, next_daily
from mastermind.page.records import (
    IMPORTED_SAY,
    KEPT_WORDS,
    REVIEW_NOTE,
    count_line,
    import_question,
    notice_text,
    record_label,
    review_progress,
    review_rows,
    stats_panel,
)
from mastermind.page.session import ACTIONS, PROTOCOL, Endpoint, Mirror, Session
from mastermind.page.session_actions import MessageError
from mastermind.page.session_parts import REVIEW_PROGRESS_MS
from mastermind.page.settings_form import form_preset, form_values, preset_fields, read_form
from mastermind.page.state import ModeGames, Settings
from mastermind.page.stats import Record
from mastermind.page.words import BLOCKED, ENGINE_HERE, KEPT_ASIDE, NOT_IMPORTED, NOT_SAVED, letter_of, name_of, shown
from mastermind.solver.clock import finish

TODAY = "2026-11-27"
NOW = "2026-11-27T18:55:30"
PAGE = "https://example.org/mastermind/"


STORES: dict[int, dict[str, str]] = {}
"""Each session's page storage (by the session's id), where :func:`act` applies its writes."""


def act(session: Session, kind: str, **values: Any) -> dict[str, Any]:
    """Send an action, and apply its reply's writes as the page does."""
    reply = session.handle({"v": PROTOCOL, "action": {"kind": kind, **values}})
    assert "error" not in reply, reply
    return apply(STORES.get(id(session), {}), reply) if id(session) in STORES else reply


def apply(stored: dict[str, str], reply: dict[str, Any]) -> dict[str, Any]:
    """What the page does with a reply's writes (no other tab in between)."""
    for write in reply["writes"]:
        assert stored.get(write["key"]) == write["was"]
        if write["text"] is None:
            stored.pop(write["key"], None)
        else:
            stored[write["key"]] = write["text"]
    return reply


def start(stored: dict[str, str], search: str = "", **start: Any) -> tuple[Session, dict[str, Any]]:
    session = Session.open({"stored": stored, "search": search, "today": TODAY, "page": PAGE, **start})
    STORES[id(session)] = stored
    return session, apply(stored, session.opening())


def effects(reply: dict[str, Any], do: str) -> list[dict[str, Any]]:
    return [effect for effect in reply["effects"] if effect["do"] == do]


def downloaded(session: Session, reply: dict[str, Any]) -> dict[str, Any]:
    """The reply's ``download`` effect with its file's type and text, which the page's worker
    posts beside the reply (:meth:`Endpoint.take_files`), never in it."""
    [effect] = effects(reply, "download")
    [(number, kind, text)] = session.take_files()
    assert set(effect) == {"do", "name", "file"} and number == effect["file"]
    return {**effect, "type": kind, "text": text}


def play(session: Session, stored: dict[str, str], *guesses: str) -> dict[str, Any]:
    reply: dict[str, Any] = {}
    for guess in guesses:
        for key in [*guess, "Enter"]:
            reply = act(session, "press", key=key)
    return reply


def in_progress(session: Session) -> list[str]:
    """Two guesses that do not win the game on the board (its secret was drawn at random)."""
    secret = str(session.view.game.secret)
    return [guess for guess in ("RGBY", "GGBB", "OOPP") if guess != secret][:2]


def saved_settings(**changes: Any) -> dict[str, str]:
    return {storage.SETTINGS.key: storage.envelope(storage.SETTINGS, Settings(**changes), 1)}


def engine_answer(effect: dict[str, Any]) -> dict[str, Any]:
    """What the engine's worker answers a relayed request (the same jobs, run here)."""
    work, _done = engine.JOBS[effect["request"]["kind"]](effect["request"])
    return dict(finish(work))


# The end of a game: Share, the reply link, the review


def test_a_won_daily_offers_its_share_texts_and_the_sentences_of_each_outcome() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored)
    act(session, "daily", today=TODAY)
    secret = str(daily_game(dt.date(2026, 11, 27)).secret)
    reply = play(session, stored, secret)
    share = reply["parts"]["share"]
    view = session.view
    assert share["forms"]["grid"] == {"text": view.share, "copied": share_copied("grid")}
    assert share["forms"]["text"] == {"text": view.share_spoken, "copied": share_copied("text")}
    assert share["forms"]["grid"]["text"].startswith("Mastermind daily 2026-11-27")
    assert act(session, "shared", outcome="copied", form="text")["status"] == share_copied("text")
    assert act(session, "shared", outcome="aborted", form="grid")["status"] == (
        "Not shared: your result is shown below the board, ready to copy.")
    assert session.handle({"v": PROTOCOL, "action": {"kind": "shared", "outcome": "eaten", "form": "grid"}})["error"]
    assert [end["key"] for end in reply["board"]["end"]] == ["new-game", "share", "review"]


def test_a_friends_challenge_shared_ends_with_the_link_that_replies_to_its_maker() -> None:
    made = Challenge.make(Config(), "RGBY")
    stored: dict[str, str] = {}
    session, opened = start(stored, f"?challenge={made.token}")
    assert opened["status"].startswith(f"Challenge {made.name} from a friend")
    reply = play(session, stored, "RGBY")
    link = reply_link(PAGE, made, session.view.game)
    assert link is not None and PAGE in link
    assert reply["parts"]["share"]["forms"]["grid"]["text"] == f"{session.view.share}\n{link}"
    assert "share" not in act(session, "delete")["parts"]  # unchanged: not sent again


def test_no_share_while_the_game_goes_on() -> None:
    _session, opened = start({}, "?seed=1")
    assert opened["parts"]["share"] is None and opened["parts"]["review"] is None


def test_review_is_relayed_to_the_engine_and_its_answer_drawn_as_the_page_draws_it() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    secret = str(session.view.game.secret)
    play(session, stored, "RGBY", secret)
    asked = act(session, "review")
    [effect] = effects(asked, "engine")
    game = session.view.game
    assert effect["request"] == json.loads(json.dumps(engine.review_request(game.config, game.secret, game.history)))
    assert effect["progress"] == [review_progress(done, 2) for done in range(3)]
    assert [end["key"] for end in asked["board"]["end"]] == ["new-game", "share"]  # asked once
    assert effects(act(session, "review"), "engine") == []
    review = act(session, "engine", id=effect["id"], answer=engine_answer(effect))["parts"]["review"]
    figures = engine.read_review(engine_answer(effect), game.config)
    assert review["rows"] == [list(row) for row in review_rows(figures, [turn.guess for turn in game.history])]
    assert review["summary"] == figures.summary() and review["headers"][1] == "Your guess"
    assert act(session, "engine", id=effect["id"], answer={})["parts"] == {}  # answered already: nothing more to draw
    assert act(session, "new-game")["parts"]["review"] is None  # about the game left


def test_the_assist_counts_each_position_and_a_hint_comes_from_the_engine() -> None:
    stored = saved_settings(assist=True)
    session, opened = start(stored, "?seed=1")
    [count] = effects(opened, "engine")
    assert opened["parts"]["assist"] == {"hint": True, "hint_disabled": False, "count": "Counting the codes still possible..."}
    counted = act(session, "engine", id=count["id"], answer=engine_answer(count))
    assert counted["parts"]["assist"]["count"] == count_line(engine.read_count(engine_answer(count))) == "1,296 codes still possible."
    reply = play(session, stored, "RGBY")
    [recount] = effects(reply, "engine")
    assert recount["request"]["kind"] == "count" and recount["request"]["history"] == [["RGBY", 1, 2]]
    thinking = act(session, "hint")
    assert thinking["status"] == "Thinking of a hint..." and thinking["parts"]["assist"]["hint_disabled"]
    [hint] = effects(thinking, "engine")
    assert act(session, "hint")["effects"] == []  # one hint at a time
    hinted = act(session, "engine", id=hint["id"], answer=engine_answer(hint))
    assert hinted["status"].startswith("Hint: ") and "assisted" in hinted["status"]
    assert [slot["color"]["letter"] for slot in hinted["board"]["slots"]] == list(engine_answer(hint)["code"])
    assert not hinted["parts"]["assist"]["hint_disabled"]


def test_an_engine_answer_about_a_position_left_is_dropped() -> None:
    stored = saved_settings(assist=True)
    session, opened = start(stored, "?seed=1")
    [count] = effects(opened, "engine")
    play(session, stored, "RGBY")
    reply = act(session, "engine", id=count["id"], answer={"value": 5, "exact": True})
    assert reply["parts"].get("assist", {}).get("count") != "5 codes still possible."


def test_the_reviews_figures_are_asked_ahead_from_the_second_guess_so_review_takes_them_over() -> None:
    stored: dict[str, str] = {}
    session, opened = start(stored, "?seed=1")
    assert effects(opened, "engine") == []
    assert effects(play(session, stored, "RRGG"), "engine") == []  # the first guess's figures are the table's
    second = play(session, stored, "BOYP")
    [ahead] = effects(second, "engine")
    game = session.view.game
    assert ahead == {"do": "engine", "id": None, "lane": "review",
                     "request": json.loads(json.dumps(engine.ahead_request(game.config, game.history)))}
    assert engine.lane(ahead["request"]) == "review" and engine_answer(ahead) == {"figured": 2}
    assert effects(act(session, "delete"), "engine") == []  # the same position: not asked again
    [third] = effects(play(session, stored, str(game.secret)), "engine")
    assert third["id"] is None and len(third["request"]["history"]) == 3
    [review] = effects(act(session, "review"), "engine")
    assert review["lane"] == third["lane"] and review["id"] is not None  # the review takes the work ahead over
    assert act(session, "engine", id=review["id"], answer=engine_answer(review))["parts"]["review"]["rows"]
    assert effects(act(session, "new-game"), "engine") == []  # a fresh game has no second guess yet


def test_a_kept_game_of_two_guesses_has_its_figures_asked_ahead_as_it_opens() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, "RRGG", "BOYP")
    _again, reopened = start(stored)
    [ahead] = effects(reopened, "engine")
    assert ahead["request"]["kind"] == "ahead" and len(ahead["request"]["history"]) == 2


def test_each_engine_request_names_its_lane_and_a_lost_engine_worker_is_said() -> None:
    stored = saved_settings(assist=True)
    session, opened = start(stored, "?seed=1")
    [count] = effects(opened, "engine")
    [hint] = effects(act(session, "hint"), "engine")
    assert (count["lane"], hint["lane"]) == ("count", "hint")
    before = session.view.status
    assert act(session, "engine-here")["status"] == f"{ENGINE_HERE} {before}"
    assert act(session, "engine", id=count["id"], answer=engine_answer(count))["status"] is None  # the region keeps it
    assert session.view.status.startswith(ENGINE_HERE)
    assert act(session, "engine", id=hint["id"], answer=engine_answer(hint))["status"].startswith("Hint: ")


@pytest.mark.parametrize(("kind", "answer"), [
    ("hint", {"code": 5}), ("hint", {"code": "ZZZZ"}), ("hint", {}), ("count", {"value": "many"}), ("count", {"value": 1}),
    ("review", {"rows": [None], "start": "x", "remaining": None}), ("review", {"rows": 3}),
])
def test_an_engine_answer_of_another_shape_is_refused_and_the_board_stays(kind: str, answer: dict[str, Any]) -> None:
    stored = saved_settings(assist=True)
    session, _opened = start(stored, "?seed=1")  # the count is asked at once
    if kind == "review":
        play(session, stored, str(session.view.game.secret))  # an assisted game's review is asked as it ends
    elif kind == "hint":
        act(session, "hint")
    [number] = [number for number, (asked, _position) in session.jobs.items() if asked == kind]
    board = act(session, "delete")["board"]
    reply = session.handle({"v": PROTOCOL, "action": {"kind": "engine", "id": number, "answer": answer}})
    assert reply["error"].startswith("engine: an answer of another shape")
    assert act(session, "delete")["board"] == board


# The first visit, notices, keeping the data


def test_a_first_visit_opens_how_to_play_once() -> None:
    stored: dict[str, str] = {}
    _session, opened = start(stored)
    assert {"do": "open", "dialog": "help"} in opened["effects"] and storage.WELCOMED.key in stored
    assert {"do": "open", "dialog": "help"} not in start(stored)[1]["effects"]
    assert {"do": "open", "dialog": "help"} not in start({}, welcomed=True)[1]["effects"]  # opened by shell.js already
    assert {"do": "open", "dialog": "help"} not in start({}, "?seed=4")[1]["effects"]  # a link's game


def test_damaged_data_is_said_in_the_banner_and_kept_aside() -> None:
    stored = {storage.SETTINGS.key: "{not json"}
    _session, opened = start(stored)
    [notice] = effects(opened, "notice")
    assert notice["text"] == notice_text(opened["notices"])
    assert KEPT_ASIDE in opened["notices"]
    assert "{not json" in stored[storage.DAMAGED.key]
    assert opened["status"].startswith("Some saved data could not be read")


def test_a_write_the_browser_refuses_is_said_and_written_again_with_the_next_change() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, "RGBY")
    before = stored[storage.SOLO.key]
    for key in "gbyo":  # composing writes nothing; the guess scored does
        assert act(session, "press", key=key)["writes"] == []
    scored = session.handle({"v": PROTOCOL, "action": {"kind": "press", "key": "Enter"}})  # not applied: the browser throws
    [write] = [write for write in scored["writes"] if write["key"] == storage.SOLO.key]
    assert write["was"] == before
    told = act(session, "not-stored", key=storage.SOLO.key, was=before)  # QuotaExceededError on the main thread
    assert told["status"].endswith(NOT_SAVED) and told["writes"] == []  # not again at once: the page would throw again
    again = act(session, "press", key="o")  # the next change: this tab's game is written again
    [write] = [write for write in again["writes"] if write["key"] == storage.SOLO.key]
    assert write["was"] == before and len(json.loads(write["text"])["data"]["guesses"]) == 2


def test_storage_blocked_keeps_the_game_in_the_worker_and_asks_the_page_to_store_nothing() -> None:
    session, opened = start({}, "?seed=1", blocked=True)
    assert opened["writes"] == [] and opened["notices"] == [BLOCKED]
    secret = str(session.view.game.secret)
    for key in [*secret, "Enter"]:
        reply = act(session, "press", key=key)
        assert reply["writes"] == []  # the page would throw on each
    assert reply["board"]["over"] and reply["board"]["won"]
    assert [record.won for record in session.view.saved.records.values()] == [1]  # counted, in the worker only


def test_the_browser_is_asked_to_keep_the_data_once_there_is_something_to_lose() -> None:
    stored: dict[str, str] = {}
    session, opened = start(stored, "?seed=1", persist=True)
    assert effects(opened, "persist") == [{"do": "persist", "ask": False}]
    assert opened["parts"]["data"]["kept"] == KEPT_WORDS["unasked"]
    secret = str(session.view.game.secret)
    reply = play(session, stored, secret)
    assert effects(reply, "persist") == [{"do": "persist", "ask": True}]
    assert effects(act(session, "new-game"), "persist") == []
    assert act(session, "kept", state="granted")["parts"]["data"]["kept"] == KEPT_WORDS["granted"]
    assert effects(start({}, persist=False)[1], "persist") == []
    assert start({}, blocked=True)[1]["parts"]["data"]["kept"] == KEPT_WORDS["blocked"]


# The settings form


def test_the_settings_form_is_filled_and_checked_as_the_page_does() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    opened = act(session, "open-settings")
    assert effects(opened, "fill") == [{"do": "fill", "fields": form_values(Settings())}]
    assert effects(opened, "errors")[0]["errors"] == dict.fromkeys(form_values(Settings()), "")
    assert effects(opened, "open") == [{"do": "open", "dialog": "settings"}]
    assert effects(act(session, "preset", name="Super"), "fill")[0]["fields"] == preset_fields("Super")
    fields = {**form_values(Settings()), "pegs": "5", "colors": "8"}
    assert effects(act(session, "rule-field", fields=fields), "fill")[0]["fields"] == {"preset": form_preset(fields)} == {
        "preset": "Super"}
    wrong = {**form_values(Settings()), "pegs": "nine", "guesses": "0"}
    refused = act(session, "save-settings", fields=wrong)
    expected = read_form(wrong)[1]
    assert effects(refused, "errors")[0]["errors"] == {**dict.fromkeys(form_values(Settings()), ""), **expected}
    assert effects(refused, "focus") == [{"do": "focus", "field": "pegs"}] and refused["status"].startswith("Settings not saved")
    themed = act(session, "save-settings", fields={**form_values(Settings()), "theme": "dark", "letters": False})
    assert effects(themed, "close") == [{"do": "close", "dialog": "settings"}] and themed["status"] == "Settings saved."
    assert themed["board"]["look"]["root"] == root_attributes(Settings(theme="dark", letters=False))
    assert themed["board"]["look"]["letters"] == "off"
    assert session.handle({"v": PROTOCOL, "action": {"kind": "save-settings", "fields": {"pegs": 5}}})["error"]


def test_new_rules_during_a_game_ask_first_and_a_new_language_reloads() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, "RGBY")
    asked = act(session, "save-settings", fields={**form_values(Settings()), "pegs": "5"})
    assert asked["ask"] and asked["board"]["pegs"] == 4 and effects(asked, "close") == []
    left = act(session, "leave")
    assert left["board"]["pegs"] == 5 and effects(left, "close") == [{"do": "close", "dialog": "settings"}]
    assert left["status"].startswith("The game you left counts as a loss. Settings saved. New game: 5 pegs")
    spoken = act(session, "save-settings", fields={**form_values(session.view.settings), "language": "fr"})
    assert effects(spoken, "reload") == [{"do": "reload"}]


# Statistics, the daily challenge


def test_statistics_show_the_records_as_the_dialog_does_and_follow_another_tab() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    secret = str(session.view.game.secret)
    ended = play(session, stored, "RGBY", secret)
    assert {"do": "open", "dialog": "stats"} in ended["effects"]  # a counted game's end opens it
    opened = act(session, "open-stats", now=NOW)
    stats = opened["parts"]["stats"]
    panel = stats_panel(session.view.saved.records, session.view.record_key)
    assert (stats["caption"], stats["lines"], stats["chart_note"]) == (panel.caption, [list(line) for line in panel.lines], "")
    assert [bar["text"] for bar in stats["bars"]] == [bar.text for bar in panel.bars]
    assert stats["next_daily"] == next_daily(dt.datetime(2026, 11, 27, 18, 55, 30)) and stats["choices"][0]["checked"]
    other = stats["choices"][1]["key"]
    chosen = act(session, "stats-record", record=other)["parts"]["stats"]
    assert chosen["caption"] == stats_panel({}, other).caption and chosen["choices"][1]["checked"]
    assert session.handle({"v": PROTOCOL, "action": {"kind": "stats-record", "record": "chess"}})["error"]
    ticked = act(session, "tick", now="2026-11-27T18:55:31")
    assert ticked["parts"]["stats"]["next_daily"] == "Next daily challenge in 5:04:29"
    assert act(session, "open-stats", now=NOW)["parts"]["stats"]["next_daily"] == next_daily(dt.datetime(2026, 11, 27, 18, 55, 30))
    there, _ = start(stored)  # another tab wins a game of the same rules: this dialog follows
    play(there, stored, str(there.view.game.secret))
    text = stored[storage.RECORDS.key]
    followed = act(session, "storage", key=storage.RECORDS.key, text=text)["parts"]["stats"]
    assert followed["lines"][0] == ["Games played", "2"]
    assert [list(line) for line in stats_panel(storage.read(storage.RECORDS, text).value, session.view.record_key).lines] == (
        followed["lines"])
    # The dialog's actions say nothing (null status), as the PyScript page's dialog says nothing:
    # the live region is not told the game's status again each second; the board's actions still say.
    assert opened["status"] is None and ticked["status"] is None
    assert act(session, "stats-record", record=other)["status"] is None
    assert act(session, "press", key="r")["status"] == session.view.status != ""


def test_the_daily_and_another_day_ask_before_leaving_a_game_and_a_day_out_of_range_is_refused() -> None:
    stored: dict[str, str] = {}
    session, opened = start(stored, "?seed=1")
    assert opened["parts"]["day"] == {"min": "2026-01-01", "max": TODAY, "value": TODAY}
    daily = act(session, "daily", today=TODAY)
    assert daily["status"].startswith("Daily challenge of") and daily["ask"] is None
    play(session, stored, "RGBY")
    refused = act(session, "choose-day", day="2025-01-01", today=TODAY)
    assert refused["ask"] is None and refused["board"]["refused"] and len(refused["board"]["rows"]) == 1
    asked = act(session, "choose-day", day="2026-11-20", today=TODAY)
    assert asked["ask"] and "daily challenge" in asked["ask"]
    left = act(session, "leave")
    assert left["parts"]["day"]["value"] == "2026-11-20" and left["board"]["rows"] == []
    assert storage.read(storage.DAILY, stored[storage.DAILY.key]).value[TODAY].left
    assert session.handle({"v": PROTOCOL, "action": {"kind": "daily", "today": "soon"}})["error"] == (
        "daily: today must be a date, YYYY-MM-DD")


# Links: a friend's challenge, a reply; Challenge a friend


def test_a_challenge_link_over_a_game_in_progress_asks_first() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, "RGBY")
    made = Challenge.make(Config(), "OOPP")
    linked, opened = start(stored, f"?challenge={made.token}")
    assert opened["ask"] and len(opened["board"]["rows"]) == 1 and {"do": "plain-address"} in opened["effects"]
    assert act(linked, "leave")["status"].startswith(f"The game you left counts as a loss. Challenge {made.name}")
    _session, broken = start({}, f"?challenge={made.token[:-1]}x")
    assert broken["ask"] is None and "Here is a Solo game instead." in broken["status"]


def mode_shown(reply: dict[str, Any]) -> str:
    """The mode a reply shows: its ``mode`` part's, else Solo (the board)."""
    part = reply["parts"].get("mode")
    return part["mode"] if part else "solo"


def test_the_address_is_made_plain_once_read_and_opens_the_mode_it_asks() -> None:
    assert {"do": "plain-address"} in start({}, "?lang=fr")[1]["effects"]
    assert {"do": "plain-address"} not in start({}, "")[1]["effects"]
    assert mode_shown(start({}, "?mode=duel")[1]) == "duel" and mode_shown(start({}, "")[1]) == "solo"
    stored = {storage.MODE_GAMES.key: storage.envelope(storage.MODE_GAMES, ModeGames(active="duel"), 1)}
    assert mode_shown(start(dict(stored))[1]) == "duel"  # left in Duel last time
    start(stored, "?mode=solo")  # Solo asked for: a reload opens it again
    assert storage.read(storage.MODE_GAMES, stored[storage.MODE_GAMES.key]).value.active == "solo"
    assert mode_shown(start(stored)[1]) == "solo"


def test_challenge_a_friend_makes_the_link_or_says_what_is_wrong_with_the_code() -> None:
    session, _opened = start({})
    opened = act(session, "challenge-open")
    assert "challenge" not in opened["parts"]  # as sent in the first reply: the page draws its last copy
    assert session.sent["challenge"] == {"rules": challenge_rules(Settings()), "code": "", "error": "", "link": None, "message": "",
                                         "copied": LINK_COPIED, "refused": CLIPBOARD_REFUSED}
    assert effects(opened, "open") == [{"do": "open", "dialog": "challenge"}]
    drawn = act(session, "challenge-random")["parts"]["challenge"]["code"]
    assert len(drawn) == 4 and set(drawn) <= set("BGOPRY")
    wrong = act(session, "challenge-create", code="RG")
    try:
        session.view.make_challenge("RG")
    except CodeError as error:
        assert wrong["parts"]["challenge"]["error"] == code_refusal(error)
    made = act(session, "challenge-create", code="rgby")
    expected = Challenge.make(Config(), "RGBY")
    assert made["parts"]["challenge"]["link"] == challenge_url(PAGE, expected)
    assert made["parts"]["challenge"]["message"] == challenge_made(expected) and made["parts"]["challenge"]["error"] == ""
    assert effects(made, "select") == [{"do": "select", "field": "challenge-link"}]


# Export and import


def test_export_gives_the_file_to_download_and_import_puts_it_back_after_its_preview() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, str(session.view.game.secret))
    exported = act(session, "export", now="2026-11-27T10:04:00")
    download = downloaded(session, exported)
    assert download["name"] == "mastermind-data-2026-11-27.json" and download["type"] == "application/json"
    assert backup.parse(download["text"]).values == session.tab.values()
    assert exported["parts"]["data"]["message"] == "Your data were saved as mastermind-data-2026-11-27.json."
    fresh: dict[str, str] = {}
    other, _ = start(fresh)
    assert effects(act(other, "import-size", size=len(download["text"])), "read-import") == [{"do": "read-import"}]
    previewed = act(other, "import-text", text=download["text"])
    [preview] = effects(previewed, "import-preview")
    assert preview["lines"] == backup.preview(backup.parse(download["text"]), other.tab.values())
    assert effects(previewed, "open") == [{"do": "open", "dialog": "import-preview"}]
    imported = act(other, "import-confirm")
    replacing = [write["key"] for write in imported["writes"] if write.get("replace")]
    assert sorted(replacing) == sorted(backup.parse(download["text"]).values)  # over whatever the store holds
    assert imported["status"].startswith(IMPORTED_SAY) and imported["parts"]["data"]["message"] == IMPORTED_SAY
    assert storage.read(storage.RECORDS, fresh[storage.RECORDS.key]).value == storage.read(
        storage.RECORDS, stored[storage.RECORDS.key]).value
    assert {"do": "close", "dialog": "settings"} in imported["effects"] and effects(imported, "imported") == []  # drawn in place


def test_an_import_in_another_language_has_the_page_load_again_in_it() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored)
    act(session, "save-settings", fields={**form_values(session.view.settings), "language": "fr"})
    exported = act(session, "export", now="2026-11-27T10:04:00")
    download = downloaded(session, exported)
    other, _ = start({})
    act(other, "import-size", size=len(download["text"]))
    act(other, "import-text", text=download["text"])
    imported = act(other, "import-confirm")
    assert other.view.settings.language == "fr" and effects(imported, "imported") == [{"do": "imported"}]
    assert imported["effects"][-1] == {"do": "imported"}  # last: the page loads again once it did the rest


def test_an_import_refused_says_why_and_stores_nothing() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored)
    before = dict(stored)
    big = act(session, "import-size", size=150_000_000)
    assert big["parts"]["data"]["message"].startswith("Import refused: This file is too large") and big["effects"] == []
    for text, reason in (("{not json", "it is not valid JSON"), (None, "the file could not be read")):
        refused = act(session, "import-text", text=text)
        assert reason in refused["parts"]["data"]["message"] and refused["writes"] == []
    damaged = json.dumps({"format": "mastermind-backup", "version": storage.VERSION, "exported": "2026-11-27T10:04:00",
                          "data": {storage.RECORDS.key: {"solo 4x6 BGOPRY 12 repeats": "lots"}}})
    refused = act(session, "import-text", text=damaged)
    assert "nothing was imported" in refused["parts"]["data"]["message"] and effects(refused, "open") == []
    confirmed = act(session, "import-confirm")  # nothing checked is waiting: nothing happens
    assert confirmed["writes"] == [] and stored == before and effects(confirmed, "imported") == []


class FullAfter(dict[str, str]):
    """A page's ``localStorage`` that stores `room` more texts and throws on the next, as a
    browser's does once its storage is full (QuotaExceededError); removing a key always works."""

    def __init__(self, items: dict[str, str], room: int) -> None:
        super().__init__(items)
        self.room = room

    def store(self, key: str, text: str | None) -> None:
        if text is None:
            self.pop(key, None)
            return
        if self.room <= 0:
            raise OSError("QuotaExceededError")
        self.room -= 1
        self[key] = text


def refused_import(store: FullAfter, reply: dict[str, Any]) -> dict[str, Any]:
    """What the page does with a reply whose import (``replace``) writes the browser throws on
    partway (``static/main.mjs``): put back what was stored, keep none of the reply's writes,
    and send ``not-imported`` with what the store holds under each key the reply wrote."""
    before: dict[str, str | None] = {}
    with pytest.raises(OSError):
        for write in (write for write in reply["writes"] if write.get("replace")):
            before.setdefault(write["key"], store.get(write["key"]))
            store.store(write["key"], write["text"])
    for key, text in before.items():  # what was stored fits again
        if text is None:
            store.pop(key, None)
        else:
            store[key] = text
    return {"stored": {write["key"]: store.get(write["key"]) for write in reply["writes"]}}


@pytest.mark.parametrize("room", [0, 1, 4])
def test_an_import_the_browser_refuses_partway_is_dropped_and_the_page_shows_what_the_store_holds(room: int) -> None:
    """The session does not keep the imported values as a change of its own (shown now, and
    stored with the next move): it takes what the store holds again, and says so."""
    mine: dict[str, str] = {}
    session, _opened = start(mine, "?seed=1")
    play(session, mine, str(session.view.game.secret))  # a game won: statistics
    act(session, "new-game")
    play(session, mine, *in_progress(session))  # and a game in progress
    theirs: dict[str, str] = {}
    other, _ = start(theirs, "?seed=7")
    act(other, "save-settings", fields={**form_values(other.view.settings), "order": "top"})
    play(other, theirs, "OOPP")
    download = downloaded(other, act(other, "export", now=NOW))
    del STORES[id(session)]  # the page below applies this session's writes
    rows, records, before = session.view.rows, session.view.saved.records, dict(mine)
    act(session, "import-text", text=download["text"])
    confirmed = session.handle({"v": PROTOCOL, "action": {"kind": "import-confirm"}})
    assert sum(bool(write.get("replace")) for write in confirmed["writes"]) > room  # the browser throws on one of them
    store = FullAfter(mine, room)
    told = session.handle({"v": PROTOCOL, "action": {"kind": "not-imported", **refused_import(store, confirmed)}})
    assert dict(store) == before  # the page put back what was stored
    assert told["writes"] == []  # the session holds what is stored: nothing to write
    assert told["status"] == f"{NOT_IMPORTED} {session.view.status}" and told["parts"]["data"]["message"] == NOT_IMPORTED
    assert set(told["parts"]) == set(session.parts())  # every part again: the page drew nothing of the refused reply
    assert effects(told, "close") == [{"do": "close", "dialog": "import-preview"}]
    assert session.view.rows == rows and session.view.saved.records == records and session.view.settings.order == "bottom"
    assert session.tab.values() == Session.open({"stored": dict(store), "search": "", "today": TODAY}).tab.values()
    assert told["parts"]["stats"] == parts.stats(session.view, None, session.now)
    STORES[id(session)] = store  # the next move writes over what is stored, with nothing imported in it
    moved = play(session, store, "BBYY")
    assert {write["key"] for write in moved["writes"]} == {storage.SOLO.key}
    reopened, opened = start(dict(store))
    assert [row["guess"] for row in opened["board"]["rows"]] == [row["guess"] for row in moved["board"]["rows"]]
    assert reopened.view.saved.records == records


def test_an_exports_text_goes_beside_the_reply_not_in_it_each_file_numbered_once() -> None:
    """The reply's JSON passes through MicroPython's heap on the page: an export's text of
    megabytes goes beside it (``static/page-worker.mjs`` posts it as a Blob), taken once."""
    endpoint = Endpoint()
    endpoint.serve(json.dumps({"v": PROTOCOL, "start": {"stored": {}, "search": "?seed=1", "today": TODAY}}))
    assert endpoint.take_files() == []
    replies = [json.loads(endpoint.serve(json.dumps({"v": PROTOCOL, "action": {"kind": "export", "now": NOW}}))) for _ in "ab"]
    [first], [second] = (effects(reply, "download") for reply in replies)
    files = endpoint.take_files()
    assert [number for number, _kind, _text in files] == [first["file"], second["file"]] and first["file"] != second["file"]
    assert [kind for _number, kind, _text in files] == ["application/json"] * 2
    assert endpoint.session is not None and backup.parse(files[0][2]).values == endpoint.session.tab.values()
    assert files[0][2] not in json.dumps(replies) and endpoint.take_files() == []
    assert Endpoint().take_files() == []  # no session yet: no file


# Any sequence of actions


ANY = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=6),
                   lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                   max_leaves=8)
FIELDS = st.fixed_dictionaries({}, optional={name: st.sampled_from([value, "", "9", "x"]) if isinstance(value, str) else st.booleans()
                                            for name, value in form_values(Settings()).items()})
ACTION = st.one_of(
    st.fixed_dictionaries({"kind": st.sampled_from(sorted(ACTIONS))},
                          optional=dict.fromkeys(sorted({name for action in ACTIONS.values() for name, _kind in action.fields}), ANY)),
    st.builds(lambda key: {"kind": "press", "key": key}, st.sampled_from([*list("rgbyopRG"), "Enter", "Backspace"])),
    st.sampled_from([{"kind": kind} for kind in ("submit", "new-game", "leave", "stay", "review", "hint", "open-settings",
                                                  "challenge-open", "challenge-random", "import-confirm")]),
    st.builds(lambda fields: {"kind": "save-settings", "fields": fields}, FIELDS),
    st.builds(lambda day: {"kind": "choose-day", "day": day, "today": TODAY}, st.sampled_from(["2026-11-20", "2025-01-01", "x"])),
    st.just({"kind": "daily", "today": TODAY}),
    st.just({"kind": "open-stats", "now": NOW}),
    st.just({"kind": "export", "now": NOW}),
)


@settings(max_examples=40)
@given(st.lists(st.tuples(ACTION, st.booleans()), max_size=20), st.sampled_from(["", "?seed=1", "?mode=duel"]))
def test_any_sequence_of_actions_gets_replies_and_every_write_names_the_text_it_replaces(
        steps: list[tuple[dict[str, Any], bool]], search: str) -> None:
    """Two tabs over one storage: this one takes the actions; the other one plays a guess now
    and then, whose storage events reach this tab only after its next reply (a race). A write
    of this tab is over the text it names, unless the other tab wrote that key meanwhile: then
    it is sent back (``refused``), and the session's merge is written over the newer text."""
    stored: dict[str, str] = {storage.SETTINGS.key: storage.envelope(storage.SETTINGS, Settings(assist=True), 1)}
    here, _ = start(stored, search)
    del STORES[id(here)]  # its writes are landed below, as the page does
    there, opened = start(dict(stored), "?seed=2")
    STORES[id(there)] = stored  # one storage for both tabs

    def land(reply: dict[str, Any], raced: set[str]) -> None:
        assert json.loads(json.dumps(reply)) == reply
        refused: set[str] = set()
        for write in reply.get("writes", []):
            key = write["key"]
            if key in refused:
                continue
            if stored.get(key) != write["was"] and not write.get("replace"):
                assert key in raced, write  # only the other tab's newer text stands there instead
                refused.add(key)
                land(here.handle({"v": PROTOCOL, "action": {"kind": "refused", "key": key, "was": write["was"],
                                                             "text": stored.get(key)}}), set())
                continue
            apply(stored, {"writes": [{**write, "was": stored.get(key)}]})
            there.learn(key, stored.get(key))

    for write in opened["writes"]:
        stored[write["key"]] = write["text"]
        land(here.handle({"v": PROTOCOL, "action": {"kind": "storage", "key": write["key"], "text": write["text"]}}), set())
    for action, other_tab in steps:
        raced: set[str] = set()
        if other_tab:
            for key in [*(color.letter for color in there.view.config.colors[:there.view.config.pegs]), "Enter"]:
                raced |= {write["key"] for write in act(there, "press", key=key)["writes"]}
        land(here.handle({"v": PROTOCOL, "action": action}), raced)
        for key in sorted(raced):  # the page forwards what the store holds now, not the event's older newValue
            land(here.handle({"v": PROTOCOL, "action": {"kind": "storage", "key": key, "text": stored.get(key)}}), set())
    for key, text in stored.items():  # whatever the tabs did, every stored text reads
        assert key not in storage.PARTS or not storage.read(storage.PARTS[key], text).problem


def test_records_of_a_game_played_here_are_what_the_page_counts() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, str(session.view.game.secret))
    records = storage.read(storage.RECORDS, stored[storage.RECORDS.key]).value
    assert records == {session.view.record_key: Record().add(won=True, guesses=1)}
    assert shown(session.view.game.secret) == str(Game(Config(), seed=1).secret)


# Each action's own words, and what the page is told to do: every refusal names its action, and
# every part and effect is the whole of what the models say (tests/mutants.toml: the session's run)


def refused(session: Session, kind: str, **values: Any) -> str:
    """The error an action gets; the board, the writes and the parts stay as they were."""
    before = act(session, "delete")
    reply = session.handle({"v": PROTOCOL, "action": {"kind": kind, **values}})
    assert set(reply) == {"v", "error"}, reply
    after = act(session, "delete")
    assert after["board"] == before["board"] and after["writes"] == [] and after["parts"] == {}
    return str(reply["error"])


MOMENT = "now must be a local date and time, YYYY-MM-DDTHH:MM:SS"


@pytest.mark.parametrize(("kind", "values", "error"), [
    ("open-stats", {"now": "soon"}, f"open-stats: {MOMENT}"),
    ("tick", {"now": "18:55"}, f"tick: {MOMENT}"),
    ("export", {"now": ""}, f"export: {MOMENT}"),
    ("choose-day", {"day": "2026-11-20", "today": "soon"}, "choose-day: today must be a date, YYYY-MM-DD"),
    ("rule-field", {"fields": {"pegs": 5}}, "rule-field: each field must be text or true or false"),
    ("save-settings", {"fields": {"pegs": None}}, "save-settings: each field must be text or true or false"),
    ("stats-record", {"record": "chess"}, "stats-record: no such record offered"),
    ("shared", {"outcome": "copied", "form": "grid"}, "shared: no such outcome or form, or nothing to share"),
    ("kept", {"state": "maybe"}, "kept: state must be granted or refused"),
    ("not-stored", {"key": storage.SOLO.key, "was": 3}, "not-stored: was must be text or null"),
    ("not-imported", {"stored": {storage.SOLO.key: None, storage.RECORDS.key: 3}}, "not-imported: stored must map keys to texts or null"),
    ("not-imported", {"stored": [storage.SOLO.key]}, "not-imported: stored must be an object"),
])
def test_a_refused_action_names_itself_and_what_is_wrong(kind: str, values: dict[str, Any], error: str) -> None:
    session, _opened = start({}, "?seed=1")
    play(session, {}, "RGBY")  # a game in progress: nothing to share yet
    assert refused(session, kind, **values) == error


def test_a_start_of_another_time_shape_is_refused_in_words() -> None:
    with pytest.raises(MessageError, match=f"^start: {MOMENT}$"):
        Session.open({"stored": {}, "search": "", "today": TODAY, "now": "6 pm"})
    with pytest.raises(MessageError, match=f"^start: {MOMENT}$"):
        Session.open({"stored": {}, "search": "", "today": TODAY, "now": 18})


def test_share_refuses_a_form_or_an_outcome_it_did_not_offer() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, str(session.view.game.secret))
    said = "shared: no such outcome or form, or nothing to share"
    assert refused(session, "shared", outcome="handed", form="pdf") == said
    assert refused(session, "shared", outcome="eaten", form="text") == said
    assert act(session, "shared", outcome="refused", form="grid")["status"] == (
        "The browser refused the clipboard: your result is shown below the board, ready to copy.")
    assert act(session, "shared", outcome="handed", form="text")["status"] == "Your result was handed to your device's share sheet."


def test_a_time_given_with_an_offset_is_read_as_the_pages_local_time() -> None:
    """The page sends its local time; an offset or a fraction of a second changes nothing."""
    stored: dict[str, str] = {}
    session, _opened = start(stored)
    ticked = act(session, "tick", now="2026-11-27T18:55:31.250+01:00")["parts"]["stats"]["next_daily"]
    assert ticked == "Next daily challenge in 5:04:29"
    download = downloaded(session, act(session, "export", now="2026-11-27T10:04:00+05:30"))
    assert backup.parse(download["text"]).exported == "2026-11-27T10:04:00"


def test_statistics_open_on_the_boards_record_as_the_dialog_draws_it() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, str(session.view.game.secret))
    act(session, "stats-record", record=f"{session.view.record_key} assisted")
    opened = act(session, "open-stats", now=NOW)
    assert effects(opened, "open") == [{"do": "open", "dialog": "stats"}]
    view = session.view
    panel = stats_panel(view.saved.records, view.record_key)
    assert opened["parts"]["stats"] == {
        "choices": [{"key": key, "label": record_label(key), "checked": key == view.record_key}
                    for key in (view.record_key, f"{view.record_key} assisted")],
        "caption": panel.caption,
        "lines": [list(line) for line in panel.lines],
        "bars": [{"guesses": bar.guesses, "wins": str(bar.wins), "share": bar.share, "text": bar.text} for bar in panel.bars],
        "chart_note": panel.chart_note,
        "next_daily": "Next daily challenge in 5:04:30",
    }
    assert [bar["wins"] for bar in opened["parts"]["stats"]["bars"]][:1] == ["1"]


def test_a_hint_is_asked_only_while_the_assist_is_on_and_the_game_goes_on() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")  # assist off
    reply = act(session, "hint")
    assert reply["effects"] == [] and reply["status"] == session.view.status and not session.thinking
    assisted = saved_settings(assist=True)
    session, _opened = start(assisted, "?seed=1")
    play(session, assisted, str(session.view.game.secret))
    over = act(session, "hint")
    assert [effect["request"]["kind"] for effect in effects(over, "engine")] == [] and not session.thinking


def test_each_kind_of_engine_request_waits_for_its_own_answer() -> None:
    """A newer request supersedes an older one of its kind only: a hint asked while the count is
    worked out leaves the count to be drawn."""
    stored = saved_settings(assist=True)
    session, opened = start(stored, "?seed=1")
    [count] = effects(opened, "engine")
    [hint] = effects(act(session, "hint"), "engine")
    assert hint["id"] != count["id"] and sorted(kind for kind, _position in session.jobs.values()) == ["count", "hint"]
    counted = act(session, "engine", id=count["id"], answer=engine_answer(count))
    assert counted["parts"]["assist"]["count"] == "1,296 codes still possible."
    reply = play(session, stored, "RGBY")
    [recount] = effects(reply, "engine")
    assert recount["id"] not in (count["id"], hint["id"])
    play(session, stored, "GGBB")  # asked again before the count of RGBY came: that one is superseded
    assert [kind for kind, _position in session.jobs.values()].count("count") == 1


def test_a_review_says_how_far_it_has_come_after_a_while_and_its_note() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, "RGBY", str(session.view.game.secret))
    [effect] = effects(act(session, "review"), "engine")
    assert effect["progress_after_ms"] == REVIEW_PROGRESS_MS == 300
    review = act(session, "engine", id=effect["id"], answer=engine_answer(effect))["parts"]["review"]
    assert set(review) == {"headers", "rows", "summary", "note"} and review["note"] == REVIEW_NOTE


def test_a_setting_saved_in_the_same_language_does_not_reload() -> None:
    session, _opened = start({}, "?seed=1")
    saved = act(session, "save-settings", fields={**form_values(Settings()), "theme": "dark"})
    assert saved["status"] == "Settings saved." and effects(saved, "reload") == []


def test_the_daily_on_the_board_chosen_again_is_put_back_without_a_question() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    act(session, "daily", today=TODAY)
    secret = str(daily_game(dt.date(2026, 11, 27)).secret)
    guess = "RRRR" if secret != "RRRR" else "GGGG"
    play(session, stored, guess)
    again = act(session, "daily", today=TODAY)
    assert again["ask"] is None and len(again["board"]["rows"]) == 1
    chosen = act(session, "choose-day", day=TODAY, today=TODAY)
    assert chosen["ask"] is None and len(chosen["board"]["rows"]) == 1
    left = act(session, "choose-day", day="2026-11-20", today=TODAY)
    assert left["ask"]
    act(session, "leave")  # today's daily is kept as left after one guess
    back = act(session, "daily", today=TODAY)
    assert back["ask"] is None and len(back["board"]["rows"]) == 1 and back["board"]["over"]
    assert back["status"].startswith("Daily challenge of") and "you left it after 1 guess, a loss" in back["status"]


def test_a_daily_of_an_earlier_day_is_said_so_after_midnight_passed_with_the_page_open() -> None:
    """The page opened on the 27th; past midnight the daily button starts the 28th's, and a game
    of the 27th that another tab plays on is then an earlier day's."""
    stored: dict[str, str] = {}
    here, _opened = start(stored)
    act(here, "daily", today="2026-11-28")
    there, _ = start(stored)
    act(there, "daily", today=TODAY)
    secret = str(daily_game(dt.date(2026, 11, 27)).secret)
    play(there, stored, "RRRR" if secret != "RRRR" else "GGGG")
    there.view.game.resign()  # given up there: a lost day's status says what comes next
    act(there, "delete")
    followed = here.handle({"v": PROTOCOL, "action": {"kind": "storage", "key": storage.SOLO.key, "text": stored[storage.SOLO.key]}})
    assert followed["status"].endswith("Choose another day, or play today's."), followed["status"]


def test_challenge_a_friend_shows_the_whole_dialog_for_a_drawn_a_refused_and_a_made_code() -> None:
    session, _opened = start({})
    act(session, "challenge-open")
    fixed = {"rules": challenge_rules(Settings()), "copied": LINK_COPIED, "refused": CLIPBOARD_REFUSED}
    drawn = act(session, "challenge-random")["parts"]["challenge"]
    assert drawn == {**fixed, "code": drawn["code"], "error": "", "link": None, "message": ""}
    wrong = act(session, "challenge-create", code="RG")
    with pytest.raises(CodeError) as error:
        session.view.make_challenge("RG")
    assert wrong["parts"]["challenge"] == {**fixed, "code": "RG", "error": code_refusal(error.value), "link": None, "message": ""}
    assert effects(wrong, "focus") == [{"do": "focus", "field": "challenge-code"}]
    made = act(session, "challenge-create", code="rgby")["parts"]["challenge"]
    expected = Challenge.make(Config(), "RGBY")
    assert made == {**fixed, "code": "rgby", "error": "", "link": challenge_url(PAGE, expected), "message": challenge_made(expected)}


def test_a_reply_link_shows_both_results_as_the_models_word_them() -> None:
    made = Challenge.make(Config(), "RGBY")
    game = made.game()
    game.guess("RGBY")
    link = reply_link(PAGE, made, game)
    assert link is not None
    token = link.split("reply=", 1)[1]
    shown_reply = reply_shown(token, {})
    _session, opened = start({}, f"?reply={token}")
    assert opened["parts"]["reply"] == {"friend": shown_reply.friend, "friend_grid": list(shown_reply.friend_grid),
                                        "own": shown_reply.own, "own_grid": []}
    assert opened["parts"]["reply"]["own"] == f"You have not played challenge {made.name} in this browser."
    assert shown_reply.friend_grid and shown_reply.friend.startswith("A friend's reply")
    assert start({}, "?reply=junk")[1]["parts"]["reply"]["friend_grid"] == []


def test_an_import_is_previewed_with_its_question_and_a_refusal_before_it_is_forgotten() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, "RGBY")
    download = downloaded(session, act(session, "export", now=NOW))
    other, _ = start({})
    assert act(other, "import-text", text="{not json")["parts"]["data"]["message"].startswith("Import refused")
    previewed = act(other, "import-text", text=download["text"])
    assert previewed["parts"]["data"]["message"] == ""
    chosen = backup.parse(download["text"])
    lines = backup.preview(chosen, other.tab.values())
    assert effects(previewed, "import-preview") == [{"do": "import-preview", "question": import_question(chosen.exported),
                                                      "lines": lines}]


def test_an_imported_game_in_progress_comes_onto_the_board_and_a_finished_one_gives_a_new_game() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    played = [row["guess"] for row in play(session, stored, "RGBY")["board"]["rows"]]
    playing = downloaded(session, act(session, "export", now=NOW))
    play(session, stored, str(session.view.game.secret))
    finished = downloaded(session, act(session, "export", now=NOW))
    other, _ = start({}, "?seed=5")
    act(other, "import-text", text=playing["text"])
    imported = act(other, "import-confirm")
    assert effects(imported, "close") == [{"do": "close", "dialog": "import-preview"}, {"do": "close", "dialog": "settings"}]
    assert [row["guess"] for row in imported["board"]["rows"]] == played
    assert imported["status"] == " ".join([IMPORTED_SAY, other.view.status])
    act(other, "import-text", text=finished["text"])
    renewed = act(other, "import-confirm")
    assert renewed["board"]["rows"] == [] and not renewed["board"]["over"]
    assert renewed["status"] == " ".join([IMPORTED_SAY, other.view.status]) and "New game" in renewed["status"]


def test_a_row_and_a_peg_are_drawn_with_every_word_and_paint_the_page_needs() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    row = play(session, stored, "RGBY")["board"]["rows"][0]
    colors = {color.letter: color for color in Config().colors}

    def peg(letter: str) -> dict[str, Any]:
        paint, ink = peg_paint(colors[letter])
        return {"letter": letter, "shown": letter_of(colors[letter]), "name": name_of(colors[letter]), "peg": paint, "ink": ink}

    assert row == {"number": 1, "guess": [peg(letter) for letter in "RGBY"], "keys": ["exact", "near", "near", "none"],
                   "feedback": "1 black, 2 white", "left": 11, "use": "Use guess 1", "new": True, "won": False}
    assert session.handle({"v": PROTOCOL, "action": {"kind": "pick", "letter": "R"}})["board"]["palette"] == [
        peg(color.letter) for color in Config().colors]


def test_a_refused_press_nudges_the_row_once() -> None:
    session, _opened = start({}, "?seed=1")
    assert act(session, "submit")["board"]["refused"]  # an empty guess
    assert not act(session, "pick", letter="R")["board"]["refused"]


def test_the_count_is_hidden_once_the_game_is_over_or_the_assist_turned_off() -> None:
    stored = saved_settings(assist=True)
    session, opened = start(stored, "?seed=1")
    [count] = effects(opened, "engine")
    act(session, "engine", id=count["id"], answer=engine_answer(count))
    off = act(session, "save-settings", fields={**form_values(Settings(assist=True)), "assist": False})
    assert off["parts"]["assist"] == {"hint": False, "hint_disabled": False, "count": None}
    session, opened = start(saved_settings(assist=True), "?seed=1")
    [count] = effects(opened, "engine")
    act(session, "engine", id=count["id"], answer=engine_answer(count))
    won = play(session, STORES[id(session)], str(session.view.game.secret))
    assert won["parts"]["assist"] == {"hint": True, "hint_disabled": True, "count": None}


def test_the_mirror_keeps_each_write_with_the_text_it_replaces_and_learns_removals() -> None:
    mirror = Mirror({"a": "1"})
    mirror.removeItem("a")
    mirror.removeItem("b")  # nothing stored there: nothing to remove
    mirror.setItem("c", "3")
    assert mirror.take_writes() == [{"key": "a", "was": "1", "text": None}, {"key": "b", "was": None, "text": None},
                                    {"key": "c", "was": None, "text": "3"}]
    assert mirror.items == {"c": "3"} and mirror.take_writes() == []
    mirror.learn("c", None)  # another tab removed it
    mirror.learn("d", None)
    assert mirror.getItem("c") is None and mirror.items == {} and mirror.writes == []


def test_a_key_another_tab_removed_is_written_again_from_this_tabs_value() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, "RGBY")
    del stored[storage.SOLO.key]
    reply = act(session, "storage", key=storage.SOLO.key, text=None)
    [write] = [write for write in reply["writes"] if write["key"] == storage.SOLO.key]
    assert write["was"] is None and "replace" not in write and len(reply["board"]["rows"]) == 1


def test_a_first_write_the_browser_refuses_and_the_kept_answers_are_taken() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1", persist=True)
    told = act(session, "not-stored", key=storage.RECORDS.key, was=None)  # storage full before anything was stored there
    assert told["status"].endswith(NOT_SAVED) and told["writes"] == []
    assert act(session, "kept", state="refused")["parts"]["data"]["kept"] == KEPT_WORDS["refused"]


def test_the_browsers_answer_to_persist_leaves_the_sentence_of_a_game_left_said() -> None:
    """Leaving a game asks the browser to keep the data; its answer arrives next and is no news
    on the board: the live region keeps "counts as a loss", not the new game's shorter status."""
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1", persist=True)
    play(session, stored, "RRGG")
    act(session, "new-game")
    left = act(session, "leave")
    assert "counts as a loss" in left["status"] and effects(left, "persist")
    assert act(session, "kept", state="refused")["status"] is None
    assert act(session, "kept", state="granted")["status"] is None


def won_records(stored: dict[str, str]) -> int:
    return sum(record.played for record in storage.read(storage.RECORDS, stored[storage.RECORDS.key]).value.values())


def test_a_counted_game_the_browser_did_not_store_is_merged_with_another_tabs_over_the_records_before() -> None:
    """Records held one game; this tab's second game is not stored (storage full), another tab
    then stores its own: the merge counts the three, over what was stored before this tab's game."""
    stored: dict[str, str] = {}
    first, _ = start(stored, "?seed=1")
    play(first, stored, str(first.view.game.secret))
    here, _ = start(stored, "?seed=2")
    del STORES[id(here)]  # its writes are landed here, as the page does
    before = stored[storage.RECORDS.key]
    for key in [*str(here.view.game.secret), "Enter"]:
        reply = here.handle({"v": PROTOCOL, "action": {"kind": "press", "key": key}})
    assert [write["was"] for write in reply["writes"] if write["key"] == storage.RECORDS.key] == [before]
    here.handle({"v": PROTOCOL, "action": {"kind": "not-stored", "key": storage.RECORDS.key, "was": before}})
    there, _ = start(stored, "?seed=3")
    play(there, stored, str(there.view.game.secret))
    assert won_records(stored) == 2
    merged = here.handle({"v": PROTOCOL, "action": {"kind": "storage", "key": storage.RECORDS.key, "text": stored[storage.RECORDS.key]}})
    apply(stored, merged)
    assert won_records(stored) == 3


def test_a_write_refused_over_another_tabs_newer_records_adds_this_tabs_game_to_those_before() -> None:
    stored: dict[str, str] = {}
    first, _ = start(stored, "?seed=1")
    play(first, stored, str(first.view.game.secret))
    here, _ = start(stored, "?seed=2")
    del STORES[id(here)]
    there, _ = start(stored, "?seed=3")
    play(there, stored, str(there.view.game.secret))  # stored first
    for key in [*str(here.view.game.secret), "Enter"]:
        reply = here.handle({"v": PROTOCOL, "action": {"kind": "press", "key": key}})
    [write] = [write for write in reply["writes"] if write["key"] == storage.RECORDS.key]
    assert stored[storage.RECORDS.key] != write["was"]  # the page refuses it: the text changed meanwhile
    merged = here.handle({"v": PROTOCOL, "action": {"kind": "refused", "key": storage.RECORDS.key, "was": write["was"],
                                                    "text": stored[storage.RECORDS.key]}})
    apply(stored, {"writes": [write for write in merged["writes"] if write["key"] == storage.RECORDS.key]})
    assert won_records(stored) == 3


def test_presses_replayed_at_the_start_are_announced_as_if_pressed_now() -> None:
    _session, opened = start({}, "?seed=1&mode=chess", early=[["pick", "R"]])  # no word on the mode asked: the press is the news
    assert opened["status"] == "Red in slot 1."


def test_any_query_is_taken_off_the_address() -> None:
    assert {"do": "plain-address"} in start({}, "?X")[1]["effects"]
    assert {"do": "plain-address"} not in start({}, "?")[1]["effects"]


def test_the_first_message_must_be_a_start_of_this_protocol() -> None:
    endpoint = Endpoint()
    start_values = {"stored": {}, "search": "", "today": TODAY}
    for message in ({"v": 2, "start": start_values}, [1, "start"], {"v": 1}):
        assert json.loads(endpoint.serve(json.dumps(message))) == {"v": PROTOCOL, "error": "the first message starts the session"}
    assert "board" in json.loads(endpoint.serve(json.dumps({"v": 1, "start": start_values})))


def test_the_reply_text_writes_a_share_grids_emoji_as_themselves(monkeypatch: pytest.MonkeyPatch) -> None:
    """MicroPython's ``json`` reads ``\\ud83d\\udfe7`` as two lone halves: the page's worker
    sends 🟧 (a colour-blind safe Share grid's, past the 16-bit plane), and every character past
    ASCII, as it is."""
    grid = "Mastermind daily 2026-11-27: 2/12\n\N{LARGE ORANGE SQUARE}\N{WHITE LARGE SQUARE} é"
    monkeypatch.setattr(Endpoint, "_serve", lambda self, text: {"v": PROTOCOL, "status": grid})
    text = Endpoint().serve("{}")
    assert json.loads(text)["status"] == grid and "\N{LARGE ORANGE SQUARE}" in text and "\\u" not in text


def test_an_import_over_data_of_a_newer_version_stores_nothing_and_says_why() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, str(session.view.game.secret))
    download = downloaded(session, act(session, "export", now=NOW))
    newer = {storage.RECORDS.key: json.dumps({"version": storage.VERSION + 1, "rev": 1, "data": {}})}
    other, _ = start(newer)
    act(other, "import-text", text=download["text"])
    kept = act(other, "import-confirm")
    assert kept["parts"]["data"]["message"] == "The saved statistics come from a newer version of Mastermind; nothing was imported."
    assert kept["writes"] == [] and newer[storage.RECORDS.key].startswith(f'{{"version": {storage.VERSION + 1}')
    assert effects(kept, "close") == [{"do": "close", "dialog": "import-preview"}] and kept["status"] == other.view.status


def test_a_board_is_drawn_whole_once_the_game_is_won() -> None:
    stored = saved_settings(letters=False, order="top", key_color="red")
    session, _opened = start(stored, "?seed=1")
    secret = str(session.view.game.secret)
    guess = "RGBY" if secret != "RGBY" else "GBYR"
    board = play(session, stored, guess, secret)["board"]
    settings = session.view.settings
    colors = {color.letter: color for color in Config().colors}

    def peg(letter: str) -> dict[str, Any]:
        paint, ink = peg_paint(colors[letter])
        return {"letter": letter, "shown": letter_of(colors[letter]), "name": name_of(colors[letter]), "peg": paint, "ink": ink}

    assert [(row["number"], row["new"], row["won"]) for row in board.pop("rows")] == [(2, True, True), (1, False, False)]  # newest on top
    assert board.pop("palette") == [peg(color.letter) for color in Config().colors]
    assert board == {
        "pegs": 4,
        "slots": [{"name": f"Slot {index}", "description": "empty", "color": None} for index in range(1, 5)],
        "use_label": "Use",
        "secret": [peg(letter) for letter in secret],
        "over": True,
        "won": True,
        "guesses_made": 2,
        "end": [{"key": action.key, "label": action.label} for action in session.view.end_actions],
        "refused": False,
        "repeat": False,
        "look": {"root": root_attributes(settings), "key_color": "red", "letters": "off", "order": "top", "pegs": "4"},
    }
    assert [end["label"] for end in board["end"]] == ["New game", "Share", "Review"]


def test_a_board_copying_a_played_guess_says_so_and_a_reveal_link_shows_the_secret() -> None:
    stored: dict[str, str] = {}
    session, opened = start(stored, "?seed=1")
    assert opened["board"]["secret"] == [None] * 4 and not opened["board"]["repeat"]
    play(session, stored, "RGBY")
    assert act(session, "use-guess", number=1)["board"]["repeat"]
    _session, revealed = start({}, "?seed=1&reveal=1")
    assert [color["letter"] for color in revealed["board"]["secret"]] == list(str(Game(Config(), seed=1).secret))
    assert revealed["board"]["look"]["letters"] == "on"


def test_a_blocked_storage_is_said_as_the_page_opens() -> None:
    _session, opened = start({}, blocked=True)
    assert BLOCKED in opened["notices"]
    assert BLOCKED not in start({})[1]["notices"]


def test_a_daily_of_an_earlier_day_resumed_as_the_page_opens_is_said_to_be_that_days() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored)
    act(session, "choose-day", day="2026-11-20", today=TODAY)
    _again, opened = start(stored)
    assert opened["status"].startswith("Daily challenge of 2026-11-20: the same secret for everyone that day.")


def test_a_seed_link_over_a_game_in_progress_asks_before_drawing_its_game() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, "RGBY")
    linked, opened = start(stored, "?seed=4")
    assert opened["ask"] and len(opened["board"]["rows"]) == 1
    left = act(linked, "leave")
    assert left["board"]["rows"] == [] and str(linked.view.game.secret) == str(Game(Config(), seed=4).secret)
    _same, resumed = start(stored, "?seed=4")  # the game that seed draws: resumed, nothing to ask
    assert resumed["ask"] is None


def test_the_first_reply_holds_no_data_message_and_no_reply_panel() -> None:
    _session, opened = start({})
    assert opened["parts"]["data"] == {"kept": KEPT_WORDS["unsupported"], "message": ""}
    assert opened["parts"]["reply"] is None


def test_a_seed_link_goes_on_with_its_own_game_and_draws_it_over_another_not_begun() -> None:
    stored: dict[str, str] = {}
    session, _opened = start(stored, "?seed=1")
    play(session, stored, "RGBY")
    _again, resumed = start(stored, "?seed=1")  # its own game, one guess in: resumed, nothing to ask
    assert resumed["ask"] is None and len(resumed["board"]["rows"]) == 1
    fresh: dict[str, str] = {}
    start(fresh, "?seed=1")  # stored as it begins, no guess yet
    other, drawn = start(fresh, "?seed=4")
    assert drawn["ask"] is None and str(other.view.game.secret) == str(Game(Config(), seed=4).secret)


def test_a_page_opened_after_an_import_says_so_first() -> None:
    _session, opened = start({}, "?seed=1", imported=True)
    _plain, plain = start({}, "?seed=1")
    assert opened["status"] == " ".join([IMPORTED_SAY, plain["status"]])


def test_a_friends_challenge_link_takes_the_presses_made_while_the_page_started() -> None:
    made = Challenge.make(Config(), "RGBY")
    session, opened = start({}, f"?challenge={made.token}", early=[["pick", "O"]])
    assert session.view.challenge == made and opened["status"] == "Orange in slot 1."
    assert opened["board"]["slots"][0]["color"]["letter"] == "O"


def test_the_mode_left_last_time_stays_stored_as_it_was() -> None:
    stored = {storage.MODE_GAMES.key: storage.envelope(storage.MODE_GAMES, ModeGames(active="duel"), 1)}
    before = stored[storage.MODE_GAMES.key]
    assert mode_shown(start(stored)[1]) == "duel"
    assert stored[storage.MODE_GAMES.key] == before
    start(stored, "?mode=solo")
    assert json.loads(stored[storage.MODE_GAMES.key])["data"]["active"] == "solo"  # as written, not only as read
    _session, opened = start(stored)
    assert opened["notices"] == [] and mode_shown(opened) == "solo"


def test_how_to_play_is_not_opened_over_early_presses_or_after_shell_opened_it_and_is_remembered() -> None:
    for values in ({"early": [["pick", "R"]]}, {"welcomed": True}):
        stored: dict[str, str] = {}
        _session, opened = start(stored, **values)
        assert {"do": "open", "dialog": "help"} not in opened["effects"] and storage.WELCOMED.key in stored, values


@pytest.mark.parametrize(("values", "error"), [
    ([], "start must be an object"),
    ({"stored": {"k": None}}, "start: stored must map keys to texts"),
    ({"stored": {}, "search": 3}, "start: search and today must be text"),
    ({"stored": {}, "today": None}, "start: search and today must be text"),
    ({"page": None}, "start: page must be text"),
    ({"imported": "yes"}, "start: welcomed, blocked, persist and imported must be true or false"),
])
def test_a_start_that_is_not_the_pages_is_refused_in_words(values: Any, error: str) -> None:
    start_values = {"stored": {}, "search": "", "today": TODAY, **values} if isinstance(values, dict) else values
    with pytest.raises(MessageError) as refusal:
        Session.open(start_values)
    assert str(refusal.value) == error


def test_the_time_the_page_starts_with_is_the_countdowns() -> None:
    _session, opened = start({}, now="2026-11-27T23:59:58")
    assert opened["parts"]["stats"]["next_daily"] == "Next daily challenge in 0:00:02"
    assert start({})[1]["parts"]["stats"]["next_daily"] == "Next daily challenge in 24:00:00"  # no time given: midnight


def test_a_start_without_the_pages_address_makes_links_relative_to_the_page() -> None:
    session = Session.open({"stored": {}, "search": "", "today": TODAY})
    made = session.handle({"v": PROTOCOL, "action": {"kind": "challenge-create", "code": "RGBY"}})["parts"]["challenge"]
    assert made["link"] == challenge_url("", Challenge.make(Config(), "RGBY")) and made["link"].startswith("?challenge=")
