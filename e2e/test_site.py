"""The site as a whole: self-contained, quiet, accessible and usable on a phone."""

from __future__ import annotations

from urllib.parse import urlsplit

import serve  # tools/serve.py, put on the path by conftest.py
from playwright.sync_api import expect

from mastermind import Game


def test_no_request_to_another_host_and_every_vendored_file_used(solo, site_dir):
    solo.open("?seed=1")
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
    for name in ("How to play", "Statistics", "Settings"):
        solo.visit_dialog(name)
    solo.page.goto(solo.base_url + "?mode=solve")  # Solve: its analysis starts the engine's worker
    expect(solo.page.get_by_role("region", name="Codes left")).to_contain_text("codes left", timeout=60_000)

    hosts = {urlsplit(url).netloc for url in solo.requests if urlsplit(url).scheme in ("http", "https")}
    assert hosts == {urlsplit(solo.base_url).netloc}
    requested = {urlsplit(url).path.lstrip("/") for url in solo.requests}
    vendored = {path.relative_to(site_dir).as_posix() for path in (site_dir / "vendor").rglob("*") if path.is_file()}
    lab_only = {"vendor/editor.mjs"}  # the Lab's editor: test_the_lab_s_editor_is_vendored_and_loaded_as_the_lab_opens
    assert vendored - requested == lab_only, "the build ships runtime files the page never loads"
    assert not any(name.endswith(".map") for name in vendored)
    assert solo.failures == []


def test_the_lab_s_editor_is_vendored_and_loaded_as_the_lab_opens(solo, site_dir):
    solo.page.goto(solo.base_url + "?mode=lab")
    expect(solo.page.get_by_role("heading", name="Lab", exact=True)).to_be_visible(timeout=60_000)
    solo.page.wait_for_function("() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/vendor/editor.mjs'))",
                                timeout=60_000)
    assert (site_dir / "vendor" / "editor.mjs").is_file()
    assert {urlsplit(url).netloc for url in solo.requests} == {urlsplit(solo.base_url).netloc}
    assert solo.failures == []


def test_no_console_message_worse_than_info(solo):
    solo.open()
    solo.type_guess("RGBY")
    solo.visit_dialog("How to play")
    bad = [line for line in solo.console if line.startswith(("error", "warning", "pageerror"))]
    assert bad == []


def test_phone_width_layout(solo):
    solo.page.set_viewport_size({"width": 360, "height": 740})
    solo.open()
    assert solo.page.evaluate("document.documentElement.scrollWidth") <= 360
    controls = [*solo.palette.get_by_role("button").all(), solo.button("Submit guess"), solo.button("Delete"), solo.slot(1)]
    for control in controls:
        box = control.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, control
    for guess in ("RGBY", "BBOO", "PPYY"):
        solo.type_guess(guess)
    assert solo.page.evaluate("document.documentElement.scrollWidth") <= 360


def test_keyboard_focus_is_visible(solo):
    solo.open()
    solo.page.keyboard.press("Tab")
    outline = solo.page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", "")


def test_site_works_under_a_sub_path(browser, tmp_path, site_dir):
    """GitHub Pages serves a project at /<name>/: every URL of the page must be relative, and the
    service worker's scope is the sub-path. A whole game plays there."""
    (tmp_path / "mastermind").symlink_to(site_dir, target_is_directory=True)
    server = serve.start(tmp_path)
    context = browser.new_context()
    try:
        page = context.new_page()
        failures = []
        page.on("response", lambda response: response.status >= 400 and failures.append(response.url))
        base = f"http://127.0.0.1:{server.server_port}/mastermind/"
        page.goto(base + "?seed=3&mode=solo")
        palette = page.get_by_role("group", name="Palette")
        expect(palette.get_by_role("button").first).to_be_enabled(timeout=60_000)
        secret = str(Game(seed=3).secret)
        guesses = ["RGBY" if secret != "RGBY" else "BGRY", secret]
        for number, guess in enumerate(guesses, 1):
            page.keyboard.type(guess)
            page.keyboard.press("Enter")
            expect(page.get_by_role("table", name="History").locator("tbody tr")).to_have_count(number)
        expect(page.get_by_role("status")).to_contain_text("You win")
        scope = page.evaluate("navigator.serviceWorker.ready.then((registration) => registration.scope)")
        assert scope == base
        assert failures == []
    finally:
        context.close()
        server.shutdown()
