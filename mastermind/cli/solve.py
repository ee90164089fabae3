"""Solve mode in the terminal: a game played elsewhere, entered row by row (``RGBY 2 1``,
``RGBY ? ?``, per slot ``RGBY +~-?``); after each row the count of codes left, the codes when few,
the engine's suggestion, and the rows to check when no code fits. The rules are
:mod:`mastermind.solving`'s, the answers :mod:`mastermind.solver.rows`'."""

from __future__ import annotations

from collections.abc import Callable

from ..config import Config
from ..errors import FeedbackError
from ..solver import finish
from ..solver.rows import Analyser, Analysis, check_row
from ..solving import BLACK_WHITE, PER_SLOT, FeedbackRule, Solve, parse_row
from .console import Console
from .texts import palette_line

RULE_CHOICES = {"b": BLACK_WHITE, "black": BLACK_WHITE, "s": PER_SLOT, "slot": PER_SLOT, "per slot": PER_SLOT}
COMMANDS = "Commands: ignore N (set row N aside, or take it back), edit N and the row, rows, new, quit."
FORMS = {
    BLACK_WHITE.name: "the guess, then the black and white counts: RGBY 2 1 (? for a count not seen)",
    PER_SLOT.name: "the guess, then one mark per slot: RGBY +~-? (+ right, ~ present, - absent, ? not seen)",
}


def analysis_lines(answer: Analysis) -> list[str]:
    """What the terminal says after each row."""
    if answer.conflict is not None:
        return [f"No code fits. {answer.conflict.sentence()} Type ignore N or edit N to fix it."]
    said = [answer.sentence()]
    if answer.codes:
        said.append(f"Codes: {' '.join(answer.codes)}")
    if answer.count == 1 and answer.exact:
        said.append(f"Suggestion: {answer.suggestion}, the only code left.")
    elif answer.suggestion is not None and answer.expected is not None:
        said.append(f"Suggestion: {answer.suggestion} (about {answer.expected:.1f} guesses to the end).")
    return said


class Session:
    """One game being solved: each line typed is a row or a command."""

    def __init__(self, console: Console, solve: Solve) -> None:
        self.console = console
        self.solve = solve
        self.done = False
        self.commands: dict[str, Callable[[str], None]] = {
            "ignore": self.ignore, "edit": self.edit, "rows": self.rows, "new": self.new, "quit": self.quit,
        }

    def row(self, text: str) -> None:
        row = parse_row(self.solve.config, self.solve.rule, text)
        finish(check_row(self.solve.config, row))
        self.solve = self.solve.add(row)

    def number(self, text: str) -> int:
        word = text.split(maxsplit=1)[0] if text.strip() else ""
        if not word.isdecimal() or not 1 <= int(word) <= len(self.solve.rows):
            raise FeedbackError(f"name a row from 1 to {len(self.solve.rows)}" if self.solve.rows else "there is no row yet")
        return int(word)

    def ignore(self, text: str) -> None:
        number = self.number(text)
        self.solve = self.solve.toggle(number)
        self.console.say(f"Row {number} {'set aside' if self.solve.rows[number - 1].ignored else 'taken back'}.")

    def edit(self, text: str) -> None:
        number = self.number(text)
        row = parse_row(self.solve.config, self.solve.rule, text.split(maxsplit=1)[1] if len(text.split()) > 1 else "")
        finish(check_row(self.solve.config, row))
        self.solve = self.solve.replace_row(number, row)
        aside = " (set aside)" if self.solve.rows[number - 1].ignored else ""
        self.console.say(f"Row {number} is now {row}{aside}.")

    def rows(self, text: str) -> None:
        listed = [f"{number}. {row}{' (set aside)' if row.ignored else ''}" for number, row in enumerate(self.solve.rows, 1)]
        self.console.say(*(listed or ["No rows yet."]))

    def new(self, text: str) -> None:
        self.solve = Solve(self.solve.config, self.solve.rule)
        self.console.say("Rows cleared.")

    def quit(self, text: str) -> None:
        self.done = True

    def take(self, text: str) -> bool:
        """Act on a line; returns whether the engine should answer again."""
        word, _, rest = text.strip().partition(" ")
        command = self.commands.get(word.lower())
        if command is not None:
            command(rest)
            return command not in (self.rows, self.quit)
        self.row(text)
        return True


def play(console: Console, config: Config) -> None:
    """Ask for the feedback rule, then read rows until ``quit`` or the end of input (the engine is
    seeded by the rows themselves: the same rows get the same suggestion)."""
    repeats = "colours may repeat" if config.allow_duplicates else "no colour twice"
    console.say(
        f"Solve a game played elsewhere: {config.pegs} pegs, {repeats}.",
        f"Valid colors: {palette_line(config)}.",
    )
    rule: FeedbackRule = console.choose(
        f"Feedback rule: {BLACK_WHITE.label.lower()} (B) or {PER_SLOT.label.lower()} (S)? ", RULE_CHOICES, "Please answer B or S."
    )
    session = Session(console, Solve(config, rule))
    console.say(f"Enter each row as {FORMS[rule.name]}.", COMMANDS)
    console.say(*analysis_lines(finish(Analyser(config, []).run())))
    while not session.done:
        prompt = f"Row {len(session.solve.rows) + 1}: "

        def accept(text: str) -> bool:
            return session.take(text)

        def refusal(text: str, error: ValueError) -> str:
            return f"-> REFUSED: {str(error)[:1].upper()}{str(error)[1:]}."

        if console.ask(prompt, accept, refusal) and not session.done:
            broken = session.solve.broken
            if broken is not None:
                console.say(f"Code broken: {broken.guess}. Type new for another game, or quit.")
            else:
                console.say(*analysis_lines(finish(Analyser(config, session.solve.rows).run())))
