"""Solve mode in the terminal: a game played elsewhere, entered row by row (``RGBY 2 1``,
``RGBY ? ?``, per slot ``RGBY +~-?``); after each row the count of codes left, the codes when few,
the engine's suggestion, and the rows to check when no code fits. The rules are
:mod:`mastermind.solving`'s, the answers :mod:`mastermind.solver.rows`'."""

from __future__ import annotations

from collections.abc import Callable

from ..config import Config
from ..errors import FeedbackError
from ..i18n import N_, _, ngettext, number, pgettext
from ..solver import finish
from ..solver.rows import Analyser, Analysis, check_row
from ..solving import BLACK_WHITE, PER_SLOT, FeedbackRule, Row, Solve, parse_row
from .console import Console, in_both
from .texts import palette_line, said, shown, typed

RULE_CHOICES = {"b": BLACK_WHITE, "black": BLACK_WHITE, "s": PER_SLOT, "slot": PER_SLOT, "per slot": PER_SLOT}
# Translators: {ignore}, {edit}, {rows}, {new} and {quit} are the commands' words, as translated ("solve command").
COMMANDS = N_("Commands: {ignore} N (set row N aside, or take it back), {edit} N and the row, {rows}, {new}, {quit}.")


def command_words() -> dict[str, str]:
    """Each command's word in the language in use, by its English word (which every language
    also takes)."""
    return {
        # Translators: the Solve commands a player types in the terminal, one lower-case word each.
        "ignore": pgettext("solve command", "ignore"), "edit": pgettext("solve command", "edit"),
        "rows": pgettext("solve command", "rows"), "new": pgettext("solve command", "new"),
        "quit": pgettext("solve command", "quit"),
    }


def commands_help() -> list[str]:
    """The commands as the language types them, and that English's work too where they differ."""
    local = command_words()
    said = [_(COMMANDS).format(**local)]
    if any(word != english for english, word in local.items()):
        # Translators: the words after the colon are typed in English: keep them so.
        said.append(_("The English words work too: ignore, edit, rows, new, quit."))
    return said
FORMS = {
    # Translators: {example} is a guess of four colour letters, as RGBY.
    BLACK_WHITE.name: N_("Enter each row as the guess, then the black and white counts: {example} 2 1 (? for a count not seen)."),
    PER_SLOT.name: N_("Enter each row as the guess, then one mark per slot: {example} +~-? "
                      "(+ right, ~ present, - absent, ? not seen)."),
}
"""How a row is typed, by feedback rule."""


def row_text(row: Row, config: Config) -> str:
    """A row as the player reads it: the guess in the language's letters, then its feedback."""
    return f"{shown(row.guess, config)} {row.feedback}"


def read_row(config: Config, rule: FeedbackRule, text: str) -> Row:
    """A row typed in the language's letters, as the rules read it."""
    guess, space, feedback = text.strip().partition(" ")
    return parse_row(config, rule, f"{typed(guess, config)}{space}{feedback}")


def analysis_lines(answer: Analysis, config: Config) -> list[str]:
    """What the terminal says after each row."""
    if answer.conflict is not None:
        # Translators: {why} is a sentence saying which rows contradict which.
        return [_("No code fits. {why} Type ignore N or edit N to fix it.").format(why=answer.conflict.sentence())]
    said = [answer.sentence()]
    if answer.codes:
        said.append(_("Codes: {codes}").format(codes=" ".join(shown(code, config) for code in answer.codes)))
    suggestion = shown(answer.suggestion, config) if answer.suggestion is not None else None
    if answer.count == 1 and answer.exact:
        said.append(_("Suggestion: {code}, the only code left.").format(code=suggestion))
    elif suggestion is not None and answer.expected is not None:
        # Translators: {expected} is a number with one decimal, as 4.2.
        said.append(_("Suggestion: {code} (about {expected} guesses to the end).").format(
            code=suggestion, expected=number(answer.expected, 1)))
    return said


