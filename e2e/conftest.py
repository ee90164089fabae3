"""End-to-end fixtures: the built `_site/` served on a free loopback port from a thread, the
system Chromium, and a page object that plays as a person does (roles and names only).

Every test's page is watched: a console error, an uncaught exception, a failed request or a
request to any other host fails the test.

`make e2e` runs the tests in one pytest-xdist worker per core. Each worker is a pytest session of
its own, so the session fixtures are per worker: each serves the one built site on a port of its
own and drives a Chromium of its own (pytest-playwright's `browser`), which every test of that
worker shares. A test makes its own files in its own `tmp_path`.

A test's `page` (and so `solo`) opens in the worker's one kept profile (:class:`Profile`): its
HTTP cache and V8's cache of the compiled wasm carry from test to test, as in a returning
visitor's browser, while everything the site stores is cleared after each test, so every test
is still a first visit. A test that asks for `context` or `new_context` (a locale, a viewport, a
blocked service worker) gets a fresh context, as pytest-playwright makes it.
"""

from __future__ import annotations

import gettext
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page, Request, Response, Route, expect

from mastermind import Config
from mastermind.palette import CATALOG

PAGE_COLOURS = {colour.letter: colour for colour in CATALOG[:10]}
"""The colours a page's palette may hold (the catalog's first ten, each its own letter), by letter."""

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / os.environ.get("MASTERMIND_SITE", "_site")
"""The built site under test; MASTERMIND_SITE names another build folder."""
sys.path.insert(0, str(ROOT / "tools"))
import serve  # tools/serve.py: the same server as `make serve`
from browser import LAUNCH_FLAGS, chromium_executable

BOOT_TIMEOUT_MS = 60_000
"""Pyodide boots in a few seconds here; a slow CI machine gets ample room."""
LONG_TASKS = """window.__tasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__tasks.push([entry.startTime, entry.duration]);
}).observe({type: "longtask"});
performance.mark("mastermind:traced");"""
"""Start recording the page's main-thread tasks of 50 ms or more (:class:`MainThread` reads them)."""
ENGINE_MEASURE = "mastermind:engine"


