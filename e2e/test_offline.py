"""The installed web app: offline after one visit, installable, strict about what it loads, and
telling the player when a new deployment is ready instead of mixing two versions."""

from __future__ import annotations

import os
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import serve  # tools/serve.py, likewise
import service_worker  # tools/service_worker.py, likewise
from playwright.sync_api import BrowserContext, expect

from mastermind import Config, Game
from mastermind.solver.space import CodeSpace
from mastermind.solver.strategy import Strategy

SEED = 31
BOOT_TIMEOUT_MS = 60_000
CSP_WATCH = "window.__csp = []; addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective));"


@pytest.fixture
def served(tmp_path: Path, site_dir: Path) -> Iterator[tuple[Path, str, serve.Server]]:
    """The site served under a sub-path as GitHub Pages serves a fork (browsers may keep files 10
    minutes): ``/mastermind/`` is a link to the build, which a test may point at another build.
    Yields the link, the page's URL and the server (``server.sent`` counts what it sent)."""
    link = tmp_path / "root" / "mastermind"
    link.parent.mkdir()
    link.symlink_to(site_dir, target_is_directory=True)
    server = serve.start(link.parent, max_age=600)
    yield link, f"http://127.0.0.1:{server.server_port}/mastermind/", server
    server.shutdown()


@pytest.fixture
def context(new_context) -> Iterator[BrowserContext]:
    context = new_context()  # pytest-playwright's: a failed test keeps its trace
    context.add_init_script(CSP_WATCH)
    yield context
    context.close()


@pytest.fixture
def install(make_solo, served):
    """Opens the page online in a browser context and waits until its service worker has
    installed and controls it; returns the page's :class:`Solo` driver."""

    def open_page(context: BrowserContext, query: str = ""):
        game = make_solo(context.new_page(), served[1])
        game.page.set_default_timeout(15_000)
        game.open(query)
        game.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
        return game

    return open_page


def our_cache(game) -> str:
    """The name of the page's cache: one per copy of the game, named after its scope."""
    return f"mastermind {game.base_url}"


def win(game, seed: int) -> None:
    """Play the seeded game to the end as a person would: two wrong guesses, then the secret
    (after the guesses already on the board, if the page resumed a game in progress)."""
    secret = str(Game(seed=seed).secret)
    guesses = [*[guess for guess in ("RRGG", "BBYY", "OOPP") if guess != secret][:2], secret]
    for number, guess in enumerate(guesses, game.history_rows.count() + 1):
        if number % 2:
            game.click_guess(guess)
        else:
            game.type_guess(guess)
        expect(game.history_rows).to_have_count(number)
    expect(game.status).to_contain_text("You win")
    expect(game.secret).to_contain_text(secret)
    game.close_statistics()


def update_banner(game):
    return game.page.get_by_role("alert").filter(has_text="New version available")


def csp_violations(game) -> list[str]:
    return game.page.evaluate("window.__csp") + [line for line in game.console if "Content Security Policy" in line]


def cached(game) -> dict[str, str]:
    """The site files in the page's cache with their revisions, named as the worker's list names
    them (relative to the page's folder, the page as ``./``)."""
    urls = game.page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)", our_cache(game)
    )
    paths = [url.removeprefix(game.base_url).split("?revision=") for url in urls]
    assert all(len(parts) == 2 for parts in paths), urls
    return {path or "./": revision for path, revision in paths}


def cached_paths(game) -> set[str]:
    """The site paths in the page's cache, relative to the page's folder (the page as "")."""
    return {"" if path == "./" else path for path in cached(game)}


def downloads(server: serve.Server, prefix: str = "/mastermind/") -> Counter[str]:
    """How many times the server sent each file (a 304 sends none), by path under `prefix`."""
    return Counter(path.removeprefix(prefix) for path, status, _ in server.sent if status == 200)


def test_after_one_visit_a_whole_game_plays_offline(install, context, served):
    _, url, _ = served
    game = install(context)
    context.set_offline(True)
    game.requests.clear()
    served_by = []
    game.page.on("response", lambda response: served_by.append((response.url, response.from_service_worker)))

    game.page.goto(url + f"?seed={SEED}")  # another URL of the page: the worker serves the page for it
    game.wait_ready()
    win(game, SEED)
    game.button("New game").click()
    expect(game.history_rows).to_have_count(0)
    game.visit_dialog("How to play")
    game.reload()  # the address was read once: the reload keeps the new game, offline too
    game.wait_ready()
    expect(game.history_rows).to_have_count(0)
    expect(game.status).to_contain_text("Game resumed")
    game.page.goto(url + "index.html")  # the page's other name
    game.wait_ready()
    game.page.goto(url + "?mode=duel")  # a mode never opened online
    expect(game.page.get_by_role("heading", name="Duel", exact=True)).to_be_visible(timeout=60_000)
    game.page.goto(url + "modes.html?mode=solve")  # an old bookmark of the former page: precached, forwarded
    expect(game.page.get_by_role("heading", name="Solve", exact=True)).to_be_visible(timeout=60_000)
    assert "modes.html" not in game.page.url

    assert served_by and all(from_worker for _, from_worker in served_by), served_by
    assert game.problems() == [] and csp_violations(game) == []


