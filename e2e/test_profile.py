"""The worker's kept profile (conftest's :class:`Profile`): what one test's page stored is gone for
the next test's, while the browser's caches carry over."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import Solo

STORE = """async () => {
  localStorage.setItem("left-behind", "1");
  await new Promise((done, failed) => {
    const request = indexedDB.open("left-behind");
    request.onsuccess = () => { request.result.close(); done(); };
    request.onerror = failed;
  });
  await (await caches.open("left-behind")).put("/left-behind", new Response("1"));
  document.cookie = "left=behind; max-age=600";
}"""
"""Something of every kind of storage the site's origin has (the site's own worker registers itself)."""

FIND = """async () => ({
  localStorage: Object.keys(localStorage),
  indexedDB: (await indexedDB.databases()).map((database) => database.name),
  caches: await caches.keys(),
  serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
  cookies: document.cookie,
})"""
"""What the origin holds, read from one of its pages."""

NOTHING = {"localStorage": [], "indexedDB": [], "caches": [], "serviceWorkers": 0, "cookies": ""}


def wasm_downloads(server) -> int:
    return sum(1 for path, status, _ in server.sent if path.endswith("/pyodide.asm.wasm") and status == 200)


def test_the_next_tests_page_finds_nothing_stored_but_the_runtime_cached(page, profile, site_url, site_server):
    first = Solo(page, site_url).open()
    first.type_guess("RGBY")  # the game in progress is stored
    expect(first.history_rows).to_have_count(1)
    first.page.evaluate("navigator.serviceWorker.ready")  # the site's worker installed, its files in Cache Storage
    first.page.evaluate(STORE)
    stored = first.page.evaluate(FIND)
    assert all(stored[kind] for kind in NOTHING), stored  # the check sees each kind
    assert first.problems() == []
    downloads = wasm_downloads(site_server)
    assert downloads >= 1

    profile.clear()  # what the `page` fixture does after each test
    after = profile.page()
    after.goto(site_url + "build.json")  # a file of the same origin that runs nothing
    assert after.evaluate(FIND) == NOTHING

    second = Solo(after, site_url)
    second.page.goto(site_url)
    second.started()
    expect(second.page.get_by_role("dialog", name="How to play")).to_be_visible()  # a first visit
    expect(second.history_rows).to_have_count(0)  # no game resumed
    assert wasm_downloads(site_server) == downloads  # the runtime came from the kept HTTP cache
    assert second.problems() == []