class MainThread:
    """The page's main-thread tasks while the engine's worker works, by the clock and by the
    thread's own time: a ``PerformanceObserver`` finds the tasks of 50 ms or more, and Chromium's
    trace gives each its thread time (``tdur``). On two cores shared with other processes a task
    of 35 ms took 50-146 ms by the clock (CI), while its thread time, which counts DevTools'
    throttling but not other processes' turns, stays the page's own: a task is long when both are.
    The tests that use it are marked ``alone`` too."""

    CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing"

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.events: list[Any] = []
        self.complete = False
        self.cdp.on("Tracing.dataCollected", lambda params: self.events.extend(params["value"]))
        self.cdp.on("Tracing.tracingComplete", lambda params: setattr(self, "complete", True))
        self.cdp.send("Tracing.start", {"categories": self.CATEGORIES, "transferMode": "ReportEvents"})
        page.evaluate(LONG_TASKS)

    def stop(self) -> None:
        self.cdp.send("Tracing.end")
        for _ in range(600):  # the trace's last events come in messages after the call
            if self.complete:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError("Chromium's trace did not complete")

    def long_while_engine(self, skip: int = 0) -> tuple[list[Any], list[Any]]:
        """The tasks of 50 ms or more by the clock and by thread time that lay wholly within a
        request to the engine's worker (its measure, from asking to answer; the first `skip` left
        out), as (start, wall ms, thread ms); and every task of 50 ms by the clock, for the message."""
        self.stop()
        page = self.page
        asked = page.evaluate(f"performance.getEntriesByName('{ENGINE_MEASURE}').map((m) => [m.startTime, m.duration])")
        assert len(asked) > skip, f"the engine's worker answered {len(asked)} requests"
        anchor = page.evaluate("performance.getEntriesByName('mastermind:traced')[0].startTime")
        mark = next(event for event in self.events if event.get("name") == "mastermind:traced")
        runs = [event for event in self.events if event.get("name") == "RunTask" and event.get("ph") == "X"
                and (event["pid"], event["tid"]) == (mark["pid"], mark["tid"])]

        def thread_ms(start: float, wall: float) -> float:
            begin = mark["ts"] + (start - anchor) * 1000  # microseconds on the trace's clock
            found = [event.get("tdur", event["dur"]) for event in runs
                     if abs(event["ts"] - begin) <= 5_000 and abs(event["dur"] / 1000 - wall) <= 5]
            return max(found, default=wall * 1000) / 1000  # a task not found in the trace counts by the clock

        long_tasks = [(start, wall, thread_ms(start, wall)) for start, wall in page.evaluate("window.__tasks")]
        within = [(start, wall, thread) for start, wall, thread in long_tasks if thread >= 50
                  and any(begin <= start and start + wall <= begin + length for begin, length in asked[skip:])]
        return within, long_tasks


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    # In English unless a test's context asks for a locale: Chromium would otherwise follow the machine's LANG.
    flags = [*browser_type_launch_args.get("args", []), *LAUNCH_FLAGS, "--lang=en-US"]
    args = {**browser_type_launch_args, "args": flags}
    executable = chromium_executable()
    if executable:
        args["executable_path"] = executable
    return args


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site under test (MASTERMIND_SITE, else `_site/`)."""
    if not (SITE / "index.html").is_file():
        pytest.fail(f"{SITE.name}/ is not built: run `make site` (or `make test`, which does)")
    return SITE


@pytest.fixture(scope="session")
def site_server(site_dir: Path) -> Iterator[serve.Server]:
    """The built site served as GitHub Pages serves it (`max-age=600`, an ETag per file): the
    worker's kept profile then loads the runtime from its HTTP cache after the first test."""
    server = serve.start(site_dir, max_age=600)
    yield server
    server.shutdown()


@pytest.fixture(scope="session")
def site_url(site_server: serve.Server) -> str:
    return f"http://127.0.0.1:{site_server.server_port}/"