def test_the_cache_holds_exactly_what_the_page_loads(install, context, served, site_dir):
    """Offline nothing may be missing, and nothing is cached (or shipped) that the page never asks for."""
    _, url, _ = served
    game = install(context)
    game.type_guess("RGBY")
    for name in ("How to play", "Statistics", "Settings"):
        game.visit_dialog(name)
    game.page.goto(url + "?mode=solve")  # Solve: its analysis starts the engine's worker
    expect(game.page.get_by_role("region", name="Codes left")).to_contain_text("codes left", timeout=60_000)
    manifest = game.page.evaluate("fetch('static/manifest.webmanifest').then((response) => response.json())")

    icons = {"static/" + icon["src"] for icon in manifest["icons"]}  # fetched by the browser, not the page
    # The larger games' strategy files: fetched only when such a game needs the engine (below).
    books = {path.relative_to(site_dir).as_posix() for path in (site_dir / "data").iterdir()}
    # The other languages' catalogs: an English page asks for none, a page offline may switch to
    # any (but the pseudo-language, a check of the layout).
    books |= {path.relative_to(site_dir).as_posix() for path in (site_dir / "locale").iterdir() if path.stem != "qps"}
    # The Lab's worker, its editor and its starter strategy: fetched only as the Lab opens (its own
    # tests play it). The engine's worker is asked for here by Solve, whose analysis starts it as
    # the screen opens (e2e/test_solve_offline.py plays it offline).
    books |= {"static/lab-worker.mjs", "vendor/editor.mjs", "data/starter_strategy.py"}
    # The page under the Solo screen's former address, and the former page of the other modes with
    # its forward (tools/build_site.py's MOVED_PAGE), which links may still name.
    books |= {"solo.html", "modes.html", "static/moved.js"}
    requested = {urlsplit(request).path.removeprefix(urlsplit(url).path) for request in game.requests}
    requested = {"" if path in ("", "index.html") else path for path in requested} - {"sw.js"}
    assert books and not books & requested, sorted(books & requested)
    assert cached_paths(game) == requested | icons | books
    assert sorted(service_worker.precache_list(site_dir)) == sorted("./" if path == "" else path for path in requested | icons | books)
    assert game.problems() == []


def test_no_other_host_and_no_csp_violation_online_and_offline(install, context, served):
    _, url, _ = served
    game = install(context, f"?seed={SEED}")
    csp = game.page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "default-src 'none'" in csp and "'unsafe-inline'" not in csp

    for offline in (False, True):
        context.set_offline(offline)
        game.reload()
        if offline:
            game.type_guess("RGBY")
        else:
            win(game, SEED)
        for name in ("How to play", "Statistics", "Settings"):
            game.visit_dialog(name)
        hosts = {urlsplit(request).netloc for request in game.requests if urlsplit(request).scheme in ("http", "https")}
        assert hosts == {urlsplit(url).netloc}, f"offline={offline}"
        assert game.problems() == [] and csp_violations(game) == [], f"offline={offline}"

    # The policy is enforced: an injected inline script (refused by Trusted Types before the CSP's
    # script-src sees it) and style attribute are refused.
    ran = game.page.evaluate(
        """() => {
            const script = document.createElement("script");
            try { script.textContent = "window.__injected = true"; } catch (refused) {}
            document.body.append(script);
            document.body.setAttribute("style", "display: none");
            return window.__injected === true || getComputedStyle(document.body).display === "none";
        }"""
    )
    assert ran is False
    # Violation reports are events fired after the refusal: wait for both to arrive.
    game.page.wait_for_function(
        "['require-trusted-types-for', 'style-src-attr'].every((d) => window.__csp.includes(d))", timeout=5_000
    )


