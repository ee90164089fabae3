"""Which Chromium the end-to-end tests and the benchmark launch, and with which flags.

The order is interface.md's: $PLAYWRIGHT_CHROMIUM_EXECUTABLE, else the system's
/usr/bin/chromium, else Playwright's own build (``None``; the Makefile installs it then).
"""

from __future__ import annotations

import os

LAUNCH_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def chromium_executable() -> str | None:
    chosen = os.environ.get("PLAYWRIGHT_CHROMIUM_EXECUTABLE")
    if chosen:
        return chosen
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None
