"""Running the terminal edition in-process for transcript tests."""

from __future__ import annotations

import io

from mastermind.cli import main
from mastermind.cli.console import Console


def play(stdin: str, *argv: str) -> tuple[int, str]:
    """Run the terminal edition in-process on `stdin`; the exit status and the whole stdout."""
    out = io.StringIO()
    status = main(list(argv), Console.from_streams(io.StringIO(stdin), out))
    return status, out.getvalue()


def lines(*typed: str) -> str:
    return "".join(line + "\n" for line in typed)
