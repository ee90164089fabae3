"""Take the README's screenshot: a seeded game in progress, played in the built site.

Usage: ``python tools/screenshot.py [OUT.png] [--width W] [--dark]`` after ``make site``
(``make screenshot`` does both).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

import serve
from browser import LAUNCH_FLAGS, chromium_executable

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshot.png"))
    parser.add_argument("--width", type=int, default=900)
    parser.add_argument("--dark", action="store_true")
    args = parser.parse_args()
    server = serve.start(ROOT / "_site")
    executable = chromium_executable()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(args=LAUNCH_FLAGS, **({"executable_path": executable} if executable else {}))
        page = browser.new_page(
            viewport={"width": args.width, "height": 700},
            device_scale_factor=1,
            color_scheme="dark" if args.dark else "light",
        )
        page.goto(f"http://127.0.0.1:{server.server_port}/?seed=2024")
        expect(page.get_by_role("group", name="Palette").get_by_role("button").first).to_be_enabled(timeout=60_000)
        for guess in ("RRGG", "BBYY", "OGRY"):
            page.keyboard.type(guess.lower())
            page.keyboard.press("Enter")
        page.keyboard.type("pg")
        page.screenshot(path=args.out, full_page=True)
        browser.close()
    server.shutdown()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