def test_chromium_considers_it_installable(install, browser_type, browser_type_launch_args, served, tmp_path):
    """Installability needs a real profile: Chromium never offers to install from an incognito one."""
    _, url, _ = served
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    try:
        game = install(context)
        cdp = context.new_cdp_session(game.page)
        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert manifest["url"] == url + "static/manifest.webmanifest"
        # The manifest sits in static/: its relative start URL and scope must still be the page's.
        parsed = manifest["manifest"]
        assert (parsed["startUrl"], parsed["scope"], parsed["id"]) == (url, url, url)
        assert {icon["sizes"] for icon in parsed["icons"]} == {"192x192", "512x512"}
        assert game.problems() == []
    finally:
        context.close()


def next_build(site: Path, folder: Path) -> str:
    """A new deployment of `site` in `folder`: the page changed (its title), and the service
    worker written again as `make site` writes it. Returns the new build's version."""
    shutil.copytree(site, folder)
    page = folder / "index.html"
    page.write_text(page.read_text().replace("<title>Mastermind</title>", "<title>Mastermind next</title>", 1))
    return service_worker.write(folder)


def deploy(link: Path, folder: Path) -> None:
    """Point the served link at `folder` in one atomic switch, as a host swaps deployments."""
    new = link.with_name(link.name + ".new")
    new.symlink_to(folder, target_is_directory=True)
    os.replace(new, link)


def test_a_new_deployment_is_offered_and_runs_after_the_click(install, context, served, site_dir, tmp_path):
    link, _url, server = served
    game = install(context, f"?seed={SEED}")
    banner = update_banner(game)
    expect(banner).to_be_hidden()

    next_build(site_dir, tmp_path / "next")
    deploy(link, tmp_path / "next")
    server.sent.clear()
    game.reload()
    expect(game.page).to_have_title("Mastermind")  # the old version, whole, until the player agrees
    expect(banner).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert downloads(server) == {"sw.js": 1, "": 1}, "only the worker and the one file that changed"
    game.type_guess("RGBY")  # the old version still plays meanwhile
    expect(game.history_rows).to_have_count(1)

    banner.get_by_role("button", name="Reload", exact=True).click()
    expect(game.page).to_have_title("Mastermind next", timeout=BOOT_TIMEOUT_MS)
    game.wait_ready()
    expect(banner).to_be_hidden()
    win(game, SEED)
    assert game.page.evaluate("caches.keys()") == [our_cache(game)]
    assert cached(game) == service_worker.revisions(tmp_path / "next"), "the new version only"
    assert game.problems() == [] and csp_violations(game) == []


def test_first_install_takes_over_without_a_banner_or_a_reload(make_solo, context, served):
    """The worker's first activation claims the page, which must neither reload nor offer one."""
    _, url, _ = served
    game = make_solo(context.new_page(), url)
    # The page's own controllerchange listener (which would reload) runs in the same dispatch as
    # this one, registered first; the flag is set once every listener has run.
    game.page.add_init_script(
        "navigator.serviceWorker.addEventListener('controllerchange',"
        " () => setTimeout(() => { window.controllerChangeHandled = true; }))"
    )
    loads = []
    game.page.on("load", lambda page: loads.append(page.url))
    game.open(f"?seed={SEED}")
    game.type_guess("RGBY")
    game.page.wait_for_function("() => window.controllerChangeHandled === true", timeout=BOOT_TIMEOUT_MS)
    assert game.page.evaluate("navigator.serviceWorker.controller !== null")
    assert loads == [url + f"?seed={SEED}"]
    assert game.page.evaluate("window.controllerChangeHandled"), "the page reloaded: its flag is gone"
    expect(game.history_rows).to_have_count(1)
    expect(update_banner(game)).to_be_hidden()
    assert game.page.evaluate("caches.keys()") == [our_cache(game)]
    assert game.problems() == []


def test_a_first_visit_downloads_each_file_once(install, context, served, site_dir):
    """The worker takes what the page has just loaded from the HTTP cache, checked against each
    file's revision, instead of downloading it again."""
    _, _, server = served
    game = install(context)
    game.page.wait_for_function(
        f"async (name) => (await (await caches.open(name)).keys()).length === {len(service_worker.precache_list(site_dir))}",
        arg=our_cache(game), timeout=BOOT_TIMEOUT_MS,
    )
    assert cached(game) == service_worker.revisions(site_dir)
    sent = downloads(server)
    assert set(sent) >= {"vendor/pyodide/pyodide.asm.wasm", "mastermind.zip", "sw.js"}
    assert {path: count for path, count in sent.items() if count > 1} == {}
    assert game.problems() == []


