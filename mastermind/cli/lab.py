"""Strategy lab in the terminal: ``python -m mastermind --mode lab FILE`` scores a player's strategy
on the same secrets as the page, with the same harness (:mod:`mastermind.lab`), and prints the
table; ``--player FILE`` seats the file as the code-breaker of computer mode.

A guess that never returns is stopped by a timer signal (:func:`alarm`) where the system has one;
Ctrl-C stops a run between two moves and prints the score of the games played."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

from .. import lab
from ..computer_players import COMPUTER_PLAYERS
from ..config import Config
from ..errors import StrategyError
from ..i18n import _, colour_name, ngettext, number
from ..lab_share import MAX_FILE, read_file
from .console import Console
from .texts import outside

BAR = 40
"""Characters of the histogram's longest bar."""
PROGRESS_EVERY = 50
"""Games between two progress lines on a terminal."""
PRINTED_LINES = 20
"""Lines of what a strategy printed that are shown after the table."""


@contextlib.contextmanager
def alarm(seconds: float) -> Iterator[None]:
    """Raise :class:`mastermind.lab.NoAnswer` in the code this wraps once `seconds` have passed
    (a real-time timer signal; only the main thread of a system with ``setitimer`` has one, and
    elsewhere time is checked after each answer)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(_signal: int, _frame: FrameType | None) -> None:
        raise lab.NoAnswer

    before = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def read(path: Path, output: lab.Output | None = None) -> lab.Strategy:
    """The strategy in the file at `path`, checked as the page checks a file it imports
    (:func:`mastermind.lab_share.read_file`: size, UTF-8, control characters), named after its file
    without its extension; :class:`StrategyError`
    when it cannot be read or loaded."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE + 1)  # one byte more than the most is enough to refuse it
    except OSError as error:
        raise StrategyError(_("Cannot read the strategy {file}: {reason}.").format(
            file=outside(str(path)), reason=error.strerror or str(error))) from None
    shared = read_file(data, str(path))
    return lab.load(shared.source, str(path), path.stem, guard=alarm, output=output)


def rules_line(rules: lab.Rules) -> str:
    """The rules a run plays, in words."""
    colours = ", ".join(colour_name(color.name) for color in rules.config.colors)
    pegs = ngettext("{count} peg", "{count} pegs", rules.pegs).format(count=rules.pegs)
    guesses = ngettext("{count} guess", "{count} guesses", rules.guesses).format(count=rules.guesses)
    repeats = _("colours may repeat") if rules.repeats else _("no colour twice")
    # Translators: the rules of a lab run: "4 pegs; colours: Blue, Green, ...; colours may repeat; 12 guesses".
    return _("Rules: {pegs}; colours: {colours}; {repeats}; {guesses}.").format(
        pegs=pegs, colours=colours, repeats=repeats, guesses=guesses)


def table(score: lab.Score) -> list[str]:
    """A run's figures, one per line, the label first (``mean 4.638``, ``worst 7``), then the
    histogram drawn as bars."""
    lines = [f"{label} {figure}" for label, figure in lab.figures(score)]
    most = max((games for _guesses, games in score.histogram), default=0)
    if most:
        # Translators: the lab's histogram: how many games were won in each number of guesses.
        lines.append(_("Games won in N guesses:"))
        width = len(str(most))
        lines += [f"{guesses:>3} {games:>{width}} {'#' * max(1, round(BAR * games / most))}"
                  for guesses, games in score.histogram]
    if score.problem is not None and score.problem.problem is not None:
        lines.append(_("First problem, secret {secret}: {sentence}").format(
            secret=score.problem.secret, sentence=outside(score.problem.problem.sentence, 400)))
    return lines


def references(rules: lab.Rules, scores: dict[str, lab.Score]) -> list[str]:
    """The computer players' means on the same secrets and the published reference points."""
    lines = [f"{name} {number(score.mean, 3)}" for name, score in scores.items()]
    lines += [f"{_(reference.name)} {number(reference.mean, 3)} ({reference.citation})"
              for reference in lab.references(rules)]
    return [_("To compare:"), *lines] if lines else []


def run(console: Console, config: Config, path: Path, limit: float | None = None, compare: bool = False) -> int:
    """Score the strategy at `path` under `config`: 0 when it ran, 1 when it could not be loaded,
    130 when stopped (Ctrl-C), after printing the games played."""
    rules = lab.Rules.of(config)
    output = lab.Output()
    try:
        strategy = read(path, output)
    except StrategyError as error:
        console.say(outside(str(error), 400))
        return 1
    secrets = lab.secrets(rules)
    console.say(_("Strategy lab: {name}.").format(name=outside(strategy.name)), rules_line(rules), lab.secrets_line(secrets))
    results: list[lab.GameResult] = []
    status = 0
    try:
        for result in lab.play(strategy, rules, secrets.codes, limit=limit, guard=alarm, output=output):
            results.append(result)
            if console.width is not None and len(results) % PROGRESS_EVERY == 0:
                console.write(f"\r{number(len(results))}/{number(len(secrets.codes))}")
    except KeyboardInterrupt:
        status = 130
    if console.width is not None:
        console.write("\r")
    if status:
        console.say(_("Stopped after {count} of {total} games.").format(count=number(len(results)), total=number(len(secrets.codes))))
    score = lab.Score.of(results, rules)
    console.say(*table(score))
    if output.count:
        console.say(_("The strategy printed {count} characters; the first lines:").format(count=number(output.count)),
                    *(outside(line, 200) for line in output.text.splitlines()[:PRINTED_LINES]))
    if not status:
        players = {name: lab.score(lab.computer(name), rules, secrets.codes) for name in COMPUTER_PLAYERS} if compare else {}
        console.say(*references(rules, players))
    return status
