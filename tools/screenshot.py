"""Take the README's screenshots: a seeded game in progress, played in the built site, on a phone
(360x640, dark, touch) and on a laptop (1280x720, light).

Usage: ``python tools/screenshot.py [OUT_DIR]`` after ``make site`` (``make screenshot`` does
both); writes ``screenshot-phone.png`` and ``screenshot-laptop.png`` there (default ``docs/``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import serve
from browser import LAUNCH_FLAGS, chromium_executable
from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SHOTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 360, "height": 640}, "color_scheme": "dark", "has_touch": True, "is_mobile": True,
              "device_scale_factor": 2},
    "laptop": {"viewport": {"width": 1280, "height": 720}, "color_scheme": "light", "device_scale_factor": 1},
}
GUESSES = ("RRGG", "BBYY", "OGRY", "PORY", "GORY")
"""Played against ``?seed=2024``'s secret: none of them wins."""


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
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