def test_two_copies_on_one_host_keep_each_others_offline_copy(install, make_solo, context, served, site_dir):
    """Forks at /mastermind/ and /other/ of one host share the origin's caches: each keeps its own."""
    link, url, _ = served
    (link.parent / "other").symlink_to(site_dir, target_is_directory=True)
    first = install(context)
    second = make_solo(context.new_page(), url.replace("/mastermind/", "/other/"))
    second.open()
    second.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    assert sorted(second.page.evaluate("caches.keys()")) == sorted([our_cache(first), our_cache(second)])
    context.set_offline(True)
    first.reload()
    first.type_guess("RGBY")
    expect(first.history_rows).to_have_count(1)
    assert first.problems() == [] and second.problems() == []


def test_a_larger_games_book_is_fetched_when_first_needed_and_plays_offline(install, context, served):
    """The 6x9 opening book is not part of what every visit loads: the page asks for it when a
    6x9 game first needs the engine (a hint), once; offline after that visit, the worker serves it
    and the hints still follow it."""
    _, _url, _ = served
    game = install(context)
    config = Config(pegs=6, colors=9)
    space = CodeSpace.of(config)
    book = Strategy.of(space)
    game.button("Settings").click()
    dialog = game.page.get_by_role("dialog", name="Settings")
    dialog.get_by_label("Pegs", exact=True).fill("6")
    dialog.get_by_label("Colors", exact=True).fill("9")
    dialog.get_by_label("Solver assist").check()
    dialog.get_by_role("button", name="Save").click()
    expect(game.button("Hint")).to_be_visible()
    expect(game.slot(6)).to_be_visible()

    def asked() -> list[str]:
        return [request for request in game.requests if urlsplit(request).path.endswith("/data/6x9.json")]

    assert not [request for request in game.requests if "/data/" in request]

    game.button("Hint").click()
    expect(game.status).to_contain_text(f"Hint: {space.code(book.move([]))}")
    assert len(asked()) == 1

    context.set_offline(True)
    from_worker = []
    game.page.on("response", lambda response: from_worker.append((response.url, response.from_service_worker)))
    game.reload()
    game.button("Hint").click()
    first = space.code(book.move([]))
    expect(game.status).to_contain_text(f"Hint: {first}")
    game.button("Submit guess").click()
    expect(game.history_rows).to_have_count(1)
    black, white = map(int, re.search(r"(\d) black, (\d) white", game.history_rows.first.inner_text()).groups())
    second = book.move([(space.digits(first), black, black + white)])
    if black < config.pegs:
        game.button("Hint").click()
        expect(game.status).to_contain_text(f"Hint: {space.code(second)}")
    assert [served for address, served in from_worker if address.endswith("/data/6x9.json")] == [True]
    assert game.problems() == []


PLANT = """async ([name, url, body, type]) => {
  const cache = await caches.open(name);
  await cache.put(url, new Response(body, {headers: {"Content-Type": type}}));
}"""


def test_a_file_planted_in_the_cache_never_runs(install, context, served):
    """Any script of the origin (a sibling project on a shared github.io host) can write into the
    worker's cache: a planted file is not served, online it is fetched again, offline the page
    fails closed with a clear message."""
    _, url, _ = served
    game = install(context)
    revisions = cached(game)
    script_key = f"{url}static/sw-register.js?revision={revisions['static/sw-register.js']}"
    page_key = f"{url}?revision={revisions['./']}"
    planted = "window.__planted = true;"
    game.page.evaluate(PLANT, [our_cache(game), script_key, planted, "text/javascript"])
    game.page.evaluate(PLANT, [our_cache(game), page_key, "<p id=planted>planted</p>", "text/html"])

    game.reload()  # online: both are fetched again, checked, and kept again (wait_ready: it starts)
    assert game.page.evaluate("window.__planted") is None and game.page.locator("#planted").count() == 0
    assert cached(game) == revisions
    assert game.page.evaluate(
        "async ([name, key]) => (await (await caches.match(key, {cacheName: name})).text()).length", [our_cache(game), script_key]
    ) > len(planted)

    game.page.evaluate(PLANT, [our_cache(game), page_key, "<p id=planted>planted</p>", "text/html"])
    context.new_cdp_session(game.page).send("Network.clearBrowserCache")  # else the HTTP cache repairs it
    context.set_offline(True)
    game.page.goto(url)  # offline, the page itself was changed: refused, with the reason
    expect(game.page.locator("body")).to_contain_text("Mastermind cannot start offline: its offline copy of the page")
    assert game.page.locator("#planted").count() == 0
