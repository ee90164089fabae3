"""The main thread's long tasks through a whole Duel, a whole Computer breaks your code game and
a Solve game at 6x10 on the worker page (``/``), the CPU slowed as a phone's, for one built site or
several side by side.

Each game is a first visit (fresh context, no service worker) with Chromium's CPU throttled
(``--cpu-throttle``, default 4), a ``PerformanceObserver`` of ``longtask`` entries installed
before the page's own scripts, and a Chromium trace. The init script also wraps the handler the
adapter gives ``mastermindPort.listen`` (static/main.mjs), so each reply's drawing is timed where
it runs, in the reply's own task (wall clock, on the throttled main thread). The mode screen's
first draw is the first reply after which ``#modes`` (or ``#solve``) shows its title; the tasks counted begin
after it, timed from its end. The long tasks are wall-clock times, which on a machine whose cores
other processes share count the time those ran; the trace's thread time of each main-thread task
(``tdur``) counts the throttling but not the other processes, so both are printed.

The games are played by clicks and keys as e2e/test_modes.py plays them: Duel, Ann and Bob over
two runs (each sets the other's code on the palette, Bob breaks Ann's in three guesses by clicks,
Ann fails six by keys); Computer breaks your code, HAL9000 against the secret RBYR typed, Skip
pressed; Solve, the rules set to 6 pegs and 10 colours (1,000,000 codes), then three rows typed by
keys, each added by Enter in its White field. For Solve it also prints each edit's time to its
result (from the Enter or the rules field's change to the count of the codes left drawn, on the
page's clock) and each analysis's time in the engine's worker (the relay's ``mastermind:engine``
measure, from its asking to its answer). Playwright's own waits run in the page too (its selector engine compiles there at its
first use, before the first draw); they are the same for every site.

Prints, per site, mode and run, the tasks of 50 ms or more after the first draw by either clock
(start from the first draw, ms), their count, the longest, and the median of the replies' draws;
then each site's and mode's totals over the runs. Sites are loaded interleaved (site 1, site 2,
site 1, ...), so a load that changes on the shared machine falls on each alike.

Usage: ``python bench/mode_long_tasks.py [--runs N] [--cpu-throttle N] [--mode duel|computer|solve]
--site DIR [--site DIR ...]``, e.g. the parent of a change against the change (docs/startup.md,
"The port: what is left").
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))
import serve
from browser import LAUNCH_FLAGS, chromium_executable

from mastermind import Code, Config, Duel

LONG_MS = 50
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"]
"""The trace categories with the main thread's tasks (``RunTask``, their thread times) and the marks."""
BOOT_MS = 240_000
"""Pyodide's start in the page's worker at 4x CPU on a loaded machine."""
ENGINE_MS = 180_000
"""The engine's worker and its data starting with the computer's first move."""
OBSERVE = """
window.__longTasks = [];
window.__replies = [];
window.__firstDraw = null;
window.__edits = [];  // Solve: an Enter (in a feedback field), a rules field changed
window.__answers = [];  // Solve: the count of the codes left drawn, when it changed
document.addEventListener("keydown", (event) => event.key === "Enter" && window.__edits.push(performance.now()), true);
document.addEventListener("change", (event) => event.target.closest(".solve-rules") && window.__edits.push(performance.now()), true);
new MutationObserver(() => {
  const left = document.querySelector("#solve:not([hidden]) .solve-left[aria-busy=false] .count");
  const text = left ? left.textContent : null;
  if (text && text !== (window.__answers.at(-1) || [])[1]) window.__answers.push([performance.now(), text]);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["aria-busy"]});
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({type: "longtask", buffered: true});
let port;
Object.defineProperty(window, "mastermindPort", {
  configurable: true,
  get: () => port,
  set: (value) => {
    port = value;
    const listen = value.listen;
    value.listen = (handler) => listen.call(value, (text, drawn) => {
      const start = performance.now();
      handler(text, drawn);
      const end = performance.now();
      window.__replies.push([start, end - start]);
      const title = document.querySelector("#modes:not([hidden]) .mode-title, #solve:not([hidden]) .mode-title");
      if (window.__firstDraw === null && title && title.textContent.trim()) {
        window.__firstDraw = [start, end];
        performance.mark("bench:first-draw");  // the same moment in the trace
      }
    });
  },
});
"""
TAKE = """() => {
  const [, drawn] = window.__firstDraw;
  return {
    first: window.__firstDraw[1] - window.__firstDraw[0],
    tasks: window.__longTasks.filter(([start]) => start >= drawn).map(([start, length]) => [start - drawn, length]),
    replies: window.__replies.filter(([start]) => start >= drawn).map(([, length]) => length),
    results: window.__edits.filter((edit) => edit >= drawn).map(
      (edit) => (window.__answers.find(([at]) => at >= edit) || [NaN])[0] - edit),
    engine: performance.getEntriesByName("mastermind:engine").map((entry) => entry.duration),
  };
}"""


