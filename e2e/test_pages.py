"""The site's one page, reached as players arrive: ``/`` plays every mode (MicroPython draws, Python
runs in a worker). ``modes.html``, the former page of the other modes, only forwards an old
bookmark or link to ``./`` with its query and fragment (tools/build_site.py's MOVED_PAGE); a
returning player of another mode gets that mode on ``/`` (docs/startup.md).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

BOOT_TIMEOUT_MS = 60_000


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


def heading(page, title: str):
    return page.get_by_role("heading", name=title, exact=True)


@pytest.mark.parametrize(("query", "title"), [("?mode=duel&seed=7", "Duel"), ("?mode=Duel&seed=7#top", "Duel"),
                                            ("?mode=solve", "Solve")])
def test_an_old_modes_html_address_opens_the_page_with_its_query_and_fragment(solo, visit, query, title):
    before = "about:blank"
    solo.page.goto(before)
    solo.page.goto(solo.base_url + "modes.html" + query)
    expect(heading(solo.page, title)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert visit.addresses[1:3] == [solo.base_url + "modes.html" + query, solo.base_url + query]
    assert "modes.html" not in solo.page.url
    solo.page.go_back()
    assert solo.page.url == before, "modes.html kept in the history: Back would forward again"


def test_a_plain_modes_html_address_opens_solo(solo, visit):
    solo.page.goto(solo.base_url + "modes.html")
    solo.wait_ready()
    assert solo.page.url == solo.base_url
    solo.type_guess("RRGG")
    expect(solo.history_rows).to_have_count(1)


@pytest.mark.parametrize(("query", "title"), [("?mode=duel&seed=7", "Duel"), ("?mode=computer", "Computer breaks your code"),
                                            ("?mode=solve", "Solve")])
def test_an_address_asking_a_mode_opens_it_on_the_page(solo, visit, query, title):
    solo.page.goto(solo.base_url + query)
    expect(heading(solo.page, title)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    loaded = solo.page.evaluate("() => performance.getEntriesByType('navigation').map((entry) => entry.name)")
    assert loaded == [solo.base_url + query] and not [address for address in visit.addresses if "modes.html" in address]
    assert visit.asked("micropython.wasm") and visit.asked("page-worker.mjs")


def test_a_returning_player_of_another_mode_gets_it_on_the_page(solo, visit):
    solo.page.goto(solo.base_url + "?mode=duel")
    expect(heading(solo.page, "Duel")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    solo.page.goto(solo.base_url)  # the bookmark everyone has
    expect(heading(solo.page, "Duel")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert solo.page.url == solo.base_url
    solo.choose("Solo")
    expect(heading(solo.page, "Duel")).to_have_count(0)
    solo.started()  # Solo drawn, so its reply's storage written: a person reloads what they see
    solo.reload()
    expect(heading(solo.page, "Duel")).to_have_count(0)
    assert not [address for address in visit.addresses if "modes.html" in address]