class Profile:
    """One Chromium profile kept for a worker's tests, for its caches: a fresh context per test
    starts Pyodide with nothing cached, the wasm downloaded and compiled again (docs/testing.md
    has the figures). Each test gets a new page in it; :meth:`clear` then leaves nothing of the
    test for the next: its pages closed and everything the site's origin stored (localStorage,
    IndexedDB, Cache Storage, service workers, cookies) cleared, permissions revoked. A test that
    changes the context itself (an init script, a route, offline, permissions, its own listeners,
    closing it) cannot be undone piece by piece: the context is closed after it and launched again
    on the same folder, so its caches stay."""

    CHANGES = (
        "add_init_script", "add_cookies", "expose_binding", "expose_function", "grant_permissions",
        "on", "once", "route", "route_from_har", "route_web_socket", "set_default_navigation_timeout",
        "set_default_timeout", "set_extra_http_headers", "set_geolocation", "set_offline",
    )
    """The context's methods after which the context is launched again (see the class)."""

    def __init__(self, launch: Callable[[], BrowserContext], origin: str) -> None:
        self.launch = launch
        self.origin = origin.rstrip("/")
        self.context: BrowserContext | None = None
        self.changed = False

    def page(self) -> Page:
        """A new page in the kept context, launched (and its origin's data cleared) if need be."""
        if self.context is None:
            self.context = context = self.launch()
            self.changed = False
            for name in self.CHANGES:
                setattr(context, name, self._noting(getattr(context, name)))
            close = context.close

            def closed(*args: Any, **kwargs: Any) -> None:
                self.context = None
                close(*args, **kwargs)

            context.close = closed  # type: ignore[method-assign]  # a test that closes it gets a new one next
            self._clear_origin()  # a test may have closed it before its data was cleared
            for page in context.pages:
                page.close()
        return self.context.new_page()

    def _noting(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def noted(*args: Any, **kwargs: Any) -> Any:
            self.changed = True
            return method(*args, **kwargs)

        return noted

    def _clear_origin(self) -> None:
        assert self.context is not None
        blank = self.context.new_page()  # Storage.clearDataForOrigin is the browser's: any page's session sends it
        session = self.context.new_cdp_session(blank)
        session.send("Storage.clearDataForOrigin", {"origin": self.origin, "storageTypes": "all"})
        session.detach()
        blank.close()

    def clear(self) -> None:
        """Close the test's pages and clear its origin's data (see the class)."""
        context = self.context
        if context is None:
            return
        for page in context.pages:
            page.close()  # first: a page that stays open may store again (the game saves on pagehide)
        self._clear_origin()
        context.clear_cookies()
        context.clear_permissions()
        if self.changed:
            context.close()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()


@pytest.fixture(scope="session")
def profile(
    browser_type: BrowserType, browser_type_launch_args: dict, browser_context_args: dict, site_url: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Profile]:
    """The worker's kept profile (:class:`Profile`), in a folder of its own."""
    folder = tmp_path_factory.mktemp("profile")
    kept = Profile(lambda: browser_type.launch_persistent_context(folder, **browser_type_launch_args, **browser_context_args), site_url)
    yield kept
    kept.close()


@pytest.fixture
def page(request: pytest.FixtureRequest, pytestconfig: pytest.Config, output_path: str) -> Iterator[Page]:
    """The test's page: in the worker's kept profile (:class:`Profile`), or in the test's
    `context` when it asks for one (then the page is that context's, as in pytest-playwright).
    Traced as `--tracing` says, the trace kept in `output_path` as pytest-playwright keeps its
    own (``trace-page.zip``: a context the test makes writes ``trace.zip`` there)."""
    if "context" in request.fixturenames:
        yield request.getfixturevalue("context").new_page()
        return
    kept: Profile = request.getfixturevalue("profile")
    page = kept.page()
    tracing = pytestconfig.getoption("--tracing")
    if tracing != "off":
        page.context.tracing.start(title=request.node.nodeid, screenshots=True, snapshots=True, sources=True)
    yield page
    if tracing != "off" and kept.context is not None:
        call = getattr(request.node, "rep_call", None)
        keep = tracing == "on" or call is None or call.failed
        page.context.tracing.stop(path=Path(output_path) / "trace-page.zip" if keep else None)
    kept.clear()


class Solo:
    """The Solo page, driven through accessible roles and names as interface.md defines them, in
    the language of `words` (a compiled catalog, :func:`catalog`; English by default)."""

    def __init__(self, page: Page, base_url: str, words: gettext.NullTranslations | None = None) -> None:
        self.page = page
        self.base_url = base_url
        self.config = Config()
        self.words = words or gettext.NullTranslations()
        self.t = self.words.gettext
        self.console: list[str] = []
        self.requests: list[str] = []
        self.failures: list[str] = []
        self.aborted: list[str] = []  # requests cut short as the page left (net::ERR_ABORTED): no fault
        page.on("console", lambda message: self.console.append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: self.console.append(f"pageerror: {error}"))
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("requestfailed", self.on_failed)
        page.on("response", self.on_response)

    def on_failed(self, request: Request) -> None:
        # A request cut short (net::ERR_ABORTED) is kept apart, no fault: the page left while it
        # was under way, as when a test moves on while the engine's worker, started by a game's
        # second guess to work out the review's figures, still loads its Pyodide.
        said = f"{request.url} {request.failure}"
        (self.aborted if request.failure == "net::ERR_ABORTED" else self.failures).append(said)

    def on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.failures.append(f"{response.url} {response.status}")

    # Opening

    def open(self, query: str = "") -> Solo:
        """Open the site's address with `query`: Solo, or the mode a ``?mode=`` asks."""
        self.page.goto(self.base_url + query)
        return self.wait_ready()

    def reload(self) -> Solo:
        self.page.reload()
        return self.wait_ready()

    def started(self) -> Solo:
        """Wait until the game has started: the palette enabled and the board no longer busy (the
        palette may take early input before, while Python starts)."""
        expect(self.palette_button(0)).to_be_enabled(timeout=BOOT_TIMEOUT_MS)
        expect(self.page.locator('main[aria-busy="true"]')).to_have_count(0, timeout=BOOT_TIMEOUT_MS)
        return self

    def wait_ready(self) -> Solo:
        """Wait until the game has started; close How to play if it opened by itself (a first
        visit), as a person would before playing (the page opens it before Python starts)."""
        self.started()
        welcome = self.page.get_by_role("dialog", name=self.t("How to play"))
        if welcome.is_visible():
            welcome.get_by_role("button", name=self.t("Close")).click()
            expect(welcome).to_be_hidden()
        return self

    # Parts of the page

    @property
    def palette(self):
        return self.page.get_by_role("group", name=self.t("Palette"))

    def palette_button(self, index: int):
        return self.palette.get_by_role("button").nth(index)

    @property
    def status(self):
        return self.page.get_by_role("status")

    @property
    def history_rows(self):
        return self.page.get_by_role("table", name=self.t("History")).locator("tbody").get_by_role("row")

    @property
    def secret(self):
        return self.page.get_by_role("region", name=self.t("Secret code"))

    def button(self, name: str):
        return self.page.get_by_role("button", name=self.t(name), exact=True)

    @property
    def menu(self):
        """The header's Menu button: on a phone the actions and modes are behind it."""
        return self.page.get_by_role("button", name=self.t("Menu"), exact=True)

    def open_menu(self) -> None:
        """Open the menu if the screen keeps the actions behind it (a phone), as a person would."""
        if self.menu.is_visible() and self.menu.get_attribute("aria-expanded") == "false":
            self.menu.click()
            expect(self.menu).to_have_attribute("aria-expanded", "true")

    def choose(self, name: str) -> None:
        """Press the header's action or mode `name`, through the menu where it is behind one."""
        if not self.button(name).is_visible():
            self.open_menu()
        self.button(name).click()

    def slot(self, number: int):
        slot = self.t("Slot {number}").format(number=number)
        return self.page.get_by_role("group", name=self.t("Current guess")).get_by_role("button", name=slot)

    # Playing

    def click_guess(self, letters: str) -> None:
        """Click each colour of `letters` in the palette, then Submit guess."""
        for letter in letters:
            self.palette.get_by_role("button", name=self.colour(letter), exact=True).click()
        self.button("Submit guess").click()

    def colour(self, letter: str) -> str:
        """The name of the colour written `letter` in a code, in the page's language."""
        return self.words.pgettext("colour", PAGE_COLOURS[letter.upper()].name)

    def shown(self, letters: str) -> str:
        """Code `letters` as the page's language writes and types them."""
        return "".join(self.words.pgettext(f"letter of {PAGE_COLOURS[letter.upper()].name}", letter.upper()) for letter in letters)

    def type_guess(self, letters: str) -> None:
        """Type the colours' letters in the page's language, then Enter."""
        for letter in self.shown(letters):
            self.page.keyboard.press(letter.lower())
        self.page.keyboard.press("Enter")

    def visit_dialog(self, name: str) -> None:
        """Open the dialog of the header's button `name` (the dialog is titled as its button) and
        close it with Escape, as a person does: once it is seen, since the worker's reply opens it."""
        self.button(name).click()
        dialog = self.page.get_by_role("dialog", name=self.t(name))
        expect(dialog).to_be_visible()
        self.page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()

    def drawn(self) -> None:
        """Wait until the last reply is wholly drawn: the board is busy from its first part to its
        conclusion (the status said, its dialogs opened or closed, the focus moved)."""
        expect(self.page.locator("#board")).not_to_have_attribute("aria-busy", "true")

    def close_statistics(self) -> None:
        """Close Statistics when it opened by itself at the end of a counted game (as in Wordle),
        as a person does: Escape. It opens as the page concludes the reply that ended the game, which
        keeps the board busy until then (its history and secret are drawn a task before)."""
        self.drawn()
        dialog = self.page.get_by_role("dialog", name=self.t("Statistics"))
        if dialog.is_visible():
            self.page.keyboard.press("Escape")
            expect(dialog).to_be_hidden()

    def problems(self) -> list[str]:
        """Console errors, failed requests and requests to other hosts seen so far."""
        here = urlsplit(self.base_url).netloc
        return (
            [line for line in self.console if line.startswith(("error", "pageerror"))]
            + self.failures
            + [url for url in self.requests if urlsplit(url).scheme in ("http", "https") and urlsplit(url).netloc != here]
        )


def break_first_start(target: BrowserContext | Page, path: str) -> None:
    """The worker script at `path` fails as it first starts (its first fetch answers a module that
    throws); later fetches, such as the page's worker importing the same file, get the file."""
    starts: list[str] = []

    def broken_once(route: Route) -> None:
        starts.append(route.request.url)
        if len(starts) == 1:
            route.fulfill(body="throw new Error('no engine here');", content_type="text/javascript")
        else:
            route.continue_()

    target.route(f"**/{path}", broken_once)


def catalog(tag: str) -> gettext.NullTranslations:
    """The compiled catalog of language `tag` (``make catalogs``), to name things as its page does."""
    return gettext.translation("mastermind", ROOT / "mastermind" / "locale", [tag])


class Held:
    """Python's WebAssembly held back on `page` until :meth:`release`, so a test can act while
    Python starts: the route handler only keeps the route and returns, so the test goes on. A
    route cannot hold what a service worker serves: a returning visit is held only in a context
    made with ``service_workers="block"``."""

    PATTERN = "**/pyodide.asm.wasm"

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Route] = []
        page.route(self.PATTERN, lambda route: self.routes.append(route))

    def release(self) -> None:
        """Let the newest held request go (a reload ended those before it), and every later one."""
        held, self.routes = self.routes, []
        self.page.route(self.PATTERN, lambda route: route.continue_())
        for route in held[-1:]:
            route.continue_()


