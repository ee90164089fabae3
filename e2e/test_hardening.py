"""The page against a hostile browser and hostile data, in a real Chromium: one rule for a name
wherever it comes from, bounded scores, storage blocked or garbled, what a game counts for, and
the Tournament registry at its limit."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from mastermind.page import storage

BOOT_TIMEOUT_MS = 60_000


def open_tournament(solo) -> None:
    solo.page.goto(solo.base_url + "?mode=tournament")
    expect(solo.page.get_by_role("heading", name="Tournament", exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)


def register(solo, name: str) -> None:
    solo.page.get_by_label("New user name", exact=True).fill(name)
    solo.page.get_by_role("button", name="Register", exact=True).click()


def board_rows(solo):
    return solo.page.get_by_role("table", name="Score board").locator("tbody").get_by_role("row")


def backup_file(tmp_path, users: list[dict[str, object]] | str) -> str:
    registry = users if isinstance(users, str) else json.dumps({"version": 1, "users": users})
    text = ('{"format": "mastermind-backup", "version": 2, "exported": "2026-11-23T10:04:05", "data": '
            f'{{"{storage.REGISTRY.key}": {registry}}}}}')
    path = tmp_path / "backup.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


def import_file(solo, path: str):
    """Choose `path` in Settings > Import data; the Settings dialog (still open)."""
    solo.button("Settings").click()
    dialog = solo.page.get_by_role("dialog", name="Settings")
    dialog.get_by_label("Import data").set_input_files(path)
    return dialog


# One rule for a name


def test_a_look_alike_name_is_refused_imported_and_typed(solo, tmp_path):
    solo.open()
    before = solo.page.evaluate("JSON.stringify(localStorage)")
    for users, reason in (
        ([{"name": "Alice", "points": 3}, {"name": "Al\u200bice", "points": 1}], "such as U+200B"),
        ([{"name": "Bob", "points": 3}, {"name": "\u202eboB", "points": 1}], "such as U+202E"),
        ([{"name": "Zoë", "points": 3}, {"name": "zoe\u0308", "points": 1}], "the name zoë is already taken"),
    ):
        dialog = import_file(solo, backup_file(tmp_path, users))
        expect(dialog).to_contain_text(re.compile(r"Import refused: .*user 2 \(.*" + re.escape(reason)))
        expect(solo.page.get_by_role("dialog", name="Import preview")).to_be_hidden()
        dialog.get_by_role("button", name="Cancel").click()
        assert solo.page.evaluate("JSON.stringify(localStorage)") == before

    open_tournament(solo)
    register(solo, "Zoë")
    expect(solo.page.get_by_role("status")).to_contain_text("Zoë is registered")
    register(solo, "ZOE\u0308")
    expect(solo.page.get_by_role("status")).to_contain_text("The name ZOË is already taken")
    register(solo, "Al\u200bice")
    expect(solo.page.get_by_role("status")).to_contain_text(
        "A name cannot hold control characters or invisible marks, such as U+200B")
    expect(board_rows(solo)).to_have_count(1)


def test_a_huge_score_is_refused_at_import_and_the_next_save_works(solo, tmp_path):
    solo.open()
    huge = '{"version": 1, "users": [{"name": "Bob", "points": 1' + "0" * 4299 + "}]}"
    before = solo.page.evaluate("JSON.stringify(localStorage)")
    dialog = import_file(solo, backup_file(tmp_path, huge))
    expect(dialog).to_contain_text("points must be a whole number from 0 to 9007199254740991, not a number far too large")
    dialog.get_by_role("button", name="Cancel").click()
    assert solo.page.evaluate("JSON.stringify(localStorage)") == before
    open_tournament(solo)
    register(solo, "Ada")
    expect(solo.page.get_by_role("status")).to_contain_text("Ada is registered")


# What counts


def games_played(solo) -> str:
    solo.close_statistics()
    solo.button("Statistics").click()
    stats = solo.page.get_by_role("dialog", name="Statistics")
    text = stats.inner_text()
    stats.get_by_role("button", name="Close").click()
    found = re.search(r"Games played\s*(\d+)", text)
    assert found is not None, text
    return found.group(1)


def test_a_revealed_game_is_practice_and_not_counted(solo):
    from mastermind import Game
    from mastermind.page.words import PRACTICE

    solo.open("?seed=7&reveal=1")
    expect(solo.status).to_contain_text(PRACTICE)
    solo.type_guess(str(Game(seed=7).secret))
    expect(solo.status).to_contain_text("You win")
    expect(solo.status).to_contain_text(PRACTICE)
    assert games_played(solo) == "0"
    assert solo.page.evaluate(f"localStorage.getItem({json.dumps(storage.RECORDS.key)})") is None


def test_a_challenge_counts_once_per_token(solo):
    from mastermind import Config
    from mastermind.challenge import Challenge
    from mastermind.page.words import REPLAYED

    token = Challenge.make(Config(), "RGBY").token
    for times in ("first", "again"):
        solo.open(f"?challenge={token}")
        expect(solo.status).to_contain_text("from a friend")
        solo.type_guess("RGBY")
        expect(solo.status).to_contain_text("You win")
        if times == "again":
            expect(solo.status).to_contain_text(REPLAYED)
        assert games_played(solo) == "1"


# Storage blocked, storage garbled

BLOCK_GETTER = """
Object.defineProperty(window, "localStorage", {get() { throw new DOMException("The operation is insecure.", "SecurityError"); }});
"""
BLOCK_CALLS = """
for (const name of ["getItem", "setItem", "removeItem"]) {
  Storage.prototype[name] = function () { throw new DOMException("The operation is insecure.", "SecurityError"); };
}
"""


def win(solo, seed: int) -> None:
    from mastermind import Game

    # ?mode=solo: without it the page opens in the mode shown last, which another tab of the
    # test may have just made the Tournament.
    solo.page.goto(solo.base_url + f"?mode=solo&seed={seed}")
    solo.wait_ready()
    solo.type_guess(str(Game(seed=seed).secret))
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()


def your_data(solo) -> str:
    solo.button("Settings").click()
    dialog = solo.page.get_by_role("dialog", name="Settings")
    text = dialog.get_by_role("region", name="Your data").inner_text()
    dialog.get_by_role("button", name="Cancel").click()
    return text


def test_storage_blocked_is_said_in_the_notice_and_in_your_data(fresh_solo):
    from mastermind.page.records import KEPT_WORDS
    from mastermind.page.words import BLOCKED

    for script in (BLOCK_GETTER, BLOCK_CALLS):
        solo = fresh_solo(script, "?seed=5")
        expect(solo.page.get_by_role("region", name="Data notice")).to_contain_text(BLOCKED)
        assert KEPT_WORDS["blocked"] in your_data(solo)
        from mastermind import Game

        solo.type_guess(str(Game(seed=5).secret))
        expect(solo.status).to_contain_text("You win")


def stored_played(solo) -> int:
    from mastermind import Config
    from mastermind.page.stats import record_key

    text = solo.page.evaluate(f"localStorage.getItem({json.dumps(storage.RECORDS.key)})")
    return json.loads(text)["data"][record_key("solo", Config())]["played"]


def play_out(solo) -> None:
    """Play the game on the board to its end (a new game's secret is not known: guess until over)."""
    solo.close_statistics()
    solo.button("New game").click()
    for number, code in enumerate(["RGBY", "GBYO", "BYOP", "YOPR", "OPRG", "PRGB", "RRGG", "GGBB", "BBYY", "YYOO", "OOPP", "PPRR"], 1):  # each new
        solo.click_guess(code)
        expect(solo.history_rows).to_have_count(number)
        solo.drawn()  # the status that may end the game is said a task after the row
        if re.search("You win|You lose", solo.status.inner_text()):
            return
    expect(solo.status).to_contain_text(re.compile("You win|You lose"))


def test_garbled_statistics_keep_the_earlier_games(solo):
    from mastermind.page.words import KEPT_ASIDE, damage_found

    win(solo, 1)
    play_out(solo)
    assert stored_played(solo) == 2
    solo.page.evaluate(f"localStorage.setItem({json.dumps(storage.RECORDS.key)}, 'garbage')")  # same tab: no event
    play_out(solo)
    expect(solo.page.get_by_role("region", name="Data notice")).to_contain_text(
        f"{damage_found('statistics', False)} {KEPT_ASIDE}")
    assert stored_played(solo) == 3
    damaged = json.loads(solo.page.evaluate(f"localStorage.getItem({json.dumps(storage.DAMAGED.key)})"))["data"]
    assert damaged == [{"key": storage.RECORDS.key, "text": "garbage"}]
    solo.close_statistics()
    solo.button("Settings").click()
    dialog = solo.page.get_by_role("dialog", name="Settings")
    with solo.page.expect_download() as waiting:
        dialog.get_by_role("button", name="Export data").click()
    exported = json.loads(waiting.value.path().read_text())
    assert exported["data"][storage.DAMAGED.key] == damaged
    dialog.get_by_role("button", name="Cancel").click()
    solo.button("Statistics").click()
    expect(solo.page.get_by_role("dialog", name="Statistics")).to_contain_text(re.compile(r"Games played\s*3"))


def test_garbage_from_another_tab_does_not_discard_this_tabs_statistics(solo, make_solo):
    solo.open()
    win(solo, 1)
    win(solo, 2)
    other = make_solo(solo.page.context.new_page(), solo.base_url)
    other.page.goto(solo.base_url + "?mode=tournament")  # a second tab of the page, which writes garbage
    other.page.evaluate(f"localStorage.setItem({json.dumps(storage.RECORDS.key)}, 'garbage')")
    solo.page.wait_for_function(
        f"(() => {{ try {{ return JSON.parse(localStorage.getItem({json.dumps(storage.RECORDS.key)})).rev > 0; }}"
        " catch (e) { return false; } })()"
    )
    assert stored_played(solo) == 2
    win(solo, 3)
    assert stored_played(solo) == 3
    other.page.close()


# The Tournament registry at its limit


def many_users(count: int, width: int = 4) -> dict[str, object]:
    return {"version": 1, "users": [{"name": f"P{number:0{width}d}", "points": number % 7} for number in range(count)]}


def test_a_full_score_board_refuses_one_more_and_draws_every_row(fresh_solo):
    from mastermind.registry import MAX_USERS

    text = storage.envelope(storage.REGISTRY, many_users(MAX_USERS - 1), 1)
    solo = fresh_solo(f"localStorage.getItem('{storage.REGISTRY.key}') || localStorage.setItem('{storage.REGISTRY.key}', {json.dumps(text)})")
    open_tournament(solo)
    expect(board_rows(solo)).to_have_count(MAX_USERS - 1)
    register(solo, "Zed")  # the thousandth: 0 points, so among the last rows, after P0993 (0 points)
    expect(solo.page.get_by_role("status")).to_contain_text("Zed is registered")
    expect(board_rows(solo)).to_have_count(MAX_USERS)
    expect(board_rows(solo).last).to_have_text(re.compile(r"^\s*Zed\s+0\s*$"), use_inner_text=True)
    register(solo, "One more")
    expect(solo.page.get_by_role("status")).to_contain_text("The score board is full: it holds at most 1,000 users")
    expect(board_rows(solo)).to_have_count(MAX_USERS)
    stored = json.loads(solo.page.evaluate(f"localStorage.getItem('{storage.REGISTRY.key}')"))["data"]["users"]
    assert len(stored) == MAX_USERS and stored[-1] == {"name": "Zed", "points": 0}


def test_a_backup_of_100000_users_is_refused_within_seconds_and_a_huge_file_unread(solo, tmp_path):
    solo.open()
    before = solo.page.evaluate("JSON.stringify(localStorage)")
    path = backup_file(tmp_path, json.dumps(many_users(100_000, width=5)))
    dialog = import_file(solo, path)
    expect(dialog).to_contain_text("100,000 users, more than the 1,000 a score board holds", timeout=10_000)
    assert solo.page.evaluate("JSON.stringify(localStorage)") == before
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:  # 150 MB: refused by its size, before a byte of it is read
        file.truncate(150_000_000)
    dialog.get_by_label("Import data").set_input_files(str(huge))
    expect(dialog).to_contain_text("too large to be a Mastermind data file (150 MB; at most 4 MB)", timeout=10_000)
    dialog.get_by_role("button", name="Cancel").click()
    assert solo.page.evaluate("JSON.stringify(localStorage)") == before


# Injected markup does not run

CSP_WATCH = "window.__csp = []; addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective));"
INJECT = """(markup) => {
  const refused = [];
  const sinks = [
    () => { const div = document.createElement("div"); div.innerHTML = markup; document.body.append(div); },
    () => document.body.insertAdjacentHTML("beforeend", markup),
    () => { const div = document.createElement("div"); document.body.append(div); div.outerHTML = markup; },
    () => document.body.append(...new DOMParser().parseFromString(markup, "text/html").body.childNodes),
    () => document.body.append(document.createRange().createContextualFragment(markup)),
    () => {
      const script = document.createElement("script");
      script.type = "py";
      script.textContent = "import js; js.window.__ran = True";
      document.body.append(script);
    },
  ];
  for (const sink of sinks) {
    try { sink(); } catch (error) { refused.push(error instanceof TypeError); }
  }
  return refused;
}"""
MARKUP = [
    '<py-script>import js; js.window.__ran = True</py-script>',
    '<script type="py">import js; js.window.__ran = True</script>',
    '<script type="mpy">import js; js.window.__ran = True</script>',
]


def test_injected_python_markup_is_refused_and_never_runs(context, site_url, make_solo):
    solo = make_solo(context.new_page(), site_url)
    solo.page.add_init_script(CSP_WATCH)
    solo.open("?seed=3")
    for markup in MARKUP:
        assert solo.page.evaluate(INJECT, markup) == [True] * 6, markup
    solo.page.wait_for_function("window.__csp.filter((d) => d === 'require-trusted-types-for').length === 18")
    # A runtime that ran Python script elements (PyScript did) would run one within its next task;
    # the game still answers (the board's next move is that later task), and none ran.
    from mastermind import Game

    solo.type_guess(str(Game(seed=3).secret))
    expect(solo.status).to_contain_text("You win")
    assert solo.page.evaluate("window.__ran") is None
    assert solo.page.locator("py-script, script[type=py], script[type=mpy]").count() == 0  # the Solo screen's Python is fetched by main.mjs
    assert [line for line in solo.problems() if "Trusted Type" not in line and "TrustedHTML" not in line
            and "TrustedScript" not in line and "require-trusted-types-for" not in line] == []
