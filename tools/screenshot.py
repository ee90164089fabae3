"""Take the README's screenshots: a seeded game in progress, played in the built site, on a phone
(360x640, dark, touch) and on a laptop (1280x720, light); and docs/languages.md's pictures of the
layout in long languages: Solve at 360x640 with four rows (English and German) and the Solo
header at 1280x720 (French and German).

Usage: ``python tools/screenshot.py [OUT_DIR]`` after ``make site`` (``make screenshot`` does
both); writes ``screenshot-phone.png``, ``screenshot-laptop.png``, ``layout-solve-en-360.png``,
``layout-solve-de-360.png``, ``layout-header-fr-1280.png`` and ``layout-header-de-1280.png``
there (default ``docs/``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import serve
from browser import LAUNCH_FLAGS, chromium_executable
from playwright.sync_api import Browser, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SHOTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 360, "height": 640}, "color_scheme": "dark", "has_touch": True, "is_mobile": True,
              "device_scale_factor": 2},
    "laptop": {"viewport": {"width": 1280, "height": 720}, "color_scheme": "light", "device_scale_factor": 1},
}
GUESSES = ("RRGG", "BBYY", "OGRY", "PORY", "GORY")
"""Played against ``?seed=2024``'s secret: none of them wins."""
SOLVE_ROWS = (("RRGG", "0", "1"), ("BBYY", "1", "0"), ("OGRY", "1", "1"), ("PORY", "2", "0"))
"""Solve's rows: the guess in the palette's own letters, then the black and white counts."""
PALETTE = "BGOPRY"
"""The classic palette's letters in the order its buttons show them."""


def started(page: Page) -> None:
    expect(page.get_by_role("group", name="Palette").first.get_by_role("button").first).to_be_enabled(timeout=60_000)
    expect(page.locator('main[aria-busy="true"]')).to_have_count(0, timeout=60_000)


def layout_shots(browser: Browser, base: str, out: Path) -> None:
    """Solve at 360x640 with four rows in English and German; the Solo header at 1280x720 in French and German."""
    for tag in ("en", "de"):
        context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True,
                                      device_scale_factor=1, color_scheme="light")
        page = context.new_page()
        page.goto(f"{base}?lang={tag}&mode=solve")
        solve = page.locator("#solve")
        expect(solve.locator(".palette button").first).to_be_enabled(timeout=60_000)
        for guess, black, white in SOLVE_ROWS:
            for letter in guess:  # the palette pressed, as on a phone
                solve.locator(".palette button").nth(PALETTE.index(letter)).tap()
            fields = solve.locator(".solve-feedback input")
            fields.nth(0).fill(black)
            fields.nth(1).fill(white)
            fields.nth(1).press("Enter")
            expect(solve.locator("tbody tr")).to_have_count(SOLVE_ROWS.index((guess, black, white)) + 1)
            expect(solve.locator(".solve-left")).to_have_attribute("aria-busy", "false")  # the engine has answered
        path = out / f"layout-solve-{tag}-360.png"
        page.screenshot(path=path)
        context.close()
        print(f"wrote {path}")
    for tag in ("fr", "de"):
        context = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1, color_scheme="light")
        page = context.new_page()
        page.goto(f"{base}?lang={tag}&seed=2024")
        started(page)
        welcome = page.locator("dialog[open]")
        if welcome.count():
            page.keyboard.press("Escape")
        path = out / f"layout-header-{tag}-1280.png"
        page.screenshot(path=path, clip={"x": 0, "y": 0, "width": 1280, "height": 150})
        context.close()
        print(f"wrote {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs"))
    args = parser.parse_args()
    server = serve.start(ROOT / "_site")
    executable = chromium_executable()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(args=LAUNCH_FLAGS, executable_path=executable)
        for name, options in SHOTS.items():
            context = browser.new_context(**options)
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{server.server_port}/?seed=2024")
            expect(page.get_by_role("group", name="Palette").get_by_role("button").first).to_be_enabled(timeout=60_000)
            welcome = page.get_by_role("dialog", name="How to play")
            if welcome.is_visible():
                welcome.get_by_role("button", name="Close").click()
            for guess in GUESSES:
                page.keyboard.type(guess.lower())
                page.keyboard.press("Enter")
            expect(page.get_by_role("table", name="History").locator("tbody tr")).to_have_count(len(GUESSES))
            page.keyboard.type("pg")
            page.evaluate("Promise.all(document.getAnimations().map((animation) => animation.finished))")  # key pegs in place
            path = Path(args.out) / f"screenshot-{name}.png"
            page.screenshot(path=path)
            context.close()
            print(f"wrote {path}")
        layout_shots(browser, f"http://127.0.0.1:{server.server_port}/", Path(args.out))
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