@pytest.fixture
def hold_python() -> type[Held]:
    """The :class:`Held` helper, for a test that holds Python's start back."""
    return Held


@pytest.fixture
def solo(page: Page, site_url: str) -> Iterator[Solo]:
    page.set_default_timeout(15_000)
    game = Solo(page, site_url)
    yield game
    assert game.problems() == [], "the page logged errors or made bad requests"


@pytest.fixture
def make_solo() -> type[Solo]:
    """The :class:`Solo` driver, for a page a test opens itself (its own context or address)."""
    return Solo


@pytest.fixture
def fresh_solo(new_context: Callable[..., BrowserContext], site_url: str) -> Iterator:
    """Open a Solo page in a brand-new browser context, e.g. with localStorage pre-filled
    (pytest-playwright's `new_context`, so a failed test keeps its trace like `page`'s)."""
    contexts = []

    def open_page(init_script: str = "", query: str = "") -> Solo:
        context = new_context()
        contexts.append(context)
        if init_script:
            context.add_init_script(init_script)
        game = Solo(context.new_page(), site_url)
        game.page.set_default_timeout(15_000)
        games.append(game)
        return game.open(query)

    games: list[Solo] = []
    yield open_page
    problems = [problem for game in games for problem in game.problems()]
    for context in contexts:
        context.close()
    assert problems == [], "a page logged errors or made bad requests"