def thread_tasks(trace: bytes) -> list[list[float]]:
    """The main thread's tasks of 50 ms or more of thread time (``tdur``) that begin after the first
    draw's end, as [start from it, thread ms]: thread time counts the throttling but not the other
    processes the shared machine runs meanwhile, which the wall clock (and ``longtask``) counts."""
    events = json.loads(trace)["traceEvents"]
    mark = next(event for event in events if event.get("name") == "bench:first-draw")
    main = (mark["pid"], mark["tid"])
    return [[(event["ts"] - mark["ts"]) / 1000, event["tdur"] / 1000] for event in events
            if event.get("name") == "RunTask" and event.get("ph") == "X" and (event["pid"], event["tid"]) == main
            and event["ts"] >= mark["ts"] and event.get("tdur", 0) >= LONG_MS * 1000]


def wrong_codes(secret: Code, config: Config, count: int) -> list[str]:
    """`count` codes of `config` other than `secret`, guesses that cannot win (as e2e/test_modes.py)."""
    return [str(code) for code in Code.all(config) if code != secret][::37][:count]


def button(page: Any, name: str) -> Any:
    return page.get_by_role("button", name=name, exact=True)


def compose(page: Any, letters: str, config: Config, action: str) -> None:
    palette = page.get_by_role("group", name="Palette")
    for letter in letters:
        palette.get_by_role("button", name=config.color(letter).name, exact=True).click()
    button(page, action).click()


def type_code(page: Any, letters: str) -> None:
    for letter in letters:
        page.keyboard.press(letter.lower())
    page.keyboard.press("Enter")


def history(page: Any) -> Any:
    return page.get_by_role("table", name="History").locator("tbody").get_by_role("row")


def duel(page: Any) -> None:
    """Ann and Bob over two runs: Bob breaks RGBP in three guesses, Ann fails six against YMPB."""
    config = Duel(["Ann", "Bob"], 2).config
    for label, value in (("Player 1 name", "Ann"), ("Player 2 name", "Bob"), ("Runs", "2")):
        page.get_by_label(label, exact=True).fill(value)
    button(page, "Start").click()
    expect(page.get_by_role("heading", name="Ann sets the code for Bob", exact=True)).to_be_visible()
    compose(page, "RGBP", config, "Set secret")
    button(page, "Ready").click()
    expect(page.get_by_role("heading", name="Bob breaks Ann's code", exact=True)).to_be_visible()
    for number, guess in enumerate(["GRBP", "PGBR", "RGBP"], 1):
        compose(page, guess, config, "Submit guess")
        if number < 3:
            expect(history(page)).to_have_count(number)
    expect(page.get_by_role("heading", name="Bob sets the code for Ann", exact=True)).to_be_visible()
    compose(page, "YMPB", config, "Set secret")
    button(page, "Ready").click()
    expect(page.get_by_role("heading", name="Ann breaks Bob's code", exact=True)).to_be_visible()
    for number, guess in enumerate(wrong_codes(Code("YMPB"), config, 6), 1):
        type_code(page, guess)
        if number < 6:
            expect(history(page)).to_have_count(number)
    expect(page.get_by_role("status")).to_contain_text("Match over")


def computer(page: Any) -> None:
    """HAL9000 against RBYR, typed, with Skip pressed: the computer's moves without their pause."""
    page.get_by_label("Computer player", exact=True).select_option("HAL9000")
    button(page, "Start").click()
    expect(page.get_by_role("heading", name="Set your secret code", exact=True)).to_be_visible()
    type_code(page, "RBYR")
    expect(button(page, "Skip")).to_be_visible()
    button(page, "Skip").click()
    expect(page.get_by_role("status")).to_contain_text("HAL9000 broke your code RBYR", timeout=ENGINE_MS)


