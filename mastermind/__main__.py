"""``python -m mastermind``: the terminal edition."""

from .cli import main

raise SystemExit(main())