class Session:
    """One game being solved: each line typed is a row or a command."""

    def __init__(self, console: Console, solve: Solve) -> None:
        self.console = console
        self.solve = solve
        self.done = False
        actions: dict[str, Callable[[str], None]] = {
            "ignore": self.ignore, "edit": self.edit, "rows": self.rows, "new": self.new, "quit": self.quit,
        }
        self.commands = in_both(actions, {local: actions[word] for word, local in command_words().items()})

    def row(self, text: str) -> None:
        row = read_row(self.solve.config, self.solve.rule, text)
        finish(check_row(self.solve.config, row))
        self.solve = self.solve.add(row)

    def number(self, text: str) -> int:
        word = text.split(maxsplit=1)[0] if text.strip() else ""
        if not word.isdecimal() or not 1 <= int(word) <= len(self.solve.rows):
            count = len(self.solve.rows)
            if not count:
                raise FeedbackError(_("there is no row yet"), _("There is no row yet."))
            raise FeedbackError(_("name a row from 1 to {count}").format(count=count),
                                _("Name a row from 1 to {count}.").format(count=count))
        return int(word)

    def ignore(self, text: str) -> None:
        number = self.number(text)
        self.solve = self.solve.toggle(number)
        self.console.say((_("Row {number} set aside.") if self.solve.rows[number - 1].ignored
                          else _("Row {number} taken back.")).format(number=number))

    def edit(self, text: str) -> None:
        number = self.number(text)
        row = read_row(self.solve.config, self.solve.rule, text.split(maxsplit=1)[1] if len(text.split()) > 1 else "")
        finish(check_row(self.solve.config, row))
        self.solve = self.solve.replace_row(number, row)
        shown_row = row_text(row, self.solve.config)
        if self.solve.rows[number - 1].ignored:
            self.console.say(_("Row {number} is now {row} (set aside).").format(number=number, row=shown_row))
        else:
            self.console.say(_("Row {number} is now {row}.").format(number=number, row=shown_row))

    def rows(self, text: str) -> None:
        config = self.solve.config
        listed = [
            (_("{number}. {row} (set aside)") if row.ignored else _("{number}. {row}")).format(
                number=number, row=row_text(row, config))
            for number, row in enumerate(self.solve.rows, 1)
        ]
        self.console.say(*(listed or [_("No rows yet.")]))

    def new(self, text: str) -> None:
        self.solve = Solve(self.solve.config, self.solve.rule)
        self.console.say(_("Rows cleared."))

    def quit(self, text: str) -> None:
        self.done = True

    def take(self, text: str) -> bool:
        """Act on a line; returns whether the engine should answer again."""
        word, _space, rest = text.strip().partition(" ")
        command = self.commands.get(word.casefold())
        if command is not None:
            command(rest)
            return command not in (self.rows, self.quit)
        self.row(text)
        return True


def play(console: Console, config: Config, rule: FeedbackRule | None = None) -> None:
    """Ask for the feedback rule unless `rule` gives it (``--feedback``), then read rows until
    ``quit`` or the end of input (the engine is seeded by the rows themselves: the same rows get
    the same suggestion)."""
    pegs = config.pegs
    console.say(
        (ngettext("Solve a game played elsewhere: {count} peg, colours may repeat.",
                  "Solve a game played elsewhere: {count} pegs, colours may repeat.", pegs) if config.allow_duplicates
         else ngettext("Solve a game played elsewhere: {count} peg, no colour twice.",
                       "Solve a game played elsewhere: {count} pegs, no colour twice.", pegs)).format(count=pegs),
        _("Valid colors: {palette}.").format(palette=palette_line(config)),
    )
    if rule is None:
        rule = console.choose(_("Feedback rule: black and white (B, the default) or per slot (S)? "), RULE_CHOICES,
                              _("Please answer B or S."), default=BLACK_WHITE)
    session = Session(console, Solve(config, rule))
    console.say(_(FORMS[rule.name]).format(example=shown("RGBY", Config())), *commands_help())
    console.say(*analysis_lines(finish(Analyser(config, []).run()), config))
    while not session.done:
        prompt = _("Row {number}: ").format(number=len(session.solve.rows) + 1)

        def accept(text: str) -> bool:
            return session.take(text)

        def refusal(text: str, error: ValueError) -> str:
            return _("-> REFUSED: {reason}").format(reason=said(error))

        if console.ask(prompt, accept, refusal) and not session.done:
            broken = session.solve.broken
            if broken is not None:
                console.say(_("Code broken: {code}. Type new for another game, or quit.").format(
                    code=shown(broken.guess, config)))
            else:
                console.say(*analysis_lines(finish(Analyser(config, session.solve.rows).run()), config))
