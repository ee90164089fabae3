"""The site's two pages, reached as players arrive: ``/`` is the worker page (MicroPython draws,
Python runs in a worker: Solo, Computer breaks your code, Duel, Race, Tournament and Solve) and
``modes.html`` the other modes (PyScript: the Lab). An address asking the
other page's mode is sent there by ``static/shell.js`` before either runtime loads, with its
query; the mode buttons cross between the pages; a returning player of another mode is sent
straight to it (tools/build_site.py, docs/startup.md).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

BOOT_TIMEOUT_MS = 60_000
WORKER_RUNTIME = ("micropython.wasm", "page-worker.mjs")
"""What only the Solo screen loads: MicroPython's wasm and the page's worker."""
PYSCRIPT_START = "pyscript.toml"
"""What PyScript fetches as it starts, which only the page of the other modes runs."""


class Visit:
    """The addresses the tab arrives at and the files it asks for, from now on."""

    def __init__(self, page):
        self.page = page
        self.addresses: list[str] = []
        self.requests: list[str] = []
        page.on("framenavigated", lambda frame: frame == page.main_frame and self.addresses.append(frame.url))
        page.on("request", lambda request: self.requests.append(request.url))

    def asked(self, name: str) -> bool:
        return any(name in url for url in self.requests)


@pytest.fixture
def visit(solo):
    solo.page.set_default_timeout(30_000)
    return Visit(solo.page)


def lab_shown(page) -> None:
    expect(page.get_by_role("heading", name="Lab", exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)


@pytest.mark.parametrize("query", ["?mode=lab&seed=7", "?mode=Lab&seed=7#top"])
def test_an_address_asking_another_mode_goes_to_its_page_with_its_query_before_solo_loads(solo, visit, query):
    solo.page.goto(solo.base_url + query)
    lab_shown(solo.page)
    assert solo.base_url + "modes.html" + query in visit.addresses
    assert not [name for name in WORKER_RUNTIME if visit.asked(name)], "the Solo screen's runtime loaded on the way"


@pytest.mark.parametrize("query", ["?seed=2024", "?mode=solo&seed=2024", "?mode=chess&seed=2024", ""])
def test_the_page_of_the_other_modes_sends_what_solo_plays_to_the_solo_screen(solo, visit, query):
    solo.page.goto(solo.base_url + "modes.html" + query)
    solo.wait_ready()
    assert visit.addresses[1] == solo.base_url + query
    assert solo.page.url == solo.base_url  # the session made the address plain, on the Solo screen
    assert visit.asked("micropython.wasm")
    assert not visit.asked(PYSCRIPT_START), "PyScript started on the way"
    solo.type_guess("RRGG")
    expect(solo.history_rows).to_have_count(1)


@pytest.mark.parametrize(("query", "title"), [("?mode=duel&seed=7", "Duel"), ("?mode=computer", "Computer breaks your code"),
                                            ("?mode=solve", "Solve")])
def test_an_address_asking_a_mode_of_the_worker_page_stays_there_without_pyscript(solo, visit, query, title):
    solo.page.goto(solo.base_url + query)
    expect(solo.page.get_by_role("heading", name=title, exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert "modes.html" not in solo.page.url
    assert visit.asked("micropython.wasm") and not visit.asked(PYSCRIPT_START), "PyScript started on the way"


def test_solo_on_the_page_of_the_other_modes_opens_the_solo_screen_and_stays_there(solo, visit):
    solo.page.goto(solo.base_url + "?mode=lab")
    lab_shown(solo.page)
    solo.choose("Solo")  # waits for the Solo screen's page, started (its ?mode=solo read once)
    solo.wait_ready()
    solo.page.wait_for_url(solo.base_url)  # Solo, asked, is the mode shown last now
    solo.reload()
    assert solo.page.url == solo.base_url
    expect(solo.page.get_by_role("heading", name="Lab", exact=True)).to_have_count(0)


def test_a_returning_lab_player_goes_straight_to_the_lab(solo):
    solo.page.set_default_timeout(30_000)
    solo.page.goto(solo.base_url + "?mode=lab")
    lab_shown(solo.page)
    solo.page.reload()  # the address is plain now: the page stays on Duel
    lab_shown(solo.page)
    assert solo.page.url == solo.base_url + "modes.html"
    again = Visit(solo.page)
    solo.page.goto(solo.base_url)  # the bookmark everyone has
    lab_shown(solo.page)
    assert again.addresses[:2] == [solo.base_url, solo.base_url + "modes.html?mode=lab"]
    assert not [name for name in WORKER_RUNTIME if again.asked(name)], "the Solo screen's runtime loaded first"


def test_the_session_sends_a_stored_mode_to_its_page_when_the_board_copy_does_not_know_it(solo):
    """Without the board's copy (storage cleared of it, as by another tab's Solo), Python's own
    rule decides: the mode shown last, stored, opens on its page."""
    solo.page.set_default_timeout(30_000)
    solo.page.goto(solo.base_url + "?mode=lab")
    lab_shown(solo.page)
    solo.page.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # asked for beside a bare file
    solo.page.goto(solo.base_url + "static/favicon.svg")  # the page keeps the copy as it goes
    solo.page.evaluate("() => localStorage.removeItem('mastermind:shell')")
    solo.page.goto(solo.base_url)
    lab_shown(solo.page)
    assert solo.page.url.startswith(solo.base_url + "modes.html")