def solve(page: Any) -> None:
    """The rules set to 6 pegs and 10 colours, then three rows against the code KGOWMB, typed by keys."""
    left = page.get_by_role("region", name="Codes left")
    expect(left).to_have_text("1,296 codes left.", timeout=ENGINE_MS)
    for label, value, count in (("Pegs", "6", "46,656 codes left."), ("Colours", "10", "1,000,000 codes left.")):
        field = page.locator("#solve").get_by_label(label, exact=True)  # not Settings' field of that name
        field.fill(value)
        field.press("Tab")  # its change
        expect(left).to_have_text(count, timeout=ENGINE_MS)
    rows = page.get_by_role("table", name="Rows").locator("tbody").get_by_role("row")
    for number, (guess, black, white) in enumerate([("bbbggg", 0, 2), ("oooppp", 1, 0), ("rryyww", 0, 1)], 1):
        page.locator("#solve").focus()
        page.keyboard.type(guess)
        page.get_by_role("spinbutton", name="Black", exact=True).fill(str(black))  # not the colour Black
        page.get_by_role("spinbutton", name="White", exact=True).fill(str(white))
        page.get_by_role("spinbutton", name="White", exact=True).press("Enter")
        expect(rows).to_have_count(number)
        expect(left).to_have_text(re.compile(r"^[\d,]+ codes? left"), timeout=ENGINE_MS)


MODES = {"duel": ("Duel", duel), "computer": ("Computer breaks your code", computer), "solve": ("Solve", solve)}


def game(browser: Any, base: str, mode: str, throttle: float) -> dict[str, Any]:
    """One first visit of `/?mode=<mode>`, its game played: the first draw's, the tasks' and the replies' times."""
    title, play = MODES[mode]
    context = browser.new_context(service_workers="block")
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.add_init_script(OBSERVE)
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    browser.start_tracing(page=page, categories=CATEGORIES)
    page.goto(f"{base}/?mode={mode}&seed=3")  # Solve: its rules are the classic game's on a first visit
    expect(page.get_by_role("heading", name=title, exact=True)).to_be_visible(timeout=BOOT_MS)
    page.wait_for_function("window.__firstDraw !== null", timeout=BOOT_MS)
    play(page)
    page.wait_for_timeout(1_000)  # the last reply's next frame (the History scrolled)
    taken: dict[str, Any] = page.evaluate(TAKE)
    taken["thread"] = thread_tasks(browser.stop_tracing())
    context.close()
    return taken


def summary(wall: list[list[float]], thread: list[list[float]], replies: list[float]) -> str:
    def tasks(kind: str, timed: list[list[float]]) -> str:
        return f"{len(timed)} tasks >= {LONG_MS} ms {kind}, longest {max((length for _, length in timed), default=0):.0f} ms"

    return (f"{tasks('by the wall clock', wall)}; {tasks('of thread time', thread)}; "
            f"replies' draws median {statistics.median(replies) if replies else 0:.1f} ms "
            f"(max {max(replies, default=0):.1f}, {len(replies)} replies)")


def rounded(tasks: list[list[float]]) -> list[tuple[int, int]]:
    return [(round(start), round(length)) for start, length in tasks]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, action="append", required=True, help="a built site (repeat to compare)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu-throttle", type=float, default=4)
    parser.add_argument("--mode", choices=sorted(MODES), action="append", help="the modes played (default both)")
    args = parser.parse_args()
    modes = args.mode or list(MODES)
    servers = [serve.start(site) for site in args.site]
    totals: dict[tuple[int, str], tuple[list[list[float]], list[list[float]], list[float]]] = {
        (index, mode): ([], [], []) for index in range(len(args.site)) for mode in modes
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_executable(), args=LAUNCH_FLAGS)
        for run in range(args.runs):
            for index, (site, server) in enumerate(zip(args.site, servers, strict=True)):  # interleaved
                for mode in modes:
                    taken = game(browser, f"http://127.0.0.1:{server.server_port}", mode, args.cpu_throttle)
                    wall = [task for task in taken["tasks"] if task[1] >= LONG_MS]
                    wall_total, thread_total, replies_total = totals[index, mode]
                    wall_total.extend(wall)
                    thread_total.extend(taken["thread"])
                    replies_total.extend(taken["replies"])
                    print(f"{site} {mode} run {run + 1}: first draw {taken['first']:.0f} ms; "
                          f"{summary(wall, taken['thread'], taken['replies'])}; wall {rounded(wall)}; "
                          f"thread {rounded(taken['thread'])} (ms from the first draw, ms)", flush=True)
                    if mode == "solve":
                        print(f"  edits to results (ms): {[round(length) for length in taken['results']]}; "
                              f"in the engine's worker (ms): {[round(length) for length in taken['engine']]}", flush=True)
        browser.close()
    for server in servers:
        server.shutdown()
    for (index, mode), (wall, thread, replies) in totals.items():
        print(f"{args.site[index]} {mode}, {args.runs} runs: {summary(wall, thread, replies)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
